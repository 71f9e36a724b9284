// SPDX-License-Identifier: GPL-2.0-only
/*
 * kretprobe_example: log what one kernel function returns and how long
 * each call took.
 *
 *	modprobe kretprobe_example func=vfs_read
 *
 * The entry handler stores a timestamp in the per-call private data
 * (kretprobe.data_size bytes); the return handler reads it back together
 * with the return value.  Totals are readable under
 * /sys/module/kretprobe_example/parameters/ and logged on removal.  See
 * Documentation/trace/kprobes.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/ptrace.h>

static char *func = "kernel_clone";
module_param(func, charp, 0444);
MODULE_PARM_DESC(func, "function whose returns are reported (default: kernel_clone)");

static int maxactive;
module_param(maxactive, int, 0444);
MODULE_PARM_DESC(maxactive, "calls that may be pending at once (0: the default)");

/* What travels from the entry of one call to its return. */
struct sample_call {
	u64 entered_ns;
};

static atomic_long_t sample_returns = ATOMIC_LONG_INIT(0);
static atomic64_t sample_last_ret = ATOMIC64_INIT(0);

static int sample_get_returns(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(&sample_returns));
}

static const struct kernel_param_ops sample_returns_ops = {
	.get = sample_get_returns,
};
module_param_cb(returns, &sample_returns_ops, NULL, 0444);
MODULE_PARM_DESC(returns, "returns reported so far (read-only)");

static int sample_get_last_ret(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%lld\n", (long long)atomic64_read(&sample_last_ret));
}

static const struct kernel_param_ops sample_last_ret_ops = {
	.get = sample_get_last_ret,
};
module_param_cb(last_retval, &sample_last_ret_ops, NULL, 0444);
MODULE_PARM_DESC(last_retval, "value of the last return reported (read-only)");

/* At the function's entry: remember when the call started. */
static int sample_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct sample_call *call = (struct sample_call *)ri->data;

	call->entered_ns = ktime_get_ns();
	/* Non-zero would mean: do not report this call's return. */
	return 0;
}

/* When the function returns: report its value and the call's duration. */
static int sample_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct sample_call *call = (struct sample_call *)ri->data;
	long retval = (long)regs_return_value(regs);
	u64 took = ktime_get_ns() - call->entered_ns;
	long n;

	atomic64_set(&sample_last_ret, retval);
	n = atomic_long_inc_return(&sample_returns);
	pr_info("%s returned %ld after %llu ns (return %ld, to %pS)\n",
		func, retval, took, n, (void *)get_kretprobe_retaddr(ri));
	return 0;
}

static struct kretprobe sample_rp = {
	.entry_handler	= sample_entry,
	.handler	= sample_return,
	.data_size	= sizeof(struct sample_call),
};

static int __init sample_init(void)
{
	int ret;

	sample_rp.kp.symbol_name = func;
	sample_rp.maxactive = maxactive;
	ret = register_kretprobe(&sample_rp);
	if (ret) {
		pr_err("cannot probe the returns of %s: %d\n", func, ret);
		return ret;
	}
	pr_info("reporting the returns of %s (%pS)\n", func, sample_rp.kp.addr);
	return 0;
}

static void __exit sample_exit(void)
{
	unregister_kretprobe(&sample_rp);
	pr_info("%s: %ld returns reported, %d calls missed\n", func,
		atomic_long_read(&sample_returns), sample_rp.nmissed);
}

module_init(sample_init);
module_exit(sample_exit);
MODULE_DESCRIPTION("kretprobe sample: return values and durations of a kernel function");
MODULE_LICENSE("GPL");
