/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the SuperH kprobes code: the two traps and the
 * instruction fields the sites and the hit path both decode.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	the instruction that runs out of line: the probed one, or
 *		the delay slot instruction of a probed branch
 *	+2	trapa #KPROBE_SH_TRAP_STEP (back to the die notifier, which
 *		ends the step)
 *	+4	more of the same trap, up to the end of the slot
 *
 * The breakpoint written over a probed instruction is
 * trapa #KPROBE_SH_TRAP_BP.  Both numbers are in the range the debug trap
 * table (arch/sh/kernel/debugtraps.S) sends to debug_trap_handler(),
 * which rewinds the PC to the trapa and raises DIE_TRAP.
 */
#ifndef _SH_KERNEL_KPROBES_COMMON_H
#define _SH_KERNEL_KPROBES_COMMON_H

#include <linux/bitops.h>
#include <linux/kprobes.h>
#include <asm/traps.h>

#define KPROBE_SH_TRAP_BP	0x3a
#define KPROBE_SH_TRAP_STEP	0x3b

/* "trapa #imm" is 0xc3 followed by the 8-bit immediate. */
#define KPROBE_SH_TRAPA(imm)	((kprobe_opcode_t)(0xc300 | (imm)))
#define KPROBE_SH_IS_TRAPA(insn)	(((insn) & 0xff00) == 0xc300)

#define KPROBE_SH_BP		KPROBE_SH_TRAPA(KPROBE_SH_TRAP_BP)
#define KPROBE_SH_STEP_END	KPROBE_SH_TRAPA(KPROBE_SH_TRAP_STEP)

/* The nop that fills most delay slots. */
#define KPROBE_SH_NOP		0x0009

/* Register fields: bits 8-11 (Rn or Rm) of most formats. */
static inline unsigned int kprobe_sh_reg8(kprobe_opcode_t insn)
{
	return (insn >> 8) & 0xf;
}

/* An 8-bit displacement in halfwords, signed, as bt, bf, bt/s, bf/s use. */
static inline long kprobe_sh_disp8(kprobe_opcode_t insn)
{
	return (long)(s8)(insn & 0xff) * 2;
}

/* A 12-bit displacement in halfwords, signed, as bra and bsr use. */
static inline long kprobe_sh_disp12(kprobe_opcode_t insn)
{
	return (long)sign_extend32(insn & 0xfff, 11) * 2;
}

/*
 * The first code of the SH-3/SH-4 exception entry object
 * (arch/sh/kernel/cpu/sh3/entry.S) with and without an MMU, its last,
 * and the C handler of debug traps
 * (arch/sh/kernel/traps.c), for the blacklist.
 */
extern const char tlb_miss_load[], restore_regs[], exception_none[];
BUILD_TRAP_HANDLER(debug);

#endif /* _SH_KERNEL_KPROBES_COMMON_H */
