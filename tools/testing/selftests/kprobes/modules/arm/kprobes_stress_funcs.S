/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit arm version of ../kprobes_stress_funcs.S: the function the stress
 * test calls on every CPU while probes come and go on each of its
 * instructions.  ARM state: the five instructions of kpt_stress_fn start
 * at 0, 4, 8, 12 and 16 (see kprobes_stress.h).
 */
#include <linux/linkage.h>
#include <asm/unwind.h>

	.arm
	.text

/* long kpt_stress_fn(long a, long b): 2 * (a + b) + 1 */
SYM_FUNC_START(kpt_stress_fn)
UNWIND(	.fnstart)
	add	r2, r0, r1
	lsl	r0, r2, #1
	add	r0, r0, #2
	sub	r0, r0, #1
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_stress_fn)

/* long kpt_stress_alt(long a, long b): a + b, where a probe may send calls */
SYM_FUNC_START(kpt_stress_alt)
UNWIND(	.fnstart)
	add	r0, r0, r1
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_stress_alt)

/* long kpt_stress_wide(long a): a + 0x10003 */
SYM_FUNC_START(kpt_stress_wide)
UNWIND(	.fnstart)
	add	r0, r0, #0x10000
	add	r0, r0, #3
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_stress_wide)

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_stress_text_end)
UNWIND(	.fnstart)
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_stress_text_end)
