// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes at ftrace call sites.
 *
 * A function entry compiled with -mfentry starts with a call to ftrace
 * (a nop while unused).  Probes there are hooked through one ftrace_ops
 * whose filter holds every armed site; the architecture's
 * kprobe_ftrace_handler() runs the handlers with int3 semantics.
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
 * kprobe_ftrace_arm() - hook @site's call site through ftrace
 * @site: a DISARMED ftrace site
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 * Return: 0, -ENODEV once ftrace is dead, or an ftrace error.
 */
int kprobe_ftrace_arm(struct kprobe_site *site)
{
	unsigned long ip = (unsigned long)site->addr;
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (READ_ONCE(kprobe_ftrace_killed))
		return -ENODEV;
	ret = ftrace_set_filter_ip(&kprobe_ftrace_ops, ip, 0, 0);
	if (ret)
		return ret;
	if (!kprobe_ftrace_sites) {
		ret = register_ftrace_function(&kprobe_ftrace_ops);
		if (ret) {
			ftrace_set_filter_ip(&kprobe_ftrace_ops, ip, 1, 0);
			return ret;
		}
	}
	kprobe_ftrace_sites++;
	return 0;
}

/**
 * kprobe_ftrace_disarm() - remove @site from the ftrace filter
 * @site: an ARMED ftrace site
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 */
void kprobe_ftrace_disarm(struct kprobe_site *site)
{
	unsigned long ip = (unsigned long)site->addr;
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (READ_ONCE(kprobe_ftrace_killed))
		return;
	if (!--kprobe_ftrace_sites) {
		ret = unregister_ftrace_function(&kprobe_ftrace_ops);
		WARN(ret, "kprobes: cannot unregister ftrace_ops (%d)\n", ret);
	}
	ret = ftrace_set_filter_ip(&kprobe_ftrace_ops, ip, 1, 0);
	WARN(ret, "kprobes: cannot unhook %pS (%d)\n", site->addr, ret);
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
