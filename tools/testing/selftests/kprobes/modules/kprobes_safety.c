// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_safety": regression cases for races between the
 * hit paths and the rest of the kernel.
 *
 *  - A probe on a function that runs while a CPU comes online, before it
 *    is in cpu_online_mask (sched_cpu_starting(), a STARTING hotplug
 *    callback): unregister_kprobe() must not return while that CPU still
 *    runs its handler, although the CPU is not online yet.
 *  - The first hit of a probe on a function entry already sees
 *    KPROBE_FLAG_ON_FUNC_ENTRY (bpf_get_func_ip() relies on it).
 *  - kretprobe_find_ret_addr() does not walk the pending calls of another
 *    task while that task runs (they change under it); it does for a
 *    sleeping one.
 *
 * "hotplug_seconds" bounds the hotplug case (module parameter).  The cases
 * that need interfaces only our kprobes has are in kprobes_safety_ours.c.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include "kprobes_test_arch.h"

static unsigned int kps_hotplug_seconds = 20;
module_param_named(hotplug_seconds, kps_hotplug_seconds, uint, 0444);
MODULE_PARM_DESC(hotplug_seconds, "time limit of the hotplug case (default 20)");

/* --- a probe on a CPU that is coming online ----------------------------- */

#define KPS_STARTING_SYM	"sched_cpu_starting"
#define KPS_LINGER_MS		50
#define KPS_HP_CYCLES		6
#define KPS_ALIVE		0x411fe
#define KPS_DEAD		0xdead

struct kps_hp_probe {
	struct kprobe kp;
	unsigned long magic;
	struct list_head node;
};

static atomic_t kps_hp_hits, kps_hp_stale, kps_hp_cycles, kps_hp_entered;

/*
 * On the CPU coming up (not yet online) stay a while, then check that the
 * probe was not unregistered meanwhile: its owner marks it dead as soon as
 * unregister_kprobe() returns.
 */
static int kps_hp_pre(struct kprobe *p, struct pt_regs *regs)
{
	struct kps_hp_probe *hp = container_of(p, struct kps_hp_probe, kp);

	if (cpu_online(smp_processor_id()))
		return 0;
	atomic_inc(&kps_hp_hits);
	atomic_set(&kps_hp_entered, 1);
	mdelay(KPS_LINGER_MS);
	if (READ_ONCE(hp->magic) != KPS_ALIVE)
		atomic_inc(&kps_hp_stale);
	return 0;
}

static atomic_t kps_anchor_hits, kps_anchor_offline;

static int kps_anchor_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kps_anchor_hits);
	if (!cpu_online(smp_processor_id()))
		atomic_inc(&kps_anchor_offline);
	return 0;
}

/* Take the last CPU offline and back online until stopped. */
static int kps_hp_cycler(void *arg)
{
	unsigned int cpu = (unsigned long)arg;

	while (!kthread_should_stop()) {
		if (remove_cpu(cpu)) {
			msleep(20);
			continue;
		}
		while (add_cpu(cpu) && !kthread_should_stop())
			msleep(20);
		atomic_inc(&kps_hp_cycles);
		usleep_range(5000, 6000);
	}
	/* Leave the CPU online whatever happened. */
	while (!cpu_online(cpu) && add_cpu(cpu))
		msleep(20);
	return 0;
}

static void kps_free_probes(struct list_head *dead)
{
	struct kps_hp_probe *hp, *tmp;

	list_for_each_entry_safe(hp, tmp, dead, node)
		kfree(hp);
}

/*
 * One probe's life: register it, wait (up to a second) until its handler
 * starts lingering on a CPU that is coming up, then unregister it and mark
 * it dead at once, as a caller that frees it would.  It is freed at the
 * end of the case, so that a late handler finds the mark rather than
 * reused memory.
 */
static int kps_hp_one(struct kunit *test, struct list_head *dead,
		      kprobe_opcode_t *addr)
{
	struct kps_hp_probe *hp = kzalloc(sizeof(*hp), GFP_KERNEL);
	unsigned int waited;
	int ret;

	if (!hp)
		return -ENOMEM;
	if (addr)
		hp->kp.addr = addr;
	else
		hp->kp.symbol_name = KPS_STARTING_SYM;
	hp->kp.pre_handler = kps_hp_pre;
	hp->magic = KPS_ALIVE;
	list_add(&hp->node, dead);
	atomic_set(&kps_hp_entered, 0);
	ret = register_kprobe(&hp->kp);
	if (ret)
		return ret;
	/* Checked every millisecond: well within the handler's stay. */
	for (waited = 0; !atomic_read(&kps_hp_entered) && waited < 1000;
	     waited++)
		usleep_range(500, 1000);
	unregister_kprobe(&hp->kp);
	WRITE_ONCE(hp->magic, KPS_DEAD);
	return 0;
}

