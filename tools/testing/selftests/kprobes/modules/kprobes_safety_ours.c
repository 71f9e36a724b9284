// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_safety_ours": the kprobes_safety cases that use
 * interfaces upstream kprobes lacks (the Makefile leaves this file out
 * there).
 *
 *  - A kretprobe without a cap grows only up to the bounds of
 *    /proc/sys/debug/kretprobe-max-instances and -max-bytes, counts the
 *    calls over them as missed for want of memory, and shrinks back to
 *    its initial size once the calls have returned.
 *  - A fault raised by an NMI that arrived while a probe's handler ran is
 *    not offered to that probe's fault_handler (x86: NMIs sent to self;
 *    the case skips where the CPU cannot send itself one).
 *  - A fault raised by an interrupt (an irq_work) that arrived while an
 *    entry probe's handler ran through ftrace is not offered to that
 *    probe's fault_handler either.
 *  - The handlers of an optimized probe inside a user access window run
 *    with SMAP enforced (x86: AC clear).
 *  - kretprobe_find_ret_addr() given an unwinder's cursor whose instance
 *    was freed meanwhile does not read it.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/wait.h>

#include "kprobes_test_arch.h"

#define KPS_SYSCTL_MAX_INST	"/proc/sys/debug/kretprobe-max-instances"
#define KPS_SYSCTL_MAX_BYTES	"/proc/sys/debug/kretprobe-max-bytes"
#define KPS_BOUND		40
#define KPS_SLEEPERS		60

/* Read or write a sysctl file as an administrator would; 0 or -errno. */
static int kps_sysctl(const char *path, char *buf, size_t len, bool write)
{
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(path, write ? O_WRONLY : O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	if (write) {
		n = kernel_write(f, buf, strlen(buf), &pos);
	} else {
		n = kernel_read(f, buf, len - 1, &pos);
		if (n >= 0)
			buf[n] = '\0';
	}
	filp_close(f, NULL);
	return n < 0 ? n : 0;
}

static char kps_saved_max_inst[32], kps_saved_max_bytes[32];

static void kps_restore_bounds(void *unused)
{
	kps_sysctl(KPS_SYSCTL_MAX_INST, kps_saved_max_inst, 0, true);
	kps_sysctl(KPS_SYSCTL_MAX_BYTES, kps_saved_max_bytes, 0, true);
}

static DECLARE_WAIT_QUEUE_HEAD(kps_sleep_wq);
static atomic_t kps_entered;
static bool kps_wake;

static noinline int kps_sleep_fn(int x)
{
	atomic_inc(&kps_entered);
	wait_event(kps_sleep_wq, READ_ONCE(kps_wake));
	return x + 1;
}

static int kps_sleeper(void *arg)
{
	int ret = kps_sleep_fn((long)arg);

	while (!kthread_should_stop())
		usleep_range(1000, 2000);
	return ret;
}

static void kps_wake_sleepers(void)
{
	WRITE_ONCE(kps_wake, true);
	wake_up_all(&kps_sleep_wq);
}

static void kps_stop_sleepers(void *tasks)
{
	struct task_struct **t = tasks;
	int i;

	kps_wake_sleepers();
	for (i = 0; i < KPS_SLEEPERS; i++)
		if (!IS_ERR_OR_NULL(t[i]))
			kthread_stop(t[i]);
}

static int kps_count_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return 0;
}

/* Wait up to @ms for @cond; true if it came. */
#define kps_wait_for(cond, ms) ({					\
	unsigned int __waited = 0;					\
	bool __ok;							\
									\
	while (!(__ok = (cond)) && __waited < (ms)) {			\
		msleep(20);						\
		__waited += 20;						\
	}								\
	__ok;								\
})

