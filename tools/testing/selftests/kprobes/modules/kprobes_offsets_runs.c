// SPDX-License-Identifier: GPL-2.0
/*
 * The x86 functions of kprobes_offsets_funcs.S as kprobes_offsets.c runs
 * them: inputs that take every path through each, and the results they
 * must give.
 */
#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/string.h>

#include "kprobes_offsets.h"

static bool kpt_run_helper(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_helper(20), 41);
}

static bool kpt_run_sum(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_sum(0), 2) &
	       KPT_CHECK(test, kpt_off_sum(3), 9) &
	       KPT_CHECK(test, kpt_off_last, 9) &
	       KPT_CHECK(test, kpt_off_sum(8), 257) &
	       KPT_CHECK(test, kpt_off_last, 257);
}

static bool kpt_run_switch(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_switch(0, 5), 6) &
	       KPT_CHECK(test, kpt_off_switch(1, 5), 15) &
	       KPT_CHECK(test, kpt_off_switch(2, 5), -5) &
	       KPT_CHECK(test, kpt_off_switch(3, 5), 80) &
	       KPT_CHECK(test, kpt_off_switch(4, 5), 0) &
	       KPT_CHECK(test, kpt_off_switch(-1, -5), -1);
}

static bool kpt_run_calls(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_calls(1), 19) &
	       KPT_CHECK(test, kpt_off_calls(-3), -29);
}

static bool kpt_run_string(struct kunit *test)
{
	static const char src[] = "kprobes!";
	char dst[16];
	bool ok;

	memset(dst, '.', sizeof(dst));
	ok = KPT_CHECK(test, kpt_off_string(dst, src, 8), 12);
	if (memcmp(dst, "kprobes!ZZZZ....", sizeof(dst))) {
		KUNIT_FAIL(test, "kpt_off_string() wrote \"%.16s\"", dst);
		ok = false;
	}
	return ok;
}

static bool kpt_run_flags(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_flags(1, 2), 297) &
	       KPT_CHECK(test, kpt_off_flags(5, 2), 0) &
	       KPT_CHECK(test, kpt_off_flags(-1, 2), -297);
}

static bool kpt_run_frame(struct kunit *test)
{
	return KPT_CHECK(test, kpt_off_frame(10), 25);
}

/*
 * An unmapped kernel address for kpt_off_fixup() to fault on: a user one
 * would be an SMAP violation, which no exception fixup covers.
 */
#define KPT_UNMAPPED	((const long *)-PAGE_SIZE)

static bool kpt_run_fixup(struct kunit *test)
{
	static const long five = 5;

	return KPT_CHECK(test, kpt_off_fixup(&five, 10), 16) &
	       KPT_CHECK(test, kpt_off_fixup(KPT_UNMAPPED, 10), 11);
}

/* kpt_run_<name> without the "kpt_off_" prefix. */
#define kpt_run_kpt_off_helper	kpt_run_helper
#define kpt_run_kpt_off_sum	kpt_run_sum
#define kpt_run_kpt_off_switch	kpt_run_switch
#define kpt_run_kpt_off_calls	kpt_run_calls
#define kpt_run_kpt_off_string	kpt_run_string
#define kpt_run_kpt_off_flags	kpt_run_flags
#define kpt_run_kpt_off_frame	kpt_run_frame
#define kpt_run_kpt_off_fixup	kpt_run_fixup

const struct kpt_func kpt_funcs[] = {
	KPT_FUNC(kpt_off_helper),
	KPT_FUNC(kpt_off_sum),
	KPT_FUNC(kpt_off_switch),
	KPT_FUNC(kpt_off_calls),
	KPT_FUNC(kpt_off_string),
	KPT_FUNC(kpt_off_flags),
	KPT_FUNC(kpt_off_frame),
	KPT_FUNC(kpt_off_fixup),
};

const unsigned int kpt_nr_funcs = ARRAY_SIZE(kpt_funcs);
