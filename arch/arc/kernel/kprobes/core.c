// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ARC probe hit path: the unimp_s of a probe and the unimp_s that
 * ends an out-of-line step, nested hits, and faults taken while a probe
 * is being handled.
 *
 * Both breakpoints raise the Instruction Error exception, which
 * do_insterror_or_kprobe() offers to kprobe_arc_breakpoint() below; the
 * exception is precise, so regs->ret is the unimp_s itself.  ARC has no
 * hardware single step: the instruction runs from the site's slot up to
 * the unimp_s that follows it.  A probed branch is evaluated in the
 * handler (decode.c), which also writes blink for a call, and only its
 * delay slot instruction, if it has one, runs from the slot; where to go
 * afterwards, the target or the next instruction, is kept per CPU for the
 * hit and for a nested one.  The states of a hit and its one level of
 * nesting are those of <linux/kprobes_xol.h>.
 *
 * The exception prologue turns interrupts on before any C code runs
 * (FAKE_RET_FROM_EXCPN), whatever the probed context had.  So the hit
 * path turns them off again for its own work, the copy runs with the
 * interrupt enables of STATUS32 clear in the registers it returns to
 * (STATUS_IE_MASK: IE on ARCv2, E1 and E2 on ARCompact), and preemption
 * is disabled from the hit to the end of its step or of its handlers: an
 * interrupt that slips in while the exception of the step's end is being
 * entered may hit probes itself (a nested hit), but cannot move the task
 * to a CPU whose control block knows nothing of its copy.
 *
 * The copy also runs with STATUS32.L set, so that the zero-overhead loop
 * hardware never acts on the slot's addresses; whether the probed
 * instruction ended a loop body is checked against the probed context's
 * loop registers when the step ends (kprobe_arc_resume()).
 */
#include <linux/array_size.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/limits.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/stddef.h>
#include <linux/uaccess.h>
#include <asm/arcregs.h>
#include <asm/ptrace.h>

#include "common.h"
#include "decode.h"

/* Where a probed branch goes on: [0] for a hit, [1] for a nested one. */
static DEFINE_PER_CPU(unsigned long [2], kprobe_arc_next);

/*
 * Go on at @next after @site's instruction (and delay slot).  If that is
 * the sequential address and it ends the running zero-overhead loop, do
 * what the loop hardware would have done: count down and go back to the
 * start unless this was the last round.
 */
static nokprobe_inline void kprobe_arc_resume(struct kprobe_site *site,
					      struct pt_regs *regs,
					      unsigned long next)
{
	unsigned long seq = (unsigned long)site->addr + site->ainsn.len +
			    site->ainsn.dlen;

	if (next == seq && next == regs->lp_end &&
	    !(regs->status32 & STATUS_L_MASK)) {
		regs->lp_count--;
		if (regs->lp_count)
			next = regs->lp_start;
	}
	regs->ret = next;
}

/*
 * Where struct pt_regs keeps each register a branch may read, by register
 * number; 0 for those it does not hold (no register sits at offset 0 in
 * either layout: ARCv2 starts with orig_r0, ARCompact with bta).  The two
 * instruction sets order r0 to r12 differently, and only ARCv2 saves r30.
 */
static const u8 kprobe_arc_reg_offs[32] = {
	[0] = offsetof(struct pt_regs, r0),
	[1] = offsetof(struct pt_regs, r1),
	[2] = offsetof(struct pt_regs, r2),
	[3] = offsetof(struct pt_regs, r3),
	[4] = offsetof(struct pt_regs, r4),
	[5] = offsetof(struct pt_regs, r5),
	[6] = offsetof(struct pt_regs, r6),
	[7] = offsetof(struct pt_regs, r7),
	[8] = offsetof(struct pt_regs, r8),
	[9] = offsetof(struct pt_regs, r9),
	[10] = offsetof(struct pt_regs, r10),
	[11] = offsetof(struct pt_regs, r11),
	[12] = offsetof(struct pt_regs, r12),
	[26] = offsetof(struct pt_regs, r26),
	[27] = offsetof(struct pt_regs, fp),
	[28] = offsetof(struct pt_regs, sp),
#ifdef CONFIG_ISA_ARCV2
	[30] = offsetof(struct pt_regs, r30),
#endif
	[31] = offsetof(struct pt_regs, blink),
};

