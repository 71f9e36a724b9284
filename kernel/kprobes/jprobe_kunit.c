// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit suite "kprobes_jprobe_args": jprobes through each architecture's
 * regs_get_kernel_argument().
 *
 * Built into the kernel, it runs at boot on every port with no user space
 * at all, so it is the one jprobe test the ports without a root file
 * system run.  The probed function takes eight word-sized arguments, as
 * many as a jprobe hands on: where the ABI has fewer argument registers
 * than that (mips o32, sh, csky, 32-bit parisc, sparc64, s390, arm,
 * x86), the last ones come from the caller's stack, so both halves of
 * the architecture's code are read.  A second function takes three, the
 * common case of registers only.
 *
 * The probed functions are only ever called through a pointer the
 * compiler cannot follow, so they are neither inlined nor specialised
 * into a clone with fewer parameters.
 */
#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>

#define JPK_NARGS	8

/* What the entry functions saw; they run with preemption off. */
static unsigned long jpk_seen[JPK_NARGS];
static unsigned int jpk_hits8;
static unsigned int jpk_hits3;

/* Each argument weighted by its position: a swap changes the result. */
static noinline unsigned long jpk_target8(unsigned long a0, unsigned long a1,
					  unsigned long a2, unsigned long a3,
					  unsigned long a4, unsigned long a5,
					  unsigned long a6, unsigned long a7)
{
	return a0 + 2 * a1 + 3 * a2 + 4 * a3 + 5 * a4 + 6 * a5 + 7 * a6 +
	       8 * a7;
}

static noinline unsigned long jpk_target3(unsigned long a0, unsigned long a1,
					  unsigned long a2)
{
	return (a0 ^ a1) + 3 * a2;
}

static void jpk_entry8(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long a6, unsigned long a7)
{
	jpk_seen[0] = a0;
	jpk_seen[1] = a1;
	jpk_seen[2] = a2;
	jpk_seen[3] = a3;
	jpk_seen[4] = a4;
	jpk_seen[5] = a5;
	jpk_seen[6] = a6;
	jpk_seen[7] = a7;
	jpk_hits8++;
}

static void jpk_entry3(unsigned long a0, unsigned long a1, unsigned long a2)
{
	jpk_seen[0] = a0;
	jpk_seen[1] = a1;
	jpk_seen[2] = a2;
	jpk_hits3++;
}

/* Call @fn through a copy the optimizer knows nothing about. */
#define jpk_call(fn, ...)					\
	({							\
		__auto_type __jpk_fn = (fn);			\
		OPTIMIZER_HIDE_VAR(__jpk_fn);			\
		__jpk_fn(__VA_ARGS__);				\
	})

/* Values that fill the word and differ in every byte position. */
static unsigned long jpk_val(unsigned int i)
{
	return (unsigned long)(0x9e3779b97f4a7c15ULL * (i + 1));
}

static unsigned long jpk_call8(void)
{
	return jpk_call(jpk_target8, jpk_val(0), jpk_val(1), jpk_val(2),
			jpk_val(3), jpk_val(4), jpk_val(5), jpk_val(6),
			jpk_val(7));
}

static unsigned long jpk_want8(void)
{
	unsigned long sum = 0;
	unsigned int i;

	for (i = 0; i < JPK_NARGS; i++)
		sum += (i + 1) * jpk_val(i);
	return sum;
}

static void jpk_reset(void)
{
	memset(jpk_seen, 0, sizeof(jpk_seen));
	jpk_hits8 = 0;
	jpk_hits3 = 0;
}

/* A jprobe on @fn (the code address, past any function descriptor). */
static void jpk_init(struct jprobe *jp, void *fn, void *entry)
{
	memset(jp, 0, sizeof(*jp));
	jp->kp.addr = dereference_symbol_descriptor(fn);
	jp->entry = entry;
}

static void jpk_unregister_action(void *jp)
{
	unregister_jprobe(jp);
}

