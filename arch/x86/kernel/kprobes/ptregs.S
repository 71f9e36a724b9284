/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Assembler macros that build and take down a struct pt_regs on the stack
 * for the kprobes code that runs without an exception frame: the detour
 * buffer template (opt_tmpl.S) and the kretprobe trampoline (ret_tramp.S),
 * which include this file; it is not assembled on its own.
 *
 * KPROBE_PUSH_PTREGS leaves the stack pointer at the struct, laid out as
 * the kernel's own entry code would for a kernel-mode exception: ss and cs
 * are the kernel's, ip is 0 for the caller to fill in, or, if the macro is
 * given a label, the imm32 of the push at that label, which the user
 * patches in its copy of the code (sign-extended on 64-bit); orig_ax is
 * -1.  The saved sp is the stack pointer before the macro, minus one word:
 * the word pushed with ss is already on the stack when the stack pointer
 * is pushed, so each user corrects it for its own frame.  KPROBE_POP_GPRS
 * reloads the general-purpose registers, which handlers may have changed,
 * and leaves the stack pointer at orig_ax.
 *
 * With frame pointers, KPROBE_PUSH_PTREGS also points the frame pointer
 * at the struct, encoded as the entry code does, so that the frame-pointer
 * unwinder walking out of a handler finds pt_regs and reports its ip (the
 * probed address, or the real return address behind the kretprobe
 * trampoline) instead of skipping a frame.  KPROBE_POP_GPRS restores it.
 *
 * KPROBE_WORD is the size of a pt_regs slot, for the users' arithmetic.
 * On 32-bit the segment registers are saved as the entry code saves them
 * but not reloaded: kernel code does not change them.
 */
#ifndef _X86_KERNEL_KPROBES_PTREGS_S
#define _X86_KERNEL_KPROBES_PTREGS_S

#include <asm/frame.h>
#include <asm/segment.h>

#ifdef CONFIG_X86_64

#define KPROBE_WORD	8

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
	ENCODE_FRAME_POINTER
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

#else /* !CONFIG_X86_64 */

#define KPROBE_WORD	4

.macro KPROBE_PUSH_PTREGS ip_label
	pushl	$__KERNEL_DS		/* ss */
	pushl	%esp			/* sp, corrected by the user */
	pushfl				/* flags */
	pushl	$__KERNEL_CS		/* cs */
	.ifb	\ip_label
	pushl	$0			/* ip */
	.else
\ip_label:
	.byte	0x68			/* ip: pushl $imm32, filled in by the user */
	.long	0
	.endif
	pushl	$-1			/* orig_ax */
	pushl	%gs
	pushl	%fs
	pushl	%es
	pushl	%ds
	pushl	%eax
	pushl	%ebp
	pushl	%edi
	pushl	%esi
	pushl	%edx
	pushl	%ecx
	pushl	%ebx
	ENCODE_FRAME_POINTER
.endm

.macro KPROBE_POP_GPRS
	popl	%ebx
	popl	%ecx
	popl	%edx
	popl	%esi
	popl	%edi
	popl	%ebp
	popl	%eax
	leal	4 * 4(%esp), %esp	/* ds, es, fs, gs */
.endm

#endif /* CONFIG_X86_64 */

#endif /* _X86_KERNEL_KPROBES_PTREGS_S */
