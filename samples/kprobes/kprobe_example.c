// SPDX-License-Identifier: GPL-2.0-only
/*
 * kprobe_example: count and log the calls of one kernel function.
 *
 * Load it with the function to watch (kernel_clone when not given):
 *
 *	modprobe kprobe_example symbol=vfs_read offset=0
 *
 * Every hit logs one line with its sequence number and the CPU it ran on;
 * the running total is readable in /sys/module/kprobe_example/parameters/hits
 * and is logged again when the module is removed.  See
 * Documentation/trace/kprobes.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/ptrace.h>

static char *symbol = "kernel_clone";
module_param(symbol, charp, 0444);
MODULE_PARM_DESC(symbol, "function to probe (default: kernel_clone)");

static uint offset;
module_param(offset, uint, 0444);
MODULE_PARM_DESC(offset, "byte offset of the probed instruction in the function");

static atomic_long_t sample_hits = ATOMIC_LONG_INIT(0);
static atomic_long_t sample_post_runs = ATOMIC_LONG_INIT(0);

static int sample_get_hits(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(&sample_hits));
}

static const struct kernel_param_ops sample_hits_ops = {
	.get = sample_get_hits,
};
module_param_cb(hits, &sample_hits_ops, NULL, 0444);
MODULE_PARM_DESC(hits, "how often the probe fired (read-only)");

/* Runs before the probed instruction, with preemption disabled. */
static int sample_pre(struct kprobe *p, struct pt_regs *regs)
{
	long n = atomic_long_inc_return(&sample_hits);

	pr_info("<%s+%#x> hit %ld on CPU %d, ip %pS\n", p->symbol_name,
		p->offset, n, smp_processor_id(),
		(void *)instruction_pointer(regs));
	/* 0: let the probed instruction run where it is. */
	return 0;
}

/* Runs once the probed instruction has executed. */
static void sample_post(struct kprobe *p, struct pt_regs *regs,
			unsigned long flags)
{
	atomic_long_inc(&sample_post_runs);
}

static struct kprobe sample_probe = {
	.pre_handler	= sample_pre,
	.post_handler	= sample_post,
};

static int __init sample_init(void)
{
	int ret;

	sample_probe.symbol_name = symbol;
	sample_probe.offset = offset;
	ret = register_kprobe(&sample_probe);
	if (ret) {
		pr_err("cannot probe %s+%#x: %d\n", symbol, offset, ret);
		return ret;
	}
	pr_info("probing %s+%#x (%pS)\n", symbol, offset, sample_probe.addr);
	return 0;
}

static void __exit sample_exit(void)
{
	unregister_kprobe(&sample_probe);
	/* No handler can run any more: the totals are final. */
	pr_info("%s+%#x: %ld hits, %ld post_handler runs, %lu missed\n",
		symbol, offset, atomic_long_read(&sample_hits),
		atomic_long_read(&sample_post_runs), sample_probe.nmissed);
}

module_init(sample_init);
module_exit(sample_exit);
MODULE_DESCRIPTION("kprobe sample: count the calls of a kernel function");
MODULE_LICENSE("GPL");
