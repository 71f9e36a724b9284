/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _ASM_X86_KPROBES_H
#define _ASM_X86_KPROBES_H
/*
 * x86-64 side of kprobes: how one probed instruction is described and the
 * per-CPU state the breakpoint handler keeps while a probe is being run.
 * The code lives in arch/x86/kernel/kprobes/.
 */
#include <asm-generic/kprobes.h>
#include <linux/compiler.h>
#include <linux/types.h>

#ifdef CONFIG_KPROBES
#include <asm/ptrace.h>

typedef u8 kprobe_opcode_t;

struct kprobe_site;
struct ftrace_ops;
struct ftrace_regs;

/*
 * Every probed instruction owns one out-of-line slot of this many bytes.
 * Two copies of the instruction live in it, see KPROBE_STEP_OFFSET and
 * KPROBE_BOOST_OFFSET in arch/x86/kernel/kprobes/common.h.
 */
#define KPROBE_SLOT_SIZE	48

/* Every optimized site owns one detour buffer of this many bytes. */
#define KPROBE_OPT_SLOT_SIZE	256

/*
 * An optimized jump covers at most this many bytes: the 5-byte jmp may end
 * inside an instruction that starts at byte 4 and is up to 15 bytes long.
 */
#define KPROBE_OPT_MAX_LEN	19

/**
 * enum kprobe_insn_kind - how the probed instruction is carried out
 * @KPROBE_INSN_STEP: the copy runs in the slot and traps back on the int3
 *	that follows it; if @boostable is set the copy that jumps straight
 *	back may be used instead.
 * @KPROBE_INSN_EMULATE: the handler updates the registers itself; the
 *	slot is never executed.
 * @KPROBE_INSN_CALL_MEM: "call *mem"; the slot holds "push mem" and the
 *	call is finished when the slot traps back.
 * @KPROBE_INSN_JMP_MEM: "jmp *mem"; as above, ending in a jump.
 */
enum kprobe_insn_kind {
	KPROBE_INSN_STEP,
	KPROBE_INSN_EMULATE,
	KPROBE_INSN_CALL_MEM,
	KPROBE_INSN_JMP_MEM,
};

/**
 * struct arch_specific_insn - x86 description of one probed instruction
 * @slot: out-of-line slot (KPROBE_SLOT_SIZE bytes), NULL for ftrace sites
 * @opcode: the original first byte, replaced by int3 while armed
 * @len: length of the instruction in bytes
 * @kind: an enum kprobe_insn_kind value
 * @boostable: the jump-back copy in the slot may run without a trap
 * @op: emulation operation (enum kprobe_emul_op in common.h)
 * @cond: condition code of a jcc, or the flavour of a loop instruction
 * @reg: byte offset in struct pt_regs of the register an indirect branch
 *	goes through
 * @disp: branch displacement, or the stack adjustment of "ret imm16"
 * @detour: jump optimization buffer (KPROBE_OPT_SLOT_SIZE bytes), built
 *	the first time the site is prepared for optimization, or NULL
 * @opt_len: bytes of original code the optimized jump covers (5 or more)
 * @opt_ready: the breakpoint handler resumes in @detour rather than at the
 *	original code after the probed instruction
 * @opt_refused: the covered code was found unfit for a detour; never
 *	tried again for this site
 * @opt_tail: the original bytes 1..4 that the jump's displacement covers
 */
struct arch_specific_insn {
	kprobe_opcode_t *slot;
	kprobe_opcode_t opcode;
	u8 len;
	u8 kind;
	bool boostable;
	u8 op;
	u8 cond;
	u16 reg;
	s32 disp;
	kprobe_opcode_t *detour;
	u8 opt_len;
	bool opt_ready;
	bool opt_refused;
	u8 opt_tail[4];
};

int kprobe_int3_handler(struct pt_regs *regs);
int kprobe_fault_handler(struct pt_regs *regs, int trapnr);

/*
 * Where the pre handlers of a probe on an ftrace call site see regs->ip:
 * one past the site, as after an int3 there (kernel/kprobes/ftrace.c).
 */
#define KPROBE_FTRACE_IP_OFFSET	1

/*
 * kprobe_fault_handler() tells a handler's faults from an interrupt's by
 * walking the stack (core.c): the ftrace hit need not note its level.
 */
#define KPROBE_FAULT_OWNER_BY_STACK	1

/*
 * Return probes (arch/x86/kernel/kprobes/ret_tramp.S).  A probed call
 * returns into kretprobe_trampoline, which builds a struct pt_regs and
 * calls kretprobe_trampoline_handler(); see the contract in
 * <linux/kprobes_arch.h>.  At a function's first instruction the return
 * address is the word at the top of the stack, and the address of that
 * word is the call's frame key: the trampoline finds it one word below
 * its stack pointer, the unwinder where it read the return address.
 */
static __always_inline unsigned long arch_kretprobe_frame(struct pt_regs *regs)
{
	return regs->sp;
}

static __always_inline unsigned long arch_kretprobe_ret_addr(struct pt_regs *regs)
{
	return READ_ONCE(*(unsigned long *)regs->sp);
}

static __always_inline void arch_kretprobe_set_ret_addr(struct pt_regs *regs,
							unsigned long addr)
{
	WRITE_ONCE(*(unsigned long *)regs->sp, addr);
}

#define arch_kprobe_regs_irqs_disabled(regs)	regs_irqs_disabled(regs)

/* The trampoline returns through the frame key's stack word. */
static __always_inline void arch_kretprobe_fixup_return(struct pt_regs *regs,
							unsigned long frame,
							unsigned long addr)
{
	WRITE_ONCE(*(unsigned long *)frame, addr);
}

/*
 * A hit bracket ends with a per-CPU store (kprobe_hit_end()); x86 makes
 * no store visible before the loads and stores that precede it, so
 * keeping the compiler from moving accesses past it is enough.
 */
#define arch_kprobe_hit_release()	barrier()

#endif /* CONFIG_KPROBES */
#endif /* _ASM_X86_KPROBES_H */
