// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The powerpc probe hit path: the trap of a probe and the trap that ends
 * an out-of-line copy, nested hits, and faults taken while a probe is
 * being handled.
 *
 * A kernel trap reaches program_check_exception() with interrupts off,
 * which asks kprobe_handler() before it treats the trap as a BUG, a WARN
 * or a debugger's.  The states of a hit and its one level of nesting are
 * those of <linux/kprobes_xol.h>.  The probed instruction is first offered
 * to emulate_step() (lib/sstep.c, shared with uprobes and xmon), which
 * runs branches, loads, stores and arithmetic on @regs; what it declines
 * runs as its copy in the site's slot, with interrupts kept off, up to
 * the trap that follows it.  The hardware single step is never used, so
 * kprobe_post_handler() has nothing to do.
 */
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>
#include <asm/sstep.h>

#include "common.h"
#include "opt.h"

/*
 * Non-zero while emulate_step() runs (a nested hit may emulate inside
 * another's emulation): its own faults are nobody else's business.
 */
static DEFINE_PER_CPU(unsigned int, kprobe_ppc_emulating);

/**
 * arch_kprobe_hit_abandoned() - forget this CPU's hit after an oops
 *
 * An emulation the oops cut short is not under way any more.
 *
 * Context: the oops path (die notifier) on the CPU that oopsed.
 */
void arch_kprobe_hit_abandoned(void)
{
	raw_cpu_write(kprobe_ppc_emulating, 0);
}

NOKPROBE_SYMBOL(arch_kprobe_hit_abandoned);

/*
 * Run the probed instruction on @regs if emulate_step() can; it then
 * moves the nip itself.  It declines what it cannot emulate here (0),
 * and a load or store whose access faulted (its accessors fix their own
 * faults, which kprobe_fault_handler() leaves to them): the copy then
 * takes the fault where the fault handlers expect it.  Page faults are
 * disabled meanwhile: a user access of the probed instruction to a page
 * not yet present must fail here, not sleep in the fault handler in the
 * middle of the hit.  The copy then takes it, the hit ends, and once the
 * page is in, the instruction takes its trap again: its handlers run a
 * second time for the one execution.
 */
static nokprobe_inline bool kprobe_ppc_emulate(struct kprobe_site *site,
					       struct pt_regs *regs)
{
	bool done;

	__this_cpu_inc(kprobe_ppc_emulating);
	pagefault_disable();
	done = emulate_step(regs, site->ainsn.insn) > 0;
	pagefault_enable();
	__this_cpu_dec(kprobe_ppc_emulating);
	return done;
}

/*
 * Run @site's instruction: emulate it, or send the CPU into the slot's
 * copy with interrupts kept off.
 *
 * Return: true if the copy runs; the hit then ends at the trap after it.
 */
static nokprobe_inline bool kprobe_ppc_run(struct kprobe_site *site,
					   struct pt_regs *regs,
					   struct kprobe_ctlblk *kcb,
					   bool nested)
{
	unsigned long saved;

	if (kprobe_ppc_emulate(site, regs))
		return false;
	saved = kprobe_ppc_mask_irqs(regs);
	kprobe_xol_start(kcb, site, saved, nested);
	regs_set_return_ip(regs, (unsigned long)site->ainsn.slot);
	return true;
}

/* A hit of @site, through its trap or its detour. */
static nokprobe_inline void kprobe_ppc_hit(struct kprobe_site *site,
					   struct pt_regs *regs,
					   struct kprobe_ctlblk *kcb)
{
	bool nested;

	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_ppc_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
}

/* Does the running copy end at @addr (the trap after it)? */
static nokprobe_inline bool kprobe_ppc_copy_ends(struct kprobe_ctlblk *kcb,
						 unsigned long addr)
{
	struct kprobe_site *site = kcb->cur.site;

	return kprobe_xol_running(kcb) &&
	       addr == (unsigned long)site->ainsn.slot +
		       ppc_inst_len(site->ainsn.insn);
}

/* The copy ran: resume after the probed instruction and finish the hit. */
static nokprobe_inline void kprobe_ppc_end_copy(struct pt_regs *regs,
						struct kprobe_ctlblk *kcb)
{
	struct kprobe_site *site = kcb->cur.site;

	kprobe_ppc_restore_irqs(regs, kcb->cur.saved_irq);
	regs_set_return_ip(regs, (unsigned long)site->addr +
			   ppc_inst_len(site->ainsn.insn));
	kprobe_xol_finish(kcb, regs);
}

/*
 * Is the word at @addr still a trap?  A probe that another CPU removed
 * after this one took its trap is simply run again; any other trap
 * belongs to someone else (BUG, WARN, a debugger).
 */
static nokprobe_inline bool kprobe_ppc_is_trap(unsigned long addr)
{
	u32 word;

	if (get_kernel_nofault(word, (u32 *)addr))
		return true;	/* leave it to the kernel's own handling */
	return is_trap(word);
}

/**
 * kprobe_handler() - a CPU took a trap in kernel text
 * @regs: registers at the trap; regs->nip is its address
 *
 * Context: program check, interrupts disabled.
 * Return: 1 if it was a probe's, the end of a copy, or a probe removed
 * meanwhile; 0 to let the kernel handle the trap.
 */
