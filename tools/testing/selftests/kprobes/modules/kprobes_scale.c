// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_scale": thousands of probes registered and
 * unregistered in batches and one by one, rollback of a batch that fails,
 * and the promise of unregistration: when unregister_kprobe() (or
 * unregister_kretprobe()) returns, no handler of the probe still runs.
 *
 * The probed functions are KPS_NR_FNS small functions that
 * gen-scale-targets.sh writes into kps_targets.h at build time, each with
 * its own ftrace call site at the entry and a distinct body.
 * For the unregistration cases a kthread on another CPU calls a probed
 * function whose handler spins for KPS_SPIN_MS; the test thread waits
 * until the handler has started, unregisters, and checks that the handler
 * had finished by the time unregistration returned.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "kprobes_test_arch.h"
#include "kps_targets.h"

#define KPS_NR_SINGLE	500
#define KPS_SPIN_MS	300
#define KPS_OPT_WAIT_MS	3000

static int kps_expect(int i, int x)
{
	return x * 3 + 1000 + i;
}

/* The probes of the batch cases and how often each fired. */
static struct kprobe *kps_probes;
static struct kprobe **kps_ptrs;
static unsigned int *kps_hits;

static int kps_count_pre(struct kprobe *p, struct pt_regs *regs)
{
	kps_hits[p - kps_probes]++;
	return 0;
}

/* Call the first @n targets once each; count wrong results. */
static int kps_call_all(int n)
{
	int i, wrong = 0;

	for (i = 0; i < n; i++)
		wrong += kps_fns[i](i) != kps_expect(i, i);
	return wrong;
}

/* How many of the first @n probes fired exactly @times times. */
static int kps_fired(int n, unsigned int times)
{
	int i, ok = 0;

	for (i = 0; i < n; i++)
		ok += kps_hits[i] == times;
	return ok;
}

/*
 * The offset of the first instruction after the entry: the same in every
 * target, which all have the same code but for a 32-bit constant.
 * Found by trial, as the decoder is not exported to modules.
 */
static int kps_body_offset(struct kunit *test)
{
	struct kprobe kp = { .pre_handler = kps_count_pre };
	int off;

	/* Past the entry, which follows an endbr64 in kernels with IBT. */
	for (off = kpt_entry_skip(kps_fns[0]) + 1; off < 16; off++) {
		kp.addr = (kprobe_opcode_t *)((unsigned long)kps_fns[0] + off);
		kp.flags = 0;
		if (!register_kprobe(&kp)) {
			unregister_kprobe(&kp);
			return off;
		}
	}
	KUNIT_FAIL(test, "no probe-able offset in the body of kps_fn_0");
	return 0;
}

/* Fill the first @n probes: on the entry of each target, or at @off. */
static void kps_fill(int n, int off)
{
	int i;

	memset(kps_probes, 0, n * sizeof(*kps_probes));
	memset(kps_hits, 0, n * sizeof(*kps_hits));
	for (i = 0; i < n; i++) {
		kps_probes[i].addr =
			(kprobe_opcode_t *)((unsigned long)kps_fns[i] + off);
		kps_probes[i].pre_handler = kps_count_pre;
		kps_ptrs[i] = &kps_probes[i];
	}
}

/* As kps_fill(), with every other probe in the body, at @off. */
static void kps_fill_mixed(int n, int off)
{
	int i;

	kps_fill(n, 0);
	for (i = 1; i < n; i += 2)
		kps_probes[i].addr = (kprobe_opcode_t *)
			((unsigned long)kps_probes[i].addr + off);
}

static int kps_init(struct kunit *test)
{
	kps_probes = kunit_kcalloc(test, KPS_NR_FNS, sizeof(*kps_probes),
				   GFP_KERNEL);
	kps_ptrs = kunit_kcalloc(test, KPS_NR_FNS, sizeof(*kps_ptrs),
				 GFP_KERNEL);
	kps_hits = kunit_kcalloc(test, KPS_NR_FNS, sizeof(*kps_hits),
				 GFP_KERNEL);
	if (!kps_probes || !kps_ptrs || !kps_hits)
		return -ENOMEM;
	return 0;
}

