// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The MIPS probe hit path: the break of a probe and the break that ends
 * an out-of-line step, nested hits, and faults taken while a probe is
 * being handled.
 *
 * do_bp() hands breaks with the kprobes codes to the die notifier chain
 * (the 4-bit code of a microMIPS BREAK16 as DIE_TRAP), and
 * do_page_fault() every fault; kprobe_mips_notify() below takes what
 * is ours, with interrupts off.  The states of a hit and its one level of nesting are those of
 * <linux/kprobes_xol.h>.  MIPS has no hardware single step: the
 * instruction runs from the site's slot, with interrupts off, up to the
 * break that follows it.  A probed branch is evaluated in the handler
 * (__compute_return_epc_for_insn(), which also writes the link register)
 * and only its delay slot instruction runs from the slot; where to resume
 * afterwards, the branch's target or the next instruction, is kept per
 * CPU for the hit and for a nested one.
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <asm/branch.h>
#include <asm/mipsregs.h>
#include <asm/ptrace.h>

#include "common.h"

/* Where to resume after the copy: [0] for a hit, [1] for a nested one. */
static DEFINE_PER_CPU(unsigned long [2], kprobe_mips_resume);

/*
 * Where the probed instruction leaves the CPU: after it, or for a branch
 * wherever the branch goes (evaluated now, on the registers the pre
 * handlers left).  A branch the evaluator rejects cannot be in kernel
 * text; going on after its delay slot beats trapping on it forever.
 */
static nokprobe_inline unsigned long kprobe_mips_next(struct kprobe_site *site,
						      struct pt_regs *regs)
{
	union mips_instruction insn = { .word = site->ainsn.insn };
	unsigned long addr = (unsigned long)site->addr;

	if (IS_ENABLED(CONFIG_CPU_MICROMIPS))
		return kprobe_mm_next(site, regs);
	if (!site->ainsn.branch)
		return addr + 4;
	regs->cp0_epc = addr;
	if (__compute_return_epc_for_insn(regs, insn) < 0)
		return addr + 8;
	return regs->cp0_epc;
}

/*
 * Run @site's instruction: send the CPU into the slot with interrupts
 * off, or, for a branch whose delay slot is a nop, only go where it goes.
 *
 * Return: true if the copy runs; the hit then ends at its break.
 */
static nokprobe_inline bool kprobe_mips_run(struct kprobe_site *site,
					    struct pt_regs *regs,
					    struct kprobe_ctlblk *kcb,
					    bool nested)
{
	unsigned long next = kprobe_mips_next(site, regs);

	if (!site->ainsn.slot) {
		regs->cp0_epc = next;
		return false;
	}
	this_cpu_write(kprobe_mips_resume[nested], next);
	kprobe_xol_start(kcb, site, regs->cp0_status & ST0_IE, nested);
	regs->cp0_status &= ~ST0_IE;
	regs->cp0_epc = (unsigned long)site->ainsn.slot | KPROBE_MIPS_ISA_BIT;
	return true;
}

/*
 * A break with no site at @addr: was it a probe's, removed meanwhile?  On
 * microMIPS the probes' BREAK16 shares its code with any 32-bit break of
 * that code, so the probe is gone only if no break of either length is
 * there any more.
 */
static nokprobe_inline bool kprobe_mips_bp_gone(unsigned long addr)
{
	u16 hw[2];

	if (!IS_ENABLED(CONFIG_CPU_MICROMIPS))
		return kprobe_xol_bp_gone(addr, KPROBE_MIPS_BP);
	if (get_kernel_nofault(hw[0], (u16 *)addr))
		return false;
	if ((hw[0] & ~0xf) == (KPROBE_MM_BP & ~0xf))
		return false;
	if (hw[0] >> 10 == mm_pool32a_op &&
	    (get_kernel_nofault(hw[1], (u16 *)addr + 1) ||
	     (hw[1] & 0x3f) == KPROBE_MM_BREAK_MINOR))
		return false;
	return true;
}

/*
 * A probe's break (BRK_KPROBE_BP, or on microMIPS the BREAK16 of
 * KPROBE_MM_BRK16_CODE), or one removed meanwhile.
 */