static void kps_test_kretprobe_bounds(struct kunit *test)
{
	struct kretprobe rp = {
		.kp.addr = (kprobe_opcode_t *)kps_sleep_fn,
		.handler = kps_count_ret,
	};
	unsigned int initial, extra = num_online_cpus();
	char buf[32] = "1";
	struct task_struct **tasks;
	long i;
	int pending;

	KUNIT_ASSERT_EQ(test, kps_sysctl(KPS_SYSCTL_MAX_INST, kps_saved_max_inst,
					 sizeof(kps_saved_max_inst), false), 0);
	KUNIT_ASSERT_EQ(test, kps_sysctl(KPS_SYSCTL_MAX_BYTES, kps_saved_max_bytes,
					 sizeof(kps_saved_max_bytes), false), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kps_restore_bounds,
							NULL), 0);

	/* All kretprobes together may have one byte: no pool fits. */
	KUNIT_ASSERT_EQ(test, kps_sysctl(KPS_SYSCTL_MAX_BYTES, buf, 0, true), 0);
	KUNIT_EXPECT_EQ(test, register_kretprobe(&rp), -ENOMEM);
	strscpy(buf, "0");
	KUNIT_ASSERT_EQ(test, kps_sysctl(KPS_SYSCTL_MAX_BYTES, buf, 0, true), 0);

	snprintf(buf, sizeof(buf), "%d", KPS_BOUND);
	KUNIT_ASSERT_EQ(test, kps_sysctl(KPS_SYSCTL_MAX_INST, buf, 0, true), 0);
	memset(&rp, 0, sizeof(rp));
	rp.kp.addr = (kprobe_opcode_t *)kps_sleep_fn;
	rp.handler = kps_count_ret;
	KUNIT_ASSERT_EQ(test, register_kretprobe(&rp), 0);
	initial = READ_ONCE(rp.rph->nr_total);

	atomic_set(&kps_entered, 0);
	WRITE_ONCE(kps_wake, false);
	tasks = kunit_kcalloc(test, KPS_SLEEPERS, sizeof(*tasks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kps_stop_sleepers,
							tasks), 0);
	for (i = 0; i < KPS_SLEEPERS; i++) {
		tasks[i] = kthread_run(kps_sleeper, (void *)i, "kps_sleep/%ld", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(tasks[i]));
		/* One at a time, so the refill worker keeps up below the bound. */
		kps_wait_for(atomic_read(&kps_entered) > i, 2000);
	}
	KUNIT_EXPECT_TRUE(test, kps_wait_for(atomic_read(&kps_entered) ==
					     KPS_SLEEPERS, 10000));

	pending = kretprobe_nr_pending(&rp);
	kunit_info(test, "initial %u, bound %d: %d pending, %d missed (nomem %lu, atomic %lu), %u instances\n",
		   initial, KPS_BOUND, pending, rp.nmissed,
		   kretprobe_missed(&rp, KRETPROBE_MISS_NOMEM),
		   kretprobe_missed(&rp, KRETPROBE_MISS_ATOMIC),
		   READ_ONCE(rp.rph->nr_total));
	/*
	 * Grown to the bound and not past it (but for concurrent
	 * allocations); some free instances may sit in another CPU's cache.
	 */
	KUNIT_EXPECT_EQ(test, pending + rp.nmissed, KPS_SLEEPERS);
	KUNIT_EXPECT_GT(test, pending, (int)initial);
	KUNIT_EXPECT_GE(test, READ_ONCE(rp.rph->nr_total), KPS_BOUND);
	KUNIT_EXPECT_LE(test, READ_ONCE(rp.rph->nr_total), KPS_BOUND + extra);
	KUNIT_EXPECT_GT(test, kretprobe_missed(&rp, KRETPROBE_MISS_NOMEM), 0UL);
	KUNIT_EXPECT_EQ(test, kretprobe_missed(&rp, KRETPROBE_MISS_CAP), 0UL);

	/*
	 * The calls return; the pool shrinks back to its initial size, but
	 * for what the per-CPU caches (8 instances per CPU) keep out of the
	 * shrinking worker's reach.
	 */
	kunit_release_action(test, kps_stop_sleepers, tasks);
	KUNIT_EXPECT_TRUE(test, kps_wait_for(!kretprobe_nr_pending(&rp), 5000));
	KUNIT_EXPECT_TRUE(test, kps_wait_for(READ_ONCE(rp.rph->nr_total) <=
					     initial + 8 * num_possible_cpus(),
					     15000));
	kunit_info(test, "%u instances after the calls returned\n",
		   READ_ONCE(rp.rph->nr_total));
	unregister_kretprobe(&rp);
}

#if KPT_HAVE_SELF_NMI

/*
 * A fault taken by an NMI that came in while a probe's handler ran is the
 * NMI's: the probe's fault_handler must not be asked (if it said it
 * handled it, the NMI would fault again and again).  A fault of the
 * handler itself still goes to it.
 */
static void *kps_guard;			/* its next page is unmapped */
static atomic_t kps_nmi_armed, kps_nmi_faulted, kps_fh_calls;
static bool kps_fault_own;

/* Read a byte past the end of kps_guard; true if it faulted. */
static bool kps_fault_once(void)
{
	char c;

	return copy_from_kernel_nofault(&c, kps_guard + PAGE_SIZE, 1) != 0;
}

