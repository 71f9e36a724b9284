// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_kretprobe_tasks": return probes with calls pending
 * in other tasks.  Kernel threads block inside a kretprobed function (on
 * an ftrace entry) while the test looks at them: many of them at once
 * with no cap and no miss, a stack trace of a sleeping one, unregistering
 * while they are inside, calls that return on another CPU than they
 * entered on, and a thread that exits inside a probed call.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>

#include "kprobes_api.h"

#define KPT_SLEEPERS	200
/* More calls than a CPU's cache of free instances holds (it is 8). */
#define KPT_CACHE_MAX	8

/* A return probe and what its handlers saw, shared by the threads. */
struct kpt_tret {
	struct kretprobe rp;
	atomic_t entries;
	atomic_t returns;
	atomic_t bad;
};

/* Calls of the handler of a kretprobe freed after unregistering. */
static atomic_t kpt_tret_stale_calls;

/* One blocked thread. */
struct kpt_sleeper {
	struct task_struct *task;
	struct completion *go;
	struct completion done;
	long id;
	long result;
};

/* The probed function: blocks until the test lets it go. */
static noinline long kpt_tret_sleep(struct kpt_sleeper *s)
{
	wait_for_completion(s->go);
	return s->id * 3;
}

/* The caller a stack trace must show; the pointer keeps the call real. */
static noinline long kpt_tret_sleep_thread_body(struct kpt_sleeper *s)
{
	long (*fn)(struct kpt_sleeper *s) = kpt_tret_sleep;

	OPTIMIZER_HIDE_VAR(fn);
	return fn(s) + 1;
}

static int kpt_tret_sleep_thread(void *arg)
{
	struct kpt_sleeper *s = arg;

	s->result = kpt_tret_sleep_thread_body(s);
	complete(&s->done);
	return 0;
}

static int kpt_tret_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_tret *t = container_of(get_kretprobe(ri), struct kpt_tret, rp);

	*(long *)ri->data = ((struct kpt_sleeper *)regs_get_kernel_argument(regs, 0))->id;
#ifndef KPROBES_TEST_UPSTREAM
	/* Upstream's instance does not record its task. */
	if (ri->task != current)
		atomic_inc(&t->bad);
#endif
	atomic_inc(&t->entries);
	return 0;
}

static int kpt_tret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_tret *t = container_of(get_kretprobe(ri), struct kpt_tret, rp);

	if (regs_return_value(regs) != *(long *)ri->data * 3)
		atomic_inc(&t->bad);
	atomic_inc(&t->returns);
	return 0;
}

static int kpt_tret_stale_handler(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	atomic_inc(&kpt_tret_stale_calls);
	return 0;
}

static struct kpt_tret *kpt_tret_new(struct kunit *test)
{
	struct kpt_tret *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->rp.kp.addr = (kprobe_opcode_t *)kpt_tret_sleep;
	t->rp.entry_handler = kpt_tret_entry;
	t->rp.handler = kpt_tret_handler;
	t->rp.data_size = sizeof(long);
	return t;
}

/*
 * Start @n threads blocked in kpt_tret_sleep() until @go completes, on
 * CPU @cpu only, or anywhere if @cpu is negative.
 */
