// SPDX-License-Identifier: GPL-2.0-only
/*
 * jprobe_example: see the arguments of every kernel_clone() call, in a
 * function declared like kernel_clone() itself.
 *
 *	modprobe jprobe_example
 *
 * The entry function gets copies of the arguments (changing them changes
 * nothing in the call) and runs in a probe handler's context: it must not
 * sleep.  It logs the first few calls; the count of all of them is under
 * /sys/module/jprobe_example/parameters/hits.  See "Jprobes" in
 * Documentation/trace/kprobes.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched/task.h>

/* Calls logged in full; later ones are only counted. */
#define SAMPLE_LOGGED	10

static atomic_long_t sample_hits = ATOMIC_LONG_INIT(0);

static int sample_get_hits(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(&sample_hits));
}

static const struct kernel_param_ops sample_hits_ops = {
	.get = sample_get_hits,
};
module_param_cb(hits, &sample_hits_ops, NULL, 0444);
MODULE_PARM_DESC(hits, "kernel_clone() calls seen so far (read-only)");

/* Declared like kernel_clone(); its return value is not used. */
static pid_t sample_kernel_clone(struct kernel_clone_args *args)
{
	long n = atomic_long_inc_return(&sample_hits);

	if (n <= SAMPLE_LOGGED)
		pr_info("kernel_clone(flags=%#llx, exit_signal=%d) by %s\n",
			args->flags, args->exit_signal, current->comm);
	/* What old modules called here; it does nothing now. */
	jprobe_return();
	return 0;
}

static struct jprobe sample_jprobe = {
	.kp.symbol_name	= "kernel_clone",
	.entry		= sample_kernel_clone,
};

static int __init sample_init(void)
{
	int ret = register_jprobe(&sample_jprobe);

	if (ret) {
		pr_err("register_jprobe(kernel_clone) failed: %d\n", ret);
		return ret;
	}
	pr_info("jprobe on kernel_clone at %pS\n", sample_jprobe.kp.addr);
	return 0;
}

static void __exit sample_exit(void)
{
	unregister_jprobe(&sample_jprobe);
	pr_info("kernel_clone: %ld calls seen, %lu missed\n",
		atomic_long_read(&sample_hits), sample_jprobe.kp.nmissed);
}

module_init(sample_init);
module_exit(sample_exit);
MODULE_DESCRIPTION("jprobes sample: the arguments of kernel_clone()");
MODULE_LICENSE("GPL");