static int kps_nmi_fn(unsigned int type, struct pt_regs *regs)
{
	if (!atomic_xchg(&kps_nmi_armed, 0))
		return NMI_DONE;
	if (kps_fault_once())
		atomic_inc(&kps_nmi_faulted);
	return NMI_HANDLED;
}

static int kps_nmi_pre(struct kprobe *p, struct pt_regs *regs)
{
	unsigned int spins;

	if (READ_ONCE(kps_fault_own)) {
		kps_fault_once();
		return 0;
	}
	/* An NMI to this CPU, taken while this handler runs. */
	atomic_set(&kps_nmi_armed, 1);
	kpt_send_self_nmi();
	for (spins = 0; atomic_read(&kps_nmi_armed) && spins < 10000000; spins++)
		cpu_relax();
	return 0;
}

static int kps_nmi_fault_handler(struct kprobe *p, struct pt_regs *regs,
				 int trapnr)
{
	atomic_inc(&kps_fh_calls);
	return 0;
}

/* Hooked through ftrace. */
static noinline int kps_nmi_target(int x)
{
	return x * 2;
}

/*
 * Hooked through a breakpoint, or a jump once optimized: long enough
 * before its return for a jump to fit.
 */
static noinline notrace int kps_nmi_target_bp(int x)
{
	int y = x;

	OPTIMIZER_HIDE_VAR(y);
	y = y * 3 - x;
	OPTIMIZER_HIDE_VAR(y);
	return y;
}

static void kps_nmi_cleanup(void *unused)
{
	unregister_nmi_handler(NMI_LOCAL, "kps_nmi");
	vfree(kps_guard);
}

/*
 * The two faults with a probe on @fn; with @jump, once the probe was
 * optimized (the sysctl at its default of 1).
 */
static void kps_nmi_fault_on(struct kunit *test, int (*fn)(int), bool jump)
{
	struct kprobe kp = {
		.addr = (kprobe_opcode_t *)fn,
		.pre_handler = kps_nmi_pre,
		.fault_handler = kps_nmi_fault_handler,
	};

	atomic_set(&kps_nmi_faulted, 0);
	atomic_set(&kps_fh_calls, 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	if (jump)
		KUNIT_EXPECT_TRUE_MSG(test, kps_wait_for(kprobe_optimized(&kp), 10000),
				      "%ps was not optimized", fn);

	/* The handler's own fault: its fault_handler is asked. */
	WRITE_ONCE(kps_fault_own, true);
	KUNIT_EXPECT_EQ(test, fn(3), 6);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kps_fh_calls), 1, "%ps", fn);

	/* The NMI's fault: it is not. */
	WRITE_ONCE(kps_fault_own, false);
	atomic_set(&kps_fh_calls, 0);
	KUNIT_EXPECT_EQ(test, fn(4), 8);
	unregister_kprobe(&kp);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kps_nmi_faulted), 1, "%ps", fn);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kps_fh_calls), 0, "%ps", fn);
}

static void kps_test_nmi_fault_not_handlers(struct kunit *test)
{
	kps_guard = vmalloc(PAGE_SIZE);
	KUNIT_ASSERT_NOT_NULL(test, kps_guard);
	KUNIT_ASSERT_EQ(test, register_nmi_handler(NMI_LOCAL, kps_nmi_fn, 0,
						   "kps_nmi"), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kps_nmi_cleanup,
							NULL), 0);
	kps_nmi_fault_on(test, kps_nmi_target, false);
	kps_nmi_fault_on(test, kps_nmi_target_bp, false);
	if (IS_ENABLED(CONFIG_OPTPROBES))
		kps_nmi_fault_on(test, kps_nmi_target_bp, true);
}

#else /* !KPT_HAVE_SELF_NMI */

static void kps_test_nmi_fault_not_handlers(struct kunit *test)
{
	kunit_skip(test, "no self-sent NMI in this kernel (x86 with ACPI only)");
}

#endif /* KPT_HAVE_SELF_NMI */

/* --- an optimized probe inside a user access window (x86 SMAP) ---------- */

#ifdef CONFIG_X86
#include <linux/cpufeature.h>
#include <asm/irqflags.h>
#include <asm/smap.h>

static atomic_t kpa_hits, kpa_ac_set;

/* A user access window around five bytes a jump can replace. */
static noinline notrace void kpa_window(void)
{
	stac();
	asm volatile(".globl kpa_site\n"
		     "kpa_site:\n\t"
		     ".byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n\t"	/* nopl 0(%rax,%rax) */
		     ".byte 0x0f, 0x1f, 0x44, 0x00, 0x00");
	clac();
}

static int kpa_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpa_hits);
	if (native_save_fl() & X86_EFLAGS_AC)
		atomic_inc(&kpa_ac_set);
	return 0;
}