/* register_jprobe(), undone when the case ends however it ends. */
static int jpk_register(struct kunit *test, struct jprobe *jp)
{
	int ret = register_jprobe(jp);

	if (ret)
		return ret;
	return kunit_add_action_or_reset(test, jpk_unregister_action, jp);
}

/* Eight arguments, some of them on the stack, arrive exactly. */
static void jpk_test_eight_args(struct kunit *test)
{
	struct jprobe *jp = kunit_kzalloc(test, sizeof(*jp), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, jp);
	jpk_init(jp, jpk_target8, jpk_entry8);
	jpk_reset();
	KUNIT_ASSERT_EQ(test, jpk_register(test, jp), 0);
	KUNIT_EXPECT_EQ(test, jpk_call8(), jpk_want8());
	KUNIT_EXPECT_EQ(test, jpk_hits8, 1U);
	for (i = 0; i < JPK_NARGS; i++)
		KUNIT_EXPECT_EQ_MSG(test, jpk_seen[i], jpk_val(i),
				    "argument %u of %u", i + 1, JPK_NARGS);
	KUNIT_EXPECT_EQ(test, jp->kp.nmissed, 0UL);

	/* Gone once unregistered; the function still works. */
	kunit_release_action(test, jpk_unregister_action, jp);
	KUNIT_EXPECT_EQ(test, jpk_call8(), jpk_want8());
	KUNIT_EXPECT_EQ(test, jpk_hits8, 1U);
}

/* Three arguments, all in registers on every ABI. */
static void jpk_test_three_args(struct kunit *test)
{
	struct jprobe *jp = kunit_kzalloc(test, sizeof(*jp), GFP_KERNEL);
	unsigned long a = jpk_val(5), b = jpk_val(6), c = jpk_val(7);

	KUNIT_ASSERT_NOT_NULL(test, jp);
	jpk_init(jp, jpk_target3, jpk_entry3);
	jpk_reset();
	KUNIT_ASSERT_EQ(test, jpk_register(test, jp), 0);
	KUNIT_EXPECT_EQ(test, jpk_call(jpk_target3, a, b, c), (a ^ b) + 3 * c);
	KUNIT_EXPECT_EQ(test, jpk_hits3, 1U);
	KUNIT_EXPECT_EQ(test, jpk_seen[0], a);
	KUNIT_EXPECT_EQ(test, jpk_seen[1], b);
	KUNIT_EXPECT_EQ(test, jpk_seen[2], c);
}

/* What register_jprobe() refuses, and that a refused jprobe never fires. */
static void jpk_test_register_errors(struct kunit *test)
{
	struct jprobe *jp = kunit_kzalloc(test, sizeof(*jp), GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, jp);
	jpk_reset();

	/* No entry function. */
	jpk_init(jp, jpk_target8, NULL);
	KUNIT_EXPECT_EQ(test, register_jprobe(jp), -EINVAL);

	/*
	 * Not the function's entry.  Far enough in that no architecture
	 * counts it as part of the entry (an endbr, a global entry point,
	 * an ftrace call), well inside the function on every one.
	 */
	jpk_init(jp, jpk_target8, jpk_entry8);
	jp->kp.offset = 6 * sizeof(u32);
	ret = register_jprobe(jp);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	if (!ret)
		unregister_jprobe(jp);

	/* Registered twice. */
	jpk_init(jp, jpk_target8, jpk_entry8);
	KUNIT_ASSERT_EQ(test, jpk_register(test, jp), 0);
	KUNIT_EXPECT_EQ(test, register_jprobe(jp), -EINVAL);

	KUNIT_EXPECT_EQ(test, jpk_call8(), jpk_want8());
	KUNIT_EXPECT_EQ(test, jpk_hits8, 1U);
}

