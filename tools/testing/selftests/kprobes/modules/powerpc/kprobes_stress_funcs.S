/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit powerpc version of ../kprobes_stress_funcs.S: the function the
 * stress test calls on every CPU while probes come and go on each of its
 * instructions.  The five 4-byte instructions of kpt_stress_fn start at
 * 0, 4, 8, 12 and 16 (see kprobes_stress.h); nothing here uses the TOC
 * pointer, so the entry is the first word.
 */
#include <linux/linkage.h>
#include <asm/ppc_asm.h>

	.text

/* long kpt_stress_fn(long a, long b): 2 * (a + b) + 1 */
SYM_FUNC_START(kpt_stress_fn)
	add	r5, r3, r4
	sldi	r3, r5, 1
	addi	r3, r3, 2
	addi	r3, r3, -1
	blr
SYM_FUNC_END(kpt_stress_fn)

/* long kpt_stress_alt(long a, long b): a + b, where a probe may send calls */
SYM_FUNC_START(kpt_stress_alt)
	add	r3, r3, r4
	blr
SYM_FUNC_END(kpt_stress_alt)

/* long kpt_stress_wide(long a): a + 0x10003 */
SYM_FUNC_START(kpt_stress_wide)
	addis	r3, r3, 1
	addi	r3, r3, 3
	blr
SYM_FUNC_END(kpt_stress_wide)

/* Ends kallsyms' idea of the size of the function before it (16 bytes). */
SYM_FUNC_START(kpt_stress_text_end)
	blr
	nop
	nop
	nop
SYM_FUNC_END(kpt_stress_text_end)
