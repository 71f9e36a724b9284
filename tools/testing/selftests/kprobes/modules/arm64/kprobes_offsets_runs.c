// SPDX-License-Identifier: GPL-2.0
/*
 * The arm64 functions of arm64/kprobes_offsets_funcs.S as
 * kprobes_offsets.c runs them: inputs that take every path through each,
 * and the results they must give.
 */
#include <kunit/test.h>
#include <linux/mm.h>

#include "kprobes_offsets.h"

static bool kpt_run_helper(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_helper(20), 41) &
	       KPT_CHECK(test, kpt_off_helper(-4), -7);
}

/* The sum of the loads of kpt_off_literal(), as its comment gives it. */
#define KPT_LITERALS	(0x100000000L + 0x80000000L - 5 + 0x40 + 4)

static bool kpt_run_literal(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_literal(0), KPT_LITERALS) &
	       KPT_CHECK(test, kpt_off_literal(-KPT_LITERALS), 0);
}

/*
 * One input per path: below 10 through the BL, from 10 up through B.cond,
 * zero (CBZ taken), odd or even (TBZ), negative (TBNZ taken).
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

	return KPT_CHECK(test, kpt_off_excl(&v, 10), 16) &
	       KPT_CHECK(test, v, 16) &
	       KPT_CHECK(test, kpt_off_excl(&v, -20), -3) &
	       KPT_CHECK(test, v, -3);
}

static bool kpt_run_hints(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_hints(7), 15);
}

/* An unmapped kernel address for kpt_off_fixup() to fault on. */
#define KPT_UNMAPPED	((const long *)-PAGE_SIZE)

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
#define kpt_run_kpt_off_hints	kpt_run_hints
#define kpt_run_kpt_off_fixup	kpt_run_fixup

const struct kpt_func kpt_funcs[] = {
	KPT_FUNC(kpt_off_helper),
	KPT_FUNC(kpt_off_literal),
	KPT_FUNC(kpt_off_branch),
	KPT_FUNC(kpt_off_excl),
	KPT_FUNC(kpt_off_hints),
	KPT_FUNC(kpt_off_fixup),
};

const unsigned int kpt_nr_funcs = ARRAY_SIZE(kpt_funcs);
