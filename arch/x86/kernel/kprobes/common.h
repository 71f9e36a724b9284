/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of arch/x86/kernel/kprobes/.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	step copy:  instruction, int3       (traps back when done)
 *	+16	boost copy: instruction, jmp rel32  (returns to the next
 *					     instruction without a trap)
 *	rest	int3 filler
 *
 * Both copies have their RIP-relative displacement adjusted to the
 * address they run at.  Instructions that are emulated keep a step copy
 * too, for inspection only; nothing ever jumps to it.
 */
#ifndef _X86_KERNEL_KPROBES_COMMON_H
#define _X86_KERNEL_KPROBES_COMMON_H

#include <linux/build_bug.h>
#include <linux/kprobes_arch.h>
#include <linux/percpu.h>
#include <linux/stddef.h>
#include <asm/frame.h>
#include <asm/insn.h>
#include <asm/ptrace.h>

#define KPROBE_STEP_OFFSET	0
#define KPROBE_BOOST_OFFSET	16

/*
 * Layout of a detour buffer (KPROBE_OPT_SLOT_SIZE bytes, opt.c):
 *
 *	+0	the code of kprobe_opt_tmpl (opt_tmpl.S): int3 padding, the
 *		path taken when a handler moved regs->ip, then the entry
 *		the site jumps to: save the registers, call
 *		kprobe_x86_opt_hit(), restore them and continue straight into
 *	+192	copy of the instructions the jump covers, then jmp rel32
 *		back to the original code after them
 */
#define KPROBE_OPT_COPY_OFFSET	192

/*
 * Opcode bytes before the site pointer's immediate at kprobe_opt_tmpl_site:
 * "movabsq $imm64, %rdi" (REX.W, B8+r) or "movl $imm32, %eax" (B8).
 */
#define KPROBE_OPT_SITE_IMM	(IS_ENABLED(CONFIG_X86_64) ? 2 : 1)

/**
 * enum kprobe_emul_op - instructions the int3 handler carries out itself
 * @KPROBE_EMUL_NOP: no effect but advancing the instruction pointer
 * @KPROBE_EMUL_JMP: jmp rel8/rel32
 * @KPROBE_EMUL_CALL: call rel32
 * @KPROBE_EMUL_JCC: jcc rel8/rel32, condition in ainsn.cond
 * @KPROBE_EMUL_LOOP: loopne/loope/loop/jrcxz, flavour in ainsn.cond
 * @KPROBE_EMUL_RET: ret and ret imm16 (imm16 in ainsn.disp)
 * @KPROBE_EMUL_JMP_REG: jmp through a register
 * @KPROBE_EMUL_CALL_REG: call through a register
 * @KPROBE_EMUL_CLI: cli
 * @KPROBE_EMUL_STI: sti
 * @KPROBE_EMUL_PUSHF: pushfq
 * @KPROBE_EMUL_POPF: popfq
 *
 * The flag instructions are emulated because the step copy runs with
 * interrupts disabled: run there they would see or leave the wrong IF.
 */
enum kprobe_emul_op {
	KPROBE_EMUL_NOP,
	KPROBE_EMUL_JMP,
	KPROBE_EMUL_CALL,
	KPROBE_EMUL_JCC,
	KPROBE_EMUL_LOOP,
	KPROBE_EMUL_RET,
	KPROBE_EMUL_JMP_REG,
	KPROBE_EMUL_CALL_REG,
	KPROBE_EMUL_CLI,
	KPROBE_EMUL_STI,
	KPROBE_EMUL_PUSHF,
	KPROBE_EMUL_POPF,
};

/* ainsn.cond values for KPROBE_EMUL_LOOP: the low bits of the opcode. */
#define KPROBE_LOOP_NE		0	/* loopne: 0xe0 */
#define KPROBE_LOOP_E		1	/* loope:  0xe1 */
#define KPROBE_LOOP		2	/* loop:   0xe2 */
#define KPROBE_LOOP_JRCXZ	3	/* jrcxz:  0xe3 */

/* text.c: the original bytes of patched text */

/* Bytes of an optimized jump after the first (the breakpoint's) byte. */
#define KPROBE_OPT_TAIL		(JMP32_INSN_SIZE - INT3_INSN_SIZE)

int kprobe_read_original(unsigned long addr, u8 *buf);
void kprobe_x86_opt_unpatch(unsigned long addr, u8 *buf, unsigned int len);

