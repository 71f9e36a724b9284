/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the MIPS kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	the instruction that runs out of line: the probed one, or
 *		the delay slot instruction of a probed branch
 *	+4	break BRK_KPROBE_SSTEPBP (back to the die notifier, which
 *		ends the step)
 *	+8	more of the same break, up to the end of the slot
 *
 * The breakpoint written over a probed instruction is
 * break BRK_KPROBE_BP.
 */
#ifndef _MIPS_KERNEL_KPROBES_COMMON_H
#define _MIPS_KERNEL_KPROBES_COMMON_H

#include <linux/kprobes.h>
#include <asm/break.h>
#include <asm/inst.h>

/* "break code": SPECIAL with function 13, the code in bits 6 to 25. */
#define KPROBE_MIPS_BREAK(code)	(((code) << 6) | break_op)

#define KPROBE_MIPS_BP		KPROBE_MIPS_BREAK(BRK_KPROBE_BP)
#define KPROBE_MIPS_STEP_END	KPROBE_MIPS_BREAK(BRK_KPROBE_SSTEPBP)

#endif /* _MIPS_KERNEL_KPROBES_COMMON_H */
