// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_kretprobe": the basics of return probes, on a
 * breakpoint entry (kprobes_api_funcs.S) and on an ftrace entry
 * (kprobes_target): the return value, the entry_handler's veto, private
 * per-call data and maxactive.
 */
#include <kunit/test.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>

#include "kprobes_api.h"

#define KPT_MAX_RET	8

/* A return probe with what its handlers saw. */
struct kpt_ret {
	struct kretprobe rp;
	int entries;
	int returns;
	int bad_data;
	long rets[KPT_MAX_RET];
};

/* The arguments, kept in the instance from entry to return. */
struct kpt_ret_data {
	long a;
	long b;
};

static struct kpt_ret *kpt_ret_of(struct kretprobe_instance *ri)
{
	return container_of(get_kretprobe(ri), struct kpt_ret, rp);
}

static int kpt_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_ret *r = kpt_ret_of(ri);

	if (r->returns < KPT_MAX_RET)
		r->rets[r->returns] = regs_return_value(regs);
	r->returns++;
	return 0;
}

/* Veto the calls whose first argument is 0. */
static int kpt_ret_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_ret *r = kpt_ret_of(ri);

	r->entries++;
	return regs_get_kernel_argument(regs, 0) == 0;
}

static int kpt_ret_entry_save(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct kpt_ret_data *d = (struct kpt_ret_data *)ri->data;

	kpt_ret_of(ri)->entries++;
	d->a = regs_get_kernel_argument(regs, 0);
	d->b = regs_get_kernel_argument(regs, 1);
	return 0;
}

/* Check the return value against the arguments saved at entry. */
static int kpt_ret_handler_check(struct kretprobe_instance *ri,
				 struct pt_regs *regs)
{
	struct kpt_ret_data *d = (struct kpt_ret_data *)ri->data;
	struct kpt_ret *r = kpt_ret_of(ri);

	if (regs_return_value(regs) != d->a + d->b)
		r->bad_data++;
	return kpt_ret_handler(ri, regs);
}

static struct kpt_ret *kpt_ret_new(struct kunit *test, const char *sym)
{
	struct kpt_ret *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->rp.kp.symbol_name = sym;
	r->rp.handler = kpt_ret_handler;
	return r;
}

static void kpt_test_ret_value(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_add");
	struct kpt_ret *t = kpt_ret_new(test, KPT_TARGET ":kpt_target_add");
	int (*fn)(int a, int b);

	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(20, 22), 42);
	KUNIT_EXPECT_EQ(test, kpt_api_add(-5, 2), -3);
	KUNIT_EXPECT_EQ(test, r->returns, 2);
	KUNIT_EXPECT_EQ(test, r->rets[0], 42);
	KUNIT_EXPECT_EQ(test, r->rets[1], -3);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 0);

	KUNIT_ASSERT_EQ_MSG(test, kpt_register_ret(test, &t->rp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	fn = (void *)t->rp.kp.addr;
	KUNIT_EXPECT_EQ(test, fn(6, 7), 13);
	KUNIT_EXPECT_EQ(test, t->returns, 1);
	KUNIT_EXPECT_EQ(test, t->rets[0], 13);
}

static void kpt_test_ret_entry_veto(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_sub");

	r->rp.entry_handler = kpt_ret_entry;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(0, 1), -1);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(9, 1), 8);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(0, 2), -2);
	KUNIT_EXPECT_EQ(test, r->entries, 3);
	KUNIT_EXPECT_EQ(test, r->returns, 1);
	KUNIT_EXPECT_EQ(test, r->rets[0], 8);
}

static void kpt_test_ret_data(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_add");
	int i;

	r->rp.entry_handler = kpt_ret_entry_save;
	r->rp.handler = kpt_ret_handler_check;
	r->rp.data_size = sizeof(struct kpt_ret_data);
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, kpt_api_add(i, 100 * i), 101 * i);
	KUNIT_EXPECT_EQ(test, r->entries, 5);
	KUNIT_EXPECT_EQ(test, r->returns, 5);
	KUNIT_EXPECT_EQ(test, r->bad_data, 0);

	/* More private data than allowed is refused. */
	r = kpt_ret_new(test, "kpt_api_sub");
	r->rp.data_size = KRETPROBE_MAX_DATA_SIZE + 1;
	KUNIT_EXPECT_EQ(test, kpt_register_ret(test, &r->rp), -E2BIG);
}

/* maxactive bounds the calls in flight; the rest count as missed. */
static void kpt_test_ret_maxactive(struct kunit *test)
{
	struct kpt_ret *one = kpt_ret_new(test, "kpt_api_depth");
	struct kpt_ret *four = kpt_ret_new(test, "kpt_api_depth");
	int i;

	one->rp.maxactive = 1;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &one->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_depth(3), 3);
	/* Only the outermost call got the instance. */
	KUNIT_EXPECT_EQ(test, one->returns, 1);
	KUNIT_EXPECT_EQ(test, one->rets[0], 3);
	KUNIT_EXPECT_EQ(test, one->rp.nmissed, 3);
	kpt_unregister_ret(test, &one->rp);

	four->rp.maxactive = 4;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &four->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_depth(3), 3);
	KUNIT_EXPECT_EQ(test, four->returns, 4);
	KUNIT_EXPECT_EQ(test, four->rp.nmissed, 0);
	/* Innermost returns first. */
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, four->rets[i], i);
}

static struct kunit_case kpt_ret_cases[] = {
	KUNIT_CASE(kpt_test_ret_value),
	KUNIT_CASE(kpt_test_ret_entry_veto),
	KUNIT_CASE(kpt_test_ret_data),
	KUNIT_CASE(kpt_test_ret_maxactive),
	{}
};

static struct kunit_suite kpt_ret_suite = {
	.name = "kprobes_kretprobe",
	.test_cases = kpt_ret_cases,
};

kunit_test_suite(kpt_ret_suite);