/* opt_tmpl.S: the detour template and where opt.c fills it in */
extern const u8 kprobe_opt_tmpl[];
extern const u8 kprobe_opt_tmpl_entry[];
extern const u8 kprobe_opt_tmpl_ip[];
extern const u8 kprobe_opt_tmpl_clac[];
extern const u8 kprobe_opt_tmpl_site[];
extern const u8 kprobe_opt_tmpl_call[];
extern const u8 kprobe_opt_tmpl_ret[];
extern const u8 kprobe_opt_tmpl_end[];

/* opt.c */
#ifdef CONFIG_OPTPROBES
int kprobe_x86_opt_hit(struct kprobe_site *site, struct pt_regs *regs);
bool kprobe_x86_opt_calls_handlers(unsigned long func);
#else
static inline bool kprobe_x86_opt_calls_handlers(unsigned long func)
{
	return false;
}
#endif

/* Does @func (a function's start) call probe handlers from ftrace? */
static inline bool kprobe_x86_ftrace_calls_handlers(unsigned long func)
{
#ifdef CONFIG_KPROBES_ON_FTRACE
	return func == (unsigned long)kprobe_ftrace_handler;
#else
	return false;
#endif
}

/* decode.c */
int kprobe_x86_classify(struct insn *insn, unsigned long addr,
			struct arch_specific_insn *ainsn);

/* emulate.c */
void kprobe_x86_emulate(struct kprobe_site *site, struct pt_regs *regs);
void kprobe_x86_finish_mem_branch(struct kprobe_site *site,
				  struct pt_regs *regs);

/**
 * kprobe_step_copy() - address of the copy that traps back when done
 * @site: a prepared site with a slot
 *
 * Return: the start of the step copy in @site's slot.
 */
static __always_inline unsigned long kprobe_step_copy(struct kprobe_site *site)
{
	return (unsigned long)site->ainsn.slot + KPROBE_STEP_OFFSET;
}

/**
 * kprobe_boost_copy() - address of the copy that jumps back by itself
 * @site: a prepared site with a slot
 *
 * Return: the start of the boost copy in @site's slot.
 */
static __always_inline unsigned long kprobe_boost_copy(struct kprobe_site *site)
{
	return (unsigned long)site->ainsn.slot + KPROBE_BOOST_OFFSET;
}

/**
 * kprobe_next_ip() - address of the instruction after the probed one
 * @site: a prepared site
 *
 * Return: site->addr plus the length of the probed instruction.
 */
static __always_inline unsigned long kprobe_next_ip(struct kprobe_site *site)
{
	return (unsigned long)site->addr + site->ainsn.len;
}

/**
 * kprobe_opt_resumes() - do breakpoint hits at @site resume in its detour?
 * @site: a breakpoint site
 *
 * True from the moment the optimizer prepared the site until it was
 * completely unoptimized: while it is, the original bytes after the first
 * instruction may be (or may soon be) overwritten by a jump.
 *
 * Return: true if the detour copy must be used.
 */
static __always_inline bool kprobe_opt_resumes(struct kprobe_site *site)
{
	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return false;
	/* Pairs with smp_store_release() in arch_kprobe_opt_prepare(). */
	return smp_load_acquire(&site->ainsn.opt_ready);
}

/**
 * kprobe_boost_target() - where a hit that needs no step continues
 * @site: a site whose instruction is boostable or an emulated nop
 *
 * Return: the detour copy of the covered instructions if the site is
 * being optimized, else the boost copy in the slot.
 */
static __always_inline unsigned long kprobe_boost_target(struct kprobe_site *site)
{
	if (kprobe_opt_resumes(site))
		return (unsigned long)site->ainsn.detour + KPROBE_OPT_COPY_OFFSET;
	return kprobe_boost_copy(site);
}

/**
 * kprobe_resume_ip() - where to go once the probed instruction ran
 * @site: a site whose instruction does not branch
 *
 * Return: the instruction after the probed one; in the detour copy while
 * the site is being optimized, since the original bytes there may already
 * be part of a jump.
 */
static __always_inline unsigned long kprobe_resume_ip(struct kprobe_site *site)
{
	if (kprobe_opt_resumes(site))
		return (unsigned long)site->ainsn.detour +
		       KPROBE_OPT_COPY_OFFSET + site->ainsn.len;
	return kprobe_next_ip(site);
}

