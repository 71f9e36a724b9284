/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv version of ../kprobes_api_funcs.S: the functions the kprobes API
 * tests probe, in assembly so that the tests know where every
 * instruction is (kprobes_api.h names the offsets).  Nothing is
 * compressed: every instruction is 4 bytes long.
 */
#include <linux/linkage.h>

	.option norvc
	.text

/* long kpt_api_add(long a, long b): a + b; copy, operation, return. */
SYM_FUNC_START(kpt_api_add)
	mv	a2, a0
	add	a0, a2, a1
	ret
SYM_FUNC_END(kpt_api_add)

/* long kpt_api_sub(long a, long b): a - b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_sub)
	mv	a2, a0
	sub	a0, a2, a1
	ret
SYM_FUNC_END(kpt_api_sub)

/* long kpt_api_xor(long a, long b): a ^ b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_xor)
	mv	a2, a0
	xor	a0, a2, a1
	ret
SYM_FUNC_END(kpt_api_xor)

/* long kpt_api_depth(long n): n, through n nested calls of itself. */
SYM_FUNC_START(kpt_api_depth)
	beqz	a0, .Lkpt_depth_bottom
	addi	sp, sp, -16
	sd	ra, 8(sp)
	sd	s0, 0(sp)
	addi	s0, sp, 16
	addi	a0, a0, -1
	call	kpt_api_depth
	addi	a0, a0, 1
	ld	ra, 8(sp)
	ld	s0, 0(sp)
	addi	sp, sp, 16
	ret
.Lkpt_depth_bottom:
	li	a0, 0
	ret
SYM_FUNC_END(kpt_api_depth)

/*
 * long kpt_api_wrap_escape(long v): v, through kpt_api_escape(v).
 *
 * kpt_api_escape() saves its frame record, remembers where, and calls
 * kpt_api_abandoned(), which never uses its ra: it goes back to that
 * stack pointer, reloads kpt_api_escape's frame record and returns from
 * there, straight to kpt_api_wrap_escape.  A kretprobe on
 * kpt_api_abandoned therefore sees a call that never returns through the
 * trampoline; the return of kpt_api_wrap_escape finds it.
 */
SYM_FUNC_START(kpt_api_wrap_escape)
	addi	sp, sp, -16
	sd	ra, 8(sp)
	sd	s0, 0(sp)
	addi	s0, sp, 16
	call	kpt_api_escape
	ld	ra, 8(sp)
	ld	s0, 0(sp)
	addi	sp, sp, 16
	ret
SYM_FUNC_END(kpt_api_wrap_escape)

SYM_FUNC_START(kpt_api_escape)
	addi	sp, sp, -16
	sd	ra, 8(sp)
	sd	s0, 0(sp)
	addi	s0, sp, 16
	lla	t0, kpt_api_escape_sp
	sd	sp, 0(t0)
	call	kpt_api_abandoned
	ld	ra, 8(sp)
	ld	s0, 0(sp)
	addi	sp, sp, 16
	ret
SYM_FUNC_END(kpt_api_escape)

SYM_FUNC_START(kpt_api_abandoned)
	lla	t0, kpt_api_escape_sp
	ld	sp, 0(t0)
	ld	ra, 8(sp)
	ld	s0, 0(sp)
	addi	sp, sp, 16
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
