/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_SPARC_KPROBES_H
#define _ASM_SPARC_KPROBES_H
/*
 * sparc64 side of kprobes: the two software traps, the slot size, the
 * per-site data and the return address helpers of the contract in
 * <linux/kprobes_arch.h>.  The code lives in arch/sparc/kernel/kprobes/; the
 * trap table sends "ta 0x70" and "ta 0x71" to kprobe_trap().
 */
#include <asm-generic/kprobes.h>

/* The trap written over a probed instruction, and the one ending a step. */
#define BREAKPOINT_INSTRUCTION		0x91d02070	/* ta 0x70 */
#define BREAKPOINT_INSTRUCTION_2	0x91d02071	/* ta 0x71 */

#ifdef CONFIG_KPROBES
#include <linux/compiler.h>
#include <linux/linkage.h>
#include <linux/types.h>
#include <linux/cacheflush.h>
#include <asm/pstate.h>
#include <asm/ptrace.h>

typedef u32 kprobe_opcode_t;

/*
 * One out-of-line slot: the copied instruction, then "ta 0x71" in each
 * word after it, so that the step ends whether or not a branch annulled
 * its delay slot.
 */
#define KPROBE_SLOT_SIZE	16

/**
 * enum kprobe_sparc_kind - how the instruction of a site is run
 * @KPROBE_SPARC_COPY: from the slot; the CPU goes on after it (or after
 *	the delay slot it sits in) as it would have
 * @KPROBE_SPARC_BRANCH: a pc-relative branch, from the slot; where the
 *	step ended tells whether it was taken and annulled
 * @KPROBE_SPARC_JUMP: jmpl or return, from the slot; the target is
 *	absolute and comes back in tnpc
 * @KPROBE_SPARC_CALL: call, done by the trap handler; no slot
 * @KPROBE_SPARC_GOTO: a branch that always goes and annuls its delay
 *	slot (ba,a and kin), done by the trap handler; no slot
 */
enum kprobe_sparc_kind {
	KPROBE_SPARC_COPY,
	KPROBE_SPARC_BRANCH,
	KPROBE_SPARC_JUMP,
	KPROBE_SPARC_CALL,
	KPROBE_SPARC_GOTO,
};

/**
 * struct arch_specific_insn - sparc64 part of a struct kprobe_site
 * @slot: the out-of-line copy followed by "ta 0x71", or NULL for the
 *	kinds the trap handler does itself
 * @disp: the byte displacement of a pc-relative branch or call
 * @insn: the original instruction at the probed address
 * @kind: see enum kprobe_sparc_kind
 * @link: register (1 to 15) the instruction writes its own address to
 *	(call, jmpl, rd %pc), 0 if none; fixed up after the step
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	long disp;
	kprobe_opcode_t insn;
	u8 kind;
	u8 link;
};

int kprobe_fault_handler(struct pt_regs *regs, int trapnr);
asmlinkage void kprobe_trap(unsigned long trap_level, struct pt_regs *regs);

/*
 * Return probes.  At a function's first instruction the return address
 * is kept as the address of the call, in %o7: the function returns to
 * %o7 + 8, with "retl" (leaf) or "ret; restore" after its own "save".
 * Either way %sp is back at its value on entry when it returns: %sp,
 * unbiased (so bit 0 is clear), is the call's key, and the trampoline
 * (arch/sparc/kernel/kprobes/ret_tramp.S) is entered with it.  The core
 * keeps the real return address, %o7 + 8.
 */
static __always_inline unsigned long arch_kretprobe_frame(struct pt_regs *regs)
{
	return regs->u_regs[UREG_FP] + STACK_BIAS;
}

static __always_inline unsigned long arch_kretprobe_ret_addr(struct pt_regs *regs)
{
	return regs->u_regs[UREG_RETPC] + 8;
}

static __always_inline void arch_kretprobe_set_ret_addr(struct pt_regs *regs,
							unsigned long addr)
{
	regs->u_regs[UREG_RETPC] = addr - 8;
}

/* A raised processor interrupt level: interrupts are off. */
#define arch_kprobe_regs_irqs_disabled(regs)	\
	(((regs)->tstate & TSTATE_PIL) != 0)

/*
 * The trampoline reloads %i7 from @regs and returns through it.  Its own
 * frame, where an unwinder looks for the return address, holds %i7 too:
 * with the register windows flushed to the stack, that copy is the one
 * the trampoline's window is filled from when the handler returns.
 */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	struct sparc_stackf *sf = (struct sparc_stackf *)
				  ((unsigned long)regs - STACKFRAME_SZ);

	regs->u_regs[UREG_RETPC] = addr - 8;
	flushw_all();
	/*
	 * flushw_all() tells the compiler nothing about memory: keep the
	 * store after the spill, or the spill would overwrite it.
	 */
	barrier();
	sf->callers_pc = addr - 8;
}

#endif /* CONFIG_KPROBES */

#endif /* _ASM_SPARC_KPROBES_H */
