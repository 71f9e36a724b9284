// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The sparc64 probe hit path: the trap of a probe and the trap that ends
 * an out-of-line step, nested hits, and faults taken while a probe is
 * being handled.
 *
 * The trap table sends "ta 0x70" (a probe) and "ta 0x71" (the end of a
 * step) to kprobe_trap() at a raised interrupt level (PIL_NORMAL_MAX), so
 * the whole hit path runs with interrupts off; do_sparc64_fault() offers
 * kernel faults to kprobe_fault_handler().  The states of a hit and of
 * its one level of nesting are those of <linux/kprobes_xol.h>.
 *
 * sparc64 has no single-step: the CPU keeps two program counters, tpc and
 * tnpc, and the probed instruction runs from its site's slot (PC = slot,
 * nPC = slot + 4) with the interrupt level at its maximum, up to the
 * "ta 0x71" after it.  Where that trap lands and the nPC it carries say
 * what the instruction did: an ordinary one lands on slot + 4 with nPC
 * slot + 8; a branch leaves its (relative) target in nPC, or lands on
 * slot + 8 when it annulled its delay slot; jmpl and return leave their
 * absolute target in nPC.  The handler moves this back to the probed
 * address and writes the probed address, not the slot's, into the link
 * register of jmpl and rd %pc.  A call, and a branch that always goes and
 * skips its delay slot, are done by the handler without a copy.
 */
#include <linux/compiler.h>
#include <linux/context_tracking.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <linux/kdebug.h>
#include <asm/ptrace.h>
#include <asm/pstate.h>

#include "common.h"

/* nPC at the probe, for the hit ([0]) and for a nested one ([1]). */
static DEFINE_PER_CPU(unsigned long [2], kprobe_sparc_npc);

/*
 * Run @site's instruction: do it here (call, ba,a), or send the CPU into
 * the slot with interrupts off.
 *
 * Return: true if the copy runs; the hit then ends at its "ta 0x71".
 */
static nokprobe_inline bool kprobe_sparc_run(struct kprobe_site *site,
					     struct pt_regs *regs,
					     struct kprobe_ctlblk *kcb,
					     bool nested)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;

	switch (ai->kind) {
	case KPROBE_SPARC_CALL:
		/* %o7 gets the call's address; the delay slot comes next. */
		regs->u_regs[UREG_RETPC] = addr;
		regs->tpc = regs->tnpc;
		regs->tnpc = addr + ai->disp;
		return false;
	case KPROBE_SPARC_GOTO:
		regs->tpc = addr + ai->disp;
		regs->tnpc = regs->tpc + 4;
		return false;
	}
	this_cpu_write(kprobe_sparc_npc[nested], regs->tnpc);
	kprobe_xol_start(kcb, site, regs->tstate & TSTATE_PIL, nested);
	regs->tstate |= TSTATE_PIL;
	regs->tpc = (unsigned long)ai->slot;
	regs->tnpc = regs->tpc + 4;
	return true;
}

/* A "ta 0x70": a probe's, or one removed meanwhile. */
static nokprobe_inline bool kprobe_sparc_break(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = regs->tpc;
	struct kprobe_site *site;
	bool nested;

	site = kprobe_site_lookup(addr);
	if (!site)
		return kprobe_xol_bp_gone(addr, KPROBE_SPARC_BP);
	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_sparc_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	return true;
}

/*
 * Put the program counters where the probed instruction would have left
 * them, from where its copy at @slot left them; @npc was nPC at the probe.
 */
static nokprobe_inline void kprobe_sparc_resume(struct kprobe_site *site,
						struct pt_regs *regs,
						unsigned long slot,
						unsigned long npc)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;

	if (regs->tpc == slot + 8) {
		/* A branch that annulled its delay slot. */
		regs->tpc = npc + 4;
		regs->tnpc = npc + 8;
	} else if (ai->kind == KPROBE_SPARC_BRANCH) {
		/* Taken or not, the target is relative to the copy. */
		regs->tpc = npc;
		regs->tnpc = addr + (regs->tnpc - slot);
	} else if (ai->kind == KPROBE_SPARC_JUMP) {
		/* tnpc holds the absolute target. */
		regs->tpc = npc;
	} else {
		regs->tpc = npc;
		regs->tnpc = npc + 4;
	}
	if (ai->link)
		regs->u_regs[ai->link] = addr;
}

/* A "ta 0x71": the end of the running copy. */
static nokprobe_inline bool kprobe_sparc_step_end(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;
	unsigned long slot;
	bool nested;

	if (!kprobe_xol_running(kcb))
		return false;
	slot = (unsigned long)site->ainsn.slot;
	if (regs->tpc != slot + 4 && regs->tpc != slot + 8)
		return false;
	nested = kcb->cur.state == KPROBE_XOL_NESTED;
	kprobe_sparc_resume(site, regs, slot,
			    this_cpu_read(kprobe_sparc_npc[nested]));
	regs->tstate = (regs->tstate & ~TSTATE_PIL) | kcb->cur.saved_irq;
	kprobe_xol_finish(kcb, regs);
	return true;
}

/**
 * kprobe_trap() - the kprobes software traps, from the trap table
 * @trap_level: 0x170 for "ta 0x70" (a probe), 0x171 for "ta 0x71" (the
 *	end of a step)
 * @regs: registers at the trap
 *
 * A trap that is not ours (from user space, or with no probe or copy
 * behind it) goes to bad_trap().
 *
 * Context: trap, interrupts off (the trap table raised the interrupt
 * level).
 */
asmlinkage void kprobe_trap(unsigned long trap_level, struct pt_regs *regs)
{
	enum ctx_state prev_state = exception_enter();
	bool handled = false;

	/* bad_trap() sends a user task its signal with interrupts on. */
	if (user_mode(regs))
		local_irq_enable();
	else if (trap_level == KPROBE_SPARC_TT_BP)
		handled = kprobe_sparc_break(regs);
	else if (trap_level == KPROBE_SPARC_TT_STEP)
		handled = kprobe_sparc_step_end(regs);
	if (!handled)
		bad_trap(regs, trap_level);
	exception_exit(prev_state);
}

NOKPROBE_SYMBOL(kprobe_trap);

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the fault number (0 from do_sparc64_fault())
 *
 * A fault of the slot's copy becomes a fault at the probed address, with
 * the probe's nPC and interrupt level back, after the probes' fault
 * handlers had their say; the exception table is then searched for the
 * probed address.  The copy of a nested hit (one that ran no handler)
 * faulted for the handler that ran into it, and is offered as that
 * handler's fault.  A fault while handlers run is theirs.
 *
 * Context: trap, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;
	bool nested;

	if (site && kprobe_xol_running(kcb) &&
	    regs->tpc == (unsigned long)site->ainsn.slot) {
		nested = kcb->cur.state == KPROBE_XOL_NESTED;
		regs->tpc = (unsigned long)site->addr;
		regs->tnpc = this_cpu_read(kprobe_sparc_npc[nested]);
		regs->tstate = (regs->tstate & ~TSTATE_PIL) |
			       kcb->cur.saved_irq;
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
