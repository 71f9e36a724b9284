/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _LINUX_KPROBES_XOL_H
#define _LINUX_KPROBES_XOL_H
/*
 * The breakpoint hit of a probe whose instruction runs out of line (XOL):
 * the per-CPU state an architecture's trap handlers keep between the
 * breakpoint and the trap that ends the copy, and the steps every such
 * architecture takes.  Only the architecture's trap code includes this.
 *
 * A hit on CPU n moves kprobe_ctlblk(n).cur through:
 *
 *	IDLE -> HANDLERS		kprobe_xol_open(): pre handlers run
 *	HANDLERS -> IDLE		kprobe_xol_close(): the instruction was
 *					emulated, or a pre handler moved the pc
 *	HANDLERS -> COPY		kprobe_xol_start(): the copy runs with
 *					interrupts masked
 *	COPY -> HANDLERS -> IDLE	kprobe_xol_finish(): post handlers
 *
 * A probe hit while this CPU is busy with another (from a handler, or
 * from an NMI-like exception during a copy) only counts a miss
 * (kprobe_xol_nested()) and runs its instruction.  If that takes a copy,
 * the outer frame is parked in kprobe_ctlblk.outer and the state is
 * NESTED until the nested copy is done; a third level cannot resume.
 *
 * Against a nested hit on the same CPU: the state leaves IDLE before the
 * rest of the control block is filled in, and current_kprobe (named by
 * the pre stage) is cleared only after the block was emptied (the
 * barrier() calls below), so a nested hit that sees both idle owns the
 * control block, and one that does not leaves it as it found it.  Only
 * the CPU itself writes its control block.
 */
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/percpu.h>
#include <linux/panic.h>
#include <linux/preempt.h>
#include <linux/uaccess.h>

#ifdef CONFIG_KPROBES

/**
 * enum kprobe_xol_state - what a CPU does for the hit it handles
 * @KPROBE_XOL_IDLE: no hit being handled
 * @KPROBE_XOL_HANDLERS: pre or post handlers are running
 * @KPROBE_XOL_COPY: the out-of-line copy of the site's instruction runs
 * @KPROBE_XOL_NESTED: a nested hit's copy runs; the outer hit is parked
 */
enum kprobe_xol_state {
	KPROBE_XOL_IDLE,
	KPROBE_XOL_HANDLERS,
	KPROBE_XOL_COPY,
	KPROBE_XOL_NESTED,
};

/**
 * struct kprobe_xol_frame - one hit being handled on a CPU
 * @site: the site hit, NULL when idle
 * @saved_irq: the architecture's interrupt mask bits of the probed
 *	context, put back once the copy ran
 * @state: see enum kprobe_xol_state
 */
struct kprobe_xol_frame {
	struct kprobe_site *site;
	unsigned long saved_irq;
	enum kprobe_xol_state state;
};

/**
 * struct kprobe_ctlblk - per-CPU state of breakpoint hits
 * @cur: the innermost hit
 * @outer: the interrupted hit while @cur.state is KPROBE_XOL_NESTED
 */
struct kprobe_ctlblk {
	struct kprobe_xol_frame cur;
	struct kprobe_xol_frame outer;
};

DECLARE_PER_CPU(struct kprobe_ctlblk, kprobe_ctlblk);

/**
 * kprobe_xol_busy() - does a hit on this CPU have to be treated as nested?
 * @kcb: this CPU's control block
 *
 * current_kprobe alone is not enough: a site whose last probe is going
 * away has no probe to name there, yet its copy still needs @kcb.
 *
 * Return: true if a probe runs or a copy is under way on this CPU.
 */
static nokprobe_inline bool kprobe_xol_busy(struct kprobe_ctlblk *kcb)
{
	return kprobe_running() || kcb->cur.state != KPROBE_XOL_IDLE;
}

/**
 * kprobe_xol_running() - is this CPU running a copy out of line?
 * @kcb: this CPU's control block
 *
 * Return: true in the COPY and NESTED states; @kcb->cur.site names the
 * site whose copy it is.
 */
static nokprobe_inline bool kprobe_xol_running(struct kprobe_ctlblk *kcb)
{
	return kcb->cur.state == KPROBE_XOL_COPY ||
	       kcb->cur.state == KPROBE_XOL_NESTED;
}

/**
 * kprobe_xol_open() - open the hit bracket of @site on an idle CPU
 * @kcb: this CPU's control block, idle
 * @site: the site hit
 *
 * The caller runs the pre handlers next (kprobe_site_run_pre()).
 */
static nokprobe_inline void kprobe_xol_open(struct kprobe_ctlblk *kcb,
					    struct kprobe_site *site)
{
	kprobe_hit_begin();
	kcb->cur.state = KPROBE_XOL_HANDLERS;
	/*
	 * Busy before the site is filled in: pairs with kprobe_xol_busy() of
	 * a nested hit, which then parks this frame and puts it back as it
	 * found it.  current_kprobe follows in the pre stage.
	 */
	barrier();
	kcb->cur.site = site;
}

