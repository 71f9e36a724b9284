/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_PARISC_KPROBES_H
#define _ASM_PARISC_KPROBES_H
/*
 * PA-RISC side of kprobes: the two break instructions that
 * arch/parisc/kernel/traps.c hands to kprobes, the slot size, the
 * per-site data and the return address helpers of the contract in
 * <linux/kprobes_arch.h>.  The code lives in arch/parisc/kernel/kprobes/.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/irqflags.h>
#include <asm/psw.h>
#include <asm/ptrace.h>

/* The probe's break, and the one that ends an out-of-line step. */
#define PARISC_KPROBES_BREAK_INSN	0x3ff801f
#define PARISC_KPROBES_BREAK_INSN2	0x3ff801e

typedef u32 kprobe_opcode_t;

/*
 * One out-of-line slot: the copied instruction, then the second break,
 * repeated to the end of the slot (the copy may nullify the one after it).
 */
#define KPROBE_SLOT_SIZE	16

/**
 * struct arch_specific_insn - PA-RISC part of a struct kprobe_site
 * @slot: the out-of-line copy, followed by breaks
 * @insn: the original instruction at the probed address
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	kprobe_opcode_t insn;
};

int parisc_kprobe_break_handler(struct pt_regs *regs);
int parisc_kprobe_ss_handler(struct pt_regs *regs);
int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Return probes.  At a function's first instruction the return address
 * is in rp (gr2) and sp (gr30) is the caller's, which the function gives
 * back when it returns: sp is the call's key, and the trampoline
 * (arch/parisc/kernel/kprobes/ret_tramp.S) is entered with it.
 */
#define arch_kretprobe_link(regs)	((regs)->gr[2])

/* gr[0] of a trap's registers is the interrupted PSW. */
#define arch_kprobe_regs_irqs_disabled(regs)	(!((regs)->gr[0] & PSW_I))

/*
 * ftrace_regs_caller saves no PSW: an ftrace hit takes the live system
 * mask, which is the traced function's (kernel/kprobes/ftrace.c).
 */
#define arch_kprobe_ftrace_fill_regs(regs)	\
	((regs)->gr[0] = arch_local_save_flags())

/* The trampoline reloads rp from @regs and returns through it. */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->gr[2] = addr;
}

#endif /* CONFIG_KPROBES */

#endif /* _ASM_PARISC_KPROBES_H */