/* One batch of KPS_NR_FNS probes at @off: all fire once, none after. */
static void kps_batch(struct kunit *test, int off)
{
	int i, ftrace = 0;

	kps_fill(KPS_NR_FNS, off);
	KUNIT_ASSERT_EQ(test, register_kprobes(kps_ptrs, KPS_NR_FNS), 0);
	for (i = 0; i < KPS_NR_FNS; i++)
		ftrace += kprobe_ftrace(&kps_probes[i]);
	KUNIT_EXPECT_EQ(test, ftrace,
			off || !IS_ENABLED(CONFIG_KPROBES_ON_FTRACE) ?
			0 : KPS_NR_FNS);
	KUNIT_EXPECT_EQ(test, kps_call_all(KPS_NR_FNS), 0);
	KUNIT_EXPECT_EQ(test, kps_fired(KPS_NR_FNS, 1), KPS_NR_FNS);

	unregister_kprobes(kps_ptrs, KPS_NR_FNS);
	KUNIT_EXPECT_EQ(test, kps_call_all(KPS_NR_FNS), 0);
	KUNIT_EXPECT_EQ(test, kps_fired(KPS_NR_FNS, 1), KPS_NR_FNS);
}

static void kps_batch_entry(struct kunit *test)
{
	kps_batch(test, 0);
}

static void kps_batch_body(struct kunit *test)
{
	int off = kps_body_offset(test);

	if (off)
		kps_batch(test, off);
}

/*
 * A batch whose last probe is refused (in the middle of an instruction):
 * register_kprobes() fails with that probe's error and leaves none of the
 * others registered: none fires, and all can be registered again.
 */
static void kps_batch_rollback(struct kunit *test)
{
	int off = kps_body_offset(test), n = KPS_NR_FNS;

	if (!off)
		return;
	kps_fill_mixed(n, off);
	/* Two bytes into the first body instruction (3 bytes or more long). */
	kps_probes[n - 1].addr = (kprobe_opcode_t *)
		((unsigned long)kps_fns[n - 1] + off + 2);
	KUNIT_EXPECT_EQ(test, register_kprobes(kps_ptrs, n), -EILSEQ);
	KUNIT_EXPECT_EQ(test, kps_call_all(n), 0);
	KUNIT_EXPECT_EQ(test, kps_fired(n, 0), n);

	/* Unregistered probes come back disabled: start from scratch. */
	kps_fill_mixed(n - 1, off);
	KUNIT_ASSERT_EQ(test, register_kprobes(kps_ptrs, n - 1), 0);
	KUNIT_EXPECT_EQ(test, kps_call_all(n), 0);
	KUNIT_EXPECT_EQ(test, kps_fired(n - 1, 1), n - 1);
	unregister_kprobes(kps_ptrs, n - 1);
}

/*
 * Unregister probes 0..@n-1 one at a time; return how many of the calls
 * saw an RCU grace period end while they ran.  A grace period per call
 * would make that all of them; background ones make it a few at most.
 */
static int kps_unregister_counting_gps(int n)
{
	unsigned long cookie;
	int i, gps = 0;

	for (i = 0; i < n; i++) {
		cookie = get_state_synchronize_rcu();
		unregister_kprobe(&kps_probes[i]);
		gps += poll_state_synchronize_rcu(cookie);
	}
	return gps;
}

/*
 * KPS_NR_SINGLE probes registered and unregistered one at a time, half on
 * entries and half in bodies; registered again at once on the same
 * addresses (whose sites may still be waiting to be disarmed).  The
 * unregistrations do not each wait for a grace period.
 */
