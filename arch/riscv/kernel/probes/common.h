/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the riscv kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes), for an
 * instruction of len bytes (2 or 4):
 *
 *	+0	copy of the probed instruction
 *	+len	EBREAK (back to kprobe_single_step_handler())
 *	+len+4	C.EBREAK filler up to the end of the slot
 *
 * A probed instruction of 4 bytes is replaced by EBREAK, one of 2 bytes
 * (the C extension) by C.EBREAK, so that the breakpoint never spans the
 * next instruction.
 */
#ifndef _RISCV_KERNEL_PROBES_COMMON_H
#define _RISCV_KERNEL_PROBES_COMMON_H

#include <linux/kprobes.h>
#include <linux/bug.h>

#define KPROBE_RISCV_EBREAK	((u32)__BUG_INSN_32)
#define KPROBE_RISCV_C_EBREAK	((u16)__BUG_INSN_16)

/*
 * Bytes of ftrace's call site at the entry of a traced function (the
 * NOPs of -fpatchable-function-entry, an AUIPC/JALR pair while traced).
 */
#ifdef CONFIG_DYNAMIC_FTRACE
#define KPROBE_RISCV_FTRACE_LEN	MCOUNT_INSN_SIZE
#else
#define KPROBE_RISCV_FTRACE_LEN	0
#endif

/**
 * kprobe_riscv_insn_len() - length of the instruction starting with @half
 * @half: its first 16 bits
 *
 * Return: 2 or 4, or 0 for the longer encodings, which the kernel does
 * not use and kprobes refuses.
 */
static __always_inline unsigned int kprobe_riscv_insn_len(u16 half)
{
	if ((half & 0x3) != 0x3)
		return 2;
	if ((half & 0x1c) != 0x1c)
		return 4;
	return 0;
}

#endif /* _RISCV_KERNEL_PROBES_COMMON_H */
