// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc/sys/debug/kprobes-optimization: 1 (the default) lets eligible
 * probes be optimized into jumps, 0 turns every optimized probe back into
 * a breakpoint.  Other values are refused with -EINVAL.
 *
 * The same switch is also /proc/sys/debug/kprobes_optimization, so that
 * "sysctl debug.kprobes_optimization" works as well: sysctl(8) turns the
 * dots of a name into slashes but leaves '_' and '-' alone.
 */
#include <linux/init.h>
#include <linux/kprobes.h>
#include <linux/sysctl.h>

#include "internal.h"

static int kprobe_opt_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int val = kprobe_opt_allowed();
	struct ctl_table tmp = *table;
	int ret;

	/* Parse into a local copy; the optimizer owns the real switch. */
	tmp.data = &val;
	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
	if (ret || !write)
		return ret;
	kprobe_opt_set_allowed(val);
	return 0;
}

#define KPROBE_OPT_SYSCTL(name) {		\
	.procname	= name,			\
	.maxlen		= sizeof(int),		\
	.mode		= 0644,			\
	.proc_handler	= kprobe_opt_sysctl,	\
	.extra1		= SYSCTL_ZERO,		\
	.extra2		= SYSCTL_ONE,		\
}

static struct ctl_table kprobe_opt_sysctls[] = {
	KPROBE_OPT_SYSCTL("kprobes-optimization"),
	KPROBE_OPT_SYSCTL("kprobes_optimization"),
};

static int __init kprobe_opt_sysctl_init(void)
{
	register_sysctl_init("debug", kprobe_opt_sysctls);
	return 0;
}
late_initcall(kprobe_opt_sysctl_init);