static struct kpt_sleeper *kpt_sleepers_start(struct kunit *test, int n,
					      struct completion *go, int cpu)
{
	struct kpt_sleeper *s = kunit_kcalloc(test, n, sizeof(*s), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (i = 0; i < n; i++) {
		s[i].go = go;
		s[i].id = i + 1;
		init_completion(&s[i].done);
		s[i].task = kthread_create(kpt_tret_sleep_thread, &s[i],
					   "kpt_sleeper/%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(s[i].task));
		get_task_struct(s[i].task);
		if (cpu >= 0)
			KUNIT_EXPECT_EQ(test, set_cpus_allowed_ptr(s[i].task,
								   cpumask_of(cpu)), 0);
		wake_up_process(s[i].task);
	}
	return s;
}

/* Let them go; check what each call returned. */
static void kpt_sleepers_finish(struct kunit *test, struct kpt_sleeper *s,
				int n, struct completion *go)
{
	int i;

	complete_all(go);
	for (i = 0; i < n; i++) {
		wait_for_completion(&s[i].done);
		KUNIT_EXPECT_EQ(test, s[i].result, s[i].id * 3 + 1);
		kthread_stop_put(s[i].task);
	}
}

/* Wait up to 30 s for @t's entry handler to have run @n times. */
static bool kpt_tret_wait_entries(struct kpt_tret *t, int n)
{
	int i;

	for (i = 0; i < 1500 && atomic_read(&t->entries) < n; i++)
		msleep(20);
	return atomic_read(&t->entries) == n;
}

/* Wait up to 5 s for @task to be blocked. */
static bool kpt_tret_wait_blocked(struct task_struct *task)
{
	int i;

	for (i = 0; i < 250; i++) {
		if (READ_ONCE(task->__state) == TASK_UNINTERRUPTIBLE &&
		    !READ_ONCE(task->on_cpu))
			return true;
		msleep(20);
	}
	return false;
}

/* What a stack trace of a sleeping task showed. */
static void kpt_tret_check_trace(struct kunit *test, struct task_struct *task)
{
	char name[KSYM_SYMBOL_LEN];
	bool caller = false, tramp = false, probed = false;
	unsigned long buf[32];
	int i, n;

	KUNIT_ASSERT_TRUE(test, kpt_tret_wait_blocked(task));
	n = stack_trace_save_tsk(task, buf, ARRAY_SIZE(buf), 0);
	KUNIT_EXPECT_GT(test, n, 2);
	for (i = 0; i < n; i++) {
		if (kpt_is_trampoline(buf[i]))
			tramp = true;
		snprintf(name, sizeof(name), "%ps", (void *)buf[i]);
		if (!strncmp(name, "kpt_tret_sleep_thread_body", 26))
			caller = true;
		else if (!strncmp(name, "kpt_tret_sleep ", 15))
			probed = true;
	}
	KUNIT_EXPECT_TRUE(test, probed);
	KUNIT_EXPECT_TRUE(test, caller);
	KUNIT_EXPECT_FALSE(test, tramp);
}

/*
 * 200 threads inside the probed function at once, default maxactive:
 * no miss, every return seen with its value, and a stack trace of a
 * sleeping one shows the real caller of the pending probed call.
 */
static void kpt_test_tret_sleepers(struct kunit *test)
{
	struct kpt_tret *t;
	DECLARE_COMPLETION_ONSTACK(go);
	struct kpt_sleeper *s;

	/* arch/arm/kernel/stacktrace.c: arch_stack_walk() */
	if (IS_ENABLED(CONFIG_ARM) && IS_ENABLED(CONFIG_SMP))
		kunit_skip(test, "SMP arm kernels do not walk the stacks of other tasks");
	t = kpt_tret_new(test);

	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &t->rp), 0);
	s = kpt_sleepers_start(test, KPT_SLEEPERS, &go, -1);
	KUNIT_EXPECT_TRUE(test, kpt_tret_wait_entries(t, KPT_SLEEPERS));
	kpt_tret_check_trace(test, s[0].task);
	kpt_tret_check_trace(test, s[KPT_SLEEPERS - 1].task);
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), KPT_SLEEPERS);
#endif
	kpt_sleepers_finish(test, s, KPT_SLEEPERS, &go);
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), 0);
#endif

	KUNIT_EXPECT_EQ(test, atomic_read(&t->entries), KPT_SLEEPERS);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->returns), KPT_SLEEPERS);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->bad), 0);
	KUNIT_EXPECT_EQ(test, t->rp.nmissed, 0);
	KUNIT_EXPECT_EQ(test, t->rp.kp.nmissed, 0);
}

#ifndef KPROBES_TEST_UPSTREAM
/* Wait up to 30 s for @t's kretprobe to have missed @n calls. */
static bool kpt_tret_wait_missed(struct kpt_tret *t, unsigned long n)
{
	int i;

	for (i = 0; i < 1500 && READ_ONCE(t->rp.nmissed) < n; i++)
		msleep(20);
	return READ_ONCE(t->rp.nmissed) == n;
}

/*
 * A cap is exact across CPUs, whose caches of free instances the others
 * cannot reach: three calls pending on one CPU, then eight on another,
 * of which two are followed and six missed; once all returned, five
 * calls on the second CPU are followed again.
 */
