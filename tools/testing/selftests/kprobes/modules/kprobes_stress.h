/* SPDX-License-Identifier: GPL-2.0 */
/* The function of kprobes_stress_funcs.S that kprobes_stress.c probes. */
#ifndef _KPROBES_STRESS_H
#define _KPROBES_STRESS_H

/*
 * Five instructions of one size, the return last, from the first one on,
 * which follows a landing pad where the function starts with one: on x86
 * 3-byte instructions (the endbr64 of kernels built with IBT comes
 * first), on arm64 4-byte ones after the "bti c" of SYM_FUNC_START(),
 * on riscv, 32-bit arm and powerpc 4-byte ones from the start.
 */
#define KPT_NR_BOUNDS	5

#if defined(CONFIG_ARM64)
#define KPT_INSN_SIZE	4
#define KPT_FIRST	4
#define KPT_RET_SIZE	4
#elif defined(CONFIG_RISCV)
/* Uncompressed 4-byte instructions; riscv has no landing pad. */
#define KPT_INSN_SIZE	4
#define KPT_FIRST	0
#define KPT_RET_SIZE	4
#elif defined(CONFIG_ARM)
/* ARM state, not Thumb: 4-byte instructions, no landing pad. */
#define KPT_INSN_SIZE	4
#define KPT_FIRST	0
#define KPT_RET_SIZE	4
#elif defined(CONFIG_PPC)
/* One word each; the function uses no TOC, so it has no global entry. */
#define KPT_INSN_SIZE	4
#define KPT_FIRST	0
#define KPT_RET_SIZE	4
#else
#include <asm/ibt.h>

#define KPT_INSN_SIZE	3
#define KPT_FIRST	ENDBR_INSN_SIZE
#define KPT_RET_SIZE	1
#endif

/* Offset of the @n-th instruction from the first one. */
#define KPT_BOUND(n)	((n) * KPT_INSN_SIZE)
#define KPT_FN_SIZE	(KPT_FIRST + KPT_BOUND(KPT_NR_BOUNDS - 1) + KPT_RET_SIZE)

long kpt_stress_fn(long a, long b);
long kpt_stress_alt(long a, long b);
long kpt_stress_wide(long a);

#endif /* _KPROBES_STRESS_H */