/* register_jprobes() and unregister_jprobes(), and a batch that fails. */
static void jpk_test_batch(struct kunit *test)
{
	struct jprobe *jps = kunit_kcalloc(test, 3, sizeof(*jps), GFP_KERNEL);
	struct jprobe *list[3];
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, jps);
	/* Two on one function, one on another. */
	jpk_init(&jps[0], jpk_target8, jpk_entry8);
	jpk_init(&jps[1], jpk_target3, jpk_entry3);
	jpk_init(&jps[2], jpk_target8, jpk_entry8);
	for (i = 0; i < 3; i++)
		list[i] = &jps[i];
	jpk_reset();

	KUNIT_EXPECT_EQ(test, register_jprobes(list, 0), -EINVAL);
	KUNIT_ASSERT_EQ(test, register_jprobes(list, 3), 0);
	KUNIT_EXPECT_EQ(test, jpk_call8(), jpk_want8());
	KUNIT_EXPECT_EQ(test, jpk_hits8, 2U);
	for (i = 0; i < JPK_NARGS; i++)
		KUNIT_EXPECT_EQ_MSG(test, jpk_seen[i], jpk_val(i),
				    "argument %u of %u", i + 1, JPK_NARGS);
	KUNIT_EXPECT_EQ(test, jpk_call(jpk_target3, 1UL, 2UL, 3UL), 12UL);
	KUNIT_EXPECT_EQ(test, jpk_hits3, 1U);
	KUNIT_EXPECT_EQ(test, jpk_seen[2], 3UL);
	unregister_jprobes(list, 3);

	jpk_reset();
	jpk_call8();
	jpk_call(jpk_target3, 1UL, 2UL, 3UL);
	KUNIT_EXPECT_EQ(test, jpk_hits8, 0U);
	KUNIT_EXPECT_EQ(test, jpk_hits3, 0U);

	/* One bad member: an error, and none of the batch stays. */
	jpk_init(&jps[0], jpk_target8, jpk_entry8);
	jpk_init(&jps[1], jpk_target3, NULL);
	jpk_init(&jps[2], jpk_target8, jpk_entry8);
	KUNIT_EXPECT_EQ(test, register_jprobes(list, 3), -EINVAL);
	jpk_call8();
	jpk_call(jpk_target3, 1UL, 2UL, 3UL);
	KUNIT_EXPECT_EQ(test, jpk_hits8, 0U);
	KUNIT_EXPECT_EQ(test, jpk_hits3, 0U);
}

/* disable_jprobe() silences the entry function; enable_jprobe() back. */
static void jpk_test_disable_enable(struct kunit *test)
{
	struct jprobe *jp = kunit_kzalloc(test, sizeof(*jp), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, jp);
	jpk_init(jp, jpk_target8, jpk_entry8);
	jpk_reset();
	KUNIT_ASSERT_EQ(test, jpk_register(test, jp), 0);

	KUNIT_ASSERT_EQ(test, disable_jprobe(jp), 0);
	KUNIT_EXPECT_EQ(test, jpk_call8(), jpk_want8());
	KUNIT_EXPECT_EQ(test, jpk_hits8, 0U);

	KUNIT_ASSERT_EQ(test, enable_jprobe(jp), 0);
	KUNIT_EXPECT_EQ(test, jpk_call8(), jpk_want8());
	KUNIT_EXPECT_EQ(test, jpk_hits8, 1U);
	KUNIT_EXPECT_EQ(test, jpk_seen[JPK_NARGS - 1], jpk_val(JPK_NARGS - 1));
}

static struct kunit_case jpk_cases[] = {
	KUNIT_CASE(jpk_test_eight_args),
	KUNIT_CASE(jpk_test_three_args),
	KUNIT_CASE(jpk_test_register_errors),
	KUNIT_CASE(jpk_test_batch),
	KUNIT_CASE(jpk_test_disable_enable),
	{}
};

static struct kunit_suite jpk_suite = {
	.name = "kprobes_jprobe_args",
	.test_cases = jpk_cases,
};

kunit_test_suite(jpk_suite);

MODULE_DESCRIPTION("KUnit tests of jprobes and regs_get_kernel_argument()");
MODULE_LICENSE("GPL");
