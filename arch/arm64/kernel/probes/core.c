// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 probe hit path: the BRK handlers of a probe and of the end of
 * an out-of-line step, nested hits, faults taken while a probe runs, and
 * the BRK of the kretprobe trampoline.
 *
 * The states of a hit, nested hits and the ordering against a nested hit
 * on the same CPU (an SDEI event or a pseudo-NMI) are those of
 * <linux/kprobes_xol.h>.  arm64 runs an instruction either by simulating
 * it (PC-relative and branch instructions, with the simulate-insn.c
 * shared with uprobes) or by stepping its copy with DAIF masked, up to
 * the BRK after the copy.
 */
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <asm/daifflags.h>
#include <asm/debug-monitors.h>
#include <asm/ptrace.h>

#include "common.h"

/* Run a simulated instruction: it moves regs->pc itself. */
static nokprobe_inline void kprobe_arm64_simulate(struct kprobe_site *site,
						  struct pt_regs *regs)
{
	struct arch_probe_insn *api = &site->ainsn.api;

	if (api->handler)
		api->handler(site->ainsn.opcode, (long)site->addr, regs);
	else
		instruction_pointer_set(regs, (unsigned long)site->addr + 4);
}

/*
 * Run @site's instruction: simulate it, or send the CPU into the slot
 * copy with every exception masked.
 *
 * Return: true if the copy runs; the hit then ends at its BRK.
 */
static nokprobe_inline bool kprobe_arm64_run(struct kprobe_site *site,
					     struct pt_regs *regs,
					     struct kprobe_ctlblk *kcb,
					     bool nested)
{
	if (!site->ainsn.api.insn) {
		kprobe_arm64_simulate(site, regs);
		return false;
	}
	kprobe_xol_start(kcb, site, regs->pstate & DAIF_MASK, nested);
	regs->pstate |= DAIF_MASK;
	instruction_pointer_set(regs, (unsigned long)site->ainsn.api.insn);
	return true;
}

/**
 * kprobe_brk_handler() - a CPU reached the BRK of a probe
 * @regs: registers at the BRK; regs->pc is the probed address
 * @esr: exception syndrome
 *
 * Context: BRK exception, interrupts disabled.
 * Return: DBG_HOOK_HANDLED, or DBG_HOOK_ERROR if no probe is there.
 */
int kprobe_brk_handler(struct pt_regs *regs, unsigned long esr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = instruction_pointer(regs);
	struct kprobe_site *site;
	bool nested;

	if (user_mode(regs))
		return DBG_HOOK_ERROR;
	site = kprobe_site_lookup(addr);
	if (site) {
		if (kprobe_xol_enter(kcb, site, regs, &nested) &&
		    !kprobe_arm64_run(site, regs, kcb, nested))
			kprobe_xol_emulated(kcb, site, regs, nested);
		return DBG_HOOK_HANDLED;
	}
	/* Removed by another CPU after this one took it: run the original. */
	if (le32_to_cpu(READ_ONCE(*(__le32 *)addr)) != BRK64_OPCODE_KPROBES)
		return DBG_HOOK_HANDLED;
	return DBG_HOOK_ERROR;
}

NOKPROBE_SYMBOL(kprobe_brk_handler);

/**
 * kprobe_ss_brk_handler() - a CPU reached the BRK after a slot copy
 * @regs: registers at the BRK
 * @esr: exception syndrome
 *
 * Context: BRK exception, interrupts disabled.
 * Return: DBG_HOOK_HANDLED, or DBG_HOOK_ERROR if this CPU is not stepping
 * a copy ending there.
 */
int kprobe_ss_brk_handler(struct pt_regs *regs, unsigned long esr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (!kprobe_xol_running(kcb) ||
	    instruction_pointer(regs) !=
	    (unsigned long)(site->ainsn.api.insn + 1))
		return DBG_HOOK_ERROR;

	regs->pstate = (regs->pstate & ~DAIF_MASK) | kcb->cur.saved_irq;
	instruction_pointer_set(regs, site->ainsn.api.restore);
	kprobe_xol_finish(kcb, regs);
	return DBG_HOOK_HANDLED;
}

NOKPROBE_SYMBOL(kprobe_ss_brk_handler);

/**
 * kretprobe_brk_handler() - a probed call returned into the trampoline
 * @regs: registers at the trampoline's BRK
 * @esr: exception syndrome
 *
 * The call's frame pointer is back in x29; the return handlers run and
 * the CPU resumes at the real return address (arch_kretprobe_fixup_return()).
 *
 * Context: BRK exception, interrupts disabled.
 * Return: DBG_HOOK_HANDLED, or DBG_HOOK_ERROR for a BRK elsewhere.
 */
int kretprobe_brk_handler(struct pt_regs *regs, unsigned long esr)
{
	if (!IS_ENABLED(CONFIG_KRETPROBES) || user_mode(regs) ||
	    !is_kretprobe_trampoline(instruction_pointer(regs)))
		return DBG_HOOK_ERROR;
	kretprobe_trampoline_handler(regs, regs->regs[29]);
	return DBG_HOOK_HANDLED;
}

NOKPROBE_SYMBOL(kretprobe_brk_handler);

/* A fault raised by a slot copy, turned into one at the probed address. */
static nokprobe_inline void kprobe_arm64_step_undo(struct pt_regs *regs,
						   struct kprobe_ctlblk *kcb)
{
	instruction_pointer_set(regs, (unsigned long)kcb->cur.site->addr);
	regs->pstate = (regs->pstate & ~DAIF_MASK) | kcb->cur.saved_irq;
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the running probe
 * @regs: registers at the fault
 * @trapnr: the exception syndrome, truncated
 *
 * A fault of the slot copy becomes a fault of the probed instruction at
 * its own address, after the probes' fault handlers had their say.  The
 * copy of a nested hit (one that ran no handler) faulted for the handler
 * that ran into it, and is offered as that handler's fault.  A fault
 * while handlers run goes to the probes' fault handlers: it is
 * theirs, because the BRK exception keeps DAIF masked while they run, so
 * no interrupt or pseudo-NMI can have come in and faulted in between
 * (x86 has to walk the stack to tell, as NMIs reach its int3 handler).
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (site && kprobe_xol_running(kcb) &&
	    instruction_pointer(regs) == (unsigned long)site->ainsn.api.insn) {
		kprobe_arm64_step_undo(regs, kcb);
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
