/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the sparc64 kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	the probed instruction
 *	+4	ta 0x71: ends the step after an instruction that goes on to
 *		its next word, or as the delay slot of a copied branch
 *	+8	ta 0x71: ends the step when a branch annulled its delay slot
 *	+12	ta 0x71: padding
 *
 * Every sparc64 instruction is one 32-bit word; the format is in bits 30
 * and 31 (op), with the sub-opcode in bits 22 to 24 (op2, format 0) or
 * 19 to 24 (op3, formats 2 and 3).
 */
#ifndef _SPARC_KERNEL_KPROBES_COMMON_H
#define _SPARC_KERNEL_KPROBES_COMMON_H

#include <linux/kprobes.h>

#define KPROBE_SPARC_BP		BREAKPOINT_INSTRUCTION
#define KPROBE_SPARC_STEP_END	BREAKPOINT_INSTRUCTION_2

/* The trap levels of the two software traps, as the trap table passes them. */
#define KPROBE_SPARC_TT_BP	0x170
#define KPROBE_SPARC_TT_STEP	0x171

/* The trap table, at the end of head_64.S's text (ttable_64.S). */
extern const char sparc64_ttable_tl0[];

/* Trap levels 0 and 1, 512 entries of 32 bytes each. */
#define KPROBE_SPARC_TTABLE_SIZE	(2 * 512 * 32)

/* Where a secondary sun4v CPU starts, with physical addresses (hvtramp.S). */
extern const char hv_cpu_startup[];
extern const char hv_cpu_startup_end[];

#endif /* _SPARC_KERNEL_KPROBES_COMMON_H */
