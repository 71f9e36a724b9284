// SPDX-License-Identifier: GPL-2.0-only
/*
 * The C-SKY probe hit path: the breakpoint of a probe and the breakpoint
 * that ends an out-of-line step, nested hits, and faults taken while a
 * probe is being handled.
 *
 * Both breakpoints are USR_BKPT, an illegal instruction: the exception
 * enters csky_trap with PSR.IE cleared by the CPU (the entry code enables
 * exceptions only, not interrupts), and do_trap_illinsn() asks
 * kprobe_single_step_handler() and then kprobe_breakpoint_handler()
 * before uprobes and the illegal instruction signal.  The states of a hit
 * and its one level of nesting are those of <linux/kprobes_xol.h>.  An
 * instruction runs either simulated (branches, jumps, calls, LRW and POP,
 * with the simulate-insn.c shared with uprobes) or as its copy in the
 * site's slot, with PSR.IE cleared in the saved PSR so that the copy runs
 * with interrupts still off, up to the USR_BKPT that follows it.  The CPU's trace mode is
 * not used.
 */
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <asm/ptrace.h>

#include "common.h"

/*
 * Run a simulated instruction.  The handlers of branches, jumps, calls
 * and POP set the pc themselves; those of LRW only load the register
 * (arch_specific_insn.advance), and the pc moves past the instruction
 * here.  Branch targets are computed from the address argument; LRW,
 * JMPI and JSRI read the word at the pc plus an offset, an address the
 * CPU computes from the pc rounded down to a word, so that is the pc
 * they are given.
 */
static nokprobe_inline void kprobe_csky_simulate(struct kprobe_site *site,
						 struct pt_regs *regs)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;

	instruction_pointer_set(regs, addr & ~3UL);
	ai->api.handler(ai->opcode, addr, regs);
	if (ai->advance)
		instruction_pointer_set(regs, addr + ai->len);
}

/*
 * Run @site's instruction: simulate it, or send the CPU into the slot's
 * copy with interrupts kept off.  With CONFIG_PREEMPTION,
 * ret_from_exception calls preempt_schedule_irq() whenever the preempt
 * count is zero, whatever the PSR it returns to: the count stays raised
 * until the copy's breakpoint (or its fault), so that the task cannot
 * leave this CPU and its control block mid-step.
 *
 * Return: true if the copy runs; the hit then ends at its breakpoint.
 */
static nokprobe_inline bool kprobe_csky_run(struct kprobe_site *site,
					    struct pt_regs *regs,
					    struct kprobe_ctlblk *kcb,
					    bool nested)
{
	if (!site->ainsn.api.insn) {
		kprobe_csky_simulate(site, regs);
		return false;
	}
	preempt_disable();
	kprobe_xol_start(kcb, site, regs->sr & KPROBE_CSKY_PSR_IE, nested);
	regs->sr &= ~KPROBE_CSKY_PSR_IE;
	instruction_pointer_set(regs, (unsigned long)site->ainsn.api.insn);
	return true;
}

/**
 * kprobe_breakpoint_handler() - a CPU reached USR_BKPT in kernel text
 * @regs: registers at the breakpoint; regs->pc is its address
 *
 * Context: illegal instruction exception, interrupts disabled.
 * Return: true if it was a probe's, false to let the kernel treat it as
 * an illegal instruction.
 */
bool kprobe_breakpoint_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = instruction_pointer(regs);
	struct kprobe_site *site;
	bool nested;

	if (user_mode(regs))
		return false;
	/*
	 * Every illegal instruction comes here, not only USR_BKPT: without
	 * a site the exception is not ours.  No breakpoint is removed under
	 * a CPU that took it: text is rewritten only in stop_machine(),
	 * which waits for this exception to end, and a site stays findable
	 * until it has been disarmed that way.
	 */
	site = kprobe_site_lookup(addr);
	if (!site)
		return false;
	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_csky_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	return true;
}

NOKPROBE_SYMBOL(kprobe_breakpoint_handler);

/**
 * kprobe_single_step_handler() - a CPU reached the breakpoint after a copy
 * @regs: registers at the breakpoint
 *
 * Puts the interrupt state of the probed context back, resumes after the
 * probed instruction and finishes the hit (post handlers, or the outer
 * hit of a nested one).
 *
 * Context: illegal instruction exception, interrupts disabled.
 * Return: true if this CPU was running a copy that ends there.
 */
bool kprobe_single_step_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (user_mode(regs) || !kprobe_xol_running(kcb) ||
	    instruction_pointer(regs) !=
	    (unsigned long)site->ainsn.api.insn + site->ainsn.len)
		return false;

	regs->sr = (regs->sr & ~KPROBE_CSKY_PSR_IE) | kcb->cur.saved_irq;
	instruction_pointer_set(regs, site->ainsn.api.restore);
	kprobe_xol_finish(kcb, regs);
	/* Raised by kprobe_csky_run(); no reschedule from here. */
	preempt_enable_no_resched();
	return true;
}

NOKPROBE_SYMBOL(kprobe_single_step_handler);

/*
 * A fault of a slot's copy, turned into one at the probed address; the
 * step is over, and so is the preemption count it raised.
 */
static nokprobe_inline void kprobe_csky_step_undo(struct pt_regs *regs,
						  struct kprobe_ctlblk *kcb)
{
	instruction_pointer_set(regs, (unsigned long)kcb->cur.site->addr);
	regs->sr = (regs->sr & ~KPROBE_CSKY_PSR_IE) | kcb->cur.saved_irq;
	preempt_enable_no_resched();
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the exception vector (thread.trap_no)
 *
 * A fault of the slot's copy becomes a fault of the probed instruction at
 * its own address, after the probes' fault handlers had their say.  The
 * copy of a nested hit (one that ran no handler) faulted for the handler
 * that ran into it, and is offered as that handler's fault.  A fault
 * while handlers run is theirs: the breakpoint exception keeps
 * interrupts off until the hit ends, so no interrupt handler can have
 * come in and faulted in between.  Handlers of an ftrace hit
 * (kernel/kprobes/ftrace.c) have no control block; current_kprobe names
 * their probe.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (site && kprobe_xol_running(kcb) &&
	    instruction_pointer(regs) == (unsigned long)site->ainsn.api.insn) {
		kprobe_csky_step_undo(regs, kcb);
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
