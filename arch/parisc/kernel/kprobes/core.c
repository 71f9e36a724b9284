// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PA-RISC probe hit path: the break of a probe and the break that
 * ends an out-of-line step, and nested hits.
 *
 * handle_break() calls parisc_kprobe_break_handler() for the probe's
 * break and parisc_kprobe_ss_handler() for the second one, in kernel
 * mode, with interrupts off.  The states of a hit and its one level of
 * nesting are those of <linux/kprobes_xol.h>.  PA-RISC executes from a
 * queue of two instruction addresses (iaoq[0] and iaoq[1]): the probed
 * instruction runs from the site's slot with interrupts off, followed by
 * a break, and the hit then resumes at what was the back of the queue
 * when the probe was hit, the next instruction or, for a probe in a
 * branch's delay slot, the branch target.  A copy that nullifies the
 * instruction after it skips the first break of the slot and lands on
 * the second: the hit then skips the next instruction too.
 */
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <asm/psw.h>
#include <asm/ptrace.h>

/* The back of the queue at the hit: [0] for a hit, [1] for a nested one. */
static DEFINE_PER_CPU(unsigned long [2], kprobe_parisc_resume);

/* Send the CPU into the slot's copy with interrupts off. */
static nokprobe_inline void kprobe_parisc_start_copy(struct kprobe_site *site,
						     struct pt_regs *regs,
						     struct kprobe_ctlblk *kcb,
						     bool nested)
{
	this_cpu_write(kprobe_parisc_resume[nested], regs->iaoq[1]);
	kprobe_xol_start(kcb, site, regs->gr[0] & PSW_I, nested);
	regs->gr[0] &= ~PSW_I;
	instruction_pointer_set(regs, (unsigned long)site->ainsn.slot);
}

/* A probe's break, with interrupts off. */
static nokprobe_inline int kprobe_parisc_break(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site;
	bool nested;

	site = kprobe_site_lookup(instruction_pointer(regs));
	if (!site)
		return 0;
	/* Every instruction runs from the slot: none is emulated. */
	if (kprobe_xol_enter(kcb, site, regs, &nested))
		kprobe_parisc_start_copy(site, regs, kcb, nested);
	return 1;
}

/**
 * parisc_kprobe_break_handler() - a CPU reached a probe's break
 * @regs: registers at the break; regs->iaoq[0] is its address
 *
 * Context: break trap; turns interrupts off for the hit.
 * Return: 1 if it was a probe's, 0 otherwise (a probe removed meanwhile
 * then simply runs its instruction again).
 */
int parisc_kprobe_break_handler(struct pt_regs *regs)
{
	unsigned long flags;
	int ret;

	/*
	 * handle_interruption() turned interrupts on: the hit path runs with
	 * them off, so that it is neither interrupted nor moved to another
	 * CPU between the break and the end of the step.
	 */
	local_irq_save(flags);
	ret = kprobe_parisc_break(regs);
	local_irq_restore(flags);
	return ret;
}

NOKPROBE_SYMBOL(parisc_kprobe_break_handler);

/* The break after a copy, with interrupts off. */
static nokprobe_inline int kprobe_parisc_step_end(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;
	unsigned long slot, at, next;
	bool nested;

	if (!kprobe_xol_running(kcb))
		return 0;
	slot = (unsigned long)site->ainsn.slot;
	at = instruction_pointer(regs);
	if (at != slot + 4 && at != slot + 8)
		return 0;
	nested = kcb->cur.state == KPROBE_XOL_NESTED;
	next = this_cpu_read(kprobe_parisc_resume[nested]);
	if (at == slot + 8)
		next += 4;	/* the copy nullified what came next */
	regs->gr[0] = (regs->gr[0] & ~PSW_I) | kcb->cur.saved_irq;
	instruction_pointer_set(regs, next);
	kprobe_xol_finish(kcb, regs);
	return 1;
}

/**
 * parisc_kprobe_ss_handler() - a CPU reached the break after a copy
 * @regs: registers at the break
 *
 * Puts the interrupt state back, resumes where the probed instruction
 * would have gone and finishes the hit (post handlers, or the outer hit
 * of a nested one).
 *
 * Context: break trap; turns interrupts off for the hit.
 * Return: 1 if this CPU was running a copy that ends there, else 0.
 */
int parisc_kprobe_ss_handler(struct pt_regs *regs)
{
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	ret = kprobe_parisc_step_end(regs);
	local_irq_restore(flags);
	return ret;
}

NOKPROBE_SYMBOL(parisc_kprobe_ss_handler);

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the trap number
 *
 * PA-RISC's fault code does not call kprobe_page_fault(); this answers
 * for callers of the generic hook all the same: a fault while handlers
 * run goes to the running probe's fault_handler.  Copies never fault on
 * an exception-table address: arch_kprobe_prepare() refuses those.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	return kprobe_xol_handler_fault(this_cpu_ptr(&kprobe_ctlblk), regs,
					trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