/**
 * kprobe_xol_close() - the hit is over; this CPU runs no probe any more
 * @kcb: this CPU's control block
 */
static nokprobe_inline void kprobe_xol_close(struct kprobe_ctlblk *kcb)
{
	kcb->cur.state = KPROBE_XOL_IDLE;
	kcb->cur.site = NULL;
	/* Emptied first: pairs with kprobe_xol_busy() of a nested hit */
	barrier();
	kprobe_hit_end_current();
}

/**
 * kprobe_xol_post() - run @site's post handlers, if any probe has one
 * @site: the site hit
 * @regs: registers after the instruction
 */
static nokprobe_inline void kprobe_xol_post(struct kprobe_site *site,
					    struct pt_regs *regs)
{
	if (kprobe_site_wants_post(site))
		kprobe_site_run_post(site, regs);
}

/**
 * kprobe_xol_nested() - account a hit on a CPU that is busy with another
 * @kcb: this CPU's control block
 * @site: the site hit
 *
 * The nested hit runs no handler, only its instruction. A hit during a
 * nested copy has nowhere to park the frames and stops the kernel.
 */
static nokprobe_inline void kprobe_xol_nested(struct kprobe_ctlblk *kcb,
					      struct kprobe_site *site)
{
	if (kcb->cur.state == KPROBE_XOL_NESTED)
		panic("kprobes: probe at %pS hit inside a nested probe, cannot recover\n",
		      site->addr);
	kprobe_site_missed(site);
}

/**
 * kprobe_xol_enter() - the first steps of a breakpoint hit of @site
 * @kcb: this CPU's control block
 * @site: the site whose breakpoint this CPU took
 * @regs: registers at the breakpoint
 * @nested: set to whether the hit is nested in another on this CPU
 *
 * On an idle CPU the hit bracket opens and the pre handlers run; on a busy
 * one the hit only counts as missed (kprobe_xol_nested()).  Unless a pre
 * handler moved the pc, the caller then runs @site's instruction: it
 * either starts the copy (kprobe_xol_start() with @nested, interrupts
 * masked, pc at the slot), or emulates it and calls kprobe_xol_emulated().
 *
 * Return: true if the caller is to run the instruction, false if the hit
 * is over.
 */
static nokprobe_inline bool kprobe_xol_enter(struct kprobe_ctlblk *kcb,
					     struct kprobe_site *site,
					     struct pt_regs *regs,
					     bool *nested)
{
	*nested = kprobe_xol_busy(kcb);
	if (*nested) {
		kprobe_xol_nested(kcb, site);
		return true;
	}
	kprobe_xol_open(kcb, site);
	if (kprobe_site_run_pre(site, regs)) {
		kprobe_xol_close(kcb);
		return false;
	}
	return true;
}

/**
 * kprobe_xol_emulated() - @site's instruction was emulated: end the hit
 * @kcb: this CPU's control block
 * @site: the site hit
 * @regs: registers after the instruction
 * @nested: what kprobe_xol_enter() set; a nested hit runs no handler
 */
static nokprobe_inline void kprobe_xol_emulated(struct kprobe_ctlblk *kcb,
						struct kprobe_site *site,
						struct pt_regs *regs,
						bool nested)
{
	if (nested)
		return;
	kprobe_xol_post(site, regs);
	kprobe_xol_close(kcb);
}

/**
 * kprobe_xol_bp_gone() - a breakpoint with no site: was it a probe's?
 * @addr: where the breakpoint was taken
 * @bp: the probes' 32-bit breakpoint instruction
 *
 * A probe removed after this CPU took its breakpoint leaves no site, and
 * the instruction it covered is back: it is simply run again.
 *
 * Return: true if the word at @addr is no longer @bp; false if it still
 * is (not a probe's breakpoint) or cannot be read, which leaves the trap
 * to the kernel's own handling.
 */
static nokprobe_inline bool kprobe_xol_bp_gone(unsigned long addr, u32 bp)
{
	u32 word;

	if (get_kernel_nofault(word, (u32 *)addr))
		return false;
	return word != bp;
}

/**
 * kprobe_xol_start() - note that the copy of @site is about to run
 * @kcb: this CPU's control block
 * @site: the site whose copy runs
 * @saved_irq: the interrupt mask bits to put back afterwards
 * @nested: the hit is nested (kprobe_xol_nested() was called): park the
 *	outer hit
 *
 * The caller then masks interrupts and points the pc at the copy.
 */
static nokprobe_inline void kprobe_xol_start(struct kprobe_ctlblk *kcb,
					     struct kprobe_site *site,
					     unsigned long saved_irq,
					     bool nested)
{
	if (nested)
		kcb->outer = kcb->cur;
	kcb->cur.site = site;
	kcb->cur.saved_irq = saved_irq;
	kcb->cur.state = nested ? KPROBE_XOL_NESTED : KPROBE_XOL_COPY;
}

/**
 * kprobe_xol_finish() - the copy ran: resume the outer hit or end this one
 * @kcb: this CPU's control block, kprobe_xol_running()
 * @regs: registers after the instruction; the caller already put the pc
 *	after the probed instruction and the interrupt mask back
 */