static void kpt_test_tret_cap_cpus(struct kunit *test)
{
	int cpu0 = cpumask_first(cpu_online_mask);
	int cpu1 = cpumask_last(cpu_online_mask);
	struct kpt_tret *t = kpt_tret_new(test);
	DECLARE_COMPLETION_ONSTACK(go1);
	DECLARE_COMPLETION_ONSTACK(go2);
	DECLARE_COMPLETION_ONSTACK(go3);
	struct kpt_sleeper *a, *b, *c;

	t->rp.maxactive = 5;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &t->rp), 0);
	a = kpt_sleepers_start(test, 3, &go1, cpu0);
	KUNIT_EXPECT_TRUE(test, kpt_tret_wait_entries(t, 3));
	b = kpt_sleepers_start(test, 8, &go2, cpu1);
	KUNIT_EXPECT_TRUE(test, kpt_tret_wait_missed(t, 6));
	KUNIT_EXPECT_EQ(test, atomic_read(&t->entries), 5);
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), 5);
	kpt_sleepers_finish(test, a, 3, &go1);
	kpt_sleepers_finish(test, b, 8, &go2);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->returns), 5);
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), 0);

	c = kpt_sleepers_start(test, 5, &go3, cpu1);
	KUNIT_EXPECT_TRUE(test, kpt_tret_wait_entries(t, 10));
	kpt_sleepers_finish(test, c, 5, &go3);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->returns), 10);
	KUNIT_EXPECT_EQ(test, t->rp.nmissed, 6);
	KUNIT_EXPECT_EQ(test, kretprobe_missed(&t->rp, KRETPROBE_MISS_CAP), 6);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->bad), 0);
}

/*
 * Calls that enter on one CPU and return on another: each CPU keeps its
 * own count of the instances it took and gave back (and its own cache of
 * free ones), so the counts only add up across CPUs.  Every call is
 * seen, nothing is missed, and no call is left pending afterwards.
 */
static void kpt_test_tret_migrate(struct kunit *test)
{
	struct kpt_tret *t = kpt_tret_new(test);
	DECLARE_COMPLETION_ONSTACK(go);
	struct kpt_sleeper *s;
	int i, n = 2 * KPT_CACHE_MAX, from, to, got;

	from = cpumask_first(cpu_online_mask);
	to = cpumask_next(from, cpu_online_mask);
	if (to >= nr_cpu_ids)
		kunit_skip(test, "needs two online CPUs");
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &t->rp), 0);
	s = kpt_sleepers_start(test, n, &go, from);
	/*
	 * Where the function entry is a breakpoint taken as an NMI (riscv:
	 * no kprobes on ftrace), an entry may not allocate: until the pool
	 * has grown, some of the burst is missed, each miss counted as
	 * such.  The calls that got an instance must add up all the same.
	 */
	if (!IS_ENABLED(CONFIG_KPROBES_ON_FTRACE) &&
	    (KPT_TRAP_PREEMPT_COUNT & NMI_MASK)) {
		for (i = 0; i < 1500 &&
		     atomic_read(&t->entries) + READ_ONCE(t->rp.nmissed) < n; i++)
			msleep(20);
		got = atomic_read(&t->entries);
		KUNIT_EXPECT_EQ(test, got + READ_ONCE(t->rp.nmissed), n);
		KUNIT_EXPECT_EQ(test, kretprobe_missed(&t->rp, KRETPROBE_MISS_ATOMIC),
				(unsigned long)READ_ONCE(t->rp.nmissed));
	} else {
		KUNIT_EXPECT_TRUE(test, kpt_tret_wait_entries(t, n));
		got = n;
	}
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), got);
	/* Each one wakes up, and returns, on the other CPU. */
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_TRUE(test, kpt_tret_wait_blocked(s[i].task));
		KUNIT_EXPECT_EQ(test, set_cpus_allowed_ptr(s[i].task,
							   cpumask_of(to)), 0);
	}
	kpt_sleepers_finish(test, s, n, &go);

	KUNIT_EXPECT_EQ(test, atomic_read(&t->returns), got);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->bad), 0);
	KUNIT_EXPECT_EQ(test, t->rp.nmissed, n - got);
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), 0);
}
#endif

/*
 * Unregistering with calls pending does not wait for them; the kretprobe
 * is freed at once, and the calls still return to their callers, with no
 * handler run.
 */
