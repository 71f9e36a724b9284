// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The 32-bit arm probe hit path: the undefined instruction of a probe,
 * nested hits, and faults taken while a probe is being handled.
 *
 * A probe is an undefined instruction reserved for kprobes.  The kernel
 * takes it in __und_svc with interrupts off and hands it to the undef
 * hooks registered below.  Unlike the architectures that step a copy and
 * trap again, arm finishes a hit inside that one exception: the decoder
 * that kprobes shares with uprobes either simulates the instruction in C
 * or emulates it by calling its rewritten copy in the site's slot as a
 * function, with the probed registers loaded (insn_singlestep()).  So a
 * hit never leaves the handler half done, and a nested hit (a handler
 * running into another probe) only counts a miss and runs its
 * instruction the same way, on the stack of the outer one.
 *
 * The per-CPU struct kprobe_arm_ctlblk says which site's handlers run
 * and which site's instruction runs, which is all kprobe_fault_handler()
 * needs to tell whose a fault is.
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kprobes_arch.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

#include "core.h"

/**
 * struct kprobe_arm_ctlblk - what this CPU does for the probes it hit
 * @hit: the site whose handlers run, NULL outside a hit
 * @step: the site whose instruction runs, NULL otherwise
 * @step_regs: the registers @step's instruction works on
 * @step_nested: @step is a nested hit's (its own handlers did not run)
 * @fixed: a fault handler fixed a fault of @step's instruction: the
 *	registers to resume with are in @fix
 * @fix: the registers handed to the fault handler
 */
struct kprobe_arm_ctlblk {
	struct kprobe_site *hit;
	struct kprobe_site *step;
	struct pt_regs *step_regs;
	bool step_nested;
	bool fixed;
	struct pt_regs fix;
};

static DEFINE_PER_CPU(struct kprobe_arm_ctlblk, kprobe_arm_ctlblk);

/**
 * arch_kprobe_hit_abandoned() - forget this CPU's hit after an oops
 *
 * The hit and step this CPU was handling died with the context that
 * oopsed in them; the next hit here is not a nested one.
 *
 * Context: the oops path (die notifier) on the CPU that oopsed.
 */
void arch_kprobe_hit_abandoned(void)
{
	struct kprobe_arm_ctlblk *kcb = this_cpu_ptr(&kprobe_arm_ctlblk);

	kcb->hit = NULL;
	kcb->step = NULL;
	kcb->fixed = false;
}

NOKPROBE_SYMBOL(arch_kprobe_hit_abandoned);

/* Go past @site's instruction without running it (its condition failed). */
static nokprobe_inline void kprobe_arm_skip(struct kprobe_site *site,
					    struct pt_regs *regs)
{
	if (thumb_mode(regs))
		regs->ARM_cpsr = it_advance(regs->ARM_cpsr);
	regs->ARM_pc += site->ainsn.len;
}

/*
 * Run @site's instruction, whose condition passed, on @regs.
 * Return: false if it faulted and a fault handler moved the registers
 * elsewhere (they are in @regs now); the post handlers then do not run.
 */
static nokprobe_inline bool kprobe_arm_run_insn(struct kprobe_arm_ctlblk *kcb,
						struct kprobe_site *site,
						struct pt_regs *regs,
						bool nested)
{
	struct arch_specific_insn *ai = &site->ainsn;

	kcb->step_regs = regs;
	kcb->step_nested = nested;
	kcb->fixed = false;
	/* Filled in before the instruction can fault: same CPU only. */
	barrier();
	kcb->step = site;
	barrier();
	ai->api.insn_singlestep(ai->opcode, &ai->api, regs);
	barrier();
	kcb->step = NULL;
	if (likely(!kcb->fixed))
		return true;
	*regs = kcb->fix;
	return false;
}

/*
 * A probe hit while this CPU handles another: count a miss and run the
 * instruction, or skip it if its condition fails.
 */
static nokprobe_inline void kprobe_arm_nested(struct kprobe_arm_ctlblk *kcb,
					      struct kprobe_site *site,
					      struct pt_regs *regs)
{
	struct kprobe_arm_ctlblk outer;

