// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_stress": a thread on every CPU calls kpt_stress_fn()
 * in a loop and checks each result, while the test thread registers,
 * disables, enables and unregisters probes on it, alone and in batches,
 * on each of its instruction boundaries, thousands of times.
 *
 * The run lasts "cycles" rounds or "seconds" seconds, whichever ends first
 * (module parameters).
 *
 * Another keeps one probe registered while others come and go at its
 * address and around it, and counts that it fires for every call.
 *
 * One registers and enables probes with a post_handler on a jump while
 * the threads call the function: each must see as many post_handler as
 * pre_handler calls.
 *
 * A further case keeps jump-optimized probes on the function while the
 * threads call it, and takes their jumps away and back again, through
 * every cause (a post_handler joining, disabling, the sysctl), for
 * "opt_seconds" seconds.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "kprobes_stress.h"
#include "kprobes_test_arch.h"
#include "kprobes_test_sym.h"
#include "kprobes_test_sysctl.h"

static unsigned int kpt_cycles = 3000;
module_param_named(cycles, kpt_cycles, uint, 0444);
MODULE_PARM_DESC(cycles, "rounds of probe changes (default 3000)");

static unsigned int kpt_seconds = 30;
module_param_named(seconds, kpt_seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "time limit of the run (default 30)");

static unsigned int kpt_opt_seconds = 20;
module_param_named(opt_seconds, kpt_opt_seconds, uint, 0444);
MODULE_PARM_DESC(opt_seconds, "time limit of the optimization case (default 20)");

static unsigned int kpt_anchor_seconds = 10;
module_param_named(anchor_seconds, kpt_anchor_seconds, uint, 0444);
MODULE_PARM_DESC(anchor_seconds,
		 "time limit of the kept-probe case, which needs 100 rounds (default 10)");

static const unsigned int kpt_bounds[KPT_NR_BOUNDS] = {
	KPT_BOUND(0), KPT_BOUND(1), KPT_BOUND(2), KPT_BOUND(3), KPT_BOUND(4),
};

static atomic_long_t kpt_calls, kpt_wrong, kpt_pre_hits, kpt_post_hits;

static int kpt_stress_pre(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_long_inc(&kpt_pre_hits);
	return 0;
}

static void kpt_stress_post(struct kprobe *kp, struct pt_regs *regs,
			    unsigned long flags)
{
	atomic_long_inc(&kpt_post_hits);
}

/* Call the probed function until told to stop; count wrong results. */
static int kpt_caller(void *arg)
{
	unsigned long i = (unsigned long)arg << 20;

	while (!kthread_should_stop()) {
		long a = i & 0xffff, b = i >> 3;

		if (kpt_stress_fn(a, b) != 2 * (a + b) + 1)
			atomic_long_inc(&kpt_wrong);
		atomic_long_inc(&kpt_calls);
		/* Sleep now and then: grace periods need this CPU too. */
		if (!(++i % 128))
			usleep_range(20, 50);
	}
	return 0;
}

/*
 * @off bytes into kpt_stress_fn, computed at run time: a constant pointer
 * into the middle of a function draws objtool's IBT warning.
 */
static kprobe_opcode_t *kpt_stress_at(unsigned int off)
{
	unsigned long addr = (unsigned long)kpt_stress_fn;

	OPTIMIZER_HIDE_VAR(addr);
	return (kprobe_opcode_t *)(addr + off);
}

static void kpt_prepare(struct kprobe *kp, unsigned int bound, bool post)
{
	memset(kp, 0, sizeof(*kp));
	kp->addr = kpt_stress_at(KPT_FIRST + bound);
	kp->pre_handler = kpt_stress_pre;
	if (post)
		kp->post_handler = kpt_stress_post;
}

