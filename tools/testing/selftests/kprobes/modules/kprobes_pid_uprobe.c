// SPDX-License-Identifier: GPL-2.0
/*
 * Per-process uprobes for test_pid_uprobes.sh and kprobes_pid_prog: a few
 * probe slots driven through /sys/kernel/debug/kprobes_pid_uprobe/ctl,
 * one command per write (the write fails with the call's errno):
 *
 *   entry S PID VADDR    register_pid_uprobe() on slot S
 *   return S PID VADDR   register_pid_uretprobe() on slot S
 *   bare S PID VADDR     register_pid_uprobe() without a handler
 *   again S              register slot S once more, as it was
 *   unreg S              unregister slot S
 *   prep S entry|return PID VADDR
 *                        set slot S up without registering it
 *   act S none|sleep MS|reg T|unreg T
 *                        what slot S's handler does on each hit: nothing,
 *                        msleep(MS), or (un)register slot T
 *   reset                unregister every slot, forget every count
 *
 * /sys/kernel/debug/kprobes_pid_uprobe/state has a line per slot, then the
 * order the handlers ran in (slot numbers, the first 64 hits).
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/pid_uprobe.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define KPP_SLOTS	8
#define KPP_ORDER	64
#define KPP_TIDS	8

enum kpp_act { KPP_NONE, KPP_SLEEP, KPP_REG, KPP_UNREG };

struct kpp_slot {
	struct pid_uretprobe rp;	/* rp.u is the entry probe */
	bool ret;			/* registered as a return probe */
	enum kpp_act act;
	int arg;
	atomic_long_t hits;
	unsigned long ip, ret_addr, retval;
	int handler_ret;		/* what its (un)register call returned */
	pid_t tids[KPP_TIDS];
	atomic_t ntids;
	int cb_count, cb_reg, cb_type, cb_result;
};

static struct kpp_slot kpp_slots[KPP_SLOTS];
static atomic_t kpp_order_n;
static u8 kpp_order[KPP_ORDER];
static DEFINE_MUTEX(kpp_lock);	/* serializes ctl commands */
static struct dentry *kpp_dir;

static int kpp_register(struct kpp_slot *s)
{
	return s->ret ? register_pid_uretprobe(&s->rp) :
			register_pid_uprobe(&s->rp.u);
}

static int kpp_unregister(struct kpp_slot *s)
{
	return s->ret ? unregister_pid_uretprobe(&s->rp) :
			unregister_pid_uprobe(&s->rp.u);
}

static void kpp_note_tid(struct kpp_slot *s)
{
	pid_t tid = task_pid_vnr(current);
	int i, n = min(atomic_read(&s->ntids), KPP_TIDS);

	for (i = 0; i < n; i++) {
		if (READ_ONCE(s->tids[i]) == tid)
			return;
	}
	i = atomic_inc_return(&s->ntids) - 1;
	if (i < KPP_TIDS)
		WRITE_ONCE(s->tids[i], tid);
}

/* What every handler does: count, remember, then the slot's action. */
static void kpp_hit(struct kpp_slot *s)
{
	int n = atomic_inc_return(&kpp_order_n) - 1;

	if (n < KPP_ORDER)
		kpp_order[n] = s - kpp_slots;
	atomic_long_inc(&s->hits);
	kpp_note_tid(s);
	switch (s->act) {
	case KPP_SLEEP:
		msleep(s->arg);
		break;
	case KPP_REG:
		s->handler_ret = kpp_register(&kpp_slots[s->arg]);
		break;
	case KPP_UNREG:
		s->handler_ret = kpp_unregister(&kpp_slots[s->arg]);
		break;
	default:
		break;
	}
}

static void kpp_entry(struct pid_uprobe *u, struct pt_regs *regs)
{
	struct kpp_slot *s = container_of(u, struct kpp_slot, rp.u);

	s->ip = instruction_pointer(regs);
	kpp_hit(s);
}

static void kpp_return(struct pid_uretprobe_instance *ri,
		       struct pt_regs *regs)
{
	struct kpp_slot *s = container_of(ri->rp, struct kpp_slot, rp);

	s->ret_addr = ri->ret_addr;
	s->retval = regs_return_value(regs);
	kpp_hit(s);
}

static void kpp_callback(struct pid_uprobe *u, int reg,
			 enum pid_uprobe_type type, int result)
{
	struct kpp_slot *s = container_of(u, struct kpp_slot, rp.u);

	s->cb_reg = reg;
	s->cb_type = type;
	s->cb_result = result;
	/* Publishes the three above; pairs with kpp_state_show()'s acquire. */
	smp_store_release(&s->cb_count, s->cb_count + 1);
}

static void kpp_prep(struct kpp_slot *s, bool ret, int pid,
		     unsigned long vaddr)
{
	memset(&s->rp, 0, sizeof(s->rp));
	s->ret = ret;
	s->rp.u.pid = pid;
	s->rp.u.vaddr = vaddr;
	s->rp.u.registration_callback = kpp_callback;
	if (ret)
		s->rp.handler = kpp_return;
	else
		s->rp.u.handler = kpp_entry;
}

