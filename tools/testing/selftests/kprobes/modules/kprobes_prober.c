// SPDX-License-Identifier: GPL-2.0
/*
 * A kprobes client for test_modules.sh, driven through its parameters in
 * /sys/module/kprobes_prober/parameters/:
 *
 *  probe       write "mod:sym" (or "sym") to register a probe there; the
 *              write fails with register_kprobe()'s error.  Write "-" to
 *              unregister it again.
 *  hits        how often that probe fired; "gone" reads 1 while the core
 *              has it marked KPROBE_FLAG_GONE.
 *  self_run    write N to call a function of this module N times; it has
 *              a probe from load to unload, counted in self_hits.
 *  init_*      while kprobes_target initialises, a probe sits on its
 *              __init function: init_reg is the result of registering it,
 *              init_hits how often it fired, init_gone whether the core
 *              had marked it gone once init was over.
 */
#include <linux/atomic.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/string.h>

#define KPT_TARGET	"kprobes_target"
#define KPT_INIT_SYM	KPT_TARGET ":kpt_target_init_fn"

/* Serialises the parameter writes with the module notifier. */
static DEFINE_MUTEX(kpt_lock);

static atomic_t kpt_hits = ATOMIC_INIT(0);
static atomic_t kpt_self_hits = ATOMIC_INIT(0);
static atomic_t kpt_init_hits = ATOMIC_INIT(0);
static int kpt_init_reg = 1;
static int kpt_init_gone = -1;
module_param_named(init_reg, kpt_init_reg, int, 0444);
module_param_named(init_gone, kpt_init_gone, int, 0444);

static char kpt_sym[MODULE_NAME_LEN + KSYM_NAME_LEN];
static bool kpt_user_registered, kpt_init_registered;

static int kpt_user_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpt_hits);
	return 0;
}

static int kpt_self_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpt_self_hits);
	return 0;
}

static int kpt_init_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpt_init_hits);
	return 0;
}

static struct kprobe kpt_user_kp;
static struct kprobe kpt_init_kp;
static struct kprobe kpt_self_kp;

static noinline notrace int kpt_prober_self(int x)
{
	return x ^ 0x5a;
}

/* "probe": register the user probe at a symbol, or "-" to remove it. */
static int kpt_probe_set(const char *val, const struct kernel_param *kp)
{
	int ret = 0;

	mutex_lock(&kpt_lock);
	if (kpt_user_registered) {
		unregister_kprobe(&kpt_user_kp);
		kpt_user_registered = false;
	}
	strscpy(kpt_sym, val, sizeof(kpt_sym));
	strim(kpt_sym);
	if (strcmp(kpt_sym, "-")) {
		memset(&kpt_user_kp, 0, sizeof(kpt_user_kp));
		kpt_user_kp.symbol_name = kpt_sym;
		kpt_user_kp.pre_handler = kpt_user_pre;
		atomic_set(&kpt_hits, 0);
		ret = register_kprobe(&kpt_user_kp);
		kpt_user_registered = !ret;
	}
	mutex_unlock(&kpt_lock);
	return ret;
}

static int kpt_probe_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", kpt_user_registered ? kpt_sym : "-");
}

static const struct kernel_param_ops kpt_probe_ops = {
	.set = kpt_probe_set,
	.get = kpt_probe_get,
};
module_param_cb(probe, &kpt_probe_ops, NULL, 0644);

static int kpt_atomic_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read((atomic_t *)kp->arg));
}

static const struct kernel_param_ops kpt_counter_ops = {
	.get = kpt_atomic_get,
};
module_param_cb(hits, &kpt_counter_ops, &kpt_hits, 0444);
module_param_cb(self_hits, &kpt_counter_ops, &kpt_self_hits, 0444);
module_param_cb(init_hits, &kpt_counter_ops, &kpt_init_hits, 0444);

static int kpt_gone_get(char *buf, const struct kernel_param *kp)
{
	int gone;

	mutex_lock(&kpt_lock);
	gone = kpt_user_registered && kprobe_gone(&kpt_user_kp);
	mutex_unlock(&kpt_lock);
	return sysfs_emit(buf, "%d\n", gone);
}

static const struct kernel_param_ops kpt_gone_ops = {
	.get = kpt_gone_get,
};
module_param_cb(gone, &kpt_gone_ops, NULL, 0444);

static int kpt_self_run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		if (kpt_prober_self(i) != (i ^ 0x5a))
			return -EIO;
	return 0;
}

static const struct kernel_param_ops kpt_self_run_ops = {
	.set = kpt_self_run_set,
};
module_param_cb(self_run, &kpt_self_run_ops, NULL, 0200);

/* Probe kprobes_target's __init function for exactly its init phase. */
static int kpt_module_event(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	struct module *mod = data;

	if (strcmp(mod->name, KPT_TARGET))
		return NOTIFY_DONE;

	mutex_lock(&kpt_lock);
	if (state == MODULE_STATE_COMING && !kpt_init_registered) {
		memset(&kpt_init_kp, 0, sizeof(kpt_init_kp));
		kpt_init_kp.symbol_name = KPT_INIT_SYM;
		kpt_init_kp.pre_handler = kpt_init_pre;
		atomic_set(&kpt_init_hits, 0);
		kpt_init_reg = register_kprobe(&kpt_init_kp);
		kpt_init_registered = !kpt_init_reg;
	} else if (state == MODULE_STATE_LIVE && kpt_init_registered) {
		kpt_init_gone = kprobe_gone(&kpt_init_kp);
		unregister_kprobe(&kpt_init_kp);
		kpt_init_registered = false;
	}
	mutex_unlock(&kpt_lock);
	return NOTIFY_DONE;
}

/* Run after every other watcher, the kprobes core's included. */
static struct notifier_block kpt_module_nb = {
	.notifier_call = kpt_module_event,
	.priority = INT_MIN,
};

static int __init kpt_prober_init(void)
{
	int ret;

	kpt_self_kp.addr = (kprobe_opcode_t *)kpt_prober_self;
	kpt_self_kp.pre_handler = kpt_self_pre;
	ret = register_kprobe(&kpt_self_kp);
	if (ret)
		return ret;
	ret = register_module_notifier(&kpt_module_nb);
	if (ret)
		unregister_kprobe(&kpt_self_kp);
	return ret;
}
module_init(kpt_prober_init);

static void __exit kpt_prober_exit(void)
{
	unregister_module_notifier(&kpt_module_nb);
	if (kpt_init_registered)
		unregister_kprobe(&kpt_init_kp);
	if (kpt_user_registered)
		unregister_kprobe(&kpt_user_kp);
	unregister_kprobe(&kpt_self_kp);
}
module_exit(kpt_prober_exit);

MODULE_DESCRIPTION("kprobes client driven by the kprobes selftests");
MODULE_LICENSE("GPL");