static void kps_one_by_one(struct kunit *test)
{
	int off = kps_body_offset(test), n = KPS_NR_SINGLE, i, round, ret = 0;
	int gps;

	if (!off)
		return;
	for (round = 1; round <= 2; round++) {
		kps_fill_mixed(n, off);
		for (i = 0; i < n; i++) {
			ret = register_kprobe(&kps_probes[i]);
			if (ret)
				break;
		}
		if (ret) {
			KUNIT_FAIL(test, "register_kprobe() of probe %d: %d",
				   i, ret);
			while (i-- > 0)
				unregister_kprobe(&kps_probes[i]);
			return;
		}
		KUNIT_EXPECT_EQ(test, kps_call_all(n), 0);
		KUNIT_EXPECT_EQ(test, kps_fired(n, 1), n);
		gps = kps_unregister_counting_gps(n);
		kunit_info(test, "round %d: %d of %d unregistrations saw a grace period end\n",
			   round, gps, n);
#ifndef KPROBES_TEST_UPSTREAM
		/* Upstream waits for one grace period per call. */
		KUNIT_EXPECT_LT(test, gps, n / 10);
#endif
		KUNIT_EXPECT_EQ(test, kps_call_all(n), 0);
		KUNIT_EXPECT_EQ(test, kps_fired(n, 1), n);
	}
}

/* Unregistration waits for a handler running on another CPU */

static atomic_t kps_entered, kps_finished;

/* The handler part that takes long: on the other CPU, while we unregister. */
static void kps_spin(void)
{
	atomic_set(&kps_entered, 1);
	mdelay(KPS_SPIN_MS);
	/* Everything the handler did comes first. */
	smp_mb__before_atomic();
	atomic_set(&kps_finished, 1);
}

static int kps_spin_pre(struct kprobe *p, struct pt_regs *regs)
{
	kps_spin();
	return 0;
}

static int kps_quick_pre(struct kprobe *p, struct pt_regs *regs)
{
	return 0;
}

static void kps_spin_post(struct kprobe *p, struct pt_regs *regs,
			  unsigned long flags)
{
	kps_spin();
}

static int kps_spin_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	kps_spin();
	return 0;
}

static int kps_caller(void *arg)
{
	int (*fn)(int) = arg;

	fn(1);
	return 0;
}

/* A CPU for the caller thread other than @me, or skip the test. */
static int kps_other_cpu(struct kunit *test, int *me)
{
	int other;

	*me = get_cpu();
	other = cpumask_any_but(cpu_online_mask, *me);
	put_cpu();
	if (other >= nr_cpu_ids)
		kunit_skip(test, "needs a second CPU");
	return other;
}

/*
 * Call @fn once on CPU @other while the test thread stays on @me, wait
 * until the handler of the registered @probe started, run @unregister,
 * and check that the handler had finished when @unregister returned.
 * Always unregisters.
 */
static void kps_expect_waited(struct kunit *test, int me, int other,
			      int (*fn)(int), void (*unregister)(void *),
			      void *probe)
{
	struct task_struct *caller;
	unsigned long deadline;
	bool finished;

	atomic_set(&kps_entered, 0);
	atomic_set(&kps_finished, 0);
	caller = kthread_create(kps_caller, fn, "kps_caller");
	if (IS_ERR(caller)) {
		unregister(probe);
		KUNIT_FAIL(test, "kthread_create: %ld", PTR_ERR(caller));
		return;
	}
	if (set_cpus_allowed_ptr(current, cpumask_of(me)))
		kunit_info(test, "could not keep the test thread on CPU %d\n",
			   me);
	kthread_bind(caller, other);
	get_task_struct(caller);
	wake_up_process(caller);

	deadline = jiffies + msecs_to_jiffies(10 * KPS_SPIN_MS);
	while (!atomic_read(&kps_entered) && time_before(jiffies, deadline))
		usleep_range(100, 200);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kps_entered), 1,
			    "the handler did not start");

	unregister(probe);
	finished = atomic_read(&kps_finished);
	KUNIT_EXPECT_TRUE_MSG(test, finished,
			      "unregistration returned while the handler ran");

	kthread_stop(caller);
	put_task_struct(caller);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
}

