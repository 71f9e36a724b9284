// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_jprobe": jprobes, which upstream kernels dropped
 * (the Makefile leaves this file out there).  An entry function declared
 * like the probed function gets copies of the call's arguments.
 *
 * The probed functions are called through pointers the compiler cannot
 * see through (kpt_jp_call()), so that it neither inlines them nor makes
 * a specialised clone with fewer parameters: each keeps the calling
 * convention the jprobe reads.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/sched.h>

#include "kprobes_api.h"

/* What the entry functions saw, for the case that runs. */
static unsigned long kpt_jp_seen[JPROBE_MAX_ARGS];
static atomic_t kpt_jp_entries;
static atomic_t kpt_jp_bad;

static void kpt_jp_record(int n, const unsigned long *args)
{
	int i;

	for (i = 0; i < n; i++)
		kpt_jp_seen[i] = args[i];
	atomic_inc(&kpt_jp_entries);
}

/* The probed functions: 1 to 8 integer and pointer parameters. */
static noinline long kpt_jp_f1(long a)
{
	return a + 1;
}

static noinline long kpt_jp_f2(long a, void *b)
{
	return a + (long)b;
}

static noinline long kpt_jp_f3(long a, void *b, int c)
{
	return a + (long)b + c;
}

static noinline long kpt_jp_f4(long a, void *b, int c, const char *d)
{
	return a + (long)b + c + (long)d;
}

static noinline long kpt_jp_f5(long a, void *b, int c, const char *d, u8 e)
{
	return a + (long)b + c + (long)d + e;
}

static noinline long kpt_jp_f6(long a, void *b, int c, const char *d, u8 e,
			       long f)
{
	return a + (long)b + c + (long)d + e + f;
}

static noinline long kpt_jp_f7(long a, void *b, int c, const char *d, u8 e,
			       long f, void *g)
{
	return a + (long)b + c + (long)d + e + f + (long)g;
}

static noinline long kpt_jp_f8(long a, void *b, int c, const char *d, u8 e,
			       long f, void *g, long h)
{
	return a + (long)b + c + (long)d + e + f + (long)g + h;
}

/* Their entry functions: the same parameters. */
static long kpt_jp_e1(long a)
{
	unsigned long v[] = { a };

	kpt_jp_record(1, v);
	return 0;
}

static long kpt_jp_e2(long a, void *b)
{
	unsigned long v[] = { a, (unsigned long)b };

	kpt_jp_record(2, v);
	return 0;
}

static long kpt_jp_e3(long a, void *b, int c)
{
	unsigned long v[] = { a, (unsigned long)b, c };

	kpt_jp_record(3, v);
	return 0;
}

static long kpt_jp_e4(long a, void *b, int c, const char *d)
{
	unsigned long v[] = { a, (unsigned long)b, c, (unsigned long)d };

	kpt_jp_record(4, v);
	return 0;
}

static long kpt_jp_e5(long a, void *b, int c, const char *d, u8 e)
{
	unsigned long v[] = { a, (unsigned long)b, c, (unsigned long)d, e };

	kpt_jp_record(5, v);
	return 0;
}

static long kpt_jp_e6(long a, void *b, int c, const char *d, u8 e, long f)
{
	unsigned long v[] = { a, (unsigned long)b, c, (unsigned long)d, e, f };

	kpt_jp_record(6, v);
	return 0;
}

static long kpt_jp_e7(long a, void *b, int c, const char *d, u8 e, long f,
		      void *g)
{
	unsigned long v[] = { a, (unsigned long)b, c, (unsigned long)d, e, f,
			      (unsigned long)g };

	kpt_jp_record(7, v);
	return 0;
}

static long kpt_jp_e8(long a, void *b, int c, const char *d, u8 e, long f,
		      void *g, long h)
{
	unsigned long v[] = { a, (unsigned long)b, c, (unsigned long)d, e, f,
			      (unsigned long)g, h };

	/* A copy: changing it must not change the probed call. */
	a = 0;
	kpt_jp_record(8, v);
	jprobe_return();
	return a;
}

/*
 * Call @fn through a pointer the compiler cannot see through: it can
 * neither inline the call nor give it a clone with fewer parameters.
 */
#define kpt_jp_call(fn, ...)				\
	({						\
		__auto_type __fn = (fn);		\
		OPTIMIZER_HIDE_VAR(__fn);		\
		__fn(__VA_ARGS__);			\
	})

static void kpt_jp_unregister_action(void *jp)
{
	unregister_jprobe(jp);
}