int kprobe_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = instruction_pointer(regs);
	struct kprobe_site *site;

	if (user_mode(regs))
		return 0;
	/* With translation off, no probe can be where the trap is. */
	if (!IS_ENABLED(CONFIG_BOOKE) &&
	    (!(regs->msr & MSR_IR) || !(regs->msr & MSR_DR)))
		return 0;
	if (kprobe_ppc_copy_ends(kcb, addr)) {
		kprobe_ppc_end_copy(regs, kcb);
		return 1;
	}
	site = kprobe_site_lookup(addr);
	if (!site)
		return !kprobe_ppc_is_trap(addr);
	kprobe_ppc_hit(site, regs, kcb);
	return 1;
}

NOKPROBE_SYMBOL(kprobe_handler);

#ifdef CONFIG_OPTPROBES
/*
 * Leave the hit of a detour with the interrupt state @regs asks for:
 * that of the probed context, or masked for a copy in the slot.  What
 * local_irq_save() took at the start is given back only when the context
 * resumes with interrupts enabled (pending ones are replayed then); the
 * copy's mask only ever adds to the one it replaces.  Then MSR[EE] and
 * MSR[RI] go off for the return from the detour (opt_entry.S), which
 * turns MSR[EE] back on from regs->msr.  On 64-bit, a context that
 * resumes soft-masked after an interrupt hard-disabled the CPU must stay
 * hard-disabled too, as the interrupt return leaves it.
 */
static nokprobe_inline void kprobe_ppc_opt_leave(struct pt_regs *regs,
						 unsigned long flags)
{
	bool masked = arch_irq_disabled_regs(regs);

	if (!masked)
		local_irq_restore(flags);
#ifdef CONFIG_PPC64
	else
		irq_soft_mask_set(regs->softe);
	__hard_irq_disable();
	if (!masked)
		regs->msr |= MSR_EE;
	else if (local_paca->irq_happened & PACA_IRQ_HARD_DIS)
		regs->msr &= ~MSR_EE;
#endif
	__hard_EE_RI_disable();
}

/**
 * kprobe_ppc_opt_hit() - an optimized site's branch reached its detour
 * @site: the site, which the detour stub carries
 * @regs: the registers at the probed instruction, saved by the detour
 *	(opt_entry.S); the detour resumes with them, at regs->nip
 *
 * The same hit as the one through the site's trap (kprobe_handler()),
 * with interrupts off while it runs.  It emulates the probed instruction,
 * or sends the CPU to the slot's copy with interrupts masked and the hit
 * still open, for the trap after the copy to finish as it does after a
 * trap hit.
 *
 * Context: the probed context, preemptible or not, interrupts as it had
 * them; called by kprobe_ppc_opt_entry.
 * Return: with MSR[EE] and MSR[RI] clear; non-zero if the detour must
 * store the old r1 at the new one (an emulated store with update of r1,
 * which emulate_step() leaves to whoever resumes).
 */
unsigned long kprobe_ppc_opt_hit(struct kprobe_site *site,
				 struct pt_regs *regs)
{
	bool pending = test_thread_flag(TIF_EMULATE_STACK_STORE);
	struct kprobe_ctlblk *kcb;
	unsigned long flags, uaccess;
	bool store;

	regs->nip = (unsigned long)site->addr;
	local_irq_save(flags);
	/*
	 * No interrupt entry saved the KUAP state of the probed code, which
	 * may be inside a user access window: the handlers run with user
	 * access closed (one that reads user memory opens and closes it
	 * itself), and the window is put back as it was before resuming.
	 */
	uaccess = user_access_save();
	kcb = this_cpu_ptr(&kprobe_ctlblk);
	kprobe_ppc_hit(site, regs, kcb);
	/* A store pending from before (a trap hit under way) is not ours. */
	store = !pending && test_thread_flag(TIF_EMULATE_STACK_STORE);
	if (store)
		clear_thread_flag(TIF_EMULATE_STACK_STORE);
	user_access_restore(uaccess);
	kprobe_ppc_opt_leave(regs, flags);
	return store;
}

NOKPROBE_SYMBOL(kprobe_ppc_opt_hit);
#endif /* CONFIG_OPTPROBES */

/**
 * kprobe_post_handler() - a single-step exception in kernel mode
 * @regs: registers at the exception
 *
 * kprobes never single-steps: copies end with a trap.
 *
 * Context: single-step exception.
 * Return: 0, the exception is someone else's.
 */
int kprobe_post_handler(struct pt_regs *regs)
{
	return 0;
}

NOKPROBE_SYMBOL(kprobe_post_handler);

/* A fault of a slot's copy, turned into one at the probed address. */
static nokprobe_inline void kprobe_ppc_copy_undo(struct pt_regs *regs,
						 struct kprobe_ctlblk *kcb)
{
	regs_set_return_ip(regs, (unsigned long)kcb->cur.site->addr);
	kprobe_ppc_restore_irqs(regs, kcb->cur.saved_irq);
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the fault's number (11 for a page fault)
 *
 * A fault of the slot's copy becomes a fault of the probed instruction at
 * its own address, after the probes' fault handlers had their say; the
 * exception table and the page fault handler then see the address they
 * know.  The copy of a nested hit (one that ran no handler) faulted for
 * the handler that ran into it, and is offered as that handler's fault.
 * A fault while handlers run is theirs: the trap keeps interrupts off
 * until the hit ends.  So is one while the handlers of an ftrace hit run
 * (current_kprobe names their probe), if it is taken at the hit's
 * interrupt context level (kprobe_xol_handler_fault()).
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (__this_cpu_read(kprobe_ppc_emulating))
		return 0;
	if (site && kprobe_xol_running(kcb) &&
	    instruction_pointer(regs) == (unsigned long)site->ainsn.slot) {
		kprobe_ppc_copy_undo(regs, kcb);
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
