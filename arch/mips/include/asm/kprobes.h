/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_MIPS_KPROBES_H
#define _ASM_MIPS_KPROBES_H
/*
 * MIPS side of kprobes: the slot size, the per-site data and the return
 * address helpers of the contract in <linux/kprobes_arch.h>.  The code lives
 * in arch/mips/kernel/kprobes/; its trap handlers are reached through the
 * die notifier chain (DIE_BREAK, DIE_SSTEPBP, DIE_PAGE_FAULT, and on a
 * microMIPS kernel DIE_TRAP).
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/mipsregs.h>
#include <asm/ptrace.h>

typedef u32 kprobe_opcode_t;

/*
 * One out-of-line slot: the instruction that runs there (the probed one,
 * or the delay slot of a probed branch) and the break that ends the step,
 * padded to the core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

/**
 * enum kprobe_mm_kind - what a hit does with a microMIPS instruction
 * @KPROBE_MM_PLAIN: runs from the slot
 * @KPROBE_MM_DELAY: a branch or jump, evaluated in the handler; its delay
 *	slot instruction runs from the slot
 * @KPROBE_MM_EMULATE: a compact branch or ADDIUPC, emulated entirely
 * @KPROBE_MM_REFUSED: cannot be probed
 */
enum kprobe_mm_kind {
	KPROBE_MM_PLAIN,
	KPROBE_MM_DELAY,
	KPROBE_MM_EMULATE,
	KPROBE_MM_REFUSED,
};

/**
 * struct arch_specific_insn - MIPS part of a struct kprobe_site
 * @slot: the out-of-line copy followed by a break, or NULL when nothing
 *	runs there (a branch whose delay slot is a nop, an emulated
 *	instruction)
 * @insn: the original instruction at the probed address; on a microMIPS
 *	kernel its first halfword in bits 31..16
 * @branch: @insn is evaluated in the handler (a branch with a delay slot,
 *	whose delay slot instruction is what runs from @slot, or on
 *	microMIPS an emulated instruction)
 * @len: bytes of @insn (4, or on microMIPS 2 or 4)
 * @dlen: bytes of the delay slot instruction, 0 without one (microMIPS)
 * @copy_len: bytes of the copy in @slot, before its break
 * @kind: enum kprobe_mm_kind of @insn (microMIPS)
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	kprobe_opcode_t insn;
	bool branch;
	u8 len;
	u8 dlen;
	u8 copy_len;
	u8 kind;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Return probes.  At a function's first instruction the return address
 * is in ra and sp is the caller's, which the function gives back when it
 * returns: sp is the call's key, and the trampoline
 * (arch/mips/kernel/kprobes/ret_tramp.S) is entered with it.
 */
#define arch_kretprobe_link(regs)	((regs)->regs[31])

#define arch_kprobe_regs_irqs_disabled(regs)	\
	(!((regs)->cp0_status & ST0_IE))

/* The trampoline reloads ra from @regs and jumps there. */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->regs[31] = addr;
}

#endif /* CONFIG_KPROBES */

#endif /* _ASM_MIPS_KPROBES_H */