/* ret_tramp.S (KRT_R()) finds r1 to r11 from r0, in the ISA's direction */
#ifdef CONFIG_ISA_ARCOMPACT
static_assert(offsetof(struct pt_regs, r0) - offsetof(struct pt_regs, r12) ==
	      12 * sizeof(long));
#else
static_assert(offsetof(struct pt_regs, r11) - offsetof(struct pt_regs, r0) ==
	      11 * sizeof(long));
#endif

/* The registers a branch may read, as struct pt_regs holds them */
static unsigned long kprobe_arc_get_reg(void *ctx, unsigned int reg)
{
	BUILD_BUG_ON(sizeof(struct pt_regs) > U8_MAX);
	if (reg >= ARRAY_SIZE(kprobe_arc_reg_offs) ||
	    !kprobe_arc_reg_offs[reg])
		return 0;	/* kprobe_arc_branch_ok() refused the others */
	return *(unsigned long *)(ctx + kprobe_arc_reg_offs[reg]);
}

NOKPROBE_SYMBOL(kprobe_arc_get_reg);

/*
 * Evaluate @site's branch on the registers the pre handlers left: where
 * it goes after its delay slot, and for a call the return address in
 * blink.
 */
static nokprobe_inline unsigned long kprobe_arc_branch(struct kprobe_site *site,
						       struct pt_regs *regs)
{
	struct arch_specific_insn *ai = &site->ainsn;
	struct kprobe_arc_branch br = {
		.word = ai->word, .limm = ai->limm,
		.len = ai->len, .dlen = ai->dlen,
	};
	unsigned long pc = (unsigned long)site->addr;
	unsigned long next;
	bool link;

	next = kprobe_arc_branch_eval(&br, pc, regs->status32,
				      kprobe_arc_get_reg, regs, &link);
	if (link)
		regs->blink = pc + ai->len + ai->dlen;
	return next;
}

/* Put back the STATUS32 bits of the probed context that the copy ran without. */
static nokprobe_inline void kprobe_arc_restore_bits(struct pt_regs *regs,
						    unsigned long saved)
{
	regs->status32 = (regs->status32 & ~KPROBE_ARC_STEP_BITS) | saved;
}

/*
 * Run @site's instruction: send the CPU into the slot with interrupts
 * off and the loop hardware inhibited, or, for a branch without a delay
 * slot, only go where it goes.  The caller holds a preemption count,
 * which a copy keeps until its step ends (kprobe_arc_step_end()) or
 * faults (kprobe_fault_handler()).
 *
 * Return: true if the copy runs; the hit then ends at its unimp_s.
 */
static nokprobe_inline bool kprobe_arc_run(struct kprobe_site *site,
					   struct pt_regs *regs,
					   struct kprobe_ctlblk *kcb,
					   bool nested)
{
	unsigned long st;

	if (site->ainsn.branch) {
		unsigned long next = kprobe_arc_branch(site, regs);

		if (!site->ainsn.slot) {
			kprobe_arc_resume(site, regs, next);
			return false;
		}
		this_cpu_write(kprobe_arc_next[nested], next);
	}
	st = regs->status32;
	kprobe_xol_start(kcb, site, st & KPROBE_ARC_STEP_BITS, nested);
	regs->status32 = (st & ~STATUS_IE_MASK) | STATUS_L_MASK;
	regs->ret = (unsigned long)site->ainsn.slot;
	return true;
}

/*
 * Is the unit at @addr still our breakpoint?  One that another CPU
 * removed after this one took it is simply run again.
 */
