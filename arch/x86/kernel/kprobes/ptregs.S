/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Assembler macros that build and take down a struct pt_regs on the stack
 * for the kprobes code that runs without an exception frame: the detour
 * buffer template (opt_tmpl.S) and the kretprobe trampoline (ret_tramp.S),
 * which include this file; it is not assembled on its own.
 *
 * KPROBE_PUSH_PTREGS leaves %rsp at the struct, laid out as the kernel's
 * own entry code would for a kernel-mode exception: ss and cs are the
 * kernel's, ip is 0 for the caller to fill in, or, if the macro is given
 * a label, the sign-extended imm32 of the push at that label, which the
 * user patches in its copy of the code; orig_ax is -1.  The saved
 * sp is the value of %rsp before the macro, minus 8: the word pushed with
 * ss is already on the stack when %rsp is pushed, so each user corrects
 * it for its own frame.  KPROBE_POP_GPRS reloads the general-purpose
 * registers, which handlers may have changed, and leaves %rsp at orig_ax.
 */
#ifndef _X86_KERNEL_KPROBES_PTREGS_S
#define _X86_KERNEL_KPROBES_PTREGS_S

#include <asm/segment.h>

.macro KPROBE_PUSH_PTREGS ip_label
	pushq	$__KERNEL_DS		/* ss */
	pushq	%rsp			/* sp, corrected by the user */
	pushfq				/* flags */
	pushq	$__KERNEL_CS		/* cs */
	.ifb	\ip_label
	pushq	$0			/* ip */
	.else
\ip_label:
	.byte	0x68			/* ip: pushq $imm32, filled in by the user */
	.long	0
	.endif
	pushq	$-1			/* orig_ax */
	pushq	%rdi
	pushq	%rsi
	pushq	%rdx
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
.endm

.macro KPROBE_POP_GPRS
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rsi
	popq	%rdi
.endm

#endif /* _X86_KERNEL_KPROBES_PTREGS_S */
