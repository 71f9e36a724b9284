/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_CSKY_KPROBES_H
#define __ASM_CSKY_KPROBES_H
/*
 * C-SKY (abiv2) side of kprobes: the slot size, the trap handlers that
 * arch/csky/kernel/traps.c calls, and the return address helpers of the
 * contract in <linux/kprobes_arch.h>.  The code lives in
 * arch/csky/kernel/probes/.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/irqflags.h>
#include <asm/probes.h>
#include <asm/ptrace.h>

/*
 * One out-of-line slot: the copied instruction (2 or 4 bytes) and the
 * breakpoint halfword that brings the CPU back once it ran, padded to the
 * core's slot alignment.
 */
#define KPROBE_SLOT_SIZE	16

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);
bool kprobe_breakpoint_handler(struct pt_regs *regs);
bool kprobe_single_step_handler(struct pt_regs *regs);

/*
 * Return probes.  At a function's first instruction the return address
 * is in lr (r15) and the stack pointer, which a trap from kernel mode
 * keeps in pt_regs' usp field, is the one the caller sees again after
 * the return: it is the call's key.  The trampoline
 * (arch/csky/kernel/probes/ret_tramp.S) is entered with that stack
 * pointer and leaves a frame record just below it, as a function built
 * with -mbacktrace does; the frame-pointer unwinder
 * (arch/csky/kernel/stacktrace.c) recomputes the key from the record.
 */
#define arch_kretprobe_link(regs)	((regs)->lr)

/* PSR.IE of the probed context, as a trap or ftrace saved it. */
#define arch_kprobe_regs_irqs_disabled(regs)	\
	arch_irqs_disabled_flags((regs)->sr)

/*
 * The trampoline reloads lr from @regs and returns there.  Its frame
 * record, the two words below @frame, says "returns to
 * kretprobe_trampoline" while the handlers run; from here on it names
 * the real return address, for an unwinder that interrupts the rest of
 * the trampoline.
 */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->lr = addr;
	WRITE_ONCE(((unsigned long *)frame)[-1], addr);
}

#endif /* CONFIG_KPROBES */
#endif /* __ASM_CSKY_KPROBES_H */