static nokprobe_inline bool kprobe_arc_is_bp(unsigned long addr)
{
	u16 unit;

	if (get_kernel_nofault(unit, (u16 *)addr))
		return true;	/* leave it to the kernel's own handling */
	return unit == KPROBE_ARC_BP;
}

/* Where the running copy of @site ends: its unimp_s */
static nokprobe_inline unsigned long kprobe_arc_slot_end(struct kprobe_site *site)
{
	struct arch_specific_insn *ai = &site->ainsn;

	return (unsigned long)ai->slot + (ai->branch ? ai->dlen : ai->len);
}

/* The unimp_s at the end of the running copy? Then end the step. */
static nokprobe_inline bool kprobe_arc_step_end(unsigned long addr,
						struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;
	bool nested;
	unsigned long next;

	if (!kprobe_xol_running(kcb) || addr != kprobe_arc_slot_end(site))
		return false;
	nested = kcb->cur.state == KPROBE_XOL_NESTED;
	if (site->ainsn.branch)
		next = this_cpu_read(kprobe_arc_next[nested]);
	else
		next = (unsigned long)site->addr + site->ainsn.len;
	kprobe_arc_restore_bits(regs, kcb->cur.saved_irq);
	kprobe_arc_resume(site, regs, next);
	kprobe_xol_finish(kcb, regs);
	preempt_enable_no_resched();
	return true;
}

/* An unimp_s in kernel text: a probe's, or one removed meanwhile. */
static nokprobe_inline bool kprobe_arc_probe_bp(unsigned long addr,
						struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site;
	bool nested;

	site = kprobe_site_lookup(addr);
	if (!site)
		return !kprobe_arc_is_bp(addr);
	preempt_disable();
	if (kprobe_xol_enter(kcb, site, regs, &nested)) {
		if (kprobe_arc_run(site, regs, kcb, nested))
			return true;	/* the copy keeps the count */
		kprobe_xol_emulated(kcb, site, regs, nested);
	}
	preempt_enable_no_resched();
	return true;
}

/**
 * kprobe_arc_breakpoint() - take an Instruction Error if kprobes caused it
 * @addr: the faulting instruction (EFA), which is also regs->ret
 * @regs: registers at the exception
 *
 * Context: exception, interrupts on (the prologue enabled them).
 * Return: true if the exception was a probe's or a step's end and @regs
 * say where to go on; false if it is someone else's.
 */
bool kprobe_arc_breakpoint(unsigned long addr, struct pt_regs *regs)
{
	unsigned long flags;
	bool handled;

	if (user_mode(regs))
		return false;
	local_irq_save(flags);
	handled = kprobe_arc_step_end(addr, regs) ||
	       kprobe_arc_probe_bp(addr, regs);
	local_irq_restore(flags);
	return handled;
}

NOKPROBE_SYMBOL(kprobe_arc_breakpoint);

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the exception cause register (ECR)
 *
 * A fault of the slot's copy becomes a fault at the probed address, after
 * the probes' fault handlers had their say: the kernel's own handling
 * (an exception-table fixup, a page brought in) then sees the probed
 * instruction, and going on there runs the probe again.  The copy of a
 * nested hit (one that ran no handler) faulted for the handler that ran
 * into it, and is offered as that handler's fault.  A fault while
 * handlers run is theirs.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb;
	struct kprobe_site *site;
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	kcb = this_cpu_ptr(&kprobe_ctlblk);
	site = kcb->cur.site;
	if (site && kprobe_xol_running(kcb) &&
	    regs->ret == (unsigned long)site->ainsn.slot) {
		regs->ret = (unsigned long)site->addr;
		kprobe_arc_restore_bits(regs, kcb->cur.saved_irq);
		ret = kprobe_xol_copy_fault(kcb, regs, trapnr);
		/* The count the copy held since its hit */
		preempt_enable_no_resched();
	} else {
		ret = kprobe_xol_handler_fault(kcb, regs, trapnr);
	}
	local_irq_restore(flags);
	return ret;
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