/*
 * Register frame for the return trampoline in arch/x86/kernel/rethook.c,
 * which has already pushed ss, sp and flags: SAVE_REGS_STRING completes a
 * struct pt_regs below them (cs, ip and orig_ax are left unset, and on
 * 32-bit gs too) and leaves the stack pointer at it; RESTORE_REGS_STRING
 * reloads the general-purpose registers and drops everything up to, not
 * including, flags.  Offsets are in words from the start of struct
 * pt_regs.
 */
#ifdef CONFIG_X86_64
#define SAVE_REGS_STRING			\
	"	subq $18*8, %rsp\n"		\
	"	movq %r15, 0*8(%rsp)\n"		\
	"	movq %r14, 1*8(%rsp)\n"		\
	"	movq %r13, 2*8(%rsp)\n"		\
	"	movq %r12, 3*8(%rsp)\n"		\
	"	movq %rbp, 4*8(%rsp)\n"		\
	"	movq %rbx, 5*8(%rsp)\n"		\
	"	movq %r11, 6*8(%rsp)\n"		\
	"	movq %r10, 7*8(%rsp)\n"		\
	"	movq %r9, 8*8(%rsp)\n"		\
	"	movq %r8, 9*8(%rsp)\n"		\
	"	movq %rax, 10*8(%rsp)\n"		\
	"	movq %rcx, 11*8(%rsp)\n"		\
	"	movq %rdx, 12*8(%rsp)\n"		\
	"	movq %rsi, 13*8(%rsp)\n"		\
	"	movq %rdi, 14*8(%rsp)\n"		\
	ENCODE_FRAME_POINTER

#define RESTORE_REGS_STRING			\
	"	movq 0*8(%rsp), %r15\n"		\
	"	movq 1*8(%rsp), %r14\n"		\
	"	movq 2*8(%rsp), %r13\n"		\
	"	movq 3*8(%rsp), %r12\n"		\
	"	movq 4*8(%rsp), %rbp\n"		\
	"	movq 5*8(%rsp), %rbx\n"		\
	"	movq 6*8(%rsp), %r11\n"		\
	"	movq 7*8(%rsp), %r10\n"		\
	"	movq 8*8(%rsp), %r9\n"		\
	"	movq 9*8(%rsp), %r8\n"		\
	"	movq 10*8(%rsp), %rax\n"		\
	"	movq 11*8(%rsp), %rcx\n"		\
	"	movq 12*8(%rsp), %rdx\n"		\
	"	movq 13*8(%rsp), %rsi\n"		\
	"	movq 14*8(%rsp), %rdi\n"		\
	"	addq $18*8, %rsp\n"

static_assert(offsetof(struct pt_regs, r15) == 0 * 8);
static_assert(offsetof(struct pt_regs, di) == 14 * 8);
static_assert(offsetof(struct pt_regs, flags) == 18 * 8);
#else
/* The segment registers are stored 16 bits wide, as pt_regs has them. */
#define SAVE_REGS_STRING			\
	"	subl $14*4, %esp\n"		\
	"	movl %ebx, 0*4(%esp)\n"		\
	"	movl %ecx, 1*4(%esp)\n"		\
	"	movl %edx, 2*4(%esp)\n"		\
	"	movl %esi, 3*4(%esp)\n"		\
	"	movl %edi, 4*4(%esp)\n"		\
	"	movl %ebp, 5*4(%esp)\n"		\
	"	movl %eax, 6*4(%esp)\n"		\
	"	movw %ds, 7*4(%esp)\n"		\
	"	movw %es, 8*4(%esp)\n"		\
	"	movw %fs, 9*4(%esp)\n"		\
	ENCODE_FRAME_POINTER

#define RESTORE_REGS_STRING			\
	"	movl 0*4(%esp), %ebx\n"		\
	"	movl 1*4(%esp), %ecx\n"		\
	"	movl 2*4(%esp), %edx\n"		\
	"	movl 3*4(%esp), %esi\n"		\
	"	movl 4*4(%esp), %edi\n"		\
	"	movl 5*4(%esp), %ebp\n"		\
	"	movl 6*4(%esp), %eax\n"		\
	"	addl $14*4, %esp\n"

static_assert(offsetof(struct pt_regs, bx) == 0 * 4);
static_assert(offsetof(struct pt_regs, fs) == 9 * 4);
static_assert(offsetof(struct pt_regs, flags) == 14 * 4);
#endif

#endif /* _X86_KERNEL_KPROBES_COMMON_H */