	kprobe_site_missed(site);
	if (!site->ainsn.api.insn_check_cc(regs->ARM_cpsr)) {
		kprobe_arm_skip(site, regs);
		return;
	}
	/*
	 * Hit while another instruction's step is under way (from a fault
	 * it took): that step's state comes back once this one is done.
	 */
	if (unlikely(kcb->step)) {
		outer = *kcb;
		kprobe_arm_run_insn(kcb, site, regs, true);
		*kcb = outer;
		return;
	}
	kprobe_arm_run_insn(kcb, site, regs, true);
}

/* A probe hit with no other probe being handled on this CPU. */
static nokprobe_inline void kprobe_arm_hit(struct kprobe_arm_ctlblk *kcb,
					   struct kprobe_site *site,
					   struct pt_regs *regs)
{
	kprobe_hit_begin();
	kcb->hit = site;
	/* A conditional instruction that would not run is no hit. */
	if (!site->ainsn.api.insn_check_cc(regs->ARM_cpsr)) {
		kprobe_arm_skip(site, regs);
		goto out;
	}
	if (kprobe_site_run_pre(site, regs))
		goto out;
	if (kprobe_arm_run_insn(kcb, site, regs, false) &&
	    kprobe_site_wants_post(site))
		kprobe_site_run_post(site, regs);
out:
	kcb->hit = NULL;
	/* Emptied before current_kprobe is: pairs with a nested hit's test. */
	barrier();
	kprobe_hit_end_current();
}

/*
 * Is the instruction at @addr still a probe's?  One that another CPU
 * removed after this one took it is simply run again.
 */
static nokprobe_inline bool kprobe_arm_still_break(unsigned long addr,
						   bool thumb)
{
	u16 half;
	u32 word;

	if (!thumb) {
		if (get_kernel_nofault(word, (u32 *)addr))
			return true;
		word = __mem_to_opcode_arm(word);
		return (word & 0x0fffffff) == KPROBE_ARM_BREAKPOINT_INSTRUCTION;
	}
	if (get_kernel_nofault(half, (u16 *)addr))
		return true;
	half = __mem_to_opcode_thumb16(half);
	if (half == KPROBE_THUMB16_BREAKPOINT_INSTRUCTION)
		return true;
	return half == KPROBE_THUMB32_BREAKPOINT_INSTRUCTION >> 16;
}

/*
 * The undef hook of the probe instructions.
 *
 * Context: undefined instruction exception in SVC mode, interrupts off.
 * Return: 0 if the instruction was a probe's (or one removed meanwhile),
 * 1 to let the kernel treat it as undefined.
 */
static int kprobe_arm_trap(struct pt_regs *regs, unsigned int instr)
{
	struct kprobe_arm_ctlblk *kcb = this_cpu_ptr(&kprobe_arm_ctlblk);
	unsigned long addr = instruction_pointer(regs);
	struct kprobe_site *site;

	site = kprobe_site_lookup(addr);
	if (!site)
		return kprobe_arm_still_break(addr, thumb_mode(regs));
	if (kprobe_running() || kcb->hit) {
		kprobe_arm_nested(kcb, site, regs);
		return 0;
	}
	kprobe_arm_hit(kcb, site, regs);
	return 0;
}

NOKPROBE_SYMBOL(kprobe_arm_trap);

/**
 * kprobe_arm_opt_hit() - an optimized site's jump reached its detour
 * @site: the site, an argument the detour buffer carries
 * @regs: the probed registers the detour saved, pc at the probed address;
 *	the detour resumes with them, at regs->ARM_pc
 *
 * The same hit as through the probe instruction, interrupts off as they
 * are in its exception; the probed context's own state is in @regs.
 *
 * Context: the probed context, called from the detour buffer
 * (arch/arm/probes/kprobes/opt_tmpl.S).
 */
void kprobe_arm_opt_hit(struct kprobe_site *site, struct pt_regs *regs)
{
	struct kprobe_arm_ctlblk *kcb;
	unsigned long flags;

	local_irq_save(flags);
	kcb = this_cpu_ptr(&kprobe_arm_ctlblk);
	if (kprobe_running() || kcb->hit)
		kprobe_arm_nested(kcb, site, regs);
	else
		kprobe_arm_hit(kcb, site, regs);
	local_irq_restore(flags);
}