/* Register @jp for the rest of the test. */
static int kpt_jp_register(struct kunit *test, struct jprobe *jp)
{
	int ret = register_jprobe(jp);

	if (!ret)
		ret = kunit_add_action_or_reset(test, kpt_jp_unregister_action,
						jp);
	return ret;
}

static void kpt_jp_reset(void)
{
	memset(kpt_jp_seen, 0, sizeof(kpt_jp_seen));
	atomic_set(&kpt_jp_entries, 0);
	atomic_set(&kpt_jp_bad, 0);
}

/* Argument values no register or stack slot holds by chance. */
static const unsigned long kpt_jp_val[JPROBE_MAX_ARGS] = {
	0x1111, 0x2222, -3333, 0x4444, 0x55, -6666, 0x7777, 0x8888,
};

static struct jprobe *kpt_jp_new(struct kunit *test, void *fn, void *entry)
{
	struct jprobe *jp = kunit_kzalloc(test, sizeof(*jp), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, jp);
	jp->kp.addr = fn;
	jp->entry = entry;
	return jp;
}

/* Arguments 1 to 8, integers and pointers, arrive exactly. */
static void kpt_test_jp_args(struct kunit *test)
{
	static void * const fns[] = {
		kpt_jp_f1, kpt_jp_f2, kpt_jp_f3, kpt_jp_f4,
		kpt_jp_f5, kpt_jp_f6, kpt_jp_f7, kpt_jp_f8,
	};
	static void * const entries[] = {
		kpt_jp_e1, kpt_jp_e2, kpt_jp_e3, kpt_jp_e4,
		kpt_jp_e5, kpt_jp_e6, kpt_jp_e7, kpt_jp_e8,
	};
	const unsigned long *v = kpt_jp_val;
	void *b = (void *)&kpt_jp_entries, *g = (void *)test;
	const char *d = "jprobe";
	long ret, want;
	int n, i;

	for (n = 1; n <= JPROBE_MAX_ARGS; n++) {
		struct jprobe *jp = kpt_jp_new(test, fns[n - 1], entries[n - 1]);
		unsigned long expect[JPROBE_MAX_ARGS] = {
			v[0], (unsigned long)b, (int)v[2], (unsigned long)d,
			(u8)v[4], v[5], (unsigned long)g, v[7],
		};

		kpt_jp_reset();
		KUNIT_ASSERT_EQ(test, kpt_jp_register(test, jp), 0);
		switch (n) {
		case 1:
			ret = kpt_jp_call(kpt_jp_f1, v[0]);
			break;
		case 2:
			ret = kpt_jp_call(kpt_jp_f2, v[0], b);
			break;
		case 3:
			ret = kpt_jp_call(kpt_jp_f3, v[0], b, v[2]);
			break;
		case 4:
			ret = kpt_jp_call(kpt_jp_f4, v[0], b, v[2], d);
			break;
		case 5:
			ret = kpt_jp_call(kpt_jp_f5, v[0], b, v[2], d, v[4]);
			break;
		case 6:
			ret = kpt_jp_call(kpt_jp_f6, v[0], b, v[2], d, v[4], v[5]);
			break;
		case 7:
			ret = kpt_jp_call(kpt_jp_f7, v[0], b, v[2], d, v[4], v[5], g);
			break;
		default:
			ret = kpt_jp_call(kpt_jp_f8, v[0], b, v[2], d, v[4], v[5], g, v[7]);
			break;
		}
		/* The probed call itself is untouched. */
		for (want = (n == 1), i = 0; i < n; i++)
			want += (long)expect[i];
		KUNIT_EXPECT_EQ_MSG(test, ret, want, "%d arguments", n);
		KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpt_jp_entries), 1,
				    "%d arguments", n);
		for (i = 0; i < n; i++)
			KUNIT_EXPECT_EQ_MSG(test, kpt_jp_seen[i], expect[i],
					    "argument %d of %d", i + 1, n);
		KUNIT_EXPECT_EQ(test, jp->kp.nmissed, 0UL);
	}
}

static atomic_t kpt_jp_kprobe_hits;
static atomic_t kpt_jp_kret_hits;
static long kpt_jp_kret_value;

static int kpt_jp_kprobe_pre(struct kprobe *kp, struct pt_regs *regs)
{
	/* Registered after the jprobe: its handler has run already. */
	if (atomic_read(&kpt_jp_entries) != atomic_read(&kpt_jp_kprobe_hits) + 1)
		atomic_inc(&kpt_jp_bad);
	atomic_inc(&kpt_jp_kprobe_hits);
	return 0;
}

static int kpt_jp_kret_handler(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	kpt_jp_kret_value = regs_return_value(regs);
	atomic_inc(&kpt_jp_kret_hits);
	return 0;
}

