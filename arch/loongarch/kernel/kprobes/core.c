// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The LoongArch probe hit path: the break of a probe, the break that ends
 * an out-of-line step, nested hits, and faults taken while a probe is
 * being handled.
 *
 * do_bp() calls kprobe_breakpoint_handler() for break BRK_KPROBE_BP and
 * kprobe_singlestep_handler() for break BRK_KPROBE_SSTEPBP, after turning
 * interrupts back on if the interrupted code had them: both turn them off
 * again, as the contract wants, and leave them off when the break was
 * theirs, since do_bp() turns them off next on its way out anyway: no
 * interrupt comes between the setup of a copy and the ertn into its slot.
 * __do_page_fault() offers kernel faults through kprobe_page_fault().
 * The states of a hit and of its one level of nesting are those of
 * <linux/kprobes_xol.h>.
 *
 * LoongArch has no single step: the instruction runs from the site's
 * slot, up to the break that follows it, with PRMD.PIE cleared so that
 * the ertn into the slot leaves interrupts off.  Branches and the
 * PC-relative instructions (pcaddi, pcaddu12i, pcaddu18i, pcalau12i)
 * would go wrong from a slot; arch_simulate_insn() computes them on the
 * saved registers instead, and nothing runs out of line for them.  After
 * a copy the CPU always resumes at the next instruction.
 */
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/irqflags.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/uaccess.h>
#include <asm/inst.h>
#include <asm/loongarch.h>
#include <asm/ptrace.h>

#include "common.h"

/* The live interrupt enable and the one ertn restores are the same bit. */
static_assert(CSR_CRMD_IE == CSR_PRMD_PIE);

/*
 * Run @site's instruction: compute it, or send the CPU into the slot with
 * interrupts off.
 *
 * Return: true if the copy runs; the hit then ends at its break.
 */
static nokprobe_inline bool kprobe_la_run(struct kprobe_site *site,
					  struct pt_regs *regs,
					  struct kprobe_ctlblk *kcb,
					  bool nested)
{
	union loongarch_instruction insn = { .word = site->ainsn.insn };

	if (!site->ainsn.slot) {
		/* The simulator works from the probed address in csr_era. */
		regs->csr_era = (unsigned long)site->addr;
		arch_simulate_insn(insn, regs);
		return false;
	}
	kprobe_xol_start(kcb, site, regs->csr_prmd & CSR_PRMD_PIE, nested);
	regs->csr_prmd &= ~CSR_PRMD_PIE;
	regs->csr_era = (unsigned long)site->ainsn.slot;
	return true;
}

/**
 * kprobe_breakpoint_handler() - a break BRK_KPROBE_BP was taken
 * @regs: registers at the break; csr_era is its address
 *
 * Runs the pre handlers of the site there, then its instruction (computed
 * here, or started in the slot), and for a computed one the post
 * handlers.  A break no site owns any more is run again if it is gone.
 *
 * Context: do_bp(), interrupts as the probed code had them.
 * Return: true if the break was a probe's (handled), false otherwise.
 */
bool kprobe_breakpoint_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb;
	unsigned long addr = regs->csr_era;
	struct kprobe_site *site;
	unsigned long flags;
	bool handled = true;
	bool nested;

	if (user_mode(regs))
		return false;
	local_irq_save(flags);
	kcb = this_cpu_ptr(&kprobe_ctlblk);
	site = kprobe_site_lookup(addr);
	if (!site)
		handled = kprobe_xol_bp_gone(addr, KPROBE_LA_BP);
	else if (kprobe_xol_enter(kcb, site, regs, &nested) &&
		 !kprobe_la_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	/* Handled: do_bp() turns interrupts off right away, leave them so. */
	if (!handled)
		local_irq_restore(flags);
	return handled;
}

NOKPROBE_SYMBOL(kprobe_breakpoint_handler);

/**
 * kprobe_singlestep_handler() - a break BRK_KPROBE_SSTEPBP was taken
 * @regs: registers after the copied instruction ran
 *
 * The break that follows the copy in the running slot ends the step: the
 * interrupt enable of the probed code comes back, the CPU resumes after
 * the probed instruction, and the post handlers run (or, for a nested
 * hit, the outer hit goes on).
 *
 * Context: do_bp(), interrupts off (the copy ran with them off).
 * Return: true if it was the break of this CPU's running copy.
 */
bool kprobe_singlestep_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb;
	struct kprobe_site *site;
	unsigned long flags;
	bool handled = false;

	if (user_mode(regs))
		return false;
	local_irq_save(flags);
	kcb = this_cpu_ptr(&kprobe_ctlblk);
	site = kcb->cur.site;
	if (kprobe_xol_running(kcb) &&
	    regs->csr_era == (unsigned long)site->ainsn.slot + LOONGARCH_INSN_SIZE) {
		regs->csr_prmd = (regs->csr_prmd & ~CSR_PRMD_PIE) |
				 kcb->cur.saved_irq;
		regs->csr_era = (unsigned long)site->addr + LOONGARCH_INSN_SIZE;
		kprobe_xol_finish(kcb, regs);
		handled = true;
	}
	if (!handled)
		local_irq_restore(flags);
	return handled;
}

NOKPROBE_SYMBOL(kprobe_singlestep_handler);

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the exception code
 *
 * A fault of the slot's copy becomes a fault at the probed address, after
 * the probes' fault handlers had their say: the exception table and the
 * oops report then see the probed instruction.  The copy of a nested hit
 * (one that ran no handler) faulted for the handler that ran into it, and
 * is offered as that handler's fault.  A fault while handlers run is
 * theirs, for an ftrace hit too.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (site && kprobe_xol_running(kcb) &&
	    regs->csr_era == (unsigned long)site->ainsn.slot) {
		regs->csr_era = (unsigned long)site->addr;
		regs->csr_prmd = (regs->csr_prmd & ~CSR_PRMD_PIE) |
				 kcb->cur.saved_irq;
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);

/**
 * kprobe_la_insn_at() - the instruction under a probe's break
 * @addr: a kernel text address that holds a break
 * @insn: set to the instruction the break replaced, if a probe owns it
 *
 * For the prologue unwinder (arch/loongarch/kernel/unwind_prologue.c),
 * which reads the first instructions of a function to find its stack
 * allocation and where it saved ra: a probe on the function's entry
 * hides the first of them.
 *
 * Context: any.
 * Return: true if @insn was set.
 */
bool kprobe_la_insn_at(unsigned long addr, u32 *insn)
{
	struct kprobe_site *site;

	preempt_disable_notrace();
	site = kprobe_site_lookup(addr);
	if (site)
		*insn = site->ainsn.insn;
	preempt_enable_notrace();
	return !!site;
}

NOKPROBE_SYMBOL(kprobe_la_insn_at);
