// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes at ftrace call sites.
 *
 * A function entry compiled with -mfentry starts with a call to ftrace
 * (a nop while unused).  Probes there are hooked through one ftrace_ops
 * whose filter holds every armed site; the architecture's
 * kprobe_ftrace_handler() runs the handlers as its breakpoint handler
 * would, with the registers of a breakpoint hit.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/ftrace.h>
#include <linux/kprobes.h>

#include "internal.h"

static struct ftrace_ops kprobe_ftrace_ops __read_mostly = {
	.func = kprobe_ftrace_handler,
	.flags = FTRACE_OPS_FL_SAVE_REGS,
};

/* Sites in kprobe_ftrace_ops' filter; protected by kprobe_mutex. */
static unsigned int kprobe_ftrace_sites;

/* ftrace shut itself down after an error; it must not be called again. */
static bool kprobe_ftrace_killed;

/**
 * kprobe_ftrace_arm_ips() - hook ftrace call sites, all in one update
 * @ips: addresses of DISARMED ftrace sites
 * @n: number of entries in @ips
 *
 * One filter update patches every call site, however many there are; the
 * ftrace_ops is registered with the first sites.
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 * Return: 0 (every site hooked), -ENODEV once ftrace is dead, or an
 * ftrace error (no site hooked).
 */
int kprobe_ftrace_arm_ips(unsigned long *ips, unsigned int n)
{
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (READ_ONCE(kprobe_ftrace_killed))
		return -ENODEV;
	ret = ftrace_set_filter_ips(&kprobe_ftrace_ops, ips, n, 0, 0);
	if (ret)
		return ret;
	if (!kprobe_ftrace_sites) {
		ret = register_ftrace_function(&kprobe_ftrace_ops);
		if (ret) {
			ftrace_set_filter_ips(&kprobe_ftrace_ops, ips, n, 1, 0);
			return ret;
		}
	}
	kprobe_ftrace_sites += n;
	return 0;
}

/**
 * kprobe_ftrace_disarm_ips() - unhook ftrace call sites in one update
 * @ips: addresses of ARMED ftrace sites
 * @n: number of entries in @ips
 *
 * With the last sites gone the ftrace_ops is unregistered first: an ops
 * with an empty filter would trace every function.
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 */
void kprobe_ftrace_disarm_ips(unsigned long *ips, unsigned int n)
{
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (READ_ONCE(kprobe_ftrace_killed))
		return;
	if (WARN_ON_ONCE(n > kprobe_ftrace_sites))
		n = kprobe_ftrace_sites;
	kprobe_ftrace_sites -= n;
	if (!kprobe_ftrace_sites) {
		ret = unregister_ftrace_function(&kprobe_ftrace_ops);
		WARN(ret, "kprobes: cannot unregister ftrace_ops (%d)\n", ret);
	}
	ret = ftrace_set_filter_ips(&kprobe_ftrace_ops, ips, n, 1, 0);
	WARN(ret, "kprobes: cannot unhook %u ftrace sites (%d)\n", n, ret);
}

/**
 * kprobe_ftrace_kill() - ftrace is shutting down after an internal error
 *
 * Context: any.
 */
void kprobe_ftrace_kill(void)
{
	WRITE_ONCE(kprobe_ftrace_killed, true);
}
