// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rethook, the function exit hook of fprobe, on powerpc.  A hooked call
 * returns into arch_rethook_trampoline (ret_tramp.S), the kretprobe
 * trampoline's twin, whose key and return address live where those of
 * kretprobes do (<linux/kprobes_arch.h>).
 */
#include <linux/kprobes_arch.h>
#include <linux/rethook.h>
#include <asm/sections.h>

/**
 * arch_rethook_prepare() - send a call's return to the trampoline
 * @rh: the node that remembers the call
 * @regs: registers at the function's entry (a probe or ftrace)
 * @mcount: entered from ftrace; the registers are the same
 *
 * Context: the entry handler, preemption disabled.
 */
void arch_rethook_prepare(struct rethook_node *rh, struct pt_regs *regs,
			  bool mcount)
{
	unsigned long tramp = (unsigned long)
		dereference_kernel_function_descriptor(arch_rethook_trampoline);

	rh->ret_addr = arch_kretprobe_ret_addr(regs);
	rh->frame = arch_kretprobe_frame(regs);
	arch_kretprobe_set_ret_addr(regs, tramp);
}

NOKPROBE_SYMBOL(arch_rethook_prepare);

/**
 * arch_rethook_fixup_return() - make the trampoline return to @orig
 * @regs: the trampoline's registers; regs->gpr[1] is the call's key
 * @orig: the real return address
 *
 * Context: rethook_trampoline_handler(), preemption disabled.
 */
void arch_rethook_fixup_return(struct pt_regs *regs, unsigned long orig)
{
	arch_kretprobe_fixup_return(regs, regs->gpr[1], orig);
}

NOKPROBE_SYMBOL(arch_rethook_fixup_return);
