// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86-64 probe hit path: the int3 handler, the completion of an
 * out-of-line step, nested hits and faults taken while a probe runs.
 *
 * A hit on CPU n goes through these states of kprobe_ctlblk(n).cur:
 *
 *	IDLE -> HANDLERS		pre handlers run, regs->ip = addr + 1
 *	HANDLERS -> IDLE		emulated or boosted instruction, or a
 *					pre handler moved regs->ip
 *	HANDLERS -> STEP		the step copy runs with IF clear
 *	STEP -> HANDLERS -> IDLE	the int3 after the copy: post handlers
 *
 * A probe hit while this CPU is busy with another one (from a handler, or
 * from an NMI during a step) only counts a miss and runs the instruction.  If that
 * needs a step, the outer frame is parked in kprobe_ctlblk.outer and the
 * state is REENTER until the nested step completes.  A hit during a
 * nested step cannot be recovered from.
 *
 * Ordering against a nested hit on the same CPU (an NMI): current_kprobe
 * is set before the control block is filled in and cleared after it was
 * emptied, so a nested hit that finds both idle may use the control
 * block.  The barrier() calls below pair with kprobe_cpu_busy() in
 * kprobe_int3_handler() of the nested hit.
 */
#include <linux/compiler.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <asm/ptrace.h>
#include <asm/text-patching.h>
#include <asm/unwind.h>

#include "common.h"

DEFINE_PER_CPU(struct kprobe_ctlblk, kprobe_ctlblk);

static nokprobe_inline bool kprobe_cb_stepping(struct kprobe_ctlblk *kcb)
{
	return kcb->cur.state == KPROBE_CB_STEP ||
	       kcb->cur.state == KPROBE_CB_REENTER;
}

/*
 * Is a probe being handled on this CPU?  current_kprobe alone is not
 * enough: a site whose last probe is just going away has no probe to put
 * there, yet its step still needs the control block.
 */
static nokprobe_inline bool kprobe_cpu_busy(struct kprobe_ctlblk *kcb)
{
	return kprobe_running() || kcb->cur.state != KPROBE_CB_IDLE;
}

/* The hit is over; this CPU runs no probe any more. */
static nokprobe_inline void kprobe_x86_hit_done(struct kprobe_ctlblk *kcb)
{
	kcb->cur.state = KPROBE_CB_IDLE;
	kcb->cur.site = NULL;
	/* Empty before clearing; pairs with kprobe_cpu_busy() of a nested hit. */
	barrier();
	kprobe_site_leave();
}

static nokprobe_inline void kprobe_x86_run_post(struct kprobe_site *site,
						struct pt_regs *regs)
{
	if (kprobe_site_wants_post(site))
		kprobe_site_run_post(site, regs);
}

/* Send the CPU into the step copy of @site with interrupts off. */
static nokprobe_inline void kprobe_start_step(struct kprobe_site *site,
					      struct pt_regs *regs,
					      struct kprobe_ctlblk *kcb,
					      unsigned int state)
{
	kcb->cur.site = site;
	kcb->cur.saved_if = regs->flags & X86_EFLAGS_IF;
	kcb->cur.state = state;
	regs->flags &= ~X86_EFLAGS_IF;
	regs->ip = kprobe_step_copy(site);
}

/* A probe hit with no other probe running on this CPU. */
static nokprobe_inline void kprobe_x86_hit(struct kprobe_site *site,
					   struct pt_regs *regs,
					   struct kprobe_ctlblk *kcb)
{
	kprobe_site_enter(site);
	/* Set before filling in; pairs with kprobe_cpu_busy() of a nested hit. */
	barrier();
	kcb->cur.site = site;
	kcb->cur.state = KPROBE_CB_HANDLERS;

	if (kprobe_site_run_pre(site, regs)) {
		/* A handler chose where to resume. */
		kprobe_x86_hit_done(kcb);
		return;
	}

	switch (site->ainsn.kind) {
	case KPROBE_INSN_EMULATE:
		kprobe_x86_emulate(site, regs);
		kprobe_x86_run_post(site, regs);
		kprobe_x86_hit_done(kcb);
		return;
	case KPROBE_INSN_STEP:
		if (site->ainsn.boostable && !kprobe_site_wants_post(site)) {
			kprobe_x86_hit_done(kcb);
			regs->ip = kprobe_boost_target(site);
			return;
		}
		break;
	}
	kprobe_start_step(site, regs, kcb, KPROBE_CB_STEP);
}

