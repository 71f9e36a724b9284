/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_LOONGARCH_KPROBES_H
#define _ASM_LOONGARCH_KPROBES_H
/*
 * LoongArch side of kprobes: the slot size, the per-site data, the break
 * handlers that do_bp() (arch/loongarch/kernel/traps.c) calls and the
 * return address helpers of the contract in <linux/kprobes_arch.h>.  The code
 * lives in arch/loongarch/kernel/kprobes/.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/loongarch.h>
#include <asm/ptrace.h>

typedef u32 kprobe_opcode_t;

/*
 * One out-of-line slot: the copied instruction and the break that ends
 * the step, padded to the core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

/**
 * struct arch_specific_insn - LoongArch part of a struct kprobe_site
 * @slot: the copy followed by a break, or NULL when the instruction is
 *	computed by the break handler instead (branches, PC-relative ones)
 * @insn: the original instruction at the probed address
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	kprobe_opcode_t insn;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);
bool kprobe_breakpoint_handler(struct pt_regs *regs);
bool kprobe_singlestep_handler(struct pt_regs *regs);
bool kprobe_la_insn_at(unsigned long addr, u32 *insn);

/*
 * Return probes.  At a function's first instruction (a break there, or
 * its ftrace call site, whose saved ra is the caller's) the return
 * address is in ra and sp is the one the caller sees again after the
 * return: sp is the call's key.  The trampoline
 * (arch/loongarch/kernel/kprobes/ret_tramp.S) is entered with that sp,
 * and the unwinders find it as the stack pointer of the frame above.
 */
#define arch_kretprobe_link(regs)	((regs)->regs[1])

#define arch_kprobe_regs_irqs_disabled(regs)	\
	(!((regs)->csr_prmd & CSR_PRMD_PIE))

/*
 * ftrace's register save leaves csr_prmd alone: an ftrace hit takes the
 * live interrupt enable, which is the traced function's, and privilege
 * level 0 (kernel/kprobes/ftrace.c).  CRMD.IE and PRMD.PIE are both bit 2.
 */
#define arch_kprobe_ftrace_fill_regs(regs)	\
	((regs)->csr_prmd = csr_read32(LOONGARCH_CSR_CRMD) & CSR_CRMD_IE)

/*
 * The trampoline reloads ra from @regs, which lie in its own frame where
 * the prologue and ORC unwinders look for its saved ra, and jumps there.
 */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->regs[1] = addr;
}

#else /* !CONFIG_KPROBES */

struct pt_regs;

/* do_bp() asks both; without kprobes a break is never theirs. */
static inline bool kprobe_breakpoint_handler(struct pt_regs *regs)
{
	return false;
}

static inline bool kprobe_singlestep_handler(struct pt_regs *regs)
{
	return false;
}

/* The prologue unwinder asks; without kprobes a break is what it is. */
static inline bool kprobe_la_insn_at(unsigned long addr, unsigned int *insn)
{
	return false;
}
#endif /* CONFIG_KPROBES */

#endif /* _ASM_LOONGARCH_KPROBES_H */
