// SPDX-License-Identifier: GPL-2.0-only
/*
 * pid_uprobe_example: count the calls and returns of one function in one
 * process, and log the first few with their return values.
 *
 *	modprobe pid_uprobe_example pid=<pid> vaddr=<address>
 *
 * <address> is the function's address in that process (for a program
 * built as a position-independent executable: where it is mapped, from
 * /proc/<pid>/maps, plus the symbol's value from nm).  The counts are
 * under /sys/module/pid_uprobe_example/parameters/; the probes go away
 * with the module, or with the process.  See "Per-process uprobes" in
 * Documentation/trace/kprobes.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pid_uprobe.h>
#include <linux/ptrace.h>

/* Calls and returns logged one by one; later ones are only counted. */
#define SAMPLE_LOGGED	5

static int pid;
module_param(pid, int, 0444);
MODULE_PARM_DESC(pid, "the process to probe");

static unsigned long vaddr;
module_param(vaddr, ulong, 0444);
MODULE_PARM_DESC(vaddr, "the function's address in that process");

static atomic_long_t sample_calls = ATOMIC_LONG_INIT(0);
static atomic_long_t sample_returns = ATOMIC_LONG_INIT(0);

static int sample_get_count(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(kp->arg));
}

static const struct kernel_param_ops sample_count_ops = {
	.get = sample_get_count,
};
module_param_cb(calls, &sample_count_ops, &sample_calls, 0444);
MODULE_PARM_DESC(calls, "calls seen so far (read-only)");
module_param_cb(returns, &sample_count_ops, &sample_returns, 0444);
MODULE_PARM_DESC(returns, "returns seen so far (read-only)");

/* Runs in the probed thread, before the function's first instruction. */
static void sample_call(struct pid_uprobe *u, struct pt_regs *regs)
{
	if (atomic_long_inc_return(&sample_calls) <= SAMPLE_LOGGED)
		pr_info("pid %d: call of the function at %#lx\n",
			current->tgid, u->vaddr);
}

/* Runs in the probed thread, once the function has returned. */
static void sample_return(struct pid_uretprobe_instance *ri,
			  struct pt_regs *regs)
{
	if (atomic_long_inc_return(&sample_returns) <= SAMPLE_LOGGED)
		pr_info("pid %d: the function at %#lx returned %#lx to %#lx\n",
			current->tgid, ri->rp->u.vaddr,
			regs_return_value(regs), ri->ret_addr);
}

static struct pid_uprobe sample_entry = {
	.handler = sample_call,
};

static struct pid_uretprobe sample_exit = {
	.handler = sample_return,
};

/*
 * The two probes cannot be put in (or taken out) at one instant.  The
 * return probe goes in first and comes out last, so every call counted
 * has its return counted too, even in a process that keeps calling the
 * function meanwhile.  (The other order would count, around each of the
 * two steps, calls whose returns nobody was there to see.)  Returns of
 * calls made just before the call probe went in, or just after it came
 * out, are still counted: with a busy process, returns may exceed calls.
 */
static int __init sample_init(void)
{
	int ret;

	sample_entry.pid = pid;
	sample_entry.vaddr = vaddr;
	sample_exit.u.pid = pid;
	sample_exit.u.vaddr = vaddr;
	ret = register_pid_uretprobe(&sample_exit);
	if (ret) {
		pr_err("register_pid_uretprobe(pid %d, %#lx): %d\n", pid,
		       vaddr, ret);
		return ret;
	}
	ret = register_pid_uprobe(&sample_entry);
	if (ret) {
		pr_err("register_pid_uprobe(pid %d, %#lx): %d\n", pid, vaddr,
		       ret);
		unregister_pid_uretprobe(&sample_exit);
		return ret;
	}
	pr_info("probing pid %d at %#lx\n", pid, vaddr);
	return 0;
}

static void __exit sample_exit_module(void)
{
	unregister_pid_uprobe(&sample_entry);
	unregister_pid_uretprobe(&sample_exit);
	pr_info("%ld calls, %ld returns\n", atomic_long_read(&sample_calls),
		atomic_long_read(&sample_returns));
}

module_init(sample_init);
module_exit(sample_exit_module);
MODULE_DESCRIPTION("Per-process uprobe sample: a function's calls and returns");
MODULE_LICENSE("GPL");