static void kps_unregister_kprobe(void *p)
{
	unregister_kprobe(p);
}

static void kps_unregister_kretprobe(void *rp)
{
	unregister_kretprobe(rp);
}

/* The pre_handler of an entry (ftrace) probe spins. */
static void kps_wait_entry(struct kunit *test)
{
	static struct kprobe kp;
	int me, other = kps_other_cpu(test, &me);

	memset(&kp, 0, sizeof(kp));
	kp.addr = (kprobe_opcode_t *)kps_fns[10];
	kp.pre_handler = kps_spin_pre;
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	kps_expect_waited(test, me, other, kps_fns[10], kps_unregister_kprobe,
			  &kp);
}

/* The post_handler of a body (int3, single-stepped) probe spins. */
static void kps_wait_post(struct kunit *test)
{
	int me, other = kps_other_cpu(test, &me);
	int off = kps_body_offset(test);
	static struct kprobe kp;

	if (!off)
		return;
	memset(&kp, 0, sizeof(kp));
	kp.addr = (kprobe_opcode_t *)((unsigned long)kps_fns[11] + off);
	kp.pre_handler = kps_quick_pre;
	kp.post_handler = kps_spin_post;
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	kps_expect_waited(test, me, other, kps_fns[11], kps_unregister_kprobe,
			  &kp);
}

/*
 * The pre_handler of a body probe without post_handler spins, after the
 * jump optimizer had the time to replace its int3 (where it can).
 */
static void kps_wait_body(struct kunit *test)
{
	int me, other = kps_other_cpu(test, &me);
	int off = kps_body_offset(test);
	static struct kprobe kp;
	unsigned long deadline;

	if (!off)
		return;
	memset(&kp, 0, sizeof(kp));
	kp.addr = (kprobe_opcode_t *)((unsigned long)kps_fns[12] + off);
	kp.pre_handler = kps_spin_pre;
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	deadline = jiffies + msecs_to_jiffies(KPS_OPT_WAIT_MS);
	while (IS_ENABLED(CONFIG_OPTPROBES) && !kprobe_optimized(&kp) &&
	       time_before(jiffies, deadline))
		msleep(20);
	kunit_info(test, "the probe %s optimized\n",
		   kprobe_optimized(&kp) ? "was" : "was not");
	kps_expect_waited(test, me, other, kps_fns[12], kps_unregister_kprobe,
			  &kp);
}

/* The return handler of a kretprobe spins. */
static void kps_wait_kretprobe(struct kunit *test)
{
	static struct kretprobe rp;
	int me, other = kps_other_cpu(test, &me);

	memset(&rp, 0, sizeof(rp));
	rp.kp.addr = (kprobe_opcode_t *)kps_fns[13];
	rp.handler = kps_spin_ret;
	KUNIT_ASSERT_EQ(test, register_kretprobe(&rp), 0);
	kps_expect_waited(test, me, other, kps_fns[13],
			  kps_unregister_kretprobe, &rp);
}

static struct kunit_case kps_cases[] = {
	KUNIT_CASE(kps_batch_entry),
	KUNIT_CASE_SLOW(kps_batch_body),
	KUNIT_CASE_SLOW(kps_batch_rollback),
	KUNIT_CASE_SLOW(kps_one_by_one),
	KUNIT_CASE(kps_wait_entry),
	KUNIT_CASE(kps_wait_post),
	KUNIT_CASE(kps_wait_body),
	KUNIT_CASE(kps_wait_kretprobe),
	{}
};

static struct kunit_suite kps_suite = {
	.name = "kprobes_scale",
	.init = kps_init,
	.test_cases = kps_cases,
};

kunit_test_suite(kps_suite);

MODULE_DESCRIPTION("kprobes: thousands of probes, batch rollback, unregistration waits for handlers");
MODULE_LICENSE("GPL");