/*
 * Where the probes of the hotplug case go: NULL for KPS_STARTING_SYM's
 * entry, or an address.  powerpc turns ftrace on for a CPU only after
 * the CPU ran its STARTING callbacks (start_secondary() in
 * arch/powerpc/kernel/smp.c calls this_cpu_enable_ftrace() after
 * notify_cpu_starting()), so a probe on ftrace's call site is never hit
 * there: on powerpc the probes sit on the next instruction, as traps.
 */
static kprobe_opcode_t *kps_hp_site(struct kunit *test)
{
	struct kprobe where = { .symbol_name = KPS_STARTING_SYM };
	kprobe_opcode_t *addr;
	bool ftrace;

	KUNIT_ASSERT_EQ(test, register_kprobe(&where), 0);
	addr = where.addr;
	ftrace = kprobe_ftrace(&where);
	unregister_kprobe(&where);
	return IS_ENABLED(CONFIG_PPC) && ftrace ? addr + 1 : NULL;
}

static void kps_test_hotplug_starting(struct kunit *test)
{
	unsigned long deadline = jiffies + kps_hotplug_seconds * HZ;
	struct kprobe anchor = {
		.symbol_name = KPS_STARTING_SYM,
		.pre_handler = kps_anchor_pre,
	};
	struct task_struct *cycler;
	unsigned int cpu, probes = 0;
	kprobe_opcode_t *addr;
	LIST_HEAD(dead);
	int ret = 0;

	if (!IS_ENABLED(CONFIG_HOTPLUG_CPU) || num_online_cpus() < 2)
		kunit_skip(test, "needs CPU hotplug and two CPUs");
	addr = kps_hp_site(test);
	if (addr) {
		anchor.symbol_name = NULL;
		anchor.addr = addr;
	}
	cpu = cpumask_last(cpu_online_mask);
	atomic_set(&kps_hp_hits, 0);
	atomic_set(&kps_hp_stale, 0);
	atomic_set(&kps_hp_cycles, 0);

	/* Keeps the site armed, so that the probes below only link and unlink. */
	KUNIT_ASSERT_EQ(test, register_kprobe(&anchor), 0);
	cycler = kthread_run(kps_hp_cycler, (void *)(unsigned long)cpu,
			     "kps_hotplug");
	KUNIT_ASSERT_FALSE(test, IS_ERR(cycler));
	while (atomic_read(&kps_hp_cycles) < KPS_HP_CYCLES &&
	       time_before(jiffies, deadline) && !ret) {
		ret = kps_hp_one(test, &dead, addr);
		probes++;
	}
	kthread_stop(cycler);
	unregister_kprobe(&anchor);
	kps_free_probes(&dead);

	kunit_info(test, "anchor: %d hits, %d offline, %lu missed\n",
		   atomic_read(&kps_anchor_hits), atomic_read(&kps_anchor_offline), anchor.nmissed);
	kunit_info(test, "%d online cycles of CPU %u, %u probes, %d hits on it while coming up\n",
		   atomic_read(&kps_hp_cycles), cpu, probes,
		   atomic_read(&kps_hp_hits));
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_TRUE(test, cpu_online(cpu));
	KUNIT_EXPECT_GT(test, atomic_read(&kps_hp_cycles), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&kps_hp_hits), 0);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kps_hp_stale), 0,
			    "a handler still ran after unregister_kprobe() returned");
}

/* --- the function-entry flag from the first hit on ----------------------- */

static atomic_t kps_entry_hits, kps_entry_unflagged;

static int kps_entry_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kps_entry_hits);
	if (!(READ_ONCE(p->flags) & KPROBE_FLAG_ON_FUNC_ENTRY))
		atomic_inc(&kps_entry_unflagged);
	return 0;
}

/*
 * module_put() runs all the time, among others from within
 * register_kprobe() itself, right after the probe was armed: a probe on
 * its entry is hit before registration returns.
 */
