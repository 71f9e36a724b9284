/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit powerpc (ELFv2) version of ../kprobes_api_funcs.S: the functions
 * the kprobes API tests probe, in assembly so that the tests know where
 * every instruction is (kprobes_api.h names the offsets).  Every
 * instruction is one 4-byte word, and none of these functions touches the
 * TOC pointer r2, so each has a single entry point at its first word
 * (no global entry that kprobes would step over).
 */
#include <linux/linkage.h>
#include <asm/ppc_asm.h>

	.text

/* long kpt_api_add(long a, long b): a + b; copy, operation, return. */
SYM_FUNC_START(kpt_api_add)
	mr	r5, r3
	add	r3, r5, r4
	blr
SYM_FUNC_END(kpt_api_add)

/* long kpt_api_sub(long a, long b): a - b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_sub)
	mr	r5, r3
	subf	r3, r4, r5
	blr
SYM_FUNC_END(kpt_api_sub)

/* long kpt_api_xor(long a, long b): a ^ b, laid out as kpt_api_add. */
SYM_FUNC_START(kpt_api_xor)
	mr	r5, r3
	xor	r3, r5, r4
	blr
SYM_FUNC_END(kpt_api_xor)

/*
 * long kpt_api_depth(long n): n, through n nested calls of itself.  Each
 * level keeps its return address in the LR save word of its caller's
 * frame and pushes a minimal frame (back chain, 32 bytes) of its own.
 */
SYM_FUNC_START(kpt_api_depth)
	cmpdi	r3, 0
	beqlr
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -32(r1)
	addi	r3, r3, -1
	bl	kpt_api_depth
	addi	r3, r3, 1
	addi	r1, r1, 32
	ld	r0, 16(r1)
	mtlr	r0
	blr
SYM_FUNC_END(kpt_api_depth)

/*
 * long kpt_api_wrap_escape(long v): v, through kpt_api_escape(v).
 *
 * kpt_api_escape() pushes its frame and calls kpt_api_abandoned(), which
 * never uses its link register: its r1 on entry is kpt_api_escape's frame,
 * which it pops itself, reloading kpt_api_escape's return address, so it
 * returns straight to kpt_api_wrap_escape.  A kretprobe on
 * kpt_api_abandoned therefore sees a call that never returns through the
 * trampoline; the return of kpt_api_wrap_escape finds it.
 */
SYM_FUNC_START(kpt_api_wrap_escape)
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -32(r1)
	bl	kpt_api_escape
	addi	r1, r1, 32
	ld	r0, 16(r1)
	mtlr	r0
	blr
SYM_FUNC_END(kpt_api_wrap_escape)

SYM_FUNC_START(kpt_api_escape)
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -32(r1)
	bl	kpt_api_abandoned
	addi	r1, r1, 32
	ld	r0, 16(r1)
	mtlr	r0
	blr
SYM_FUNC_END(kpt_api_escape)

SYM_FUNC_START(kpt_api_abandoned)
	addi	r1, r1, 32
	ld	r0, 16(r1)
	mtlr	r0
	blr
SYM_FUNC_END(kpt_api_abandoned)

/*
 * Symbols named like the preambles of function padding (__pfx_) and kCFI
 * (__cfi_), refused by name, and one of the same shape that is not.
 */
SYM_FUNC_START(__pfx_kpt_api_padded)
	nop
	blr
SYM_FUNC_END(__pfx_kpt_api_padded)

SYM_FUNC_START(__cfi_kpt_api_padded)
	nop
	blr
SYM_FUNC_END(__cfi_kpt_api_padded)

SYM_FUNC_START(kpt_api_padded)
	nop
	blr
SYM_FUNC_END(kpt_api_padded)

/*
 * Ends kallsyms' idea of the size of the function before it.  16 bytes
 * long: a probe on a function's entry looks for an ftrace call site in
 * its first 16 bytes, which must not reach into the C code that follows
 * this file in the module.
 */
SYM_FUNC_START(kpt_api_text_end)
	blr
	nop
	nop
	nop
SYM_FUNC_END(kpt_api_text_end)