/* One round of changes; returns the number of calls that failed. */
static int kpt_round(unsigned int round)
{
	static struct kprobe kp[KPT_NR_BOUNDS];
	struct kprobe *kps[KPT_NR_BOUNDS];
	unsigned int b = round % KPT_NR_BOUNDS, i;
	int bad = 0;

	switch (round % 4) {
	case 0:		/* one probe, pre_handler only */
	case 1:		/* one probe with a post_handler */
		kpt_prepare(&kp[0], kpt_bounds[b], round % 4);
		bad += !!register_kprobe(&kp[0]);
		unregister_kprobe(&kp[0]);
		break;
	case 2:		/* every boundary in one batch */
		for (i = 0; i < KPT_NR_BOUNDS; i++) {
			kpt_prepare(&kp[i], kpt_bounds[i], i & 1);
			kps[i] = &kp[i];
		}
		bad += !!register_kprobes(kps, KPT_NR_BOUNDS);
		unregister_kprobes(kps, KPT_NR_BOUNDS);
		break;
	default:	/* two probes on one address, and a neighbour */
		kpt_prepare(&kp[0], kpt_bounds[b], true);
		kpt_prepare(&kp[1], kpt_bounds[b], false);
		kpt_prepare(&kp[2], kpt_bounds[(b + 1) % KPT_NR_BOUNDS], true);
		for (i = 0; i < 3; i++)
			bad += !!register_kprobe(&kp[i]);
		bad += !!disable_kprobe(&kp[0]);
		bad += !!enable_kprobe(&kp[0]);
		unregister_kprobe(&kp[1]);
		bad += !!disable_kprobe(&kp[2]);
		unregister_kprobe(&kp[0]);
		unregister_kprobe(&kp[2]);
		break;
	}
	return bad;
}

static void kpt_stop_callers(void *tasks)
{
	struct task_struct **t = tasks;
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		if (!IS_ERR_OR_NULL(t[cpu]))
			kthread_stop(t[cpu]);
}

/*
 * Start kpt_caller() on every online CPU, named @name/<cpu>, and have KUnit
 * stop them if the case ends early; the case stops them itself with
 * kunit_release_action(test, kpt_stop_callers, tasks).  Zeroes the call
 * and hit counters first.
 */
static struct task_struct **kpt_start_callers(struct kunit *test,
					      const char *name)
{
	struct task_struct **tasks;
	unsigned int cpu;

	atomic_long_set(&kpt_calls, 0);
	atomic_long_set(&kpt_wrong, 0);
	atomic_long_set(&kpt_pre_hits, 0);
	atomic_long_set(&kpt_post_hits, 0);
	tasks = kunit_kcalloc(test, nr_cpu_ids, sizeof(*tasks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpt_stop_callers,
							tasks), 0);
	for_each_online_cpu(cpu) {
		tasks[cpu] = kthread_run_on_cpu(kpt_caller,
						(void *)(unsigned long)cpu,
						cpu, name);
		KUNIT_ASSERT_FALSE(test, IS_ERR(tasks[cpu]));
	}
	return tasks;
}

static void kpt_test_stress(struct kunit *test)
{
	unsigned long deadline = jiffies + kpt_seconds * HZ;
	struct task_struct **tasks;
	unsigned long ks = kpt_sym_size(kpt_stress_fn, "kpt_stress_fn");
	unsigned int round, bad = 0;

	/* The boundaries above only hold if the function is what we wrote. */
	KUNIT_ASSERT_GE(test, ks, KPT_FN_SIZE);
	KUNIT_ASSERT_LT(test, ks, KPT_FN_SIZE + KPT_FUNC_ALIGN);

	tasks = kpt_start_callers(test, "kpt_stress/%u");
	for (round = 0; round < kpt_cycles && time_before(jiffies, deadline);
	     round++)
		bad += kpt_round(round);
	kunit_release_action(test, kpt_stop_callers, tasks);

	kunit_info(test, "%u rounds, %ld calls, %ld pre and %ld post hits\n",
		   round, atomic_long_read(&kpt_calls),
		   atomic_long_read(&kpt_pre_hits),
		   atomic_long_read(&kpt_post_hits));
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_wrong), 0);
	KUNIT_EXPECT_GE(test, round, 100);
	KUNIT_EXPECT_GT(test, atomic_long_read(&kpt_calls), 0);
	KUNIT_EXPECT_GT(test, atomic_long_read(&kpt_pre_hits), 0);
	KUNIT_EXPECT_GT(test, atomic_long_read(&kpt_post_hits), 0);
	/* Nothing is left behind: the function runs unprobed. */
	atomic_long_set(&kpt_pre_hits, 0);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(1, 2), 7);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_pre_hits), 0);
}

