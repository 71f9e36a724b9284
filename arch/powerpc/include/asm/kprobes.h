/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_POWERPC_KPROBES_H
#define _ASM_POWERPC_KPROBES_H
/*
 * powerpc side of kprobes: the slot size, the per-site data, the trap
 * handlers that arch/powerpc/kernel/traps.c calls, and the return address
 * helpers of the contract in <linux/kprobes_arch.h>.  The code lives in
 * arch/powerpc/kernel/kprobes/.
 */
#include <asm-generic/kprobes.h>
/* The former header included it, and the BPF JIT still counts on that. */
#include <asm/code-patching.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/hw_irq.h>
#include <asm/inst.h>
#include <asm/ptrace.h>

struct pt_regs;

typedef u32 kprobe_opcode_t;

/*
 * One out-of-line slot: the copied instruction (one word, or two for a
 * prefixed one) and the trap that brings the CPU back once it ran.  The
 * core aligns slots to 16 bytes, so a prefixed copy never crosses the
 * 64-byte boundary the ISA forbids it to cross.
 */
#define KPROBE_SLOT_SIZE	16

/*
 * Jump optimization (arch/powerpc/kernel/kprobes/opt.c): a detour buffer
 * holds the stub an optimized site branches to, 17 instruction words on
 * 64-bit and 11 on 32-bit; the branch covers the probed instruction's
 * first word only; the hit through the detour runs post_handlers as the
 * trap's does.
 */
#ifdef CONFIG_PPC64
#define KPROBE_OPT_SLOT_SIZE	80
#else
#define KPROBE_OPT_SLOT_SIZE	48
#endif
#define KPROBE_OPT_MAX_LEN	4
#define KPROBE_OPT_RUNS_POST	1

/**
 * struct arch_specific_insn - powerpc part of a struct kprobe_site
 * @slot: the out-of-line copy, followed by a trap
 * @insn: the original instruction, prefix and suffix for a prefixed one
 * @detour: the jump optimization stub (KPROBE_OPT_SLOT_SIZE bytes),
 *	written the first time the site is prepared for it, or NULL
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	ppc_inst_t insn;
#ifdef CONFIG_OPTPROBES
	kprobe_opcode_t *detour;
#endif
};

int kprobe_handler(struct pt_regs *regs);
int kprobe_post_handler(struct pt_regs *regs);
int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Return probes.  At a function's first instruction the return address
 * is in the link register and r1 is the caller's stack pointer, which the
 * function gives back when it returns: r1 is the call's key.  The
 * trampoline (arch/powerpc/kernel/kprobes/ret_tramp.S) is entered with
 * that r1 and stores its own address in the LR save word of the frame r1
 * points at, where the unwinder (a walk of back chains) looks for the
 * return address of the probed function.
 */
#define arch_kretprobe_link(regs)	((regs)->link)

#define arch_kprobe_regs_irqs_disabled(regs)	arch_irq_disabled_regs(regs)

#ifdef CONFIG_PPC64
/*
 * ftrace_regs_caller saves no soft mask: an ftrace hit takes the live one,
 * which is the traced function's (kernel/kprobes/ftrace.c).
 */
#define arch_kprobe_ftrace_fill_regs(regs)	\
	((regs)->softe = irq_soft_mask_return())
#endif

/*
 * The trampoline branches to the link register it reloads from @regs.
 * The LR save word of the caller's frame said "kretprobe_trampoline"
 * while the handlers ran; from here on it names the real return address,
 * for an unwinder that interrupts the rest of the trampoline.
 */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->link = addr;
	WRITE_ONCE(((unsigned long *)frame)[STACK_FRAME_LR_SAVE], addr);
}

#else /* !CONFIG_KPROBES */

struct pt_regs;

/* The program check and single-step handlers ask; none is ours. */
static inline int kprobe_handler(struct pt_regs *regs)
{
	return 0;
}

static inline int kprobe_post_handler(struct pt_regs *regs)
{
	return 0;
}
#endif /* CONFIG_KPROBES */

#endif /* _ASM_POWERPC_KPROBES_H */
