// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The s390 probe hit path: the breakpoint of a probe, the PER event that
 * ends the step of its copy, nested hits, and faults taken while a probe
 * is being handled.
 *
 * A probe is an invalid two-byte instruction; its operation exception
 * reaches kprobe_s390_notify() as DIE_BPT with the PSW past it.  The copy
 * of the probed instruction in the site's slot is then stepped with the
 * CPU's program event recording: an instruction-fetch event on the slot's
 * address alone, with I/O and external interrupts masked, interrupts the
 * CPU right after the copy ran (DIE_SSTEP).  The shared instruction
 * classes (arch/s390/lib/probes.c) say how to move the results from the
 * slot back to the probed address: the next instruction, a branch not
 * taken, the link register of a branch-and-save.  The states of a hit
 * and its one level of nesting are those of <linux/kprobes_xol.h>; the
 * control registers the step replaces are kept per CPU for each level.
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <asm/ctlreg.h>
#include <asm/dis.h>
#include <asm/ptrace.h>
#include <asm/stacktrace.h>

/* PER control registers 9 to 11 as they were: [0] a hit, [1] a nested one. */
static DEFINE_PER_CPU(struct ctlreg [2][3], kprobe_s390_saved_ctl);

/* The PSW bits a step changes: PER on, I/O and external interrupts off. */
#define KPROBE_S390_STEP_MASK	(PSW_MASK_PER | PSW_MASK_IO | PSW_MASK_EXT)

/**
 * kprobe_s390_set_saved_r14() - name @addr as the return address of the
 *	call whose key is @frame
 * @frame: the stack pointer the call was entered with
 * @addr: its real return address
 *
 * Context: the return trampoline's handler.
 */
void kprobe_s390_set_saved_r14(unsigned long frame, unsigned long addr)
{
	WRITE_ONCE(((struct stack_frame *)frame)->gprs[8], addr);
}

NOKPROBE_SYMBOL(kprobe_s390_set_saved_r14);

/* Step @site's copy: a PER fetch event on the slot's address only. */
static nokprobe_inline void kprobe_s390_start_step(struct kprobe_site *site,
						   struct pt_regs *regs,
						   struct kprobe_ctlblk *kcb,
						   bool nested)
{
	unsigned long slot = (unsigned long)site->ainsn.slot;
	struct ctlreg per[3] = {
		{ .val = PER_EVENT_IFETCH }, { .val = slot }, { .val = slot },
	};

	__local_ctl_store(9, 11, *this_cpu_ptr(&kprobe_s390_saved_ctl[nested]));
	__local_ctl_load(9, 11, per);
	kprobe_xol_start(kcb, site, regs->psw.mask & KPROBE_S390_STEP_MASK,
			 nested);
	regs->psw.mask &= ~(PSW_MASK_IO | PSW_MASK_EXT);
	regs->psw.mask |= PSW_MASK_PER;
	regs->psw.addr = slot;
}

/* Undo the step's PER setting and interrupt mask; resume at @addr. */
static nokprobe_inline void kprobe_s390_end_step(struct pt_regs *regs,
						 struct kprobe_ctlblk *kcb,
						 unsigned long addr)
{
	bool nested = kcb->cur.state == KPROBE_XOL_NESTED;

	__local_ctl_load(9, 11, *this_cpu_ptr(&kprobe_s390_saved_ctl[nested]));
	regs->psw.mask &= ~KPROBE_S390_STEP_MASK;
	regs->psw.mask |= kcb->cur.saved_irq;
	regs->psw.addr = addr;
}

/*
 * Where the stepped copy of @site left the CPU, moved back from the slot
 * to the probed address; fixes the link register of a branch-and-save.
 */
static nokprobe_inline unsigned long kprobe_s390_fixup(struct kprobe_site *site,
						       struct pt_regs *regs)
{
	unsigned long slot = (unsigned long)site->ainsn.slot;
	unsigned long addr = (unsigned long)site->addr;
	unsigned long ip = regs->psw.addr;
	int fixup = probe_get_fixup_type(site->ainsn.slot);

	if (fixup & FIXUP_PSW_NORMAL)
		ip += addr - slot;
	if ((fixup & FIXUP_BRANCH_NOT_TAKEN) && ip == slot + site->ainsn.len)
		ip = addr + site->ainsn.len;
	if (fixup & FIXUP_RETURN_REGISTER) {
		int reg = (site->ainsn.insn[0] & 0xf0) >> 4;

		regs->gprs[reg] += addr - slot;
	}
	return ip;
}

/*
 * LARL (load address relative long) is the commonest relative-long
 * instruction in function prologues; it is computed here rather than
 * stepped from the slot.  Any slot is within reach of the re-aimed
 * 32-bit halfword displacement (±4 GB), but QEMU's TCG computes it with
 * only ±2 GB (the same wrong address a copied LARL computes there), and
 * a simulation is cheaper than a step anyway.
 *
 * Return: true if @site's instruction was LARL and ran here.
 */
