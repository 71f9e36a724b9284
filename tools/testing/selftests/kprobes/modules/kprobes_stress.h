/* SPDX-License-Identifier: GPL-2.0 */
/* The function of kprobes_stress_funcs.S that kprobes_stress.c probes. */
#ifndef _KPROBES_STRESS_H
#define _KPROBES_STRESS_H

#include <asm/ibt.h>

/*
 * Five 3-byte instructions, at 0, 3, 6, 9 and 12 from the first one, which
 * follows the endbr64 of kernels built with IBT.
 */
#define KPT_NR_BOUNDS	5
#define KPT_FIRST	ENDBR_INSN_SIZE
#define KPT_FN_SIZE	(KPT_FIRST + 13)

long kpt_stress_fn(long a, long b);
long kpt_stress_alt(long a, long b);
long kpt_stress_wide(long a);

#endif /* _KPROBES_STRESS_H */
