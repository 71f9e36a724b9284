/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ARM_KPROBES_H
#define _ARM_KPROBES_H
/*
 * arm64 side of kprobes: the slot size, the BRK handlers and the return
 * address helpers of the contract in <linux/kprobes_arch.h>.  The code
 * lives in arch/arm64/kernel/probes/.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/probes.h>
#include <asm/ptrace.h>

/*
 * One out-of-line slot: the copied instruction and the BRK that brings the
 * CPU back once it ran, padded to the core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Return probes.  At a function's first instruction the return address is
 * in the link register, and the caller's frame pointer (x29, not yet
 * replaced by the callee's) identifies the call: the BRK of the
 * trampoline sees the same x29 once the callee restored it, and the
 * unwinder (arch/arm64/kernel/stacktrace.c) passes the frame pointer it
 * read from the callee's frame record.
 */
static __always_inline unsigned long arch_kretprobe_frame(struct pt_regs *regs)
{
	return regs->regs[29];
}
#define arch_kretprobe_frame arch_kretprobe_frame

#define arch_kretprobe_link(regs)	((regs)->regs[30])

#define arch_kprobe_regs_irqs_disabled(regs)	(!interrupts_enabled(regs))

/* The trampoline's BRK returns to regs->pc; the link register goes along. */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->pc = addr;
	regs->regs[30] = addr;
}

#endif /* CONFIG_KPROBES */

/* Called by call_el1_break_hook() for the BRK immediates of kprobes. */
int kprobe_brk_handler(struct pt_regs *regs, unsigned long esr);
int kprobe_ss_brk_handler(struct pt_regs *regs, unsigned long esr);
int kretprobe_brk_handler(struct pt_regs *regs, unsigned long esr);

#endif /* _ARM_KPROBES_H */
