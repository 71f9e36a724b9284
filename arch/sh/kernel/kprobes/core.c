// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SuperH probe hit path: the trap of a probe and the trap that ends
 * an out-of-line step, nested hits, and faults taken while a probe is
 * being handled.
 *
 * A trapa in the kernel's debug range reaches debug_trap_handler(), which
 * points the PC back at the trapa and raises DIE_TRAP on the die notifier
 * chain; kprobe_sh_notify() below takes what is ours, with interrupts
 * off.  do_page_fault() offers kernel faults through kprobe_page_fault().
 * The states of a hit and its one level of nesting are those of
 * <linux/kprobes_xol.h>.
 *
 * SuperH has no hardware single step: the instruction runs from the
 * site's slot up to the trap that follows it, with SR.IMASK at 15 (every
 * interrupt but NMI masked); the probed context's mask is put back after
 * the trap.  Some instructions never leave the handler (see text.c):
 * PC-relative loads, stc sr,Rn, bt and bf.  A branch with a delay slot is
 * evaluated here on the registers the pre handlers left, before its delay
 * slot instruction runs from the slot, as the CPU reads them; where to
 * resume afterwards is kept per CPU for the hit and for a nested one.
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kdebug.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <linux/processor.h>
#include <asm/ptrace.h>

#include "common.h"

/* SR.T, the condition bit bt and bf test. */
#define KPROBE_SH_SR_T		0x00000001

/* Where to resume after the copy: [0] for a hit, [1] for a nested one. */
static DEFINE_PER_CPU(unsigned long [2], kprobe_sh_resume);

/* Is a conditional branch @insn (bt, bf, bt/s or bf/s) taken? */
static nokprobe_inline bool kprobe_sh_taken(kprobe_opcode_t insn,
					    struct pt_regs *regs)
{
	bool t = regs->sr & KPROBE_SH_SR_T;

	/* Bit 9 is clear for bt and bt/s, set for bf and bf/s. */
	return (insn & 0x0200) ? !t : t;
}

/*
 * Where a branch with a delay slot goes, read from the registers as they
 * are before the delay slot; the calls also set PR to the address after
 * the delay slot.
 */
static nokprobe_inline unsigned long kprobe_sh_target(struct kprobe_site *site,
						      struct pt_regs *regs)
{
	kprobe_opcode_t insn = site->ainsn.insn;
	unsigned long addr = (unsigned long)site->addr;
	unsigned long rm = regs->regs[kprobe_sh_reg8(insn)];

	switch (insn & 0xf000) {
	case 0xb000:					/* bsr */
		regs->pr = addr + 4;
		fallthrough;
	case 0xa000:					/* bra */
		return addr + 4 + kprobe_sh_disp12(insn);
	case 0x8000:					/* bt/s, bf/s */
		if (kprobe_sh_taken(insn, regs))
			return addr + 4 + kprobe_sh_disp8(insn);
		return addr + 4;
	}
	switch (insn & 0xf0ff) {
	case 0x0003:					/* bsrf Rm */
		regs->pr = addr + 4;
		fallthrough;
	case 0x0023:					/* braf Rm */
		return addr + 4 + rm;
	case 0x400b:					/* jsr @Rm */
		regs->pr = addr + 4;
		fallthrough;
	case 0x402b:					/* jmp @Rm */
		return rm;
	}
	return regs->pr;				/* rts */
}

/*
 * Do what the handler does itself for @site's instruction, and say where
 * the CPU goes next.
 */
static nokprobe_inline unsigned long kprobe_sh_emulate(struct kprobe_site *site,
						       struct pt_regs *regs)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;

	switch (ai->kind) {
	case KPROBE_SH_LOAD:
		if ((ai->insn & 0xf000) == 0x9000)		/* mov.w */
			regs->regs[ai->reg] = (long)READ_ONCE(*(s16 *)ai->value);
		else if ((ai->insn & 0xf000) == 0xd000)		/* mov.l */
			regs->regs[ai->reg] = READ_ONCE(*(u32 *)ai->value);
		else						/* mova */
			regs->regs[ai->reg] = ai->value;
		break;
	case KPROBE_SH_STC_SR:
		regs->regs[ai->reg] = regs->sr;
		break;
	case KPROBE_SH_COND:
		if (kprobe_sh_taken(ai->insn, regs))
			return addr + 4 + kprobe_sh_disp8(ai->insn);
		break;
	}
	return addr + 2;
}

