/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the LoongArch kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	copy of the probed instruction
 *	+4	break BRK_KPROBE_SSTEPBP (do_bp() hands it to
 *		kprobe_singlestep_handler(), which ends the step)
 *	+8	more of the same break, up to the end of the slot
 *
 * The word written over a probed instruction is break BRK_KPROBE_BP.
 * Branches and PC-relative instructions get no slot: the break handler
 * computes them on the registers (arch_simulate_insn()).
 */
#ifndef _LOONGARCH_KERNEL_KPROBES_COMMON_H
#define _LOONGARCH_KERNEL_KPROBES_COMMON_H

#include <linux/kprobes.h>
#include <asm/break.h>
#include <asm/inst.h>

#define KPROBE_LA_BP		__emit_break(BRK_KPROBE_BP)
#define KPROBE_LA_STEP_END	__emit_break(BRK_KPROBE_SSTEPBP)

#endif /* _LOONGARCH_KERNEL_KPROBES_COMMON_H */
