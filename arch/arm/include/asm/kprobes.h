/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ARM_KPROBES_H
#define _ARM_KPROBES_H
/*
 * 32-bit arm side of kprobes: the opcode type and slot size, the
 * per-site data, and the return address helpers of the contract in
 * <linux/kprobes_arch.h>.  The code lives in arch/arm/probes/kprobes/.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/probes.h>
#include <asm/ptrace.h>

typedef u32 kprobe_opcode_t;
struct kprobe_site;

/*
 * One out-of-line slot: the instruction as the decoder rewrote it and the
 * return that brings the emulation back (two words for ARM, up to three
 * halfwords for Thumb), padded to the core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

/*
 * Every optimized site (ARM kernels only) owns one detour buffer of this
 * many bytes: the code of arch/arm/probes/kprobes/opt_tmpl.S and its
 * literals.
 */
#define KPROBE_OPT_SLOT_SIZE	192

/* The B of an optimized site covers the probed instruction only. */
#define KPROBE_OPT_MAX_LEN	4

/* The detour runs the whole hit, post_handlers included (opt_tmpl.S). */
#define KPROBE_OPT_RUNS_POST	1

/**
 * struct arch_specific_insn - arm part of a struct kprobe_site
 * @api: what the decoder that kprobes shares with uprobes found out:
 *	@api.insn is the site's slot, or NULL for a simulated instruction
 * @opcode: the original instruction, as the decoder reads it (a 32-bit
 *	Thumb instruction has its first halfword in the top 16 bits)
 * @len: its length in bytes: 4, or 2 for a 16-bit Thumb instruction
 * @detour: jump optimization buffer (KPROBE_OPT_SLOT_SIZE bytes), built
 *	the first time the site is prepared for optimization, or NULL
 */
struct arch_specific_insn {
	struct arch_probes_insn api;
	kprobe_opcode_t opcode;
	u8 len;
	void *detour;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);
void kprobe_arm_opt_hit(struct kprobe_site *site, struct pt_regs *regs);

/*
 * Return probes.  At a function's first instruction the return address is
 * in lr, and the stack pointer is the one the caller sees again after the
 * return: that is the call's key.  The trampoline
 * (arch/arm/probes/kprobes/ret_tramp.S) is entered with the same stack
 * pointer, and the frame-pointer unwinder (arch/arm/kernel/stacktrace.c)
 * reads it from the probed function's frame record, where the APCS
 * prologue saved it.
 */
#define arch_kretprobe_link(regs)	((regs)->ARM_lr)

#define arch_kprobe_regs_irqs_disabled(regs)	(!interrupts_enabled(regs))

/*
 * The word below the key where the trampoline's frame record keeps its
 * return address: gcc's APCS record is {fp, sp, lr, pc} with the frame
 * pointer at pc, clang's is {fp, lr} with the frame pointer at fp; both
 * end just below the key.
 */
#ifdef CONFIG_CC_IS_CLANG
#define KRETPROBE_ARM_RECORD_LR		1
#else
#define KRETPROBE_ARM_RECORD_LR		2
#endif

/*
 * The trampoline loads pc from @regs.  Its frame record says "returns to
 * kretprobe_trampoline" while the handlers run; from here on it names the
 * real return address, for an unwinder that interrupts the rest of the
 * trampoline.
 */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->ARM_pc = addr;
	WRITE_ONCE(((unsigned long *)frame)[-KRETPROBE_ARM_RECORD_LR], addr);
}

#endif /* CONFIG_KPROBES */
#endif /* _ARM_KPROBES_H */
