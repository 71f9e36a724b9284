/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv version of ../kprobes_stress_funcs.S: the function the stress
 * test calls on every CPU while probes come and go on each of its
 * instructions.  Nothing is compressed here: the five instructions of
 * kpt_stress_fn start at 0, 4, 8, 12 and 16 (see kprobes_stress.h).
 */
#include <linux/linkage.h>

	.option norvc
	.text

/* long kpt_stress_fn(long a, long b): 2 * (a + b) + 1 */
SYM_FUNC_START(kpt_stress_fn)
	add	a2, a0, a1
	slli	a0, a2, 1
	addi	a0, a0, 2
	addi	a0, a0, -1
	ret
SYM_FUNC_END(kpt_stress_fn)

/* long kpt_stress_alt(long a, long b): a + b, where a probe may send calls */
SYM_FUNC_START(kpt_stress_alt)
	add	a0, a0, a1
	ret
SYM_FUNC_END(kpt_stress_alt)

/* long kpt_stress_wide(long a): a + 0x10003 */
SYM_FUNC_START(kpt_stress_wide)
	lui	t0, 0x10
	add	a0, a0, t0
	addi	a0, a0, 3
	ret
SYM_FUNC_END(kpt_stress_wide)

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_stress_text_end)
	ret
SYM_FUNC_END(kpt_stress_text_end)