/* A jprobe, a kprobe and a kretprobe on one function all fire. */
static void kpt_test_jp_with_others(struct kunit *test)
{
	struct jprobe *jp = kpt_jp_new(test, kpt_jp_f3, kpt_jp_e3);
	struct kprobe *kp = kunit_kzalloc(test, sizeof(*kp), GFP_KERNEL);
	struct kretprobe *rp = kunit_kzalloc(test, sizeof(*rp), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, kp);
	KUNIT_ASSERT_NOT_NULL(test, rp);
	kp->addr = (kprobe_opcode_t *)kpt_jp_f3;
	kp->pre_handler = kpt_jp_kprobe_pre;
	rp->kp.addr = (kprobe_opcode_t *)kpt_jp_f3;
	rp->handler = kpt_jp_kret_handler;
	kpt_jp_reset();
	atomic_set(&kpt_jp_kprobe_hits, 0);
	atomic_set(&kpt_jp_kret_hits, 0);
	KUNIT_ASSERT_EQ(test, kpt_jp_register(test, jp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, rp), 0);
	for (i = 1; i <= 3; i++)
		KUNIT_EXPECT_EQ(test, kpt_jp_call(kpt_jp_f3, i, NULL, 10), i + 10L);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 3);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[0], 3UL);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[2], 10UL);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_kprobe_hits), 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_kret_hits), 3);
	KUNIT_EXPECT_EQ(test, kpt_jp_kret_value, 13L);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_bad), 0);
}

/*
 * On an ftrace site (the entry of a traced function where kprobes go
 * through ftrace) and on a site whose probe is jump-optimized.
 */
static void kpt_test_jp_ftrace_site(struct kunit *test)
{
	struct jprobe *jp = kpt_jp_new(test, kpt_jp_f2, kpt_jp_e2);

	if (!IS_ENABLED(CONFIG_KPROBES_ON_FTRACE))
		kunit_skip(test, "no kprobes on ftrace in this kernel");
	kpt_jp_reset();
	KUNIT_ASSERT_EQ(test, kpt_jp_register(test, jp), 0);
	KUNIT_EXPECT_TRUE(test, kprobe_ftrace(&jp->kp));
	KUNIT_EXPECT_EQ(test, kpt_jp_call(kpt_jp_f2, 5, (void *)7), 12L);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 1);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[0], 5UL);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[1], 7UL);
}

static long kpt_jp_add_entry(long a, long b)
{
	unsigned long v[] = { a, b };

	kpt_jp_record(2, v);
	return 0;
}

static void kpt_test_jp_optimized(struct kunit *test)
{
	struct jprobe *jp = kpt_jp_new(test, kpt_api_add, kpt_jp_add_entry);
	int waited;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");
	kpt_jp_reset();
	KUNIT_ASSERT_EQ(test, kpt_jp_register(test, jp), 0);
	for (waited = 0; waited < 300 && !kprobe_optimized(&jp->kp); waited++)
		msleep(100);
	KUNIT_ASSERT_TRUE_MSG(test, kprobe_optimized(&jp->kp),
			      "not optimized within 30 s");
	KUNIT_EXPECT_EQ(test, kpt_api_add(40, 2), 42L);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 1);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[0], 40UL);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[1], 2UL);
}

static atomic_t kpt_jp_live;

/* Entry of the unregistration race: counts, and checks the arguments. */
static long kpt_jp_race_entry(long a, void *b)
{
	if ((unsigned long)b != (unsigned long)a * 3)
		atomic_inc(&kpt_jp_bad);
	if (!atomic_read(&kpt_jp_live))
		atomic_inc(&kpt_jp_bad);
	atomic_inc(&kpt_jp_entries);
	return 0;
}

static int kpt_jp_caller(void *unused)
{
	long i = 1;

	while (!kthread_should_stop()) {
		kpt_jp_call(kpt_jp_f2, i, (void *)(i * 3));
		if (++i % 256 == 0)
			cond_resched();
	}
	return 0;
}

/*
 * Unregistered while other CPUs hit it: once unregister_jprobe() has
 * returned, the entry function runs no more for it.
 */
