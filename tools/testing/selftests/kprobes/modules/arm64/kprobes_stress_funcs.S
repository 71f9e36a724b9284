/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 version of ../kprobes_stress_funcs.S: the function the stress test
 * calls on every CPU while probes come and go on each of its
 * instructions.  SYM_FUNC_START() puts a "bti c" first; the five
 * instructions after it start at 0, 4, 8, 12 and 16 from there (see
 * kprobes_stress.h).
 */
#include <linux/linkage.h>

	.text

/* long kpt_stress_fn(long a, long b): 2 * (a + b) + 1 */
SYM_FUNC_START(kpt_stress_fn)
	add	x2, x0, x1
	lsl	x0, x2, #1
	add	x0, x0, #2
	sub	x0, x0, #1
	ret
SYM_FUNC_END(kpt_stress_fn)

/* long kpt_stress_alt(long a, long b): a + b, where a probe may send calls */
SYM_FUNC_START(kpt_stress_alt)
	add	x0, x0, x1
	ret
SYM_FUNC_END(kpt_stress_alt)

/* long kpt_stress_wide(long a): a + 0x10003 */
SYM_FUNC_START(kpt_stress_wide)
	add	x0, x0, #0x10, lsl #12
	add	x0, x0, #3
	ret
SYM_FUNC_END(kpt_stress_wide)

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_stress_text_end)
	ret
SYM_FUNC_END(kpt_stress_text_end)