static atomic_long_t kpt_anchor_hits;

static int kpt_anchor_pre(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_long_inc(&kpt_anchor_hits);
	return 0;
}

/*
 * A probe that stays registered while other probes come and go at its
 * address and around it (with and without post_handlers, which also take
 * an optimized jump away and let it come back) never misses a call: once
 * the callers have stopped, it has fired exactly once per call.
 */
static void kpt_test_stays_armed(struct kunit *test)
{
	unsigned long deadline = jiffies + kpt_anchor_seconds * HZ;
	struct kprobe anchor = {
		.addr = kpt_stress_at(KPT_FIRST + KPT_BOUND(2)),
		.pre_handler = kpt_anchor_pre,
	};
	struct kprobe other;
	struct task_struct **tasks;
	unsigned int round, bad = 0;

	atomic_long_set(&kpt_anchor_hits, 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&anchor), 0);
	tasks = kpt_start_callers(test, "kpt_anchor/%u");
	for (round = 0; round < kpt_cycles && time_before(jiffies, deadline);
	     round++) {
		switch (round % 4) {
		case 0:		/* a second probe at the same address */
			kpt_prepare(&other, KPT_BOUND(2), false);
			break;
		case 1:		/* the same, with a post_handler */
			kpt_prepare(&other, KPT_BOUND(2), true);
			break;
		case 2:		/* inside the jump that would cover +6 */
			kpt_prepare(&other, KPT_BOUND(3), false);
			break;
		default:	/* just before it, with a post_handler */
			kpt_prepare(&other, KPT_BOUND(1), true);
			break;
		}
		bad += !!register_kprobe(&other);
		if (round % 8 == 7) {
			bad += !!disable_kprobe(&other);
			bad += !!enable_kprobe(&other);
		}
		/* Give the optimizer a chance now and then. */
		if (round % 16 == 15)
			usleep_range(2000, 3000);
		unregister_kprobe(&other);
	}
	kunit_release_action(test, kpt_stop_callers, tasks);
	unregister_kprobe(&anchor);

	kunit_info(test, "%u rounds, %ld calls, %ld hits of the kept probe\n",
		   round, atomic_long_read(&kpt_calls),
		   atomic_long_read(&kpt_anchor_hits));
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_GE(test, round, 100);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_wrong), 0);
	KUNIT_EXPECT_GT(test, atomic_long_read(&kpt_calls), 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_anchor_hits),
			atomic_long_read(&kpt_calls));
	KUNIT_EXPECT_EQ(test, anchor.nmissed, 0);
}

/* How long the optimizer may take to optimize a probe, in milliseconds. */
#define KPT_OPT_WAIT_MS		30000

static bool kpt_wait_optimized(struct kprobe *kp)
{
	unsigned int waited;

	for (waited = 0; waited < KPT_OPT_WAIT_MS; waited += 20) {
		if (kprobe_optimized(kp))
			return true;
		msleep(20);
	}
	return false;
}

static void kpt_sysctl_on(void *unused)
{
	kpt_write_sysctl("1");
}

/*
 * One cycle: probes at +0 and +6 (each jump covers two instructions)
 * become jumps; a post_handler joining +0, disabling +0 and the sysctl
 * each take the jumps they concern away at once, and the optimizer puts
 * them back once the cause is gone.
 */