NOKPROBE_SYMBOL(kprobe_arm_opt_hit);

/* Is @pc inside @site's slot, where its emulated instruction runs? */
static nokprobe_inline bool kprobe_arm_in_slot(struct kprobe_site *site,
					       unsigned long pc)
{
	unsigned long slot = (unsigned long)site->ainsn.api.insn;

	return slot && pc - slot < KPROBE_SLOT_SIZE;
}

/*
 * The instruction of kcb->step faulted in its slot.  Its probes' fault
 * handlers (for a nested hit: the fault handler of the probe whose
 * handler ran into it) see the registers of the probed context with pc
 * at the probed address.  If one fixes the fault, the slot returns at
 * once and kprobe_arm_run_insn() resumes with the registers it left.
 */
static nokprobe_inline int kprobe_arm_step_fault(struct kprobe_arm_ctlblk *kcb,
						 struct pt_regs *regs,
						 int trapnr)
{
	struct kprobe_site *site = kcb->step;
	struct kprobe_site *owner = kcb->step_nested ? kcb->hit : site;

	kcb->fix = *kcb->step_regs;
	kcb->fix.ARM_pc = (unsigned long)site->addr;
	if (owner && kprobe_site_fault(owner, &kcb->fix, trapnr)) {
		kcb->fixed = true;
		/* The return that follows the copy in the slot. */
		regs->ARM_pc = (unsigned long)site->ainsn.api.insn +
			       site->ainsn.len;
		return 1;
	}
	/* Nobody fixed it: the kernel reports it at the probed address. */
	regs->ARM_pc = (unsigned long)site->addr;
	kcb->step = NULL;
	return 0;
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the fault status (FSR)
 *
 * A fault of a probed instruction's emulation in its slot is offered as
 * a fault of the probed instruction at its own address.  A fault while
 * handlers run is theirs: the undefined instruction exception keeps
 * interrupts off until the hit ends, so no interrupt handler can have
 * come in and faulted in between.
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_arm_ctlblk *kcb = this_cpu_ptr(&kprobe_arm_ctlblk);

	if (kcb->step) {
		if (kprobe_arm_in_slot(kcb->step, instruction_pointer(regs)))
			return kprobe_arm_step_fault(kcb, regs, trapnr);
		return 0;
	}
	if (kcb->hit)
		return kprobe_site_fault(kcb->hit, regs, trapnr);
	return 0;
}

NOKPROBE_SYMBOL(kprobe_fault_handler);

/*
 * The probe instructions, whatever the condition field of an ARM one, in
 * SVC mode only: user space has its own (uprobes).
 */
static struct undef_hook kprobe_arm_hooks[] = {
	{
		.instr_mask	= 0x0fffffff,
		.instr_val	= KPROBE_ARM_BREAKPOINT_INSTRUCTION,
		.cpsr_mask	= MODE_MASK | PSR_T_BIT,
		.cpsr_val	= SVC_MODE,
		.fn		= kprobe_arm_trap,
	},
	{
		.instr_mask	= 0xffff,
		.instr_val	= KPROBE_THUMB16_BREAKPOINT_INSTRUCTION,
		.cpsr_mask	= MODE_MASK | PSR_T_BIT,
		.cpsr_val	= SVC_MODE | PSR_T_BIT,
		.fn		= kprobe_arm_trap,
	},
	{
		.instr_mask	= 0xffffffff,
		.instr_val	= KPROBE_THUMB32_BREAKPOINT_INSTRUCTION,
		.cpsr_mask	= MODE_MASK | PSR_T_BIT,
		.cpsr_val	= SVC_MODE | PSR_T_BIT,
		.fn		= kprobe_arm_trap,
	},
};

/*
 * Before any probe can be armed: the decoder measures how this CPU
 * stores pc, and the hooks go in, Thumb's only in a Thumb-2 kernel.
 */
static int __init kprobe_arm_init(void)
{
	unsigned int i, n = IS_ENABLED(CONFIG_THUMB2_KERNEL) ? 3 : 1;

	arm_probes_decode_init();
	for (i = 0; i < n; i++)
		register_undef_hook(&kprobe_arm_hooks[i]);
	return 0;
}
early_initcall(kprobe_arm_init);
