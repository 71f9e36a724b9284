// SPDX-License-Identifier: GPL-2.0
/*
 * For test_optprobes.sh: while loaded, a probe with a pre and a post
 * handler sits at sym+off (module parameters).  A post handler cannot run
 * from a jump detour, so its arrival must turn an optimized probe at the
 * same address back into a breakpoint.  pre_hits and post_hits count how
 * often the handlers ran.
 */
#include <linux/atomic.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sysfs.h>

static char *sym = "kernel_clone";
static unsigned int off;
module_param(sym, charp, 0444);
module_param(off, uint, 0444);

static atomic_t kpo_pre_hits = ATOMIC_INIT(0);
static atomic_t kpo_post_hits = ATOMIC_INIT(0);

static int kpo_get_count(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read((atomic_t *)kp->arg));
}

static const struct kernel_param_ops kpo_count_ops = {
	.get = kpo_get_count,
};

module_param_cb(pre_hits, &kpo_count_ops, &kpo_pre_hits, 0444);
module_param_cb(post_hits, &kpo_count_ops, &kpo_post_hits, 0444);

static int kpo_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpo_pre_hits);
	return 0;
}

static void kpo_post(struct kprobe *p, struct pt_regs *regs,
		     unsigned long flags)
{
	atomic_inc(&kpo_post_hits);
}

static struct kprobe kpo_probe = {
	.pre_handler = kpo_pre,
	.post_handler = kpo_post,
};

static int __init kpo_init(void)
{
	kpo_probe.symbol_name = sym;
	kpo_probe.offset = off;
	return register_kprobe(&kpo_probe);
}
module_init(kpo_init);

static void __exit kpo_exit(void)
{
	unregister_kprobe(&kpo_probe);
}
module_exit(kpo_exit);

MODULE_DESCRIPTION("kprobes selftest: a post_handler probe");
MODULE_LICENSE("GPL");
