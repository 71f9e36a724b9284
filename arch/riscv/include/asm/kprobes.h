/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_RISCV_KPROBES_H
#define _ASM_RISCV_KPROBES_H
/*
 * riscv side of kprobes: the slot size, the EBREAK handlers that
 * arch/riscv/kernel/traps.c calls, and the return address helpers of the
 * contract in <linux/kprobes_arch.h>.  The code lives in
 * arch/riscv/kernel/probes/.
 */
#include <asm-generic/kprobes.h>

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/probes.h>
#include <asm/ptrace.h>

/*
 * One out-of-line slot: the copied instruction (2 or 4 bytes) and the
 * EBREAK that brings the CPU back once it ran, padded to the core's slot
 * alignment.
 */
#define KPROBE_SLOT_SIZE	16

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);
bool kprobe_breakpoint_handler(struct pt_regs *regs);
bool kprobe_single_step_handler(struct pt_regs *regs);

/*
 * Return probes.  At a function's first instruction the return address is
 * in ra and the stack pointer is the one the caller will see again after
 * the return: that stack pointer is the call's key.  The trampoline
 * (arch/riscv/kernel/probes/ret_tramp.S) is entered with the same stack
 * pointer, and the frame-pointer unwinder (arch/riscv/kernel/stacktrace.c)
 * finds it as the frame pointer of the probed function's frame, which
 * riscv points at the stack pointer the function was entered with.
 */
#define arch_kretprobe_link(regs)	((regs)->ra)

#define arch_kprobe_regs_irqs_disabled(regs)	regs_irqs_disabled(regs)

/*
 * The trampoline reloads ra from @regs and jumps there.  Its frame
 * record, just below @frame, says "returns to kretprobe_trampoline" while
 * the handlers run; from here on it names the real return address, for
 * an unwinder that interrupts the rest of the trampoline.
 */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->ra = addr;
	WRITE_ONCE(((unsigned long *)frame)[-1], addr);
}

#else /* !CONFIG_KPROBES */

struct pt_regs;

/* handle_break() asks both; without kprobes an EBREAK is never theirs. */
static inline bool kprobe_single_step_handler(struct pt_regs *regs)
{
	return false;
}

static inline bool kprobe_breakpoint_handler(struct pt_regs *regs)
{
	return kprobe_single_step_handler(regs);
}
#endif /* CONFIG_KPROBES */

#endif /* _ASM_RISCV_KPROBES_H */
