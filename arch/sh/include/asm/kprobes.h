/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef __ASM_SH_KPROBES_H
#define __ASM_SH_KPROBES_H
/*
 * SuperH side of kprobes: the slot size, the per-site data and the
 * return address helpers of the contract in <linux/kprobes_arch.h>.  The code
 * lives in arch/sh/kernel/kprobes/; its trap handler is reached through
 * the die notifier chain (DIE_TRAP from the debug trap handler).
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/ptrace.h>

typedef u16 kprobe_opcode_t;

/*
 * One out-of-line slot: the instruction that runs there (the probed one,
 * or the delay slot instruction of a probed branch) and the trap that
 * ends the step, padded to the core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

/**
 * enum kprobe_sh_kind - how the hit path runs a probed instruction
 * @KPROBE_SH_COPY: from the slot, followed by the step-end trap
 * @KPROBE_SH_LOAD: a PC-relative load or mova: the handler writes
 *	the literal at @value (or @value itself, for mova) into register
 *	@reg
 * @KPROBE_SH_STC_SR: stc sr,Rn: the handler copies the probed context's
 *	SR (a copy would read the masked one)
 * @KPROBE_SH_COND: bt or bf, evaluated by the handler
 * @KPROBE_SH_DELAYED: a branch with a delay slot: the handler evaluates
 *	it and its delay slot instruction runs from the slot (nothing runs
 *	when that is a nop)
 */
enum kprobe_sh_kind {
	KPROBE_SH_COPY,
	KPROBE_SH_LOAD,
	KPROBE_SH_STC_SR,
	KPROBE_SH_COND,
	KPROBE_SH_DELAYED,
};

/**
 * struct arch_specific_insn - SuperH part of a struct kprobe_site
 * @slot: the out-of-line copy followed by a trap, or NULL when nothing
 *	runs out of line
 * @value: for %KPROBE_SH_LOAD, the address of the literal, or the
 *	address mova writes
 * @insn: the original instruction at the probed address
 * @kind: see enum kprobe_sh_kind
 * @reg: the destination register of %KPROBE_SH_LOAD and
 *	%KPROBE_SH_STC_SR
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	unsigned long value;
	kprobe_opcode_t insn;
	u8 kind;
	u8 reg;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Return probes.  At a function's first instruction the return address
 * is in PR and r15 is the caller's stack pointer, which the function
 * gives back when it returns: r15 is the call's key, and the trampoline
 * (arch/sh/kernel/kprobes/ret_tramp.S) is entered with it.
 */
#define arch_kretprobe_link(regs)	((regs)->pr)

/* SR.IMASK at 15 is how the kernel turns interrupts off. */
#define arch_kprobe_regs_irqs_disabled(regs)	\
	(((regs)->sr & SR_IMASK) == SR_IMASK)

/* The trampoline reloads PR from @regs and returns through it. */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->pr = addr;
}

#endif /* CONFIG_KPROBES */

#endif /* __ASM_SH_KPROBES_H */