/* A probe hit while another probe's handlers or step are running. */
static nokprobe_inline void kprobe_reenter(struct kprobe_site *site,
					   struct pt_regs *regs,
					   struct kprobe_ctlblk *kcb)
{
	/* Only one nested level can be saved: a third one cannot resume. */
	if (kcb->cur.state == KPROBE_CB_REENTER)
		panic("kprobes: probe at %pS hit inside a nested probe, cannot recover\n",
		      site->addr);

	kprobe_site_missed(site);

	if (site->ainsn.kind == KPROBE_INSN_EMULATE) {
		kprobe_x86_emulate(site, regs);
		return;
	}
	if (site->ainsn.kind == KPROBE_INSN_STEP && site->ainsn.boostable) {
		regs->ip = kprobe_boost_target(site);
		return;
	}
	kcb->outer = kcb->cur;
	kprobe_start_step(site, regs, kcb, KPROBE_CB_REENTER);
}

/* Is @addr the int3 right after the step copy this CPU is running? */
static nokprobe_inline bool kprobe_is_step_trap(struct kprobe_ctlblk *kcb,
						unsigned long addr)
{
	struct kprobe_site *site = kcb->cur.site;

	return kprobe_cb_stepping(kcb) &&
	       addr == kprobe_step_copy(site) + site->ainsn.len;
}

/* The step copy finished: move back to the original code. */
static nokprobe_inline void kprobe_step_done(struct pt_regs *regs,
					     struct kprobe_ctlblk *kcb)
{
	struct kprobe_site *site = kcb->cur.site;

	regs->flags |= kcb->cur.saved_if;
	regs->ip = kprobe_resume_ip(site);
	if (site->ainsn.kind == KPROBE_INSN_CALL_MEM ||
	    site->ainsn.kind == KPROBE_INSN_JMP_MEM)
		kprobe_x86_finish_mem_branch(site, regs);

	if (kcb->cur.state == KPROBE_CB_REENTER) {
		kcb->cur = kcb->outer;
		return;
	}
	kcb->cur.state = KPROBE_CB_HANDLERS;
	kprobe_x86_run_post(site, regs);
	kprobe_x86_hit_done(kcb);
}

/**
 * kprobe_int3_handler() - handle a breakpoint that may belong to kprobes
 * @regs: registers at the breakpoint; regs->ip is just past the int3
 *
 * Runs the probes of the hit site, or completes the step of a probed
 * instruction, or resumes at a breakpoint another CPU just removed.
 *
 * Context: int3 exception, interrupts disabled.
 * Return: 1 if the breakpoint was handled here, 0 if it is not ours.
 */
int kprobe_int3_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb;
	struct kprobe_site *site;
	unsigned long addr;

	if (user_mode(regs))
		return 0;

	addr = regs->ip - INT3_INSN_SIZE;
	kcb = this_cpu_ptr(&kprobe_ctlblk);
	site = kprobe_site_lookup(addr);

	if (site && !site->on_ftrace) {
		if (kprobe_cpu_busy(kcb))
			kprobe_reenter(site, regs, kcb);
		else
			kprobe_x86_hit(site, regs, kcb);
		return 1;
	}

	if (kprobe_is_step_trap(kcb, addr)) {
		kprobe_step_done(regs, kcb);
		return 1;
	}

	/* Removed by another CPU after we hit it: run the original. */
	if (READ_ONCE(*(kprobe_opcode_t *)addr) != INT3_INSN_OPCODE) {
		regs->ip = addr;
		return 1;
	}
	return 0;
}

NOKPROBE_SYMBOL(kprobe_int3_handler);

/* A fault raised by the step copy itself, seen as a fault at site->addr. */
static nokprobe_inline int kprobe_step_fault(struct pt_regs *regs,
					     int trapnr,
					     struct kprobe_ctlblk *kcb)
{
	struct kprobe_site *site = kcb->cur.site;
	int ret;

	regs->ip = (unsigned long)site->addr;
	regs->flags |= kcb->cur.saved_if;

