/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the ARC kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	the probed instruction, or the delay slot instruction of
 *		a probed branch (which the hit path evaluates), 2 to 8 bytes
 *	+len	unimp_s (back to kprobe_arc_breakpoint(), which ends the
 *		step), repeated up to the end of the slot
 *
 * The breakpoint written over the first 16 bits of a probed instruction
 * is unimp_s too: its Instruction Error exception is precise (the return
 * address is the faulting instruction, nothing of it has run), so a probe
 * on the last instruction of a zero-overhead loop body does not make the
 * hardware loop back early, as a trap_s would.  The hit and the end of a
 * step are told apart by the address.
 */
#ifndef _ARC_KERNEL_KPROBES_COMMON_H
#define _ARC_KERNEL_KPROBES_COMMON_H

#include <linux/kprobes.h>

/* unimp_s: major 0x0f, no-operand group, operation 1 */
#define KPROBE_ARC_BP		0x79e0

/*
 * STATUS32 bits of the probed context that the step changes and restores:
 * the interrupt enables (IE on ARCv2, E1 and E2 on ARCompact: either ISA's
 * STATUS_IE_MASK) and the loop inhibit L, bit 12 on both.
 */
#define KPROBE_ARC_STEP_BITS	(STATUS_IE_MASK | STATUS_L_MASK)

#endif /* _ARC_KERNEL_KPROBES_COMMON_H */
