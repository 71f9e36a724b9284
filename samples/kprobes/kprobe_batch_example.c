// SPDX-License-Identifier: GPL-2.0-only
/*
 * kprobe_batch_example: probe several functions with one register_kprobes()
 * call, and switch all of them off and on with disable_kprobe() and
 * enable_kprobe() while they stay registered.
 *
 *	modprobe kprobe_batch_example symbols=vfs_read,vfs_write
 *	cat /sys/module/kprobe_batch_example/parameters/hits
 *	echo 0 > /sys/module/kprobe_batch_example/parameters/active
 *	echo 1 > /sys/module/kprobe_batch_example/parameters/active
 *
 * register_kprobes() is all or nothing: if one symbol cannot be probed the
 * module fails to load and none of the others stays registered.  See
 * Documentation/trace/kprobes.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/sysfs.h>

#define SAMPLE_MAX_PROBES	8

static char *symbols[SAMPLE_MAX_PROBES] = { "kernel_clone", "do_exit" };
static int nr_symbols = 2;
module_param_array_named(symbols, symbols, charp, &nr_symbols, 0444);
MODULE_PARM_DESC(symbols, "comma-separated functions to probe (at most 8)");

/* One probe and its hit counter per symbol. */
struct sample_probe {
	struct kprobe kp;
	atomic_long_t hits;
};

static struct sample_probe sample_probes[SAMPLE_MAX_PROBES];
static struct kprobe *sample_kps[SAMPLE_MAX_PROBES];

/* Serialises writes to the "active" parameter and protects the two flags. */
static DEFINE_MUTEX(sample_active_lock);
static bool sample_active = true;
static bool sample_registered;

static int sample_pre(struct kprobe *p, struct pt_regs *regs)
{
	struct sample_probe *sp = container_of(p, struct sample_probe, kp);

	atomic_long_inc(&sp->hits);
	return 0;
}

/* "hits": one "symbol count" pair per probe, space-separated. */
static int sample_get_hits(char *buf, const struct kernel_param *kp)
{
	int i, len = 0;

	for (i = 0; i < nr_symbols; i++)
		len += sysfs_emit_at(buf, len, "%s%s %ld", i ? " " : "",
				     symbols[i],
				     atomic_long_read(&sample_probes[i].hits));
	len += sysfs_emit_at(buf, len, "\n");
	return len;
}

static const struct kernel_param_ops sample_hits_ops = {
	.get = sample_get_hits,
};
module_param_cb(hits, &sample_hits_ops, NULL, 0444);
MODULE_PARM_DESC(hits, "hits of each probe (read-only)");

/* Disable or enable every probe; they stay registered either way. */
static int sample_set_active(const char *val, const struct kernel_param *kp)
{
	bool on;
	int i, ret;

	ret = kstrtobool(val, &on);
	if (ret)
		return ret;
	guard(mutex)(&sample_active_lock);
	/* Given at load time: sample_init() registers the probes disabled. */
	if (!sample_registered) {
		sample_active = on;
		return 0;
	}
	for (i = 0; i < nr_symbols; i++) {
		ret = on ? enable_kprobe(sample_kps[i]) :
			   disable_kprobe(sample_kps[i]);
		if (ret) {
			pr_err("%s %s failed: %d\n", on ? "enabling" : "disabling",
			       symbols[i], ret);
			return ret;
		}
	}
	sample_active = on;
	pr_info("%d probes %s\n", nr_symbols, on ? "enabled" : "disabled");
	return 0;
}

static int sample_get_active(char *buf, const struct kernel_param *kp)
{
	guard(mutex)(&sample_active_lock);
	return sysfs_emit(buf, "%d\n", sample_active);
}

static const struct kernel_param_ops sample_active_ops = {
	.set = sample_set_active,
	.get = sample_get_active,
};
module_param_cb(active, &sample_active_ops, NULL, 0644);
MODULE_PARM_DESC(active, "1: probes fire, 0: probes disabled (default 1)");

static int __init sample_init(void)
{
	int i, ret;

	if (nr_symbols < 1)
		return -EINVAL;
	guard(mutex)(&sample_active_lock);
	for (i = 0; i < nr_symbols; i++) {
		sample_probes[i].kp.symbol_name = symbols[i];
		sample_probes[i].kp.pre_handler = sample_pre;
		/* A probe may be registered already disabled. */
		if (!sample_active)
			sample_probes[i].kp.flags = KPROBE_FLAG_DISABLED;
		sample_kps[i] = &sample_probes[i].kp;
	}
	ret = register_kprobes(sample_kps, nr_symbols);
	if (ret) {
		pr_err("register_kprobes() of %d probes failed: %d\n",
		       nr_symbols, ret);
		return ret;
	}
	sample_registered = true;
	pr_info("%d probes registered in one batch%s\n", nr_symbols,
		sample_active ? "" : ", disabled");
	return 0;
}

static void __exit sample_exit(void)
{
	int i;

	unregister_kprobes(sample_kps, nr_symbols);
	for (i = 0; i < nr_symbols; i++)
		pr_info("%s: %ld hits, %lu missed\n", symbols[i],
			atomic_long_read(&sample_probes[i].hits),
			sample_probes[i].kp.nmissed);
}

module_init(sample_init);
module_exit(sample_exit);
MODULE_DESCRIPTION("kprobe sample: a batch of probes, disabled and enabled together");
MODULE_LICENSE("GPL");
