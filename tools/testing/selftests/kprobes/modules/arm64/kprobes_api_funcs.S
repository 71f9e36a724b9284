/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 version of ../kprobes_api_funcs.S: the functions the kprobes API
 * tests probe, in assembly so that the tests know where every
 * instruction is (kprobes_api.h names the offsets).  SYM_FUNC_START()
 * puts a "bti c" first.
 */
#include <linux/linkage.h>

	.text

/* long kpt_api_add(long a, long b): a + b; copy, operation, return. */
SYM_FUNC_START(kpt_api_add)
	mov	x2, x0
	add	x0, x2, x1
	ret
SYM_FUNC_END(kpt_api_add)

/* long kpt_api_sub(long a, long b): a - b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_sub)
	mov	x2, x0
	sub	x0, x2, x1
	ret
SYM_FUNC_END(kpt_api_sub)

/* long kpt_api_xor(long a, long b): a ^ b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_xor)
	mov	x2, x0
	eor	x0, x2, x1
	ret
SYM_FUNC_END(kpt_api_xor)

/* long kpt_api_depth(long n): n, through n nested calls of itself. */
SYM_FUNC_START(kpt_api_depth)
	cbz	x0, .Lkpt_depth_bottom
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	sub	x0, x0, #1
	bl	kpt_api_depth
	add	x0, x0, #1
	ldp	x29, x30, [sp], #16
	ret
.Lkpt_depth_bottom:
	mov	x0, xzr
	ret
SYM_FUNC_END(kpt_api_depth)

/*
 * long kpt_api_wrap_escape(long v): v, through kpt_api_escape(v).
 *
 * kpt_api_escape() saves its frame record, remembers where, and calls
 * kpt_api_abandoned(), which never uses its link register: it goes back
 * to that stack pointer, reloads kpt_api_escape's frame record and
 * returns from there, straight to kpt_api_wrap_escape.  A kretprobe on
 * kpt_api_abandoned therefore sees a call that never returns through the
 * trampoline; the return of kpt_api_wrap_escape finds it.
 */
SYM_FUNC_START(kpt_api_wrap_escape)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	bl	kpt_api_escape
	ldp	x29, x30, [sp], #16
	ret
SYM_FUNC_END(kpt_api_wrap_escape)

SYM_FUNC_START(kpt_api_escape)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	adrp	x2, kpt_api_escape_sp
	mov	x1, sp
	str	x1, [x2, :lo12:kpt_api_escape_sp]
	bl	kpt_api_abandoned
	ldp	x29, x30, [sp], #16
	ret
SYM_FUNC_END(kpt_api_escape)

SYM_FUNC_START(kpt_api_abandoned)
	adrp	x2, kpt_api_escape_sp
	ldr	x1, [x2, :lo12:kpt_api_escape_sp]
	mov	sp, x1
	ldp	x29, x30, [sp], #16
	ret
SYM_FUNC_END(kpt_api_abandoned)

	.pushsection .bss
	.balign	8
kpt_api_escape_sp:
	.quad	0
	.popsection

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_api_text_end)
	ret
SYM_FUNC_END(kpt_api_text_end)

/*
 * Symbols named like the preambles of function padding (__pfx_) and kCFI
 * (__cfi_), refused by name, and one of the same shape that is not.
 */
SYM_FUNC_START(__pfx_kpt_api_padded)
	nop
	ret
SYM_FUNC_END(__pfx_kpt_api_padded)

SYM_FUNC_START(__cfi_kpt_api_padded)
	nop
	ret
SYM_FUNC_END(__cfi_kpt_api_padded)

SYM_FUNC_START(kpt_api_padded)
	nop
	ret
SYM_FUNC_END(kpt_api_padded)