static void kpt_test_tret_unregister_pending(struct kunit *test)
{
	struct kretprobe *rp = kzalloc(sizeof(*rp), GFP_KERNEL);
	DECLARE_COMPLETION_ONSTACK(go);
	struct kpt_sleeper *s;
	int i, n = 4;

	KUNIT_ASSERT_NOT_NULL(test, rp);
	rp->kp.addr = (kprobe_opcode_t *)kpt_tret_sleep;
	rp->handler = kpt_tret_stale_handler;
	atomic_set(&kpt_tret_stale_calls, 0);
	KUNIT_ASSERT_EQ(test, register_kretprobe(rp), 0);
	s = kpt_sleepers_start(test, n, &go, -1);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE(test, kpt_tret_wait_blocked(s[i].task));
	unregister_kretprobe(rp);
	/* Poisoned under KASAN: any later use of it is reported. */
	kfree(rp);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_FALSE(test, completion_done(&s[i].done));
	kpt_sleepers_finish(test, s, n, &go);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_tret_stale_calls), 0);
}

/* Probed: with @do_exit the calling thread ends inside it. */
static noinline long kpt_tret_maybe_exit(long do_exit)
{
	if (do_exit)
		kthread_exit(0);
	return 5;
}

static long kpt_tret_maybe_exit_call(long do_exit)
{
	long (*fn)(long do_exit) = kpt_tret_maybe_exit;

	OPTIMIZER_HIDE_VAR(fn);
	return fn(do_exit);
}

static int kpt_tret_exit_thread(void *arg)
{
	kpt_tret_maybe_exit_call(1);
	return 0;
}

static int kpt_tret_count_entry(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	struct kpt_tret *t = container_of(get_kretprobe(ri), struct kpt_tret, rp);

	atomic_inc(&t->entries);
	return 0;
}

static int kpt_tret_count(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_tret *t = container_of(get_kretprobe(ri), struct kpt_tret, rp);

	if (regs_return_value(regs) != 5)
		atomic_inc(&t->bad);
	atomic_inc(&t->returns);
	return 0;
}

/*
 * A thread that ends inside a probed call: its instance goes back to the
 * pool when the task is freed.  With maxactive 1 the next call shows it.
 */
static void kpt_test_tret_exit_inside(struct kunit *test)
{
	struct kpt_tret *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct task_struct *task;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->rp.kp.addr = (kprobe_opcode_t *)kpt_tret_maybe_exit;
	t->rp.entry_handler = kpt_tret_count_entry;
	t->rp.handler = kpt_tret_count;
	t->rp.maxactive = 1;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &t->rp), 0);

	task = kthread_run(kpt_tret_exit_thread, NULL, "kpt_exit_inside");
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	get_task_struct(task);
	/* Stopped before it ran, it would never call the function. */
	KUNIT_EXPECT_TRUE(test, kpt_tret_wait_entries(t, 1));
	kthread_stop_put(task);
#ifndef KPROBES_TEST_UPSTREAM
	/* Freed after an RCU grace period: wait up to 5 s for it. */
	for (i = 0; i < 250 && kretprobe_nr_pending(&t->rp); i++) {
		rcu_barrier();
		msleep(20);
	}
	KUNIT_EXPECT_EQ(test, kretprobe_nr_pending(&t->rp), 0);
#else
	for (i = 0; i < 25; i++) {
		rcu_barrier();
		msleep(20);
	}
#endif
	KUNIT_EXPECT_EQ(test, atomic_read(&t->returns), 0);
	KUNIT_EXPECT_EQ(test, kpt_tret_maybe_exit_call(0), 5);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->returns), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&t->bad), 0);
	KUNIT_EXPECT_EQ(test, t->rp.nmissed, 0);
}

static struct kunit_case kpt_tret_cases[] = {
	KUNIT_CASE(kpt_test_tret_sleepers),
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_CASE(kpt_test_tret_migrate),
	KUNIT_CASE(kpt_test_tret_cap_cpus),
#endif
	KUNIT_CASE(kpt_test_tret_unregister_pending),
	KUNIT_CASE(kpt_test_tret_exit_inside),
	{}
};

static struct kunit_suite kpt_tret_suite = {
	.name = "kprobes_kretprobe_tasks",
	.test_cases = kpt_tret_cases,
};

kunit_test_suite(kpt_tret_suite);