static void kps_test_entry_flag_first_hit(struct kunit *test)
{
	struct kprobe kp = {
		.symbol_name = "module_put",
		.pre_handler = kps_entry_pre,
	};

	atomic_set(&kps_entry_hits, 0);
	atomic_set(&kps_entry_unflagged, 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	__module_get(THIS_MODULE);
	module_put(THIS_MODULE);
	unregister_kprobe(&kp);
	KUNIT_EXPECT_GT(test, atomic_read(&kps_entry_hits), 0);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kps_entry_unflagged), 0,
			    "hits before KPROBE_FLAG_ON_FUNC_ENTRY was set");
}

/* --- return addresses of a running task ---------------------------------- */

/*
 * Upstream's kretprobe_find_ret_addr() is an inline call of
 * rethook_find_ret_addr(), which it does not export: modules cannot
 * reach it there, so the case is ours only.
 */
#ifndef KPROBES_TEST_UPSTREAM

static DECLARE_WAIT_QUEUE_HEAD(kps_ret_wq);
static int kps_ret_phase;
static void *kps_ret_fp;
static unsigned long kps_ret_addr;

/* Spins in phase 0, sleeps in phase 1, returns in phase 2. */
static noinline int kps_ret_target(int x)
{
	while (!READ_ONCE(kps_ret_phase))
		cond_resched();
	wait_event(kps_ret_wq, READ_ONCE(kps_ret_phase) == 2);
	return x + 1;
}

static int kps_ret_thread(void *unused)
{
	int ret = kps_ret_target(41);

	while (!kthread_should_stop())
		usleep_range(1000, 2000);
	return ret;
}

/*
 * The unwinder's key for the call, taken at the function's entry: on x86
 * the stack pointer (it points at the return address), on arm64 the
 * caller's frame pointer.
 */
static int kps_ret_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	kps_ret_addr = get_kretprobe_retaddr(ri);
	/* Published last: the test reads the others once it sees this. */
	smp_store_release(&kps_ret_fp, kpt_ret_frame(regs));
	return 0;
}

static int kps_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return 0;
}

static void kps_ret_release(void *task)
{
	WRITE_ONCE(kps_ret_phase, 2);
	wake_up(&kps_ret_wq);
	kthread_stop(task);
}

static void kps_test_ret_addr_running_task(struct kunit *test)
{
	struct kretprobe rp = {
		.kp.addr = (kprobe_opcode_t *)kps_ret_target,
		.entry_handler = kps_ret_entry,
		.handler = kps_ret_handler,
	};
	struct llist_node *cur = NULL;
	struct task_struct *t;
	unsigned long waited;
	void *fp;

	WRITE_ONCE(kps_ret_phase, 0);
	kps_ret_fp = NULL;
	KUNIT_ASSERT_EQ(test, register_kretprobe(&rp), 0);
	t = kthread_run(kps_ret_thread, NULL, "kps_ret");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kps_ret_release,
							t), 0);
	/* Both pair with the smp_store_release() in kps_ret_entry(). */
	for (waited = 0; !smp_load_acquire(&kps_ret_fp) && waited < 5000;
	     waited++)
		usleep_range(1000, 2000);
	/* As above: kps_ret_addr is valid once this is seen. */
	fp = smp_load_acquire(&kps_ret_fp);
	KUNIT_ASSERT_NOT_NULL(test, fp);

	/* Spinning in the probed function: running, its list not ours to walk. */
	KUNIT_EXPECT_TRUE(test, task_is_running(t));
	KUNIT_EXPECT_EQ(test, kretprobe_find_ret_addr(t, fp, &cur), 0UL);

	/* Asleep in it: the real return address. */
	WRITE_ONCE(kps_ret_phase, 1);
	for (waited = 0; task_is_running(t) && waited < 5000; waited++)
		usleep_range(1000, 2000);
	KUNIT_ASSERT_FALSE(test, task_is_running(t));
	cur = NULL;
	KUNIT_EXPECT_EQ(test, kretprobe_find_ret_addr(t, fp, &cur),
			kps_ret_addr);

	kunit_release_action(test, kps_ret_release, t);
	unregister_kretprobe(&rp);
}
#endif /* !KPROBES_TEST_UPSTREAM */

static struct kunit_case kps_safety_cases[] = {
	KUNIT_CASE_SLOW(kps_test_hotplug_starting),
	KUNIT_CASE(kps_test_entry_flag_first_hit),
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_CASE(kps_test_ret_addr_running_task),
#endif
	{}
};

static struct kunit_suite kps_safety_suite = {
	.name = "kprobes_safety",
	.test_cases = kps_safety_cases,
};

kunit_test_suite(kps_safety_suite);

MODULE_DESCRIPTION("KUnit test: kprobes against hotplug, early hits and unwinders");
MODULE_LICENSE("GPL");