static nokprobe_inline bool kprobe_s390_simulate(struct kprobe_site *site,
						 struct pt_regs *regs)
{
	const u16 *insn = site->ainsn.insn;
	unsigned long addr = (unsigned long)site->addr;
	s32 disp;

	if ((insn[0] & 0xff0f) != 0xc000)
		return false;
	disp = (s32)((u32)insn[1] << 16 | insn[2]);
	regs->gprs[(insn[0] >> 4) & 0xf] = addr + 2 * (s64)disp;
	regs->psw.addr = addr + 6;
	return true;
}

/*
 * Run @site's instruction: compute it, or step its copy.
 *
 * Return: true if the copy runs; the hit then ends at its PER event.
 */
static nokprobe_inline bool kprobe_s390_run(struct kprobe_site *site,
					    struct pt_regs *regs,
					    struct kprobe_ctlblk *kcb,
					    bool nested)
{
	if (kprobe_s390_simulate(site, regs))
		return false;
	kprobe_s390_start_step(site, regs, kcb, nested);
	return true;
}

/* An operation exception: a probe's breakpoint, or not ours. */
static nokprobe_inline bool kprobe_s390_break(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = regs->psw.addr - 2;
	struct kprobe_site *site;
	bool nested;

	/*
	 * Every operation exception in the kernel comes here: one with no
	 * site is not a probe's.  (A probe removed between its exception and
	 * this lookup would be reported as an invalid instruction; a batch
	 * waits for every CPU with text_poke_sync() after writing, which
	 * makes that window the exception entry's few instructions.)
	 */
	site = kprobe_site_lookup(addr);
	if (!site)
		return false;
	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_s390_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	return true;
}

/* The PER event after a copy: finish the hit. */
static nokprobe_inline bool kprobe_s390_step_done(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);

	if (!kprobe_xol_running(kcb))
		return false;
	kprobe_s390_end_step(regs, kcb, kprobe_s390_fixup(kcb->cur.site, regs));
	kprobe_xol_finish(kcb, regs);
	return true;
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the program interruption code
 *
 * A fault of the slot's copy becomes a fault at the probed address, after
 * the probes' fault handlers had their say, so that the exception table
 * and the fault handler see the address they know.  The copy of a nested
 * hit (one that ran no handler) faulted for the handler that ran into it,
 * and is offered as that handler's fault.  A fault while handlers run is
 * theirs, those of an ftrace hit included (current_kprobe names their
 * probe).
 *
 * Context: exception, preemption disabled, kprobe_running() is set.
 * Return: 1 if a probe's fault handler fixed the fault, 0 otherwise.
 */
int kprobe_fault_handler(struct pt_regs *regs, int trapnr)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	struct kprobe_site *site = kcb->cur.site;

	if (site && kprobe_xol_running(kcb)) {
		kprobe_s390_end_step(regs, kcb, (unsigned long)site->addr);
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);

/* Other program checks of a copy (DIE_TRAP) are handled as its faults. */
static nokprobe_inline bool kprobe_s390_trap(struct pt_regs *regs, int trapnr)
{
	bool fixed = false;

	preempt_disable();
	if (kprobe_running() || kprobe_xol_running(this_cpu_ptr(&kprobe_ctlblk)))
		fixed = kprobe_fault_handler(regs, trapnr);
	preempt_enable();
	return fixed;
}

static int kprobe_s390_notify(struct notifier_block *nb, unsigned long val,
			      void *data)
{
	struct die_args *args = data;
	unsigned long flags;
	bool handled = false;

	if (user_mode(args->regs))
		return NOTIFY_DONE;
	/*
	 * The program check handler has given the CPU back the interrupt
	 * mask of the interrupted context: the hit path runs with interrupts
	 * off, as the contract wants, so that it is neither interrupted nor
	 * moved to another CPU between the breakpoint and the step.
	 */
	switch (val) {
	case DIE_BPT:
		local_irq_save(flags);
		handled = kprobe_s390_break(args->regs);
		local_irq_restore(flags);
		break;
	case DIE_SSTEP:
		local_irq_save(flags);
		handled = kprobe_s390_step_done(args->regs);
		local_irq_restore(flags);
		break;
	case DIE_TRAP:
		handled = kprobe_s390_trap(args->regs, args->trapnr);
		break;
	}
	return handled ? NOTIFY_STOP : NOTIFY_DONE;
}

NOKPROBE_SYMBOL(kprobe_s390_notify);

static struct notifier_block kprobe_s390_nb = {
	.notifier_call = kprobe_s390_notify,
	.priority = INT_MAX,
};

static int __init kprobe_s390_init(void)
{
	return register_die_notifier(&kprobe_s390_nb);
}
early_initcall(kprobe_s390_init);