static nokprobe_inline bool kprobe_mips_break(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = kprobe_mips_pc(regs);
	struct kprobe_site *site;
	bool nested;

	site = kprobe_site_lookup(addr);
	if (!site)
		return kprobe_mips_bp_gone(addr);
	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_mips_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	return true;
}

/* A break BRK_KPROBE_SSTEPBP: the end of the running copy. */
static nokprobe_inline bool kprobe_mips_step_end(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;
	bool nested;

	if (!kprobe_xol_running(kcb) ||
	    kprobe_mips_pc(regs) != (unsigned long)site->ainsn.slot +
				    site->ainsn.copy_len)
		return false;
	nested = kcb->cur.state == KPROBE_XOL_NESTED;
	regs->cp0_status = (regs->cp0_status & ~ST0_IE) | kcb->cur.saved_irq;
	regs->cp0_epc = this_cpu_read(kprobe_mips_resume[nested]);
	kprobe_xol_finish(kcb, regs);
	return true;
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the exception code
 *
 * A fault of the slot's copy becomes a fault at the probed address
 * (for a branch's delay slot, of the branch, which runs again), after the
 * probes' fault handlers had their say.  The copy of a nested hit (one
 * that ran no handler) faulted for the handler that ran into it, and is
 * offered as that handler's fault.  A fault while handlers run is theirs.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (site && kprobe_xol_running(kcb) &&
	    kprobe_mips_pc(regs) == (unsigned long)site->ainsn.slot) {
		regs->cp0_epc = (unsigned long)site->addr | KPROBE_MIPS_ISA_BIT;
		regs->cp0_status = (regs->cp0_status & ~ST0_IE) |
				   kcb->cur.saved_irq;
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);

/* Page faults of any context come here: only those during a hit are ours. */
static nokprobe_inline bool kprobe_mips_page_fault(struct pt_regs *regs,
						   int trapnr)
{
	bool fixed = false;

	if (user_mode(regs))
		return false;
	preempt_disable();
	if (kprobe_running() || kprobe_xol_running(this_cpu_ptr(&kprobe_ctlblk)))
		fixed = kprobe_fault_handler(regs, trapnr);
	preempt_enable();
	return fixed;
}

static int kprobe_mips_notify(struct notifier_block *nb, unsigned long val,
			      void *data)
{
	struct die_args *args = data;
	unsigned long flags;
	bool handled = false;

	if (user_mode(args->regs))
		return NOTIFY_DONE;
	/*
	 * do_bp() runs with interrupts on: the hit path turns them off, as
	 * the contract wants, so that it is neither interrupted nor moved to
	 * another CPU between the break and the end of the step.
	 */
	switch (val) {
	case DIE_TRAP:
		/* microMIPS: the probes' BREAK16 comes as a break "trap". */
		if (!IS_ENABLED(CONFIG_CPU_MICROMIPS) ||
		    args->err != KPROBE_MM_BRK16_CODE ||
		    args->trapnr != EXCCODE_BP)
			break;
		local_irq_save(flags);
		handled = kprobe_mips_break(args->regs);
		local_irq_restore(flags);
		break;
	case DIE_BREAK:
		if (IS_ENABLED(CONFIG_CPU_MICROMIPS))
			break;
		local_irq_save(flags);
		handled = kprobe_mips_break(args->regs);
		local_irq_restore(flags);
		break;
	case DIE_SSTEPBP:
		local_irq_save(flags);
		handled = kprobe_mips_step_end(args->regs);
		local_irq_restore(flags);
		break;
	case DIE_PAGE_FAULT:
		handled = kprobe_mips_page_fault(args->regs, args->trapnr);
		break;
	}
	return handled ? NOTIFY_STOP : NOTIFY_DONE;
}

NOKPROBE_SYMBOL(kprobe_mips_notify);

/* Ahead of kgdb's notifier, which would take the breaks as its own. */
static struct notifier_block kprobe_mips_nb = {
	.notifier_call = kprobe_mips_notify,
	.priority = INT_MAX,
};

static int __init kprobe_mips_init(void)
{
	return register_die_notifier(&kprobe_mips_nb);
}
early_initcall(kprobe_mips_init);
