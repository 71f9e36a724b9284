/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions the kprobes API tests probe.  They are written in assembly so
 * that the tests know where every instruction starts; kprobes_api.h names
 * the offsets.  None of them has an fentry call, so every probe on them is
 * a breakpoint.  On 32-bit x86 the arguments come in %eax, %edx and %ecx
 * (regparm(3)).
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/unwind_hints.h>

	.text

/*
 * long kpt_api_add(long a, long b): a + b, two 3-byte instructions.  On
 * 32-bit x86 the first is a copy of %eax to itself, the ALU operations of
 * kpt_api_sub and kpt_api_xor get a DS prefix (as compilers pad
 * instructions) to be 3 bytes long too.
 */
SYM_FUNC_START(kpt_api_add)
#ifdef CONFIG_X86_64
	mov	%rdi, %rax
	add	%rsi, %rax
#else
	{disp8} lea 0(%eax), %eax
	lea	(%eax, %edx), %eax
#endif
	RET
SYM_FUNC_END(kpt_api_add)

/* long kpt_api_sub(long a, long b): a - b, same layout as kpt_api_add. */
SYM_FUNC_START(kpt_api_sub)
#ifdef CONFIG_X86_64
	mov	%rdi, %rax
	sub	%rsi, %rax
#else
	{disp8} lea 0(%eax), %eax
	ds sub	%edx, %eax
#endif
	RET
SYM_FUNC_END(kpt_api_sub)

/* long kpt_api_xor(long a, long b): a ^ b, same layout as kpt_api_add. */
SYM_FUNC_START(kpt_api_xor)
#ifdef CONFIG_X86_64
	mov	%rdi, %rax
	xor	%rsi, %rax
#else
	{disp8} lea 0(%eax), %eax
	ds xor	%edx, %eax
#endif
	RET
SYM_FUNC_END(kpt_api_xor)

/* long kpt_api_depth(long n): n, by recursing n levels deep. */
SYM_FUNC_START(kpt_api_depth)
#ifdef CONFIG_X86_64
	test	%rdi, %rdi
	jz	.Lkpt_depth_bottom
	sub	$1, %rdi
	call	kpt_api_depth
	add	$1, %rax
#else
	test	%eax, %eax
	jz	.Lkpt_depth_bottom
	sub	$1, %eax
	call	kpt_api_depth
	add	$1, %eax
#endif
	RET
.Lkpt_depth_bottom:
	xor	%eax, %eax
	RET
SYM_FUNC_END(kpt_api_depth)

/*
 * long kpt_api_wrap_escape(long v): v, through kpt_api_escape(v).
 *
 * kpt_api_escape() calls kpt_api_abandoned(), which never returns to it:
 * it puts the stack pointer back to what it was at kpt_api_escape's
 * entry and returns from there, straight to kpt_api_wrap_escape.  A
 * kretprobe on kpt_api_abandoned therefore sees a call that never returns
 * through the trampoline; the return of kpt_api_wrap_escape finds it.
 */
SYM_FUNC_START(kpt_api_wrap_escape)
	call	kpt_api_escape
	RET
SYM_FUNC_END(kpt_api_wrap_escape)

SYM_FUNC_START(kpt_api_escape)
#ifdef CONFIG_X86_64
	movq	%rsp, kpt_api_escape_sp(%rip)
#else
	movl	%esp, kpt_api_escape_sp
#endif
	call	kpt_api_abandoned
	RET
SYM_FUNC_END(kpt_api_escape)

SYM_CODE_START(kpt_api_abandoned)
	UNWIND_HINT_FUNC
#ifdef CONFIG_X86_64
	movq	%rdi, %rax
	movq	kpt_api_escape_sp(%rip), %rsp
#else
	movl	kpt_api_escape_sp, %esp
#endif
	UNWIND_HINT_FUNC
	RET
SYM_CODE_END(kpt_api_abandoned)

	.pushsection .bss
	.balign 8
kpt_api_escape_sp:
	_ASM_PTR	0
	.popsection

/*
 * kallsyms sizes a module function up to the next symbol; this one keeps
 * the last function above from seeming to extend over the rest of the
 * module's text.
 */
SYM_FUNC_START(kpt_api_text_end)
	RET
SYM_FUNC_END(kpt_api_text_end)

/*
 * Symbols named like the preambles the compiler puts in front of functions
 * with function padding (__pfx_) or kCFI (__cfi_), and a control function
 * of the same shape under a plain name: kprobes refuses the first two by
 * their names alone.
 */
SYM_FUNC_START(__pfx_kpt_api_padded)
	nop
	RET
SYM_FUNC_END(__pfx_kpt_api_padded)

SYM_FUNC_START(__cfi_kpt_api_padded)
	nop
	RET
SYM_FUNC_END(__cfi_kpt_api_padded)

SYM_FUNC_START(kpt_api_padded)
	nop
	RET
SYM_FUNC_END(kpt_api_padded)
