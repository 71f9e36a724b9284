// SPDX-License-Identifier: GPL-2.0
/*
 * The 32-bit arm functions of arm/kprobes_offsets_funcs.S as
 * kprobes_offsets.c runs them: inputs that take every path through each,
 * and every condition of a conditional instruction both ways, and the
 * results they must give.
 */
#include <kunit/test.h>

#include "kprobes_offsets.h"

static bool kpt_run_helper(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_helper(20), 41) &
	       KPT_CHECK(test, kpt_off_helper(-4), -7);
}

/* The sum of the loads of kpt_off_literal(), as its comment gives it. */
#define KPT_LITERALS	(0x12345678L + 0x8001 - 16 + 0x40 + 100 + 200 + 8)

static bool kpt_run_literal(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_literal(0), KPT_LITERALS) &
	       KPT_CHECK(test, kpt_off_literal(-KPT_LITERALS), 0);
}

/*
 * One input per path: below 10 through BL, from 10 up through BGE, zero
 * (BLEQ taken), odd (ADDNE), negative (the second entry of the jump
 * table) or not (the first).
 */
static bool kpt_run_branch(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_branch(0), 203) &
	       KPT_CHECK(test, kpt_off_branch(3), 2015) &
	       KPT_CHECK(test, kpt_off_branch(11), 2003) &
	       KPT_CHECK(test, kpt_off_branch(12), 5) &
	       KPT_CHECK(test, kpt_off_branch(-3), -1989);
}

static bool kpt_run_excl(struct kunit *test)
{
	long v = 5;

	return KPT_CHECK(test, kpt_off_excl(&v, 10), 5) &
	       KPT_CHECK(test, v, 10) &
	       KPT_CHECK(test, kpt_off_excl(&v, -20), 10) &
	       KPT_CHECK(test, v, -20);
}

/*
 * No flag, Z and C, N and V, N and C, Z alone: each conditional
 * instruction runs with its condition true and false.  The results were
 * worked out from the formula of kpt_off_flags(), as 32-bit words
 * (0xedcba9d8 and 0x92355817 for the two negative ones).
 */
static bool kpt_run_flags(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_flags(1, 2), 0x122b567bL) &
	       KPT_CHECK(test, kpt_off_flags(-1, 1), -0x12345628L) &
	       KPT_CHECK(test, kpt_off_flags(0x7fffffffL, 1), -0x6dcaa7e9L) &
	       KPT_CHECK(test, kpt_off_flags(-5, -7), 0x1234572cL) &
	       KPT_CHECK(test, kpt_off_flags(0, 0), 0x122ba8b8L);
}

static bool kpt_run_stack(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_stack(1, 2), 58) &
	       KPT_CHECK(test, kpt_off_stack(-10, 3), 18);
}

/* What kpt_off_subsp(a, b) returns, from its comment. */
static long kpt_subsp_sum(long a, long b)
{
	u32 sum = (u32)a + ((u32)b << 1);
	unsigned int k;

	for (k = 2; k <= 12; k++)
		sum += ((u32)a + k) << k;
	sum += ((u32)b + 14) << 13;
	sum += (u32)b << 14;
	return (long)sum;
}

static bool kpt_run_subsp(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_subsp(3, 5), kpt_subsp_sum(3, 5)) &
	       KPT_CHECK(test, kpt_off_subsp(-1000, 77),
			 kpt_subsp_sum(-1000, 77));
}

/* The mode bits of the CPSR in the kernel: SVC. */
#define KPT_SVC_MODE	0x13

static bool kpt_run_sys(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_sys(100), 100 + KPT_SVC_MODE);
}

/*
 * An unmapped kernel address for kpt_off_fixup() to fault on: in the
 * reserved range after the vector and stub pages, which the vectors'
 * page table covers (see arm/kprobes_fault_loads.c).
 */
#define KPT_UNMAPPED	((const long *)0xffff2000UL)

static bool kpt_run_fixup(struct kunit *test)
{
	static const long five = 5;

	return KPT_CHECK(test, kpt_off_fixup(&five, 10), 16) &
	       KPT_CHECK(test, kpt_off_fixup(KPT_UNMAPPED, 10), 11);
}

/* kpt_run_<name> without the "kpt_off_" prefix. */
#define kpt_run_kpt_off_helper	kpt_run_helper
#define kpt_run_kpt_off_literal	kpt_run_literal
#define kpt_run_kpt_off_branch	kpt_run_branch
#define kpt_run_kpt_off_excl	kpt_run_excl
#define kpt_run_kpt_off_flags	kpt_run_flags
#define kpt_run_kpt_off_stack	kpt_run_stack
#define kpt_run_kpt_off_subsp	kpt_run_subsp
#define kpt_run_kpt_off_sys	kpt_run_sys
#define kpt_run_kpt_off_fixup	kpt_run_fixup

const struct kpt_func kpt_funcs[] = {
	KPT_FUNC(kpt_off_helper),
	KPT_FUNC(kpt_off_literal),
	KPT_FUNC(kpt_off_branch),
	KPT_FUNC(kpt_off_excl),
	KPT_FUNC(kpt_off_flags),
	KPT_FUNC(kpt_off_stack),
	KPT_FUNC(kpt_off_subsp),
	KPT_FUNC(kpt_off_sys),
	KPT_FUNC(kpt_off_fixup),
};

const unsigned int kpt_nr_funcs = ARRAY_SIZE(kpt_funcs);