static void kpt_opt_cycle(struct kunit *test, unsigned int cycle)
{
	struct kprobe a, b, post, *kps[2] = { &a, &b };

	kpt_prepare(&a, 0, false);
	kpt_prepare(&b, KPT_BOUND(2), false);
	kpt_prepare(&post, 0, true);
	KUNIT_ASSERT_EQ(test, register_kprobes(kps, 2), 0);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&a) &&
			      kpt_wait_optimized(&b), "cycle %u", cycle);

	KUNIT_EXPECT_EQ(test, register_kprobe(&post), 0);
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&a));
	KUNIT_EXPECT_TRUE(test, kprobe_optimized(&b));
	unregister_kprobe(&post);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&a),
			      "after the post_handler left, cycle %u", cycle);

	KUNIT_EXPECT_EQ(test, disable_kprobe(&a), 0);
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&a));
	KUNIT_EXPECT_EQ(test, enable_kprobe(&a), 0);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&a),
			      "after enabling, cycle %u", cycle);

	KUNIT_EXPECT_EQ(test, kpt_write_sysctl("0"), 0);
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&a));
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&b));
	KUNIT_EXPECT_EQ(test, kpt_write_sysctl("1"), 0);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&a) &&
			      kpt_wait_optimized(&b),
			      "after the sysctl, cycle %u", cycle);

	unregister_kprobes(kps, 2);
}

/* kpt_stress_fn as loaded, before any case probed it. */
static u8 kpt_stress_fn_orig[KPT_FN_SIZE];

/* How long the core may leave an idle site armed after unregistration. */
#define KPT_RECLAIM_WAIT_MS	5000

/*
 * unregister_kprobe() of the last probe at an address leaves the site
 * armed without probes; a worker restores the code a little later
 * (kernel/kprobes/idle_reclaim.c).  Wait for that, within a bound.
 */
static bool kpt_wait_restored(const void *text, const u8 *orig, size_t len)
{
	unsigned int waited;

	for (waited = 0; waited < KPT_RECLAIM_WAIT_MS; waited += 10) {
		if (!memcmp(text, orig, len))
			return true;
		usleep_range(10000, 11000);
	}
	return !memcmp(text, orig, len);
}

static void kpt_test_optimize_under_load(struct kunit *test)
{
	unsigned long deadline = jiffies + kpt_opt_seconds * HZ;
	struct task_struct **tasks;
	unsigned int cycle;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");
	KUNIT_ASSERT_EQ(test, kpt_write_sysctl("1"), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpt_sysctl_on,
							NULL), 0);

	tasks = kpt_start_callers(test, "kpt_opt/%u");
	for (cycle = 0; time_before(jiffies, deadline); cycle++)
		kpt_opt_cycle(test, cycle);
	kunit_release_action(test, kpt_stop_callers, tasks);

	kunit_info(test, "%u cycles, %ld calls, %ld hits\n", cycle,
		   atomic_long_read(&kpt_calls),
		   atomic_long_read(&kpt_pre_hits));
	KUNIT_EXPECT_GE(test, cycle, 2);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_wrong), 0);
	KUNIT_EXPECT_GT(test, atomic_long_read(&kpt_pre_hits), 0);
	KUNIT_EXPECT_TRUE(test, kpt_wait_restored(kpt_stress_fn,
						  kpt_stress_fn_orig,
						  KPT_FN_SIZE));
	KUNIT_EXPECT_MEMEQ(test, (u8 *)kpt_stress_fn, kpt_stress_fn_orig,
			   KPT_FN_SIZE);
	KUNIT_EXPECT_EQ(test, kpt_write_sysctl("2"), -EINVAL);
}

/* The layout of the detour checked below is ours; upstream's differs. */
#ifdef KPROBES_TEST_UPSTREAM
#define KPT_OUR_DETOUR	false
#else
#define KPT_OUR_DETOUR	true
#endif

#ifdef CONFIG_X86
#include <linux/cpufeature.h>

/*
 * The detour an optimized probe at @addr jumps to returns to a moved
 * instruction pointer through the five bytes just before its entry: a
 * plain "ret; int3" or, where the return-thunk mitigations are on, a
 * "jmp" to the return thunk (objtool never sees that code).
 */
