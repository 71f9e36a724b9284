/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the powerpc kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes), for an
 * instruction of len bytes (4, or 8 when prefixed):
 *
 *	+0	copy of the probed instruction
 *	+len	trap (back to kprobe_handler(), which ends the step)
 *	...	traps up to the end of the slot
 *
 * The breakpoint written over a probed instruction is the same trap
 * (BREAKPOINT_INSTRUCTION); over a prefixed instruction it replaces the
 * prefix word only.
 */
#ifndef _POWERPC_KERNEL_KPROBES_COMMON_H
#define _POWERPC_KERNEL_KPROBES_COMMON_H

#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <asm/hw_irq.h>
#include <asm/inst.h>
#include <asm/probes.h>
#include <asm/ptrace.h>

/*
 * How far into a function its ftrace call site may sit: after the
 * global entry's two TOC instructions and "mflr r0" (ELFv2), or after
 * the first of the two patchable nops (32-bit).
 */
#define KPROBE_PPC_FTRACE_WINDOW	16

/**
 * kprobe_ppc_ftrace_site_in() - the ftrace call site near a function's start
 * @func: the function's first byte
 *
 * Return: the address of the call site in the first
 * KPROBE_PPC_FTRACE_WINDOW bytes of @func, or 0 if there is none or
 * kprobes does not hook ftrace sites.
 */
static inline unsigned long kprobe_ppc_ftrace_site_in(unsigned long func)
{
#ifdef CONFIG_KPROBES_ON_FTRACE
	return ftrace_location_range(func, func + KPROBE_PPC_FTRACE_WINDOW - 1);
#else
	return 0;
#endif
}

/*
 * Interrupts stay off while a copy runs.  On 64-bit they are masked in
 * software (regs->softe, which the interrupt return loads into the paca),
 * and the return path insists that a context with interrupts enabled
 * also has MSR[EE] set; on 32-bit MSR[EE] is the mask.
 * kprobe_ppc_mask_irqs() masks the copy and returns what
 * kprobe_ppc_restore_irqs() puts back.
 */
#ifdef CONFIG_PPC64
static __always_inline unsigned long kprobe_ppc_mask_irqs(struct pt_regs *regs)
{
	unsigned long saved = regs->softe;

	regs->softe = IRQS_ALL_DISABLED;
	return saved;
}

static __always_inline void kprobe_ppc_restore_irqs(struct pt_regs *regs,
						    unsigned long saved)
{
	regs->softe = saved;
	/* An interrupt may have hard-disabled the copy meanwhile. */
	if (saved == IRQS_ENABLED)
		regs_set_return_msr(regs, regs->msr | MSR_EE);
}
#else
static __always_inline unsigned long kprobe_ppc_mask_irqs(struct pt_regs *regs)
{
	unsigned long saved = regs->msr & MSR_EE;

	regs_set_return_msr(regs, regs->msr & ~MSR_EE);
	return saved;
}

static __always_inline void kprobe_ppc_restore_irqs(struct pt_regs *regs,
						    unsigned long saved)
{
	regs_set_return_msr(regs, (regs->msr & ~MSR_EE) | saved);
}
#endif

#endif /* _POWERPC_KERNEL_KPROBES_COMMON_H */