static void kpt_test_jp_unregister_racing(struct kunit *test)
{
	struct task_struct *t[2] = {};
	struct jprobe jp = {};
	int cpu, n = 0, round, after;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two online CPUs");
	kpt_jp_reset();
	for_each_online_cpu(cpu) {
		if (n == ARRAY_SIZE(t) || cpu == raw_smp_processor_id())
			continue;
		t[n] = kthread_run_on_cpu(kpt_jp_caller, NULL, cpu, "kpt_jp/%u");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t[n]));
		n++;
	}
	for (round = 0; round < 50; round++) {
		memset(&jp, 0, sizeof(jp));
		jp.kp.addr = (kprobe_opcode_t *)kpt_jp_f2;
		jp.entry = kpt_jp_race_entry;
		atomic_set(&kpt_jp_live, 1);
		if (register_jprobe(&jp)) {
			atomic_inc(&kpt_jp_bad);
			break;
		}
		usleep_range(1000, 2000);
		unregister_jprobe(&jp);
		atomic_set(&kpt_jp_live, 0);
		usleep_range(500, 1000);
	}
	after = atomic_read(&kpt_jp_entries);
	msleep(20);
	while (n--)
		kthread_stop(t[n]);
	kunit_info(test, "%d rounds, %d entries\n", round, after);
	KUNIT_EXPECT_EQ(test, round, 50);
	KUNIT_EXPECT_GT(test, after, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), after);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_bad), 0);
}

/* register_jprobe(@jp) fails with @err (and leaves nothing registered). */
static void kpt_jp_expect_refused(struct kunit *test, struct jprobe *jp,
				  int err)
{
	int ret = register_jprobe(jp);

	KUNIT_EXPECT_EQ(test, ret, err);
	if (!ret)
		unregister_jprobe(jp);
}

/* The batch calls, disable and enable, and the errors. */
static void kpt_test_jp_batch(struct kunit *test)
{
	struct jprobe *jps[3] = {
		kpt_jp_new(test, kpt_jp_f1, kpt_jp_e1),
		kpt_jp_new(test, kpt_jp_f2, kpt_jp_e2),
		kpt_jp_new(test, kpt_jp_f3, kpt_jp_e3),
	};
	struct jprobe *bad = kpt_jp_new(test, kpt_jp_f4, kpt_jp_e4);

	kpt_jp_reset();
	KUNIT_EXPECT_EQ(test, register_jprobes(jps, 0), -EINVAL);
	KUNIT_ASSERT_EQ(test, register_jprobes(jps, 3), 0);
	kpt_jp_call(kpt_jp_f1, 1);
	kpt_jp_call(kpt_jp_f2, 2, NULL);
	kpt_jp_call(kpt_jp_f3, 3, NULL, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 3);
	KUNIT_EXPECT_EQ(test, register_jprobe(jps[1]), -EINVAL);

	KUNIT_EXPECT_EQ(test, disable_jprobe(jps[1]), 0);
	kpt_jp_call(kpt_jp_f2, 2, NULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 3);
	KUNIT_EXPECT_EQ(test, enable_jprobe(jps[1]), 0);
	kpt_jp_call(kpt_jp_f2, 4, NULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 4);
	KUNIT_EXPECT_EQ(test, kpt_jp_seen[0], 4UL);
	unregister_jprobes(jps, 3);
	kpt_jp_call(kpt_jp_f1, 1);
	kpt_jp_call(kpt_jp_f2, 2, NULL);
	kpt_jp_call(kpt_jp_f3, 3, NULL, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 4);

	/*
	 * Not at a function's entry (one byte past the place kprobes takes
	 * for it: on powerpc every offset up to ftrace's call site still
	 * counts as the entry), no entry function, an unknown name.
	 */
	bad->kp.offset = kpt_entry_skip((void *)kpt_jp_f4) + 1;
	kpt_jp_expect_refused(test, bad, -EINVAL);
	bad->kp.offset = 0;
	bad->entry = NULL;
	kpt_jp_expect_refused(test, bad, -EINVAL);
	bad->entry = kpt_jp_e4;
	bad->kp.addr = NULL;
	bad->kp.symbol_name = "kpt_no_such_function";
	kpt_jp_expect_refused(test, bad, -ENOENT);
	/* A batch with one bad jprobe registers none. */
	jps[2] = bad;
	jps[1]->kp.flags = 0;
	KUNIT_EXPECT_EQ(test, register_jprobes(jps, 3), -ENOENT);
	kpt_jp_call(kpt_jp_f1, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_jp_entries), 4);
}

static struct kunit_case kpt_jp_cases[] = {
	KUNIT_CASE(kpt_test_jp_args),
	KUNIT_CASE(kpt_test_jp_with_others),
	KUNIT_CASE(kpt_test_jp_ftrace_site),
	KUNIT_CASE(kpt_test_jp_optimized),
	KUNIT_CASE_SLOW(kpt_test_jp_unregister_racing),
	KUNIT_CASE(kpt_test_jp_batch),
	{}
};

static struct kunit_suite kpt_jp_suite = {
	.name = "kprobes_jprobe",
	.test_cases = kpt_jp_cases,
};

kunit_test_suite(kpt_jp_suite);