static void kpt_check_detour_return(struct kunit *test, const u8 *addr)
{
	char sym[KSYM_SYMBOL_LEN];
	const u8 *entry, *ret;

	KUNIT_ASSERT_EQ(test, addr[0], 0xe9);
	entry = addr + 5 + get_unaligned((const s32 *)(addr + 1));
	ret = entry - 5;
	if (!boot_cpu_has(X86_FEATURE_RETHUNK)) {
		static const u8 plain[] = { 0xc3, 0xcc, 0xcc, 0xcc, 0xcc };

		KUNIT_EXPECT_MEMEQ(test, ret, plain, sizeof(plain));
		return;
	}
	/* The ITS thunk is only wanted in some halves of a cache line. */
	if (ret[0] == 0xc3)
		return;
	KUNIT_ASSERT_EQ(test, ret[0], 0xe9);
	sprint_symbol(sym, (unsigned long)(entry + get_unaligned((const s32 *)(ret + 1))));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(sym, "return_thunk"),
			      "the detour returns through %s", sym);
}
#else
/* Only x86 builds jump optimization. */
static void kpt_check_detour_return(struct kunit *test, const u8 *addr)
{
}
#endif

static int kpt_redirect_pre(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_long_inc(&kpt_pre_hits);
	instruction_pointer_set(regs, (unsigned long)kpt_stress_alt);
	return 1;
}

/*
 * A pre_handler that moves the instruction pointer and returns 1 sends the
 * call elsewhere, the same way from a breakpoint and from a jump.
 */
static void kpt_test_optimized_redirect(struct kunit *test)
{
	struct kprobe kp = {
		.addr = (kprobe_opcode_t *)kpt_stress_fn,
		.pre_handler = kpt_redirect_pre,
	};

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpt_sysctl_on,
							NULL), 0);
	atomic_long_set(&kpt_pre_hits, 0);

	KUNIT_ASSERT_EQ(test, kpt_write_sysctl("0"), 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&kp));
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(2, 3), 5);

	KUNIT_EXPECT_EQ(test, kpt_write_sysctl("1"), 0);
	KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&kp));
	if (KPT_OUR_DETOUR && kprobe_optimized(&kp))
		kpt_check_detour_return(test, (const u8 *)kp.addr);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(2, 3), 5);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(-7, 3), -4);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_pre_hits), 3);
	unregister_kprobe(&kp);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(2, 3), 11);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_pre_hits), 3);
}

static bool kpt_spinning;

/* Run without ever sleeping until stopped: a tasks RCU holdout. */
static int kpt_spinner(void *unused)
{
	WRITE_ONCE(kpt_spinning, true);
	while (!kthread_should_stop())
		cpu_relax();
	return 0;
}

/*
 * On a preemptible kernel the optimizer waits for a tasks RCU grace period
 * before writing a jump that covers several instructions, because a task
 * may be preempted between them; a task that never sleeps holds that wait
 * up.  A jump over a single instruction needs no wait and must not be
 * delayed by it.
 */
static void kpt_test_optimized_without_wait(struct kunit *test)
{
	struct kprobe one = {
		.addr = (kprobe_opcode_t *)kpt_stress_wide,
		.pre_handler = kpt_stress_pre,
	};
	struct kprobe two = {
		.addr = (kprobe_opcode_t *)kpt_stress_fn,
		.pre_handler = kpt_stress_pre,
	};
	struct kprobe *kps[] = { &one, &two };
	struct task_struct *spin;
	unsigned int waited;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");
	if (!IS_ENABLED(CONFIG_PREEMPTION))
		kunit_skip(test, "no tasks RCU wait without CONFIG_PREEMPTION");
	/* An idle site left by the case before may still be optimized. */
	KUNIT_ASSERT_TRUE(test, kpt_wait_restored(kpt_stress_fn,
						  kpt_stress_fn_orig,
						  KPT_FN_SIZE));
	atomic_long_set(&kpt_pre_hits, 0);

	WRITE_ONCE(kpt_spinning, false);
	spin = kthread_run(kpt_spinner, NULL, "kpt_spinner");
	KUNIT_ASSERT_FALSE(test, IS_ERR(spin));
	for (waited = 0; !READ_ONCE(kpt_spinning) && waited < 5000; waited += 20)
		msleep(20);

	KUNIT_EXPECT_EQ(test, register_kprobes(kps, ARRAY_SIZE(kps)), 0);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&one),
			      "the one-instruction jump waited for the spinner");
	/*
	 * The spinner still runs, so the two-instruction jump must wait;
	 * where every jump covers one instruction, it must not.
	 */
	if (KPT_OPT_ONE_INSN)
		KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&two),
				      "the jump at +0 waited for the spinner");
	else
		KUNIT_EXPECT_FALSE(test, kprobe_optimized(&two));
	KUNIT_EXPECT_EQ(test, kpt_stress_wide(5), 0x10008);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(2, 3), 11);

	kthread_stop(spin);
	KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&two));
	KUNIT_EXPECT_EQ(test, kpt_stress_wide(6), 0x10009);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(2, 4), 13);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_pre_hits), 4);
	unregister_kprobes(kps, ARRAY_SIZE(kps));
}