static nokprobe_inline void kprobe_xol_finish(struct kprobe_ctlblk *kcb,
					      struct pt_regs *regs)
{
	if (kcb->cur.state == KPROBE_XOL_NESTED) {
		kcb->cur = kcb->outer;
		return;
	}
	kcb->cur.state = KPROBE_XOL_HANDLERS;
	kprobe_xol_post(kcb->cur.site, regs);
	kprobe_xol_close(kcb);
}

/**
 * kprobe_xol_unnest() - a copy faulted: if it was a nested hit's, resume
 *	the outer hit
 * @kcb: this CPU's control block, kprobe_xol_running()
 *
 * The nested hit ran no handler, so no fault handler of its own is asked.
 * Its instruction ran for the code that ran into the nested probe: a
 * handler of the outer hit, or an interrupt that came in meanwhile.  With
 * the pc back at the nested probe's address, the caller offers the fault
 * as it offers any fault taken while the outer hit is handled.
 *
 * Return: true if the copy was a nested hit's and @kcb->cur is the outer
 * hit again; false if it is @kcb->cur's own copy (kprobe_xol_fault()).
 */
static nokprobe_inline bool kprobe_xol_unnest(struct kprobe_ctlblk *kcb)
{
	if (kcb->cur.state != KPROBE_XOL_NESTED)
		return false;
	kcb->cur = kcb->outer;
	return true;
}

/**
 * kprobe_xol_fault() - the copy of the hit's own site faulted: offer the
 *	fault to its probes and end the hit
 * @kcb: this CPU's control block, state KPROBE_XOL_COPY
 * @regs: registers at the fault; the caller already put the pc back at
 *	the probed address and the interrupt mask back
 * @trapnr: the architecture's fault number
 *
 * Return: what kprobe_site_fault() returned.
 */
static nokprobe_inline int kprobe_xol_fault(struct kprobe_ctlblk *kcb,
					    struct pt_regs *regs, int trapnr)
{
	int ret = kprobe_site_fault(kcb->cur.site, regs, trapnr);

	kprobe_xol_close(kcb);
	return ret;
}

/**
 * kprobe_xol_handler_fault() - offer a fault taken while a probe's handler
 *	runs on this CPU to that probe
 * @kcb: this CPU's control block
 * @regs: registers at the fault
 * @trapnr: the architecture's fault number
 *
 * A breakpoint hit names its site in @kcb, and only a fault in the
 * HANDLERS state is the handler's (a fault during the copy is the copy's,
 * kprobe_xol_copy_fault()).  A hit through ftrace keeps no control block:
 * there the probe whose handler runs is current_kprobe, and its site may
 * just have been cleared by an unregistration in progress.  Its handlers
 * run with interrupts as the probed function had them, so the fault may
 * also be an interrupt's that came in meanwhile: only a fault at the
 * interrupt context level of the hit (kprobe_ftrace_level) is theirs.
 * With neither a site nor an ftrace hit, the handler running is a
 * kretprobe's return handler, whose faults no probe is asked about.
 *
 * Return: 1 if the probe's fault handler fixed the fault, 0 otherwise.
 */
static nokprobe_inline int kprobe_xol_handler_fault(struct kprobe_ctlblk *kcb,
						    struct pt_regs *regs,
						    int trapnr)
{
	struct kprobe_site *site = kcb->cur.site;
	struct kprobe *p = kprobe_running();

	if (!p || !p->fault_handler)
		return 0;
	if (!site) {
		if (!IS_ENABLED(CONFIG_KPROBES_ON_FTRACE) ||
		    interrupt_context_level() + 1 !=
		    __this_cpu_read(kprobe_ftrace_level))
			return 0;
		site = READ_ONCE(p->site);
		return site ? kprobe_site_fault(site, regs, trapnr) : 0;
	}
	if (kcb->cur.state != KPROBE_XOL_HANDLERS || READ_ONCE(p->site) != site)
		return 0;
	return kprobe_site_fault(site, regs, trapnr);
}

/**
 * kprobe_xol_copy_fault() - a fault of the copy that runs on this CPU
 * @kcb: this CPU's control block, kprobe_xol_running()
 * @regs: registers at the fault; the caller already put the pc back at
 *	the probed address and the interrupt mask back
 * @trapnr: the architecture's fault number
 *
 * The hit's own copy: its probes are asked and the hit ends.  A nested
 * hit's copy ran for the outer hit's handler, whose fault it becomes.
 *
 * Return: 1 if a fault handler fixed the fault, 0 otherwise.
 */
static nokprobe_inline int kprobe_xol_copy_fault(struct kprobe_ctlblk *kcb,
						 struct pt_regs *regs,
						 int trapnr)
{
	if (!kprobe_xol_unnest(kcb))
		return kprobe_xol_fault(kcb, regs, trapnr);
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

#endif /* CONFIG_KPROBES */
#endif /* _LINUX_KPROBES_XOL_H */