/*
 * The handlers of an optimized probe in a user access window run with
 * AC clear (SMAP enforced), as those of a breakpoint hit do; the probed
 * code gets its AC back.
 */
static void kps_test_opt_in_uaccess(struct kunit *test)
{
	struct kprobe kp = {
		.addr = (kprobe_opcode_t *)kpa_site,
		.pre_handler = kpa_pre,
	};

	if (!boot_cpu_has(X86_FEATURE_SMAP))
		kunit_skip(test, "the CPU has no SMAP: no user access window");
	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "no jump optimization (CONFIG_OPTPROBES off)");
	atomic_set(&kpa_hits, 0);
	atomic_set(&kpa_ac_set, 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&kp), 0);
	wait_for_kprobe_optimizer();
	KUNIT_EXPECT_TRUE(test, kprobe_optimized(&kp));
	kpa_window();
	kpa_window();
	unregister_kprobe(&kp);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpa_hits), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpa_ac_set), 0);
}
#else
static void kps_test_opt_in_uaccess(struct kunit *test)
{
	kunit_skip(test, "x86's SMAP case: AC of an optimized probe's handlers");
}
#endif

/* --- a fault of an interrupt that came in while a handler ran ------------ */

static void *kpi_guard;			/* its next page is unmapped */
static atomic_t kpi_fh_calls, kpi_irq_faulted, kpi_irq_done;
static bool kpi_own, kpi_irqs_off;
static struct irq_work kpi_work;

/* Read a byte past the end of kpi_guard; true if it faulted. */
static bool kpi_fault_once(void)
{
	char c;

	return copy_from_kernel_nofault(&c, kpi_guard + PAGE_SIZE, 1) != 0;
}

static void kpi_irq_fn(struct irq_work *work)
{
	if (kpi_fault_once())
		atomic_inc(&kpi_irq_faulted);
	atomic_set(&kpi_irq_done, 1);
}

static int kpi_pre(struct kprobe *p, struct pt_regs *regs)
{
	u64 until;

	if (READ_ONCE(kpi_own)) {
		kpi_fault_once();
		return 0;
	}
	if (irqs_disabled()) {
		WRITE_ONCE(kpi_irqs_off, true);
		return 0;
	}
	/* An interrupt on this CPU, taken while this handler runs. */
	irq_work_queue(&kpi_work);
	until = ktime_get_ns() + 2 * NSEC_PER_SEC;
	while (!atomic_read(&kpi_irq_done) && ktime_get_ns() < until)
		cpu_relax();
	return 0;
}

static int kpi_fault_handler(struct kprobe *p, struct pt_regs *regs, int trapnr)
{
	atomic_inc(&kpi_fh_calls);
	return 0;
}

/* Hooked through ftrace where the architecture can. */
static noinline int kpi_target(int x)
{
	return x * 2;
}

/*
 * A probe's fault_handler is asked about faults of the probe's own
 * handler, not about a fault of an interrupt that arrived while the
 * handler ran (kprobes.rst).  Only a handler that runs with interrupts
 * enabled can be interrupted: an entry probe hooked through ftrace.
 */
static void kps_test_irq_fault_not_handlers(struct kunit *test)
{
	struct kprobe kp = {
		.addr = (kprobe_opcode_t *)kpi_target,
		.pre_handler = kpi_pre,
		.fault_handler = kpi_fault_handler,
	};

	kpi_guard = vmalloc(PAGE_SIZE);
	KUNIT_ASSERT_NOT_NULL(test, kpi_guard);
	init_irq_work(&kpi_work, kpi_irq_fn);
	WRITE_ONCE(kpi_irqs_off, false);
	if (register_kprobe(&kp)) {
		vfree(kpi_guard);
		KUNIT_FAIL(test, "register_kprobe() failed");
		return;
	}

	/* The handler's own fault: its fault_handler is asked. */
	WRITE_ONCE(kpi_own, true);
	atomic_set(&kpi_fh_calls, 0);
	KUNIT_EXPECT_EQ(test, kpi_target(3), 6);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpi_fh_calls), 1);

	/* The interrupt's fault: it is not. */
	WRITE_ONCE(kpi_own, false);
	atomic_set(&kpi_fh_calls, 0);
	atomic_set(&kpi_irq_faulted, 0);
	atomic_set(&kpi_irq_done, 0);
	KUNIT_EXPECT_EQ(test, kpi_target(4), 8);
	unregister_kprobe(&kp);
	irq_work_sync(&kpi_work);
	vfree(kpi_guard);
	if (READ_ONCE(kpi_irqs_off))
		kunit_skip(test, "no ftrace hook: the handler runs with interrupts off");
	KUNIT_EXPECT_EQ(test, atomic_read(&kpi_irq_done), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpi_irq_faulted), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpi_fh_calls), 0);
}