/*
 * A site that lost its last probe stays armed until the reclaim worker
 * retires it, and meanwhile keeps a neighbour whose jump would cover it a
 * breakpoint.  Once the worker has run, the neighbour becomes a jump with
 * nothing else happening.  (The optimizer looks at a new probe a jiffy
 * after it is registered, before the worker's 20 ms are up.)
 */
static void kpt_test_opt_after_reclaim(struct kunit *test)
{
	struct kprobe idle, a;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");
	KUNIT_ASSERT_TRUE(test, kpt_wait_restored(kpt_stress_fn,
						  kpt_stress_fn_orig,
						  KPT_FN_SIZE));
	kpt_prepare(&idle, KPT_BOUND(1), false);
	kpt_prepare(&a, 0, false);
	KUNIT_ASSERT_EQ(test, register_kprobe(&idle), 0);
	unregister_kprobe(&idle);
	KUNIT_ASSERT_EQ(test, register_kprobe(&a), 0);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_wait_optimized(&a),
			      "+0 stayed a breakpoint after the idle site at +3 went");
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(2, 3), 11);
	unregister_kprobe(&a);
}

/* A probe that counts its own hits. */
struct kpt_counted {
	struct kprobe kp;
	atomic_t pre;
	atomic_t post;
};

static int kpt_counted_pre(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_inc(&container_of(kp, struct kpt_counted, kp)->pre);
	return 0;
}

static void kpt_counted_post(struct kprobe *kp, struct pt_regs *regs,
			     unsigned long flags)
{
	atomic_inc(&container_of(kp, struct kpt_counted, kp)->post);
}

/* One call of kpt_stress_fn; the pre hits of @a and @b must then be as given. */
static void kpt_lone_call(struct kunit *test, const char *step,
			  struct kpt_counted *a, int a_hits,
			  struct kpt_counted *b, int b_hits)
{
	KUNIT_EXPECT_EQ_MSG(test, kpt_stress_fn(4, 5), 19, "%s", step);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&a->pre), a_hits, "%s: a", step);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&b->pre), b_hits, "%s: b", step);
}

/*
 * The hit paths call a site's lone probe without looking at the list or
 * at the probe's flags (kprobe_site.lone).  Every change of the list or of
 * a flag must therefore be seen by the very next hit: a second probe runs
 * too, a disabled or unregistered one stops, and a probe without a
 * pre_handler never becomes the lone one.  With @opt the site is a jump
 * whenever its probes allow it, and the case checks that it is.
 */
