// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The riscv probe hit path: the EBREAK of a probe and the EBREAK that
 * ends an out-of-line step, nested hits, and faults taken while a probe
 * is being handled.
 *
 * A kernel EBREAK reaches do_trap_break() as an NMI-like exception with
 * interrupts off; handle_break() asks kprobe_single_step_handler() and
 * then kprobe_breakpoint_handler() before it treats the EBREAK as a BUG
 * or a WARN.  The states of a hit and its one level of nesting are those
 * of <linux/kprobes_xol.h>.  An instruction runs either simulated (jumps,
 * branches and AUIPC, with the simulate-insn.c shared with uprobes) or as
 * its copy in the site's slot, with SPIE cleared so that the copy runs
 * with interrupts still off, up to the EBREAK that follows it.
 */
#include <linux/compiler.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_xol.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include <asm/csr.h>
#include <asm/ptrace.h>

#include "common.h"

/*
 * Run a simulated instruction: its handler moves regs->epc itself.  It
 * fails only for a register number the decoder never lets through; going
 * on past the instruction then beats trapping on it forever.
 */
static nokprobe_inline void kprobe_riscv_simulate(struct kprobe_site *site,
						  struct pt_regs *regs)
{
	struct arch_specific_insn *ai = &site->ainsn;

	if (!ai->api.handler(ai->opcode, (unsigned long)site->addr, regs))
		instruction_pointer_set(regs, (unsigned long)site->addr + ai->len);
}

/*
 * Run @site's instruction: simulate it, or send the CPU into the slot's
 * copy with interrupts kept off.
 *
 * Return: true if the copy runs; the hit then ends at its EBREAK.
 */
static nokprobe_inline bool kprobe_riscv_run(struct kprobe_site *site,
					     struct pt_regs *regs,
					     struct kprobe_ctlblk *kcb,
					     bool nested)
{
	if (!site->ainsn.api.insn) {
		kprobe_riscv_simulate(site, regs);
		return false;
	}
	kprobe_xol_start(kcb, site, regs->status & SR_PIE, nested);
	regs->status &= ~SR_PIE;
	instruction_pointer_set(regs, (unsigned long)site->ainsn.api.insn);
	return true;
}

/*
 * Is the instruction at @addr still a breakpoint?  One that another CPU
 * removed after this one took it is simply run again.
 */
static nokprobe_inline bool kprobe_riscv_is_ebreak(unsigned long addr)
{
	u16 half;
	u32 word;

	if (get_kernel_nofault(half, (u16 *)addr))
		return true;	/* leave it to the kernel's own handling */
	if (kprobe_riscv_insn_len(half) == 2)
		return half == KPROBE_RISCV_C_EBREAK;
	if (get_kernel_nofault(word, (u32 *)addr))
		return true;
	return word == KPROBE_RISCV_EBREAK;
}

/**
 * kprobe_breakpoint_handler() - a CPU reached an EBREAK in kernel text
 * @regs: registers at the EBREAK; regs->epc is its address
 *
 * Context: EBREAK exception (NMI-like), interrupts disabled.
 * Return: true if it was a probe's (or one removed meanwhile), false to
 * let the kernel treat it as a BUG or WARN.
 */
bool kprobe_breakpoint_handler(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = this_cpu_ptr(&kprobe_ctlblk);
	unsigned long addr = instruction_pointer(regs);
	struct kprobe_site *site;
	bool nested;

	if (user_mode(regs))
		return false;
	site = kprobe_site_lookup(addr);
	if (!site)
		return !kprobe_riscv_is_ebreak(addr);
	if (kprobe_xol_enter(kcb, site, regs, &nested) &&
	    !kprobe_riscv_run(site, regs, kcb, nested))
		kprobe_xol_emulated(kcb, site, regs, nested);
	return true;
}

NOKPROBE_SYMBOL(kprobe_breakpoint_handler);

/**
 * kprobe_single_step_handler() - a CPU reached the EBREAK after a copy
 * @regs: registers at the EBREAK
 *
 * Puts the interrupt state of the probed context back, resumes after the
 * probed instruction and finishes the hit (post handlers, or the outer
 * hit of a nested one).
 *
 * Context: EBREAK exception (NMI-like), interrupts disabled.
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

	regs->status = (regs->status & ~SR_PIE) | kcb->cur.saved_irq;
	instruction_pointer_set(regs, site->ainsn.api.restore);
	kprobe_xol_finish(kcb, regs);
	return true;
}

NOKPROBE_SYMBOL(kprobe_single_step_handler);

/* A fault of a slot's copy, turned into one at the probed address. */
static nokprobe_inline void kprobe_riscv_step_undo(struct pt_regs *regs,
						   struct kprobe_ctlblk *kcb)
{
	instruction_pointer_set(regs, (unsigned long)kcb->cur.site->addr);
	regs->status = (regs->status & ~SR_PIE) | kcb->cur.saved_irq;
}

/**
 * kprobe_fault_handler() - offer a kernel fault to the probe being handled
 * @regs: registers at the fault
 * @trapnr: the exception cause (scause)
 *
 * A fault of the slot's copy becomes a fault of the probed instruction at
 * its own address, after the probes' fault handlers had their say.  The
 * copy of a nested hit (one that ran no handler) faulted for the handler
 * that ran into it, and is offered as that handler's fault.  A fault
 * while handlers run is theirs: the EBREAK exception keeps
 * interrupts off until the hit ends, so no interrupt handler can have
 * come in and faulted in between.
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
		kprobe_riscv_step_undo(regs, kcb);
		return kprobe_xol_copy_fault(kcb, regs, trapnr);
	}
	return kprobe_xol_handler_fault(kcb, regs, trapnr);
}

NOKPROBE_SYMBOL(kprobe_fault_handler);
