/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_ARC_KPROBES_H
#define _ASM_ARC_KPROBES_H
/*
 * ARC side of kprobes (ARCv2 and ARCompact): the slot size, the per-site
 * data and the return address helpers of the contract in
 * <linux/kprobes_arch.h>.  The
 * code lives in arch/arc/kernel/kprobes/; its breakpoint is unimp_s,
 * whose Instruction Error exception do_insterror_or_kprobe() hands to
 * kprobe_arc_breakpoint() first.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/ptrace.h>

typedef u16 kprobe_opcode_t;

/*
 * One out-of-line slot: the instruction that runs there (the probed one,
 * or the delay slot instruction of a probed branch; up to 8 bytes with a
 * long immediate) and the unimp_s that ends the step, padded to the
 * core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

/**
 * struct arch_specific_insn - ARC part of a struct kprobe_site
 * @slot: the out-of-line copy followed by unimp_s, or NULL when nothing
 *	runs there (a branch without a delay slot)
 * @word: a branch's first 32 bits (16 for a 16-bit one), which the hit
 *	path evaluates
 * @limm: the branch's long immediate, if it has one
 * @insn: the first 16 bits of the probed instruction, which the
 *	breakpoint replaces
 * @len: bytes of the probed instruction, long immediate included
 * @dlen: bytes of a probed branch's delay slot instruction, which is
 *	what runs from @slot; 0 if it has none
 * @branch: the probed instruction is a branch, jump or call, evaluated
 *	by the hit path
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	u32 word;
	u32 limm;
	kprobe_opcode_t insn;
	u8 len;
	u8 dlen;
	bool branch;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);
bool kprobe_arc_breakpoint(unsigned long addr, struct pt_regs *regs);

/*
 * Return probes.  At a function's first instruction the return address
 * is in blink and sp is the caller's, which the function gives back when
 * it returns: sp is the call's key, and the trampoline
 * (arch/arc/kernel/kprobes/ret_tramp.S) is entered with it.
 */
#define arch_kretprobe_link(regs)	((regs)->blink)

#define arch_kprobe_regs_irqs_disabled(regs)	\
	(!((regs)->status32 & STATUS_IE_MASK))

/* The trampoline reloads blink from @regs and jumps there. */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->blink = addr;
}

#else /* !CONFIG_KPROBES */

struct pt_regs;

static inline bool kprobe_arc_breakpoint(unsigned long addr,
					 struct pt_regs *regs)
{
	return false;
}

#endif /* CONFIG_KPROBES */

#endif /* _ASM_ARC_KPROBES_H */
