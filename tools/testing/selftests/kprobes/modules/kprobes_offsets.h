/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by kprobes_offsets.c and kprobes_offsets_funcs.S: the functions
 * and the tables of their instruction boundaries.
 */
#ifndef _KPROBES_OFFSETS_H
#define _KPROBES_OFFSETS_H

/*
 * A bounds table is a u16 array: one entry per instruction, its offset in
 * the function plus flags; the last entry is the function's size flagged
 * KPT_B_END.  The flags say what the jump-optimization test needs to know:
 *
 *	KPT_B_REFUSED	kprobes must not probe the instruction at all
 *	KPT_B_TARGET	a branch of the function lands on the instruction
 *	KPT_B_FIXED	the instruction must run in place: it branches, calls,
 *			returns or changes the flags register as a whole
 *	KPT_B_INDIRECT	an indirect jump: it may reach anything in the function
 *	KPT_B_FAULTS	faults once per run of the test's exercise function
 *			and resumes at its exception-table fixup
 */
#define KPT_B_OFFSET	0x03ff
#define KPT_B_TARGET	0x0400
#define KPT_B_FIXED	0x0800
#define KPT_B_INDIRECT	0x1000
#define KPT_B_FAULTS	0x2000
#define KPT_B_END	0x4000
#define KPT_B_REFUSED	0x8000

#ifndef __ASSEMBLY__
#include <linux/errno.h>
#include <linux/types.h>

struct kunit;

/*
 * What registering a probe returns inside an instruction, and on an
 * instruction kprobes must not probe.  Upstream's x86 refuses an int3 as
 * "no boundary", and upstream's arm64 and 32-bit arm a misaligned address
 * as invalid.
 */
#if defined(KPROBES_TEST_UPSTREAM) && defined(CONFIG_X86)
#define KPT_REFUSED_ERR	(-EILSEQ)
#else
#define KPT_REFUSED_ERR	(-EINVAL)
#endif
#if defined(KPROBES_TEST_UPSTREAM) && \
	(defined(CONFIG_ARM64) || defined(CONFIG_ARM))
#define KPT_INSIDE_ERR	(-EINVAL)
#else
#define KPT_INSIDE_ERR	(-EILSEQ)
#endif

/**
 * struct kpt_func - a function of the test and how to run it
 * @name: its symbol
 * @start: its address
 * @bounds: its bounds table
 * @exercise: calls it with inputs that run every instruction; true if
 *	every result was right
 */
struct kpt_func {
	const char *name;
	void *start;
	const u16 *bounds;
	bool (*exercise)(struct kunit *test);
};

#define KPT_FUNC(f)	{ #f, f, f##_bounds, kpt_run_##f }

/* The architecture's functions (kprobes_offsets_runs.c). */
extern const struct kpt_func kpt_funcs[];
extern const unsigned int kpt_nr_funcs;

/* Compare one result; say which call went wrong (kprobes_offsets.c). */
bool kpt_check(struct kunit *test, long got, long want, const char *call);
#define KPT_CHECK(test, call, want)	kpt_check(test, call, want, #call)

/*
 * Where the optimization test checks that the optimizer was through, on
 * every architecture: long kpt_off_canary(long x) returns x + 3.
 */
long kpt_off_canary(long x);

/* x86: kprobes_offsets_funcs.S */
long kpt_off_helper(long x);
long kpt_off_sum(long n);
long kpt_off_switch(long sel, long x);
long kpt_off_calls(long x);
long kpt_off_string(char *dst, const char *src, long n);
long kpt_off_flags(long a, long b);
long kpt_off_frame(long x);
long kpt_off_fixup(const long *p, long x);

extern const u16 kpt_off_helper_bounds[], kpt_off_sum_bounds[];
extern const u16 kpt_off_switch_bounds[], kpt_off_calls_bounds[];
extern const u16 kpt_off_string_bounds[], kpt_off_flags_bounds[];
extern const u16 kpt_off_frame_bounds[], kpt_off_fixup_bounds[];
extern long kpt_off_last;

/* arm64: arm64/kprobes_offsets_funcs.S, with kpt_off_helper and _fixup */
long kpt_off_literal(long x);
long kpt_off_branch(long x);
long kpt_off_excl(long *p, long v);
long kpt_off_hints(long x);

extern const u16 kpt_off_literal_bounds[], kpt_off_branch_bounds[];
extern const u16 kpt_off_excl_bounds[], kpt_off_hints_bounds[];

/*
 * riscv: riscv/kprobes_offsets_funcs.S, with kpt_off_helper, _branch and
 * _fixup
 */
long kpt_off_pcrel(long x);
long kpt_off_lrsc(long *p, long v);
long kpt_off_mixed(long a, long b);

extern const u16 kpt_off_pcrel_bounds[], kpt_off_lrsc_bounds[];
extern const u16 kpt_off_mixed_bounds[];

/*
 * 32-bit arm: arm/kprobes_offsets_funcs.S, with kpt_off_helper, _literal,
 * _branch, _excl, _flags and _fixup
 */
long kpt_off_stack(long a, long b);
long kpt_off_sys(long x);
long kpt_off_subsp(long a, long b);

extern const u16 kpt_off_stack_bounds[], kpt_off_sys_bounds[];
extern const u16 kpt_off_subsp_bounds[];

/*
 * 64-bit powerpc: powerpc/kprobes_offsets_funcs.S, with kpt_off_helper,
 * _branch, _mixed and _fixup
 */
long kpt_off_cond(long n);
long kpt_off_larx(long *p, long v);

extern const u16 kpt_off_cond_bounds[], kpt_off_larx_bounds[];
#endif /* __ASSEMBLY__ */

#endif /* _KPROBES_OFFSETS_H */
