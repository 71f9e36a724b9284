/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private declarations of the C-SKY kprobes code.
 *
 * abiv2 mixes 16-bit and 32-bit instructions, each aligned on 2 bytes; a
 * first halfword whose two top bits are set starts a 32-bit one.  The
 * breakpoint is USR_BKPT, a 16-bit encoding the CPU does not implement:
 * it raises the illegal instruction exception, do_trap_illinsn().  It is
 * written over the first halfword of the probed instruction, so that it
 * never spans the next one.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes), for an
 * instruction of len bytes (2 or 4):
 *
 *	+0	copy of the probed instruction
 *	+len	USR_BKPT (back to kprobe_single_step_handler())
 *	...	USR_BKPT filler up to the end of the slot
 */
#ifndef __CSKY_KERNEL_PROBES_COMMON_H
#define __CSKY_KERNEL_PROBES_COMMON_H

#include <linux/kprobes.h>
#include <asm/ptrace.h>

#define KPROBE_CSKY_BREAK	((u16)USR_BKPT)

/* PSR.IE: interrupts enabled. */
#define KPROBE_CSKY_PSR_IE	BIT(6)

/**
 * kprobe_csky_insn_len() - length of the instruction starting with @half
 * @half: its first halfword
 *
 * Return: 4 for a 32-bit instruction, 2 otherwise.
 */
static __always_inline unsigned int kprobe_csky_insn_len(u16 half)
{
	return (half & 0xc000) == 0xc000 ? 4 : 2;
}

#endif /* __CSKY_KERNEL_PROBES_COMMON_H */