static void kpt_lone_steps(struct kunit *test, unsigned int off, bool opt)
{
	struct kpt_counted a = {}, b = {}, post = {};

	a.kp.addr = kpt_stress_at(KPT_FIRST + off);
	a.kp.pre_handler = kpt_counted_pre;
	b.kp = a.kp;
	post.kp.addr = a.kp.addr;
	post.kp.post_handler = kpt_counted_post;

	KUNIT_ASSERT_EQ(test, register_kprobe(&a.kp), 0);
	if (opt)
		KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&a.kp));
	kpt_lone_call(test, "a alone", &a, 1, &b, 0);

	KUNIT_ASSERT_EQ(test, register_kprobe(&b.kp), 0);
	kpt_lone_call(test, "b joined", &a, 2, &b, 1);
	if (opt)
		KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&b.kp));
	kpt_lone_call(test, "a and b", &a, 3, &b, 2);

	KUNIT_EXPECT_EQ(test, disable_kprobe(&a.kp), 0);
	KUNIT_EXPECT_EQ(test, kprobe_optimized(&b.kp), opt);
	kpt_lone_call(test, "a disabled", &a, 3, &b, 3);
	KUNIT_EXPECT_EQ(test, enable_kprobe(&a.kp), 0);
	kpt_lone_call(test, "a enabled", &a, 4, &b, 4);

	unregister_kprobe(&a.kp);
	KUNIT_EXPECT_EQ(test, kprobe_optimized(&b.kp), opt);
	kpt_lone_call(test, "b left alone", &a, 4, &b, 5);

	KUNIT_EXPECT_EQ(test, disable_kprobe(&b.kp), 0);
	kpt_lone_call(test, "b disabled", &a, 4, &b, 5);
	KUNIT_EXPECT_EQ(test, enable_kprobe(&b.kp), 0);
	if (opt)
		KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&b.kp));
	kpt_lone_call(test, "b enabled", &a, 4, &b, 6);

	/* Alone again: the next hit must not find it any more. */
	unregister_kprobe(&b.kp);
	kpt_lone_call(test, "b gone", &a, 4, &b, 6);

	/* Only a post_handler: never optimized, never called as lone. */
	KUNIT_ASSERT_EQ(test, register_kprobe(&post.kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_stress_fn(4, 5), 19);
	KUNIT_EXPECT_EQ(test, atomic_read(&post.post), 1);
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&post.kp));
	unregister_kprobe(&post.kp);
}

/* kpt_lone_steps() on a breakpoint site (optimization off) and on a jump. */
static void kpt_test_lone_probe(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpt_sysctl_on,
							NULL), 0);
	KUNIT_ASSERT_TRUE(test, kpt_wait_restored(kpt_stress_fn,
						  kpt_stress_fn_orig,
						  KPT_FN_SIZE));
	if (IS_ENABLED(CONFIG_OPTPROBES))
		KUNIT_ASSERT_EQ(test, kpt_write_sysctl("0"), 0);
	kpt_lone_steps(test, KPT_BOUND(1), false);
	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return;
	KUNIT_ASSERT_EQ(test, kpt_write_sysctl("1"), 0);
	kpt_lone_steps(test, 0, true);
}

/*
 * A probe with a post_handler that joins a jump-optimized site, or is
 * enabled there, while other CPUs keep calling the function: a jump runs
 * no post_handler, so the site must be a breakpoint again before the new
 * probe can fire, and every pre_handler call of the new probe is followed
 * by a post_handler call on the same CPU.  (The other way round is
 * allowed: a breakpoint hit whose pre stage came just before the probe
 * joined runs its post_handler alone.)
 */
static DEFINE_PER_CPU(bool, kpt_join_pending);
static atomic_t kpt_join_pre_calls, kpt_join_post_calls, kpt_join_orphans;

static int kpt_join_pre(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_inc(&kpt_join_pre_calls);
	/* The last pre_handler call on this CPU got no post_handler call. */
	if (__this_cpu_read(kpt_join_pending))
		atomic_inc(&kpt_join_orphans);
	__this_cpu_write(kpt_join_pending, true);
	return 0;
}

static void kpt_join_post(struct kprobe *kp, struct pt_regs *regs,
			  unsigned long flags)
{
	atomic_inc(&kpt_join_post_calls);
	__this_cpu_write(kpt_join_pending, false);
}

