/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit arm version of ../kprobes_api_funcs.S: the functions the kprobes
 * API tests probe, in assembly so that the tests know where every
 * instruction is (kprobes_api.h names the offsets).  ARM state, not
 * Thumb: every instruction is 4 bytes long and the first one is at the
 * symbol.  The arguments and the result are in r0 and r1, the return
 * address in lr.
 *
 * Each function has an entry in the unwind tables (UNWIND(), when the
 * kernel unwinds with them), so that a stack trace taken while one of
 * them is interrupted finds its caller.
 */
#include <linux/linkage.h>
#include <asm/unwind.h>

	.arm
	.text

/* long kpt_api_add(long a, long b): a + b; copy, operation, return. */
SYM_FUNC_START(kpt_api_add)
UNWIND(	.fnstart)
	mov	r2, r0
	add	r0, r2, r1
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_add)

/* long kpt_api_sub(long a, long b): a - b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_sub)
UNWIND(	.fnstart)
	mov	r2, r0
	sub	r0, r2, r1
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_sub)

/* long kpt_api_xor(long a, long b): a ^ b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_xor)
UNWIND(	.fnstart)
	mov	r2, r0
	eor	r0, r2, r1
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_xor)

/*
 * long kpt_api_depth(long n): n, through n nested calls of itself.  The
 * frame is pushed first, so that every call, the innermost one included,
 * leaves by the same "pop {fp, pc}" with the stack pointer it came with.
 */
SYM_FUNC_START(kpt_api_depth)
UNWIND(	.fnstart)
	push	{fp, lr}
UNWIND(	.save	{fp, lr})
	cmp	r0, #0
	beq	.Lkpt_depth_out
	sub	r0, r0, #1
	bl	kpt_api_depth
	add	r0, r0, #1
.Lkpt_depth_out:
	pop	{fp, pc}
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_depth)

/*
 * long kpt_api_wrap_escape(long v): v, through kpt_api_escape(v).
 *
 * kpt_api_escape() pushes its frame, remembers the stack pointer, and
 * calls kpt_api_abandoned(), which never uses its lr: it goes back to
 * that stack pointer and pops kpt_api_escape's frame into pc, returning
 * straight to kpt_api_wrap_escape.  A kretprobe on kpt_api_abandoned
 * therefore sees a call that never returns through the trampoline; the
 * return of kpt_api_wrap_escape, whose stack pointer lies above that
 * call's, finds it.  None of them touches r0.
 */
SYM_FUNC_START(kpt_api_wrap_escape)
UNWIND(	.fnstart)
	push	{fp, lr}
UNWIND(	.save	{fp, lr})
	bl	kpt_api_escape
	pop	{fp, pc}
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_wrap_escape)

SYM_FUNC_START(kpt_api_escape)
UNWIND(	.fnstart)
	push	{fp, lr}
UNWIND(	.save	{fp, lr})
	ldr	r1, .Lkpt_escape_sp_addr
	str	sp, [r1]
	bl	kpt_api_abandoned
	pop	{fp, pc}
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_escape)

SYM_FUNC_START(kpt_api_abandoned)
UNWIND(	.fnstart)
	ldr	r1, .Lkpt_escape_sp_addr
	ldr	sp, [r1]
	pop	{fp, pc}
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_abandoned)

/* The address of kpt_api_escape_sp, outside every function. */
	.balign	4
.Lkpt_escape_sp_addr:
	.long	kpt_api_escape_sp

	.pushsection .bss
	.balign	4
kpt_api_escape_sp:
	.long	0
	.popsection

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_api_text_end)
UNWIND(	.fnstart)
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_text_end)

/*
 * Symbols named like the preambles of function padding (__pfx_) and kCFI
 * (__cfi_), refused by name, and one of the same shape that is not.
 */
SYM_FUNC_START(__pfx_kpt_api_padded)
UNWIND(	.fnstart)
	nop
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(__pfx_kpt_api_padded)

SYM_FUNC_START(__cfi_kpt_api_padded)
UNWIND(	.fnstart)
	nop
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(__cfi_kpt_api_padded)

SYM_FUNC_START(kpt_api_padded)
UNWIND(	.fnstart)
	nop
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_api_padded)