	/* A nested hit ran no handlers; it has no fault handler to ask. */
	if (kcb->cur.state == KPROBE_CB_REENTER) {
		kcb->cur = kcb->outer;
		return 0;
	}
	ret = kprobe_site_fault(site, regs, trapnr);
	kprobe_x86_hit_done(kcb);
	return ret;
}

/*
 * Would the probe running here be asked about a fault at @site at all?
 * Checked first: most faults taken while a probe runs (a handler's
 * copy_from_kernel_nofault(), a kprobe_events fetch) have no
 * fault_handler to offer them to, and need no stack walk.
 */
static nokprobe_inline bool kprobe_x86_fault_wanted(struct kprobe_site *site)
{
	struct kprobe *p = kprobe_running();

	return p && p->fault_handler && READ_ONCE(p->site) == site;
}

/* Does the function around @addr call probe handlers? */
static bool kprobe_x86_in_handler_caller(unsigned long addr)
{
	unsigned long size, off, func;

	if (!kallsyms_lookup_size_offset(addr, &size, &off))
		return false;
	func = addr - off;
	return func == (unsigned long)kprobe_int3_handler ||
	       kprobe_x86_ftrace_calls_handlers(func) ||
	       kprobe_x86_opt_calls_handlers(func);
}

/*
 * Was the fault at @regs raised by the probe's own handler (or what it
 * called), rather than by an interrupt or NMI that came in while the
 * handler ran?  current_kprobe is set in both cases.  Walking up from the
 * fault, the handler's context reaches the hit path function that called
 * the handler before any exception or interrupt frame (a breakpoint
 * hit's own trap frame lies above that function); a nested context first
 * crosses the frame it was entered through.  Only faults taken while a
 * probe runs pay for the walk.  The guessing unwinder cannot tell frames
 * apart: with it every such fault counts as the handler's, as before.
 */
static bool kprobe_x86_fault_in_handler(struct pt_regs *regs)
{
	struct unwind_state state;
	struct pt_regs *entry;
	unsigned long addr;

	if (IS_ENABLED(CONFIG_UNWINDER_GUESS))
		return true;
	/* The walk starts at the caller of the faulting function. */
	for (unwind_start(&state, current, regs, NULL); !unwind_done(&state);
	     unwind_next_frame(&state)) {
		entry = unwind_get_entry_regs(&state, NULL);
		if (entry && entry != regs)
			return false;
		addr = unwind_get_return_address(&state);
		if (!addr)
			return false;
		/* A return address may be the first byte past its function. */
		if (kprobe_x86_in_handler_caller(addr - 1))
			return true;
	}
	return false;
}

NOKPROBE_SYMBOL(kprobe_x86_in_handler_caller);
NOKPROBE_SYMBOL(kprobe_x86_fault_in_handler);

/**
 * kprobe_fault_handler() - offer a kernel fault to the running probe
 * @regs: registers at the fault
 * @trapnr: the exception vector
 *
 * A fault of the step copy is turned back into a fault of the probed
 * instruction at its own address, after the probe's fault handlers had
 * their say, so that the kernel's exception fixup applies.  A fault in
 * a pre or post handler goes to the probes' fault handlers, found through
 * the control block of a breakpoint hit or, for ftrace and optimized
 * hits, through current_kprobe; a fault of an interrupt or NMI that came
 * in while a handler ran is not theirs and is left alone.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;
	struct kprobe *p;

	if (!site) {
		/*
		 * The ftrace and optimized paths keep no control block: the
		 * probe whose handler runs is current_kprobe.  Its site may
		 * just have been cleared by an unregistration in progress.
		 */
		p = kprobe_running();
		site = p ? READ_ONCE(p->site) : NULL;
		if (!site || !kprobe_x86_fault_wanted(site) ||
		    !kprobe_x86_fault_in_handler(regs))
			return 0;
		return kprobe_site_fault(site, regs, trapnr);
	}
	if (kcb->cur.state == KPROBE_CB_HANDLERS)
		return kprobe_x86_fault_wanted(site) &&
		       kprobe_x86_fault_in_handler(regs) &&
		       kprobe_site_fault(site, regs, trapnr);
	if (kprobe_cb_stepping(kcb) && regs->ip == kprobe_step_copy(site))
		return kprobe_step_fault(regs, trapnr, kcb);
	return 0;
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