static void kpt_post_join_round(struct kunit *test, struct kprobe *joiner,
				bool by_enable)
{
	struct kprobe base = {
		.addr = kpt_stress_at(KPT_FIRST),
		.pre_handler = kpt_stress_pre,
	};

	struct task_struct **tasks;
	unsigned int waited;

	KUNIT_ASSERT_EQ(test, register_kprobe(&base), 0);
	KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&base));
	memset(joiner, 0, sizeof(*joiner));
	joiner->addr = base.addr;
	joiner->pre_handler = kpt_join_pre;
	joiner->post_handler = kpt_join_post;
	if (by_enable) {
		joiner->flags = KPROBE_FLAG_DISABLED;
		KUNIT_EXPECT_EQ(test, register_kprobe(joiner), 0);
		/* Disabled, it must not have taken the jump away. */
		KUNIT_EXPECT_TRUE(test, kpt_wait_optimized(&base));
	}
	/* Only the joining itself happens under load: wait for the callers. */
	tasks = kpt_start_callers(test, "kpt_join/%u");
	for (waited = 0; atomic_long_read(&kpt_calls) < 1000 && waited < 5000;
	     waited++)
		usleep_range(1000, 2000);
	KUNIT_EXPECT_GE(test, atomic_long_read(&kpt_calls), 1000);
	if (by_enable)
		KUNIT_EXPECT_EQ(test, enable_kprobe(joiner), 0);
	else
		KUNIT_EXPECT_EQ(test, register_kprobe(joiner), 0);
	KUNIT_EXPECT_FALSE(test, kprobe_optimized(&base));
	usleep_range(1000, 2000);
	/*
	 * No hit may be between its pre and post handlers when the probe
	 * goes: such a hit rightly runs no post_handler.
	 */
	kunit_release_action(test, kpt_stop_callers, tasks);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&kpt_wrong), 0);
	unregister_kprobe(joiner);
	unregister_kprobe(&base);
}

static void kpt_test_post_joins_optimized(struct kunit *test)
{
	struct kprobe joiner;
	unsigned int round, cpu;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpt_sysctl_on,
							NULL), 0);
	KUNIT_ASSERT_EQ(test, kpt_write_sysctl("1"), 0);
	atomic_set(&kpt_join_pre_calls, 0);
	atomic_set(&kpt_join_post_calls, 0);
	atomic_set(&kpt_join_orphans, 0);
	for (round = 0; round < 8; round++)
		kpt_post_join_round(test, &joiner, round & 1);
	/* The callers are stopped: a pre_handler call still pending had none. */
	for_each_possible_cpu(cpu) {
		if (per_cpu(kpt_join_pending, cpu))
			atomic_inc(&kpt_join_orphans);
		per_cpu(kpt_join_pending, cpu) = false;
	}

	kunit_info(test, "new probes: %d pre, %d post, %d pre without post\n",
		   atomic_read(&kpt_join_pre_calls),
		   atomic_read(&kpt_join_post_calls),
		   atomic_read(&kpt_join_orphans));
	KUNIT_EXPECT_GT(test, atomic_read(&kpt_join_pre_calls), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_join_orphans), 0);
}

static struct kunit_case kpt_stress_cases[] = {
	KUNIT_CASE_SLOW(kpt_test_stress),
	KUNIT_CASE_SLOW(kpt_test_stays_armed),
	KUNIT_CASE_SLOW(kpt_test_optimize_under_load),
	KUNIT_CASE(kpt_test_optimized_redirect),
	KUNIT_CASE_SLOW(kpt_test_opt_after_reclaim),
	KUNIT_CASE(kpt_test_lone_probe),
	KUNIT_CASE(kpt_test_post_joins_optimized),
	KUNIT_CASE_SLOW(kpt_test_optimized_without_wait),
	{}
};

static int kpt_stress_suite_init(struct kunit_suite *suite)
{
	memcpy(kpt_stress_fn_orig, kpt_stress_fn, KPT_FN_SIZE);
	return 0;
}

static struct kunit_suite kpt_stress_suite = {
	.name = "kprobes_stress",
	.suite_init = kpt_stress_suite_init,
	.test_cases = kpt_stress_cases,
};

kunit_test_suite(kpt_stress_suite);

MODULE_DESCRIPTION("KUnit test: kprobes changing under concurrent hits");
MODULE_LICENSE("GPL");
