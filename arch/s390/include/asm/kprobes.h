/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_S390_KPROBES_H
#define _ASM_S390_KPROBES_H
/*
 * s390 side of kprobes: the breakpoint and the instruction classes that
 * kprobes and uprobes share (arch/s390/lib/probes.c), the slot size, the
 * per-site data and the return address helpers of the contract in
 * <linux/kprobes_arch.h>.  The code lives in arch/s390/kernel/kprobes/; its
 * trap handlers are reached through the die notifier chain.
 *
 * The instruction classes and fixup types shared with uprobes are those
 * of the s390 uprobes code: Copyright IBM Corp. 2002, 2006
 */
#include <linux/types.h>
#include <asm-generic/kprobes.h>

/* The two-byte invalid instruction whose operation exception is a probe. */
#define BREAKPOINT_INSTRUCTION	0x0002

/* What probe_get_fixup_type() says to correct after a step out of line. */
#define FIXUP_PSW_NORMAL	0x08
#define FIXUP_BRANCH_NOT_TAKEN	0x04
#define FIXUP_RETURN_REGISTER	0x02
#define FIXUP_NOT_REQUIRED	0x01

int probe_is_prohibited_opcode(u16 *insn);
int probe_get_fixup_type(u16 *insn);
int probe_is_insn_relative_long(u16 *insn);

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <asm/irqflags.h>
#include <asm/ptrace.h>

typedef u16 kprobe_opcode_t;

/*
 * One out-of-line slot: a copy of the probed instruction (up to six
 * bytes), stepped with a PER instruction-fetch event on its address.
 */
#define KPROBE_SLOT_SIZE	16

/**
 * struct arch_specific_insn - s390 part of a struct kprobe_site
 * @slot: the out-of-line copy (a relative-long displacement re-aimed)
 * @insn: the original instruction, in its first @len bytes
 * @len: 2, 4 or 6
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	kprobe_opcode_t insn[3];
	u8 len;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Return probes.  At a function's first instruction the return address
 * is in r14 and r15 is the caller's stack pointer, which the function
 * gives back when it returns: r15 is the call's key.  The trampoline
 * (arch/s390/kernel/kprobes/ret_tramp.S) is entered with it and stores
 * its own address in the r14 slot of the register save area at the key,
 * where the back-chain unwinder looks for the return address.
 */
#define arch_kretprobe_link(regs)	((regs)->gprs[14])

#define arch_kprobe_regs_irqs_disabled(regs)	\
	arch_irqs_disabled_flags((regs)->psw.mask)

/*
 * The trampoline returns through r14 as reloaded from @regs; the save
 * area at the key names the real return address from now on, for an
 * unwinder that interrupts the rest of the trampoline.
 */
void kprobe_s390_set_saved_r14(unsigned long frame, unsigned long addr);

static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	regs->gprs[14] = addr;
	kprobe_s390_set_saved_r14(frame, addr);
}

#endif /* CONFIG_KPROBES */

#endif /* _ASM_S390_KPROBES_H */
