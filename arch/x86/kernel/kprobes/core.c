// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86 probe hit path: the int3 handler, the completion of an
 * out-of-line step, nested hits and faults taken while a probe runs.
 *
 * The states a hit goes through, nested hits and the ordering against an
 * NMI on the same CPU are those of <linux/kprobes_xol.h>; this file adds
 * x86's ways to run the instruction: emulation, a boosted copy that jumps
 * back without a trap, and a step copy that ends in an int3.
 */
#include <linux/compiler.h>
#include <linux/kallsyms.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <asm/ptrace.h>
#include <asm/text-patching.h>
#include <asm/unwind.h>

#include "common.h"

/* Send the CPU into the step copy of @site with interrupts off. */
static nokprobe_inline void kprobe_x86_start_step(struct kprobe_site *site,
						  struct pt_regs *regs,
						  struct kprobe_ctlblk *kcb,
						  bool nested)
{
	kprobe_xol_start(kcb, site, regs->flags & X86_EFLAGS_IF, nested);
	regs->flags &= ~X86_EFLAGS_IF;
	regs->ip = kprobe_step_copy(site);
}

/* A probe hit with no other probe running on this CPU. */
static nokprobe_inline void kprobe_x86_hit(struct kprobe_site *site,
					   struct pt_regs *regs,
					   struct kprobe_ctlblk *kcb)
{
	kprobe_xol_open(kcb, site);
	if (kprobe_site_run_pre(site, regs)) {
		/* A handler chose where to resume. */
		kprobe_xol_close(kcb);
		return;
	}

	switch (site->ainsn.kind) {
	case KPROBE_INSN_EMULATE:
		kprobe_x86_emulate(site, regs);
		kprobe_xol_post(site, regs);
		kprobe_xol_close(kcb);
		return;
	case KPROBE_INSN_STEP:
		if (site->ainsn.boostable && !kprobe_site_wants_post(site)) {
			kprobe_xol_close(kcb);
			regs->ip = kprobe_boost_target(site);
			return;
		}
		break;
	}
	kprobe_x86_start_step(site, regs, kcb, false);
}

/* A probe hit while another probe's handlers or step are running. */
static nokprobe_inline void kprobe_x86_reenter(struct kprobe_site *site,
					       struct pt_regs *regs,
					       struct kprobe_ctlblk *kcb)
{
	kprobe_xol_nested(kcb, site);

	if (site->ainsn.kind == KPROBE_INSN_EMULATE) {
		kprobe_x86_emulate(site, regs);
		return;
	}
	if (site->ainsn.kind == KPROBE_INSN_STEP && site->ainsn.boostable) {
		regs->ip = kprobe_boost_target(site);
		return;
	}
	kprobe_x86_start_step(site, regs, kcb, true);
}

/* Is @addr the int3 right after the step copy this CPU is running? */
static nokprobe_inline bool kprobe_x86_is_step_trap(struct kprobe_ctlblk *kcb,
						    unsigned long addr)
{
	struct kprobe_site *site = kcb->cur.site;

	return kprobe_xol_running(kcb) &&
	       addr == kprobe_step_copy(site) + site->ainsn.len;
}

/* The step copy finished: move back to the original code. */
static nokprobe_inline void kprobe_x86_step_done(struct pt_regs *regs,
						 struct kprobe_ctlblk *kcb)
{
	struct kprobe_site *site = kcb->cur.site;

	regs->flags |= kcb->cur.saved_irq;
	regs->ip = kprobe_resume_ip(site);
	if (site->ainsn.kind == KPROBE_INSN_CALL_MEM ||
	    site->ainsn.kind == KPROBE_INSN_JMP_MEM)
		kprobe_x86_finish_mem_branch(site, regs);
	kprobe_xol_finish(kcb, regs);
}

/**
 * kprobe_int3_handler() - handle a breakpoint that may belong to kprobes
 * @regs: registers at the breakpoint; regs->ip is just past the int3
 *
 * Runs the probes of the hit site, or completes the step of a probed
 * instruction, or resumes at a breakpoint another CPU just removed.
 *
 * Never inlined into its caller: kprobe_x86_in_handler_caller() knows the
 * handlers' context by this function's frame, which must exist even when
 * the linker sees both (LTO).
 *
 * Context: int3 exception, interrupts disabled.
 * Return: 1 if the breakpoint was handled here, 0 if it is not ours.
 */
noinline int kprobe_int3_handler(struct pt_regs *regs)
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
		if (kprobe_xol_busy(kcb))
			kprobe_x86_reenter(site, regs, kcb);
		else
			kprobe_x86_hit(site, regs, kcb);
		return 1;
	}

	if (kprobe_x86_is_step_trap(kcb, addr)) {
		kprobe_x86_step_done(regs, kcb);
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

/* A fault raised by a step copy, seen as a fault at the probed address. */
static nokprobe_inline void kprobe_x86_step_undo(struct pt_regs *regs,
						 struct kprobe_ctlblk *kcb)
{
	regs->ip = (unsigned long)kcb->cur.site->addr;
	regs->flags |= kcb->cur.saved_irq;
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
 * their say, so that the kernel's exception fixup applies.  The copy of
 * a nested hit (one that ran no handler) faulted for the code that ran
 * into it, and is offered as that code's fault.  A fault in a pre or
 * post handler goes to the probes' fault handlers, found through
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

	if (site && kprobe_xol_running(kcb) &&
	    regs->ip == kprobe_step_copy(site)) {
		kprobe_x86_step_undo(regs, kcb);
		if (!kprobe_xol_unnest(kcb))
			return kprobe_xol_fault(kcb, regs, trapnr);
		/* A nested hit's copy: the outer hit's fault, if anyone's. */
		site = kcb->cur.site;
	}
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
	if (kcb->cur.state == KPROBE_XOL_HANDLERS)
		return kprobe_x86_fault_wanted(site) &&
		       kprobe_x86_fault_in_handler(regs) &&
		       kprobe_site_fault(site, regs, trapnr);
	return 0;
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
