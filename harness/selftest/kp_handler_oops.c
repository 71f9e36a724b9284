// SPDX-License-Identifier: GPL-2.0
/*
 * Harness self-test: a kprobe whose pre_handler oopses, to prove that
 * unregistration still returns after a handler died inside its hit.
 *
 * Writing to /sys/module/kp_handler_oops/parameters/trigger hits the
 * probe on kp_handler_oops_target().  With oops=1 (the default) a kernel
 * thread of the module makes the call, and the handler writes to address
 * 0: the thread dies holding no lock, and the kernel goes on where
 * panic_on_oops is 0.  With oops=0 the writer makes the call itself, on
 * its own CPU.  "hits" counts the handler's runs.  Unloading the module
 * unregisters the probe.
 */
#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/wait.h>

static bool oops = true;
module_param(oops, bool, 0444);
MODULE_PARM_DESC(oops, "the handler oopses (default: yes)");

static unsigned long hits;
module_param(hits, ulong, 0444);
MODULE_PARM_DESC(hits, "times the handler ran");

static int sink;
static bool triggered;
static DECLARE_WAIT_QUEUE_HEAD(kp_handler_oops_wq);
static struct task_struct *kp_handler_oops_thread;

static noinline void kp_handler_oops_target(void)
{
	WRITE_ONCE(sink, READ_ONCE(sink) + 1);
}

static int kp_handler_oops_pre(struct kprobe *p, struct pt_regs *regs)
{
	hits++;
	if (oops) {
		pr_emerg("kp_handler_oops: oopsing in a pre_handler on purpose\n");
		WRITE_ONCE(*(int *)NULL, 1);
	}
	return 0;
}

static struct kprobe kp_handler_oops_kp = {
	.symbol_name = "kp_handler_oops_target",
	.pre_handler = kp_handler_oops_pre,
};

/* Waits for the trigger, then makes the call that oopses. */
static int kp_handler_oops_fn(void *unused)
{
	wait_event(kp_handler_oops_wq,
		   READ_ONCE(triggered) || kthread_should_stop());
	if (READ_ONCE(triggered))
		kp_handler_oops_target();
	return 0;
}

static int kp_handler_oops_trigger(const char *val, const struct kernel_param *kp)
{
	if (!oops) {
		kp_handler_oops_target();
		return 0;
	}
	WRITE_ONCE(triggered, true);
	wake_up(&kp_handler_oops_wq);
	return 0;
}

static const struct kernel_param_ops kp_handler_oops_trigger_ops = {
	.set = kp_handler_oops_trigger,
};
module_param_cb(trigger, &kp_handler_oops_trigger_ops, NULL, 0200);
MODULE_PARM_DESC(trigger, "write anything to hit the probe");

static int __init kp_handler_oops_init(void)
{
	int ret;

	if (oops) {
		kp_handler_oops_thread = kthread_run(kp_handler_oops_fn, NULL,
						     "kp_handler_oops");
		if (IS_ERR(kp_handler_oops_thread))
			return PTR_ERR(kp_handler_oops_thread);
	}
	ret = register_kprobe(&kp_handler_oops_kp);
	if (ret && kp_handler_oops_thread)
		kthread_stop(kp_handler_oops_thread);
	return ret;
}
module_init(kp_handler_oops_init);

static void __exit kp_handler_oops_exit(void)
{
	unregister_kprobe(&kp_handler_oops_kp);
	/* A thread that made the call died in it. */
	if (kp_handler_oops_thread && !READ_ONCE(triggered))
		kthread_stop(kp_handler_oops_thread);
}
module_exit(kp_handler_oops_exit);

MODULE_DESCRIPTION("A kprobe handler that oopses, for the kprobes harness self-test");
MODULE_LICENSE("GPL");
