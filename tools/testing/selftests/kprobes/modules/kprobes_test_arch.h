/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the helper modules need to know about the architecture they run
 * on, in one place: x86 (64-bit and 32-bit) hits a probe through an int3,
 * arm64 through a BRK, riscv through an EBREAK, 32-bit arm through an
 * undefined instruction, powerpc through a trap instruction.
 *
 *	KPT_HIT_IP_OFFSET	how far past the probed address the
 *				instruction pointer is when a pre_handler
 *				of a breakpoint probe runs
 *	KPT_TRAP_PREEMPT_COUNT	what the breakpoint trap adds to
 *				preempt_count() (x86 enters it like an NMI)
 *	KPT_HAVE_SELF_NMI	the CPU can send itself an NMI with
 *				kpt_send_self_nmi(), and <linux/nmi.h>
 *				declares register_nmi_handler() (x86 with
 *				ACPI: the APEI NMI support pulls it in)
 *	kpt_entry_skip()	bytes kprobes skips at a function's entry
 *				(an endbr64 of IBT kernels, ftrace's call
 *				site on riscv, the global entry and
 *				"mflr r0" before ftrace's call site on
 *				powerpc)
 *	kpt_ret_frame()		the key kretprobe_find_ret_addr() takes,
 *				from the registers at a function's entry
 *	KPT_ENTRY_SYM		a function of the exception or system call
 *				entry code
 *	KPT_SWITCH_SYM		the function during which the stack becomes
 *				the next task's: it returns on another
 *				task's stack than it was entered on
 *	KPT_OPT_ONE_INSN	an optimized probe's jump replaces the probed
 *				instruction alone, and every instruction
 *				kprobes takes may run from the detour
 *				(32-bit arm's B, powerpc's b): every such
 *				probe becomes a jump, and none waits for
 *				tasks to leave the code under it
 */
#ifndef _KPROBES_TEST_ARCH_H
#define _KPROBES_TEST_ARCH_H

#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/types.h>

#if defined(CONFIG_X86)
#include <asm/ibt.h>

#define KPT_HIT_IP_OFFSET	1
#define KPT_TRAP_PREEMPT_COUNT	(NMI_OFFSET + HARDIRQ_OFFSET)
#ifdef CONFIG_X86_64
#define KPT_ENTRY_SYM		"entry_SYSCALL_64"
#else
#define KPT_ENTRY_SYM		"entry_INT80_32"
#endif
/* Called by __switch_to_asm on the next task's stack. */
#define KPT_SWITCH_SYM		"__switch_to"
#define KPT_OPT_ONE_INSN	0

static inline unsigned int kpt_entry_skip(const void *fn)
{
	return is_endbr(*(const u32 *)fn) ? ENDBR_INSN_SIZE : 0;
}

/* The stack pointer at the entry: it points at the return address. */
static inline void *kpt_ret_frame(struct pt_regs *regs)
{
	return (void *)kernel_stack_pointer(regs);
}

#if defined(CONFIG_X86_LOCAL_APIC) && defined(CONFIG_HAVE_ACPI_APEI_NMI)
#include <linux/nmi.h>
#include <asm/apic.h>

#define KPT_HAVE_SELF_NMI	1

static inline void kpt_send_self_nmi(void)
{
	__apic_send_IPI_self(NMI_VECTOR);
}
#else
#define KPT_HAVE_SELF_NMI	0
#endif

/* Five bytes of nops inside a user access window (kprobes_safety_ours.c). */
extern const char kpa_site[];

#elif defined(CONFIG_ARM64)

#define KPT_HIT_IP_OFFSET	0
#define KPT_TRAP_PREEMPT_COUNT	0
#define KPT_ENTRY_SYM		"vectors"
/* __switch_to() calls it; it changes stacks. */
#define KPT_SWITCH_SYM		"cpu_switch_to"
#define KPT_OPT_ONE_INSN	0
/* A pseudo-NMI needs a GICv3; the test guest has a GICv2. */
#define KPT_HAVE_SELF_NMI	0

/* A BTI landing pad at the entry is probed like any other hint. */
static inline unsigned int kpt_entry_skip(const void *fn)
{
	return 0;
}

/* The caller's frame pointer, which the callee has not replaced yet. */
static inline void *kpt_ret_frame(struct pt_regs *regs)
{
	return (void *)regs->regs[29];
}

#elif defined(CONFIG_RISCV)
#include <linux/ftrace.h>

#define KPT_HIT_IP_OFFSET	0
/* A kernel EBREAK is entered like an NMI (irqentry_nmi_enter()). */
#define KPT_TRAP_PREEMPT_COUNT	(NMI_OFFSET + HARDIRQ_OFFSET)
#define KPT_ENTRY_SYM		"handle_exception"
/* It saves one task's registers and loads the next one's, sp included. */
#define KPT_SWITCH_SYM		"__switch_to"
#define KPT_HAVE_SELF_NMI	0
#define KPT_OPT_ONE_INSN	0

/*
 * A traced function starts with ftrace's call site, which kprobes skips:
 * NOPs (C.NOP with the C extension), or the AUIPC t0/JALR t0 pair ftrace
 * writes there while it traces the function.  (ftrace_location(), which
 * kprobes asks, is not exported to modules.)
 */
