// SPDX-License-Identifier: GPL-2.0
/*
 * The riscv functions of riscv/kprobes_offsets_funcs.S as
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

/* What kpt_off_pcrel() adds, from its pool. */
#define KPT_PCREL_SUM	(0x100000000L - 5 + 7)

static bool kpt_run_pcrel(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_pcrel(0), KPT_PCREL_SUM) &
	       KPT_CHECK(test, kpt_off_pcrel(-KPT_PCREL_SUM), 0);
}

/*
 * One input per path: below 10 through JAL, from 10 up through BGE, zero
 * (C.BEQZ taken), nonzero (C.BNEZ), odd or even (BEQ), negative (BLT
 * taken) or not (the indirect JALR).
 */
static bool kpt_run_branch(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_branch(0), 203) &
	       KPT_CHECK(test, kpt_off_branch(3), 2015) &
	       KPT_CHECK(test, kpt_off_branch(11), 2003) &
	       KPT_CHECK(test, kpt_off_branch(12), 5) &
	       KPT_CHECK(test, kpt_off_branch(-3), -1989);
}

static bool kpt_run_lrsc(struct kunit *test)
{
	long v = 5;

	return KPT_CHECK(test, kpt_off_lrsc(&v, 10), 16) &
	       KPT_CHECK(test, v, 16) &
	       KPT_CHECK(test, kpt_off_lrsc(&v, -20), -3) &
	       KPT_CHECK(test, v, -3);
}

static bool kpt_run_mixed(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_mixed(1, 2), 13) &
	       KPT_CHECK(test, kpt_off_mixed(-7, 3), -23);
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
#define kpt_run_kpt_off_pcrel	kpt_run_pcrel
#define kpt_run_kpt_off_branch	kpt_run_branch
#define kpt_run_kpt_off_lrsc	kpt_run_lrsc
#define kpt_run_kpt_off_mixed	kpt_run_mixed
#define kpt_run_kpt_off_fixup	kpt_run_fixup

const struct kpt_func kpt_funcs[] = {
	KPT_FUNC(kpt_off_helper),
	KPT_FUNC(kpt_off_pcrel),
	KPT_FUNC(kpt_off_branch),
	KPT_FUNC(kpt_off_lrsc),
	KPT_FUNC(kpt_off_mixed),
	KPT_FUNC(kpt_off_fixup),
};

const unsigned int kpt_nr_funcs = ARRAY_SIZE(kpt_funcs);
