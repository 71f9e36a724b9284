/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function the kprobes stress test calls on every CPU while probes
 * come and go on each of its instructions.  Every instruction is 3 bytes
 * long, so they start at 0, 3, 6, 9 and 12 (see kprobes_stress.h), on
 * x86-64 and, with the arguments in %eax and %edx (regparm(3)), on
 * 32-bit x86.
 */
#include <linux/linkage.h>

	.text

/* long kpt_stress_fn(long a, long b): 2 * (a + b) + 1 */
SYM_FUNC_START(kpt_stress_fn)
#ifdef CONFIG_X86_64
	mov	%rdi, %rax
	add	%rsi, %rax
	add	%rax, %rax
	inc	%rax
#else
	lea	(%eax, %edx), %ecx
	imul	$2, %ecx, %eax
	add	$2, %eax
	sub	$1, %eax
#endif
	RET
SYM_FUNC_END(kpt_stress_fn)

/* long kpt_stress_alt(long a, long b): a + b, where a probe may send calls */
SYM_FUNC_START(kpt_stress_alt)
#ifdef CONFIG_X86_64
	lea	(%rdi, %rsi), %rax
#else
	lea	(%eax, %edx), %eax
#endif
	RET
SYM_FUNC_END(kpt_stress_alt)

/*
 * long kpt_stress_wide(long a): a + 0x10003.  Its first instruction is 7
 * bytes long (6 on 32-bit x86), so a jump at +0 covers that instruction
 * alone.
 */
SYM_FUNC_START(kpt_stress_wide)
#ifdef CONFIG_X86_64
	lea	0x10000(%rdi), %rax
	add	$3, %rax
#else
	lea	0x10000(%eax), %eax
	add	$3, %eax
#endif
	RET
SYM_FUNC_END(kpt_stress_wide)

/*
 * kallsyms sizes a module function up to the next symbol; this one keeps
 * the last function above from seeming to extend over the rest of the
 * module's text.
 */
SYM_FUNC_START(kpt_stress_text_end)
	RET
SYM_FUNC_END(kpt_stress_text_end)
