// SPDX-License-Identifier: GPL-2.0
/*
 * The 64-bit powerpc functions of powerpc/kprobes_offsets_funcs.S as
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

/*
 * One input per path: below 10 through BL, from 10 up through BGE
 * taken, zero (BNE not taken), odd or even (BEQ), negative (the local
 * subroutine) or not (BGE on CR1 taken); every path ends in the BCTRL.
 */
static bool kpt_run_branch(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_branch(0), 203) &
	       KPT_CHECK(test, kpt_off_branch(3), 2015) &
	       KPT_CHECK(test, kpt_off_branch(11), 2003) &
	       KPT_CHECK(test, kpt_off_branch(12), 5) &
	       KPT_CHECK(test, kpt_off_branch(-3), -1989);
}

/*
 * Zero (BEQLR taken), negative (BLTCTR taken), one (BDNZ never taken)
 * and four (BDNZ taken three times).
 */
static bool kpt_run_cond(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_cond(0), -1) &
	       KPT_CHECK(test, kpt_off_cond(-3), 3) &
	       KPT_CHECK(test, kpt_off_cond(1), 1) &
	       KPT_CHECK(test, kpt_off_cond(4), 10);
}

static bool kpt_run_larx(struct kunit *test)
{
	long v = 5;

	return KPT_CHECK(test, kpt_off_larx(&v, 10), 16) &
	       KPT_CHECK(test, v, 16) &
	       KPT_CHECK(test, kpt_off_larx(&v, -20), -3) &
	       KPT_CHECK(test, v, -3);
}

static bool kpt_run_mixed(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_mixed(1, 2), 13) &
	       KPT_CHECK(test, kpt_off_mixed(-7, 3), -23);
}

/*
 * An unmapped kernel address for kpt_off_fixup() to fault on: in the
 * linear mapping, far beyond the guest's memory, so that the load takes
 * an ordinary data storage interrupt with either MMU.
 */
#define KPT_UNMAPPED	((const long *)(PAGE_OFFSET + 0x400000000000UL))

static bool kpt_run_fixup(struct kunit *test)
{
	static const long five = 5;

	return KPT_CHECK(test, kpt_off_fixup(&five, 10), 16) &
	       KPT_CHECK(test, kpt_off_fixup(KPT_UNMAPPED, 10), 11);
}

/* kpt_run_<name> without the "kpt_off_" prefix. */
#define kpt_run_kpt_off_helper	kpt_run_helper
#define kpt_run_kpt_off_branch	kpt_run_branch
#define kpt_run_kpt_off_cond	kpt_run_cond
#define kpt_run_kpt_off_larx	kpt_run_larx
#define kpt_run_kpt_off_mixed	kpt_run_mixed
#define kpt_run_kpt_off_fixup	kpt_run_fixup

const struct kpt_func kpt_funcs[] = {
	KPT_FUNC(kpt_off_helper),
	KPT_FUNC(kpt_off_branch),
	KPT_FUNC(kpt_off_cond),
	KPT_FUNC(kpt_off_larx),
	KPT_FUNC(kpt_off_mixed),
	KPT_FUNC(kpt_off_fixup),
};

const unsigned int kpt_nr_funcs = ARRAY_SIZE(kpt_funcs);