static inline unsigned int kpt_entry_skip(const void *fn)
{
#ifdef CONFIG_DYNAMIC_FTRACE
	const u16 *h = fn;
	const u32 *w = fn;

	if (h[0] == 0x0001 && h[1] == 0x0001 && h[2] == 0x0001 &&
	    h[3] == 0x0001)
		return MCOUNT_INSN_SIZE;
	if (w[0] == 0x00000013 && w[1] == 0x00000013)
		return MCOUNT_INSN_SIZE;
	if ((w[0] & 0xfff) == 0x297 && (w[1] & 0xfff) == 0x2e7)
		return MCOUNT_INSN_SIZE;
#endif
	return 0;
}

/* The stack pointer at the entry, which the caller sees again. */
static inline void *kpt_ret_frame(struct pt_regs *regs)
{
	return (void *)regs->sp;
}

#elif defined(CONFIG_ARM)

/*
 * 32-bit arm (ARM state) hits a probe through an undefined instruction,
 * whose trap leaves the PC at it and is not entered as an NMI.
 */
#define KPT_HIT_IP_OFFSET	0
#define KPT_TRAP_PREEMPT_COUNT	0
/* The system call entry, in the entry text. */
#define KPT_ENTRY_SYM		"vector_swi"
/* It saves one task's registers and loads the next one's, sp included. */
#define KPT_SWITCH_SYM		"__switch_to"
#define KPT_HAVE_SELF_NMI	0
/* A B over the probed instruction, which the detour emulates. */
#define KPT_OPT_ONE_INSN	1

/* No landing pad, and no kprobes on ftrace: the entry is offset 0. */
static inline unsigned int kpt_entry_skip(const void *fn)
{
	return 0;
}

/* The stack pointer at the entry, which the caller sees again. */
static inline void *kpt_ret_frame(struct pt_regs *regs)
{
	return (void *)regs->ARM_sp;
}

#elif defined(CONFIG_PPC)

/*
 * powerpc hits a probe through a trap instruction: the program check
 * leaves the nip at it, and its handler is an ordinary synchronous
 * interrupt handler, neither an NMI nor a hard interrupt.
 */
#define KPT_HIT_IP_OFFSET	0
#define KPT_TRAP_PREEMPT_COUNT	0
/* The system call entry code (NOKPROBE_SYMBOL in its assembly). */
#define KPT_ENTRY_SYM		"system_call_common"
/* It saves one task's registers and loads the next one's, r1 included. */
#define KPT_SWITCH_SYM		"_switch"
#define KPT_HAVE_SELF_NMI	0
/* A "b" over the probed instruction, which the detour's hit runs. */
#define KPT_OPT_ONE_INSN	1

/* Instruction words of a function's entry (ELFv2, -mprofile-kernel). */
#define KPT_PPC_ADDIS_R2_R12	0x3c4c0000	/* addis r2,r12,x */
#define KPT_PPC_LIS_R2		0x3c400000	/* lis r2,x */
#define KPT_PPC_ADDI_R2_R2	0x38420000	/* addi r2,r2,x */
#define KPT_PPC_HI_MASK		0xffff0000
#define KPT_PPC_MFLR_R0		0x7c0802a6
#define KPT_PPC_NOP		0x60000000
#define KPT_PPC_BL_MASK		0xfc000003	/* opcode, AA and LK */
#define KPT_PPC_BL		0x48000001

/*
 * A probe on a function goes to its local entry, past the two words of
 * the global entry that set up the TOC pointer (ELFv2), and from there
 * to ftrace's call site, which follows "mflr r0" and is a nop or a "bl"
 * to ftrace, where kprobes use ftrace sites.  (ftrace_location(), which
 * kprobes asks, is not exported to modules.)
 */
static inline unsigned int kpt_entry_skip(const void *fn)
{
	const u32 *w = fn;
	unsigned int i = 0;

	if (IS_ENABLED(CONFIG_PPC64_ELF_ABI_V2) &&
	    ((w[0] & KPT_PPC_HI_MASK) == KPT_PPC_ADDIS_R2_R12 ||
	     (w[0] & KPT_PPC_HI_MASK) == KPT_PPC_LIS_R2) &&
	    (w[1] & KPT_PPC_HI_MASK) == KPT_PPC_ADDI_R2_R2)
		i = 2;
	if (IS_ENABLED(CONFIG_KPROBES_ON_FTRACE) && w[i] == KPT_PPC_MFLR_R0 &&
	    (w[i + 1] == KPT_PPC_NOP ||
	     (w[i + 1] & KPT_PPC_BL_MASK) == KPT_PPC_BL))
		i++;
	return i * sizeof(u32);
}

/* r1 at the entry: the caller's stack pointer, which it sees again. */
static inline void *kpt_ret_frame(struct pt_regs *regs)
{
	return (void *)regs->gpr[1];
}

#else
#error "the kprobes selftest modules know x86, arm64, riscv, 32-bit arm and powerpc only"
#endif

#endif /* _KPROBES_TEST_ARCH_H */
