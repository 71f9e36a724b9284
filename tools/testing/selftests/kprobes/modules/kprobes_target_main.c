// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose functions other modules and kprobe_events probe.  Nothing
 * is exported: probers find the functions by name ("kprobes_target:sym").
 *
 * Writing N to /sys/module/kprobes_target/parameters/run calls every
 * function N times; "result" then holds the sum of what they returned, so
 * a test can tell that the calls really happened and computed the right
 * thing.
 */
#include <linux/async.h>
#include <linux/completion.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "kprobes_target.h"

/* Second operands, read at run time so that no call gets specialised. */
static int kpt_add_by = 2, kpt_mul_by = 3;
module_param_named(add_by, kpt_add_by, int, 0644);
module_param_named(mul_by, kpt_mul_by, int, 0644);

static long kpt_result;
module_param_named(result, kpt_result, long, 0444);
MODULE_PARM_DESC(result, "sum of the values the last run returned");

/*
 * Whether struct kprobe has our fault_handler: tells the scripts which
 * errors to expect where upstream answers differently.
 */
#ifdef KPROBES_TEST_UPSTREAM
static bool kpt_fault_handler;
#else
static bool kpt_fault_handler = true;
#endif
module_param_named(fault_handler, kpt_fault_handler, bool, 0444);
MODULE_PARM_DESC(fault_handler, "built for a kernel with kprobe.fault_handler");

static int kpt_init_calls;
module_param_named(init_calls, kpt_init_calls, int, 0444);
MODULE_PARM_DESC(init_calls, "how often the init-only function ran");

/*
 * hold_init=1 keeps the module's init text in place after the module went
 * LIVE: do_init_module() waits for the async work its init scheduled
 * before it frees that text, and the work waits until "release_init" is
 * written (or a minute passed).
 */
static bool kpt_hold_init;
module_param_named(hold_init, kpt_hold_init, bool, 0444);
MODULE_PARM_DESC(hold_init, "keep the init text until release_init is written");

static DECLARE_COMPLETION(kpt_init_release);

static int kpt_release_init_set(const char *val, const struct kernel_param *kp)
{
	complete_all(&kpt_init_release);
	return 0;
}

static const struct kernel_param_ops kpt_release_init_ops = {
	.set = kpt_release_init_set,
};
module_param_cb(release_init, &kpt_release_init_ops, NULL, 0200);
MODULE_PARM_DESC(release_init, "let a hold_init=1 load finish");

static void kpt_hold_init_fn(void *data, async_cookie_t cookie)
{
	wait_for_completion_timeout(&kpt_init_release, 60 * HZ);
}

/* Traced by ftrace: a probe on its entry goes through the fentry site. */
static noinline int kpt_target_add(int a, int b)
{
	return a + b;
}

/* Not traced: a probe on its entry is a breakpoint. */
static noinline notrace int kpt_target_mul(int a, int b)
{
	return a * b;
}

/* NOKPROBE_SYMBOL(): on the blacklist while the module is loaded. */
static noinline int kpt_target_nokprobe(int x)
{
	return x - 1;
}

NOKPROBE_SYMBOL(kpt_target_nokprobe);

NOKPROBE_SYMBOL(kpt_target_split);

/* Lives in .init.text; only callable while the module initialises. */
static noinline int __init kpt_target_init_fn(int x)
{
	return x * 3;
}

static int kpt_run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	long sum = 0;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		sum += kpt_target_add(i, READ_ONCE(kpt_add_by));
		sum += kpt_target_mul(i, READ_ONCE(kpt_mul_by));
	}
	WRITE_ONCE(kpt_result, sum);
	return 0;
}

static const struct kernel_param_ops kpt_run_ops = {
	.set = kpt_run_set,
};
module_param_cb(run, &kpt_run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "call every function this many times");

static int __init kpt_target_init(void)
{
	/* A value the compiler cannot fold, so the call stays a call. */
	int x = READ_ONCE(kpt_init_calls) + 14;

	if (kpt_target_init_fn(x) != 42 || kpt_target_nokprobe(x) != 13 ||
	    kpt_target_split(x) != 15)
		return -EINVAL;
	kpt_init_calls++;
	if (kpt_hold_init)
		async_schedule(kpt_hold_init_fn, NULL);
	return 0;
}
module_init(kpt_target_init);

static void __exit kpt_target_exit(void)
{
}
module_exit(kpt_target_exit);

MODULE_DESCRIPTION("Functions for the kprobes selftests to probe");
MODULE_LICENSE("GPL");