static void kpp_reset(void)
{
	int i;

	for (i = 0; i < KPP_SLOTS; i++) {
		kpp_unregister(&kpp_slots[i]);
		memset(&kpp_slots[i], 0, sizeof(kpp_slots[i]));
	}
	atomic_set(&kpp_order_n, 0);
}

static int kpp_act(struct kpp_slot *s, const char *what, int arg)
{
	static const char * const names[] = {
		[KPP_NONE] = "none", [KPP_SLEEP] = "sleep",
		[KPP_REG] = "reg", [KPP_UNREG] = "unreg",
	};
	int a = match_string(names, ARRAY_SIZE(names), what);

	if (a < 0 || ((a == KPP_REG || a == KPP_UNREG) &&
		      (arg < 0 || arg >= KPP_SLOTS)))
		return -EINVAL;
	s->arg = arg;
	s->act = a;
	return 0;
}

static int kpp_command(char *buf)
{
	char cmd[8], what[8];
	unsigned long vaddr;
	int slot, pid, arg = 0;
	struct kpp_slot *s;

	if (sscanf(buf, "%7s", cmd) != 1)
		return -EINVAL;
	if (!strcmp(cmd, "reset")) {
		kpp_reset();
		return 0;
	}
	if (sscanf(buf, "%*s %d", &slot) != 1 || slot < 0 || slot >= KPP_SLOTS)
		return -EINVAL;
	s = &kpp_slots[slot];
	if (!strcmp(cmd, "again"))
		return kpp_register(s);
	if (!strcmp(cmd, "unreg"))
		return kpp_unregister(s);
	if (!strcmp(cmd, "act")) {
		if (sscanf(buf, "%*s %*d %7s %d", what, &arg) < 1)
			return -EINVAL;
		return kpp_act(s, what, arg);
	}
	if (!strcmp(cmd, "prep")) {
		if (sscanf(buf, "%*s %*d %7s %d %lx", what, &pid, &vaddr) != 3)
			return -EINVAL;
		kpp_prep(s, !strcmp(what, "return"), pid, vaddr);
		return 0;
	}
	if (sscanf(buf, "%*s %*d %d %lx", &pid, &vaddr) != 2)
		return -EINVAL;
	if (!strcmp(cmd, "entry") || !strcmp(cmd, "bare")) {
		kpp_prep(s, false, pid, vaddr);
		if (!strcmp(cmd, "bare"))
			s->rp.u.handler = NULL;
	} else if (!strcmp(cmd, "return")) {
		kpp_prep(s, true, pid, vaddr);
	} else {
		return -EINVAL;
	}
	return kpp_register(s);
}

static ssize_t kpp_ctl_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	char *buf;
	int ret;

	buf = memdup_user_nul(ubuf, min_t(size_t, count, 127));
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&kpp_lock);
	ret = kpp_command(buf);
	mutex_unlock(&kpp_lock);
	kfree(buf);
	return ret ?: count;
}

static const struct file_operations kpp_ctl_fops = {
	.owner = THIS_MODULE,
	.write = kpp_ctl_write,
};

static int kpp_state_show(struct seq_file *m, void *v)
{
	int i, n;

	for (i = 0; i < KPP_SLOTS; i++) {
		struct kpp_slot *s = &kpp_slots[i];
		/* Pairs with kpp_callback()'s release: its fields follow. */
		int cb_count = smp_load_acquire(&s->cb_count);

		seq_printf(m, "%d hits=%ld ip=0x%lx ret_addr=0x%lx retval=%ld",
			   i, atomic_long_read(&s->hits), s->ip, s->ret_addr,
			   (long)s->retval);
		seq_printf(m, " handler_ret=%d tids=%d cb_count=%d cb_reg=%d cb_type=%d cb_result=%d\n",
			   s->handler_ret, atomic_read(&s->ntids), cb_count,
			   s->cb_reg, s->cb_type, s->cb_result);
	}
	n = min(atomic_read(&kpp_order_n), KPP_ORDER);
	seq_puts(m, "order");
	for (i = 0; i < n; i++)
		seq_printf(m, " %d", kpp_order[i]);
	seq_putc(m, '\n');
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(kpp_state);

static int __init kpp_init(void)
{
	kpp_dir = debugfs_create_dir("kprobes_pid_uprobe", NULL);
	debugfs_create_file("ctl", 0200, kpp_dir, NULL, &kpp_ctl_fops);
	debugfs_create_file("state", 0400, kpp_dir, NULL, &kpp_state_fops);
	return 0;
}

/* Slots left registered are unregistered by pid_uprobe itself, noisily. */
static void __exit kpp_exit(void)
{
	debugfs_remove_recursive(kpp_dir);
}

module_init(kpp_init);
module_exit(kpp_exit);
MODULE_DESCRIPTION("Per-process uprobes, driven by kprobes_pid_prog");
MODULE_LICENSE("GPL");