/* --- an unwinder's cursor that outlives the instance it points to -------- */

static DECLARE_WAIT_QUEUE_HEAD(kps_cur_wq);
static int kps_cur_phase;
static void *kps_cur_fp;
static unsigned long kps_cur_ret;

/* Sleeps until phase 1. */
static noinline int kps_cur_target(int x)
{
	wait_event(kps_cur_wq, READ_ONCE(kps_cur_phase) >= 1);
	return x + 1;
}

/* In the probed function until phase 1, then asleep outside it. */
static int kps_cur_thread(void *unused)
{
	int ret = kps_cur_target(1);

	WRITE_ONCE(kps_cur_phase, 2);
	wait_event(kps_cur_wq, READ_ONCE(kps_cur_phase) >= 3);
	while (!kthread_should_stop())
		usleep_range(1000, 2000);
	return ret;
}

static int kps_cur_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	kps_cur_ret = get_kretprobe_retaddr(ri);
	/* Published last: the test reads kps_cur_ret once it sees this. */
	smp_store_release(&kps_cur_fp, kpt_ret_frame(regs));
	return 0;
}

static void kps_cur_release(void *task)
{
	WRITE_ONCE(kps_cur_phase, 3);
	wake_up_all(&kps_cur_wq);
	kthread_stop(task);
}

/*
 * An unwinder walks a sleeping task's pending calls one frame at a time
 * and keeps a cursor between the steps.  If the task runs in between,
 * returns from the probed call and the kretprobe goes away, the
 * instance under the cursor is freed; the next step, on the task asleep
 * again, must not read it (KASAN on the debug kernel).
 */
static void kps_test_stale_cursor(struct kunit *test)
{
	struct kretprobe rp = {
		.kp.addr = (kprobe_opcode_t *)kps_cur_target,
		.entry_handler = kps_cur_entry,
		.handler = kps_count_ret,
	};
	struct llist_node *cur = NULL;
	struct task_struct *t;
	void *fp;

	WRITE_ONCE(kps_cur_phase, 0);
	kps_cur_fp = NULL;
	KUNIT_ASSERT_EQ(test, register_kretprobe(&rp), 0);
	t = kthread_run(kps_cur_thread, NULL, "kps_cur");
	if (IS_ERR(t)) {
		unregister_kretprobe(&rp);
		KUNIT_FAIL(test, "kthread_run: %ld", PTR_ERR(t));
		return;
	}
	/* Pairs with the smp_store_release() in kps_cur_entry(). */
	kps_wait_for(smp_load_acquire(&kps_cur_fp), 5000);
	kps_wait_for(!task_is_running(t), 5000);
	/* As above: kps_cur_ret is valid once this is seen. */
	fp = smp_load_acquire(&kps_cur_fp);
	KUNIT_EXPECT_NOT_NULL(test, fp);
	KUNIT_EXPECT_FALSE(test, task_is_running(t));
	KUNIT_EXPECT_EQ(test, kretprobe_find_ret_addr(t, fp, &cur), kps_cur_ret);

	/* The task returns, and the kretprobe and its instances go. */
	WRITE_ONCE(kps_cur_phase, 1);
	wake_up_all(&kps_cur_wq);
	KUNIT_EXPECT_TRUE(test, kps_wait_for(READ_ONCE(kps_cur_phase) == 2 &&
					     !task_is_running(t), 5000));
	unregister_kretprobe(&rp);
	/* Whatever of the kretprobe is freed after a grace period is gone. */
	rcu_barrier();

	/* The unwinder's next step, with its old cursor: nothing pending. */
	KUNIT_EXPECT_EQ(test, kretprobe_find_ret_addr(t, fp, &cur), 0UL);
	kps_cur_release(t);
}

static struct kunit_case kps_ours_cases[] = {
	KUNIT_CASE(kps_test_opt_in_uaccess),
	KUNIT_CASE(kps_test_irq_fault_not_handlers),
	KUNIT_CASE(kps_test_stale_cursor),
	KUNIT_CASE_SLOW(kps_test_kretprobe_bounds),
	KUNIT_CASE_SLOW(kps_test_nmi_fault_not_handlers),
	{}
};

static struct kunit_suite kps_ours_suite = {
	.name = "kprobes_safety_ours",
	.test_cases = kps_ours_cases,
};

kunit_test_suite(kps_ours_suite);