/*
 * Run @site's instruction: send the CPU into the slot with interrupts
 * masked, or do it here.
 *
 * Return: true if the copy runs; the hit then ends at its trap.
 */
static nokprobe_inline bool kprobe_sh_run(struct kprobe_site *site,
					  struct pt_regs *regs,
					  struct kprobe_ctlblk *kcb,
					  bool nested)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long next;

	switch (ai->kind) {
	case KPROBE_SH_COPY:
		next = (unsigned long)site->addr + 2;
		break;
	case KPROBE_SH_DELAYED:
		next = kprobe_sh_target(site, regs);
		break;
	default:
		next = kprobe_sh_emulate(site, regs);
		break;
	}
	if (!ai->slot) {
		regs->pc = next;
		return false;
	}
	this_cpu_write(kprobe_sh_resume[nested], next);
	kprobe_xol_start(kcb, site, regs->sr & SR_IMASK, nested);
	regs->sr |= SR_IMASK;
	regs->pc = (unsigned long)ai->slot;
	return true;
}

/*
 * A trapa at @addr with no site: ours if the trapa is gone, a probe that
 * another CPU removed after this one took it (the instruction is simply
 * run again).  Any other trapa is left to the kernel.
 */
static nokprobe_inline bool kprobe_sh_gone(unsigned long addr)
{
	kprobe_opcode_t insn;

	if (get_kernel_nofault(insn, (kprobe_opcode_t *)addr))
		return false;
	return !KPROBE_SH_IS_TRAPA(insn);
}

/* The trap that ends the running copy: back after the probed instruction. */
static nokprobe_inline bool kprobe_sh_step_end(struct pt_regs *regs,
					       struct kprobe_ctlblk *kcb)
{
	bool nested = kcb->cur.state == KPROBE_XOL_NESTED;

	regs->sr = (regs->sr & ~SR_IMASK) | kcb->cur.saved_irq;
	regs->pc = this_cpu_read(kprobe_sh_resume[nested]);
	kprobe_xol_finish(kcb, regs);
	return true;
}

/* A kernel trapa in the debug range: a probe, the end of a copy, or not ours. */
static nokprobe_inline bool kprobe_sh_trap(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = regs->pc;
	struct kprobe_site *site;
	bool nested;

	if (kprobe_xol_running(kcb) &&
	    addr == (unsigned long)kcb->cur.site->ainsn.slot + 2)
		return kprobe_sh_step_end(regs, kcb);

	site = kprobe_site_lookup(addr);
	if (!site)
		return kprobe_sh_gone(addr);
	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_sh_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	return true;
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the exception vector
 *
 * A fault of the slot's copy becomes a fault at the probed address
 * (for a branch's delay slot, of the branch, which runs again), after the
 * probes' fault handlers had their say.  The copy of a nested hit (one
 * that ran no handler) faulted for the handler that ran into it, and is
 * offered as that handler's fault.  A fault while handlers run is theirs.
 *
 * Context: exception, preemption or interrupts disabled,
 * kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (site && kprobe_xol_running(kcb) &&
	    regs->pc == (unsigned long)site->ainsn.slot) {
		regs->pc = (unsigned long)site->addr;
		regs->sr = (regs->sr & ~SR_IMASK) | kcb->cur.saved_irq;
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);

static int kprobe_sh_notify(struct notifier_block *nb, unsigned long val,
			    void *data)
{
	struct die_args *args = data;
	unsigned long flags;
	bool handled;

	if (val != DIE_TRAP || user_mode(args->regs))
		return NOTIFY_DONE;
	/*
	 * The debug trap handler may run with interrupts on: the hit path
	 * turns them off, as the contract wants, so that it is neither
	 * interrupted nor moved to another CPU between the trap and the end
	 * of the step.
	 */
	local_irq_save(flags);
	handled = kprobe_sh_trap(args->regs);
	local_irq_restore(flags);
	return handled ? NOTIFY_STOP : NOTIFY_DONE;
}

NOKPROBE_SYMBOL(kprobe_sh_notify);

/* Ahead of kgdb's notifier, which would take the traps as its own. */
static struct notifier_block kprobe_sh_nb = {
	.notifier_call = kprobe_sh_notify,
	.priority = INT_MAX,
};

static int __init kprobe_sh_init(void)
{
	return register_die_notifier(&kprobe_sh_nb);
}
early_initcall(kprobe_sh_init);
