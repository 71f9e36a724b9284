// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Carrying out probed x86-64 instructions in the int3 handler instead of
 * running them out of line: everything that changes the instruction
 * pointer other than by falling through, and the interrupt flag
 * instructions.  Each operation updates the registers, the stack and the
 * flags exactly as the CPU would have at the probed address.
 *
 * Pushing onto the interrupted stack is safe: the x86-64 int3 entry
 * leaves a gap below the interrupted stack pointer (see
 * int3_emulate_push()).
 */
#include <linux/kprobes_arch.h>
#include <asm/ptrace.h>
#include <asm/text-patching.h>

#include "common.h"

/* Flags popf may not change from ring 0 in 64-bit mode. */
#define KPROBE_POPF_KEEP	(X86_EFLAGS_VM | X86_EFLAGS_VIF | X86_EFLAGS_VIP)

/* The register an indirect branch goes through, by its pt_regs offset. */
static __always_inline unsigned long kprobe_branch_reg(struct kprobe_site *site,
						       struct pt_regs *regs)
{
	return *(unsigned long *)((u8 *)regs + site->ainsn.reg);
}

/* Decide whether a loop-family branch at @site is taken; updates rcx. */
static __always_inline bool kprobe_loop_taken(struct kprobe_site *site,
					      struct pt_regs *regs)
{
	bool zf = regs->flags & X86_EFLAGS_ZF;

	if (site->ainsn.cond == KPROBE_LOOP_JRCXZ)
		return !regs->cx;

	regs->cx--;
	if (!regs->cx)
		return false;
	if (site->ainsn.cond == KPROBE_LOOP_NE)
		return !zf;
	if (site->ainsn.cond == KPROBE_LOOP_E)
		return zf;
	return true;
}

static __always_inline void kprobe_emulate_flags(struct kprobe_site *site,
						 struct pt_regs *regs)
{
	unsigned long val;

	switch (site->ainsn.op) {
	case KPROBE_EMUL_CLI:
		regs->flags &= ~X86_EFLAGS_IF;
		break;
	case KPROBE_EMUL_STI:
		regs->flags |= X86_EFLAGS_IF;
		break;
	case KPROBE_EMUL_PUSHF:
		/* The pushed image never has RF or VM set. */
		int3_emulate_push(regs, regs->flags &
				  ~(X86_EFLAGS_RF | X86_EFLAGS_VM));
		break;
	case KPROBE_EMUL_POPF:
		val = int3_emulate_pop(regs);
		regs->flags = (val & ~(KPROBE_POPF_KEEP | X86_EFLAGS_RF)) |
			      (regs->flags & KPROBE_POPF_KEEP) | X86_EFLAGS_FIXED;
		break;
	}
	int3_emulate_jmp(regs, kprobe_next_ip(site));
}

/**
 * kprobe_x86_emulate() - carry out an emulated instruction
 * @site: the hit site; site->ainsn.kind is KPROBE_INSN_EMULATE
 * @regs: registers at the probe hit; updated to the state after the
 *	instruction, including regs->ip
 *
 * Context: int3 handler, interrupts disabled.
 */
void kprobe_x86_emulate(struct kprobe_site *site, struct pt_regs *regs)
{
	unsigned long next = kprobe_next_ip(site);
	unsigned long target = next + site->ainsn.disp;

	switch (site->ainsn.op) {
	case KPROBE_EMUL_NOP:
		int3_emulate_jmp(regs, kprobe_resume_ip(site));
		break;
	case KPROBE_EMUL_JMP:
		int3_emulate_jmp(regs, target);
		break;
	case KPROBE_EMUL_CALL:
		int3_emulate_push(regs, next);
		int3_emulate_jmp(regs, target);
		break;
	case KPROBE_EMUL_JCC:
		int3_emulate_jcc(regs, site->ainsn.cond, next, site->ainsn.disp);
		break;
	case KPROBE_EMUL_LOOP:
		int3_emulate_jmp(regs, kprobe_loop_taken(site, regs) ? target : next);
		break;
	case KPROBE_EMUL_RET:
		target = int3_emulate_pop(regs);
		regs->sp += site->ainsn.disp;
		int3_emulate_jmp(regs, target);
		break;
	case KPROBE_EMUL_JMP_REG:
		int3_emulate_jmp(regs, kprobe_branch_reg(site, regs));
		break;
	case KPROBE_EMUL_CALL_REG:
		/* Read the target first: "call *%rsp" uses the old value. */
		target = kprobe_branch_reg(site, regs);
		int3_emulate_push(regs, next);
		int3_emulate_jmp(regs, target);
		break;
	default:
		kprobe_emulate_flags(site, regs);
		break;
	}
}

NOKPROBE_SYMBOL(kprobe_x86_emulate);

/**
 * kprobe_x86_finish_mem_branch() - complete "call/jmp *mem" after its step
 * @site: the site; its step copy "push mem" has just run
 * @regs: registers at the int3 after the copy, with regs->ip already at
 *	the instruction after the probed one
 *
 * The copy left the branch target on top of the stack.  A jmp takes it
 * off again; a call replaces it with the return address.
 *
 * Context: int3 handler, interrupts disabled.
 */
void kprobe_x86_finish_mem_branch(struct kprobe_site *site,
				  struct pt_regs *regs)
{
	unsigned long target = int3_emulate_pop(regs);

	if (site->ainsn.kind == KPROBE_INSN_CALL_MEM)
		int3_emulate_push(regs, kprobe_next_ip(site));
	int3_emulate_jmp(regs, target);
}

NOKPROBE_SYMBOL(kprobe_x86_finish_mem_branch);
