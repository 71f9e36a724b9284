// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_context": probes on a function that runs in hard
 * interrupt, softirq and NMI context.
 *
 * kpc_target() is probed three ways at once: at its entry (the ftrace site
 * when there is one), after the ftrace call (a breakpoint with a
 * post_handler, so a single-step or emulation too), and by a kretprobe.
 * A high-resolution timer (hard interrupt), a timer_list (softirq) and
 * self-sent NMIs call it; every call must reach every
 * handler, in the right context, with the right return value, and none
 * may be missed.  Last, an NMI that arrives while a handler of another
 * probe runs on the same CPU calls it: that hit must be counted as missed
 * and run no handler, and the call must still return correctly.  The NMI
 * cases need an architecture that can send itself one (x86); elsewhere
 * they skip.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/hrtimer.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/timer.h>

#include "kprobes_test_arch.h"

/* Calls made from each context. */
#define KPC_CALLS		20
/* How long one context may take to make its calls, in milliseconds. */
#define KPC_WAIT_MS		10000

enum kpc_ctx { KPC_HARDIRQ, KPC_SOFTIRQ, KPC_NMI, KPC_TASK };

static noinline int kpc_target(int x)
{
	/* Keep the call and its body. */
	asm volatile("" : "+r" (x));
	return x * 7 + 1;
}

static enum kpc_ctx kpc_want;
static atomic_t kpc_calls, kpc_wrong;
static atomic_t kpc_entry, kpc_body, kpc_body_post_hits, kpc_ret, kpc_bad_ctx;

/*
 * Is @pc (a preempt_count() value) that of @ctx?  The breakpoint and debug
 * traps of x86 enter the kernel as NMIs do: their handlers see one NMI and
 * one hard interrupt level more than the code that trapped, which the
 * caller takes off first (KPT_TRAP_PREEMPT_COUNT; arm64's BRK adds none).
 */
static bool kpc_in(enum kpc_ctx ctx, unsigned long pc)
{
	bool nmi = pc & NMI_MASK, hard = pc & HARDIRQ_MASK;

	switch (ctx) {
	case KPC_HARDIRQ:
		return hard && !nmi;
	case KPC_SOFTIRQ:
		return (pc & SOFTIRQ_OFFSET) && !hard;
	case KPC_NMI:
		return nmi;
	default:
		return !nmi && !hard && !(pc & SOFTIRQ_OFFSET);
	}
}

/*
 * Count a handler run; @trap: it runs in a breakpoint or debug trap.  On
 * PREEMPT_RT softirqs run in task context and their count is kept in the
 * task, not in preempt_count(): softirq_count() has it.
 */
static void kpc_note(atomic_t *hits, bool trap)
{
	unsigned long pc = preempt_count();

	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		pc |= softirq_count();
	if (trap)
		pc -= KPT_TRAP_PREEMPT_COUNT;
	atomic_inc(hits);
	if (!kpc_in(READ_ONCE(kpc_want), pc))
		atomic_inc(&kpc_bad_ctx);
}

static int kpc_entry_pre(struct kprobe *p, struct pt_regs *regs)
{
	/* The entry is an ftrace site or, without ftrace, a breakpoint. */
	kpc_note(&kpc_entry, !kprobe_ftrace(p));
	return 0;
}

/* A post_handler keeps the probe a breakpoint: never jump-optimized. */
static int kpc_body_pre(struct kprobe *p, struct pt_regs *regs)
{
	kpc_note(&kpc_body, true);
	return 0;
}

static void kpc_body_post(struct kprobe *p, struct pt_regs *regs,
			  unsigned long flags)
{
	kpc_note(&kpc_body_post_hits, true);
}

static int kpc_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	kpc_note(&kpc_ret, false);
	return 0;
}

/* Filled in by kpc_install() for each case. */
static struct kprobe kpc_entry_kp, kpc_body_kp;
static struct kretprobe kpc_rp;

/* One call of the target from the context under test. */
static void kpc_call(void)
{
	int n = atomic_inc_return(&kpc_calls);

	if (kpc_target(n) != n * 7 + 1)
		atomic_inc(&kpc_wrong);
}

static void kpc_reset(enum kpc_ctx ctx)
{
	WRITE_ONCE(kpc_want, ctx);
	atomic_set(&kpc_calls, 0);
	atomic_set(&kpc_wrong, 0);
	atomic_set(&kpc_entry, 0);
	atomic_set(&kpc_body, 0);
	atomic_set(&kpc_body_post_hits, 0);
	atomic_set(&kpc_ret, 0);
	atomic_set(&kpc_bad_ctx, 0);
}

/* Wait until @n calls were made; false on timeout. */
static bool kpc_wait_calls(int n)
{
	unsigned int waited;

	for (waited = 0; waited < KPC_WAIT_MS; waited += 10) {
		if (atomic_read(&kpc_calls) >= n)
			return true;
		usleep_range(10000, 11000);
	}
	return false;
}

static void kpc_remove(void *unused)
{
	struct kretprobe *rps[] = { &kpc_rp };
	struct kprobe *kps[] = { &kpc_entry_kp, &kpc_body_kp };

	unregister_kretprobes(rps, ARRAY_SIZE(rps));
	unregister_kprobes(kps, ARRAY_SIZE(kps));
}

/*
 * Register the three probes.  The breakpoint goes right after the ftrace
 * call when kpc_target() has one (the entry probe then uses ftrace), on
 * the entry itself otherwise; the entry is where kprobes put a probe
 * asked for at the function's address.
 */
static void kpc_install(struct kunit *test)
{
	struct kprobe *kps[] = { &kpc_entry_kp, &kpc_body_kp };
	struct kretprobe *rps[] = { &kpc_rp };
	struct kprobe probe = { .addr = (kprobe_opcode_t *)kpc_target };
	unsigned long body;

	KUNIT_ASSERT_EQ(test, register_kprobe(&probe), 0);
	/* The entry, past an endbr64 in kernels built with IBT. */
	body = (unsigned long)probe.addr;
#ifdef CONFIG_KPROBES_ON_FTRACE
	/* MCOUNT_INSN_SIZE exists only where ftrace is built. */
	if (probe.flags & KPROBE_FLAG_FTRACE)
		body += MCOUNT_INSN_SIZE;
#endif
	unregister_kprobe(&probe);

	memset(&kpc_entry_kp, 0, sizeof(kpc_entry_kp));
	kpc_entry_kp.addr = (kprobe_opcode_t *)kpc_target;
	kpc_entry_kp.pre_handler = kpc_entry_pre;
	memset(&kpc_body_kp, 0, sizeof(kpc_body_kp));
	kpc_body_kp.addr = (kprobe_opcode_t *)body;
	kpc_body_kp.pre_handler = kpc_body_pre;
	kpc_body_kp.post_handler = kpc_body_post;
	memset(&kpc_rp, 0, sizeof(kpc_rp));
	kpc_rp.kp.addr = (kprobe_opcode_t *)kpc_target;
	kpc_rp.handler = kpc_ret_handler;

	KUNIT_ASSERT_EQ(test, register_kprobes(kps, ARRAY_SIZE(kps)), 0);
	KUNIT_ASSERT_EQ(test, register_kretprobes(rps, ARRAY_SIZE(rps)), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpc_remove, NULL),
			0);
}

/* Every call reached every handler, in its context, and returned right. */
static void kpc_check(struct kunit *test, const char *what)
{
	int calls = atomic_read(&kpc_calls);

	KUNIT_EXPECT_EQ_MSG(test, calls, KPC_CALLS, "%s calls", what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpc_wrong), 0, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpc_entry), calls,
			    "%s entry hits", what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpc_body), calls,
			    "%s breakpoint hits", what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpc_body_post_hits), calls,
			    "%s post_handler runs", what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpc_ret), calls,
			    "%s returns", what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kpc_bad_ctx), 0,
			    "%s: handlers that ran in another context", what);
	KUNIT_EXPECT_EQ(test, kpc_entry_kp.nmissed, 0);
	KUNIT_EXPECT_EQ(test, kpc_body_kp.nmissed, 0);
	KUNIT_EXPECT_EQ(test, kpc_rp.kp.nmissed, 0);
	KUNIT_EXPECT_EQ(test, kpc_rp.nmissed, 0);
}

static enum hrtimer_restart kpc_hrtimer_fn(struct hrtimer *t)
{
	kpc_call();
	if (atomic_read(&kpc_calls) >= KPC_CALLS)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ms_to_ktime(1));
	return HRTIMER_RESTART;
}

static struct hrtimer kpc_hrtimer;

static void kpc_test_hardirq(struct kunit *test)
{
	kpc_install(test);
	kpc_reset(KPC_HARDIRQ);
	hrtimer_init(&kpc_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	kpc_hrtimer.function = kpc_hrtimer_fn;
	hrtimer_start(&kpc_hrtimer, ms_to_ktime(1), HRTIMER_MODE_REL_HARD);
	KUNIT_EXPECT_TRUE(test, kpc_wait_calls(KPC_CALLS));
	hrtimer_cancel(&kpc_hrtimer);
	kpc_check(test, "hard interrupt");
}

static struct timer_list kpc_timer;

static void kpc_timer_fn(struct timer_list *t)
{
	kpc_call();
	if (atomic_read(&kpc_calls) < KPC_CALLS)
		mod_timer(t, jiffies + 1);
}

static void kpc_test_softirq(struct kunit *test)
{
	kpc_install(test);
	kpc_reset(KPC_SOFTIRQ);
	timer_setup(&kpc_timer, kpc_timer_fn, 0);
	mod_timer(&kpc_timer, jiffies + 1);
	KUNIT_EXPECT_TRUE(test, kpc_wait_calls(KPC_CALLS));
	timer_delete_sync(&kpc_timer);
	kpc_check(test, "softirq");
}

#if KPT_HAVE_SELF_NMI

/* Set to let the next NMI on any CPU call the target once. */
static atomic_t kpc_nmi_armed;

static int kpc_nmi_fn(unsigned int type, struct pt_regs *regs)
{
	if (!atomic_xchg(&kpc_nmi_armed, 0))
		return NMI_DONE;
	kpc_call();
	return NMI_HANDLED;
}

/* Send this CPU an NMI that calls the target; false if none came. */
static bool kpc_self_nmi(void)
{
	int before = atomic_read(&kpc_calls);
	unsigned int waited;

	atomic_set(&kpc_nmi_armed, 1);
	kpt_send_self_nmi();
	/* Delivered before the next instructions; allow for emulation. */
	for (waited = 0; waited < 100000; waited++) {
		if (atomic_read(&kpc_calls) != before)
			return true;
		udelay(1);
	}
	atomic_set(&kpc_nmi_armed, 0);
	return false;
}

static void kpc_unregister_nmi(void *unused)
{
	unregister_nmi_handler(NMI_LOCAL, "kpc_nmi");
}

/* Have kpc_nmi_fn() see the NMIs of every CPU until the case ends. */
static void kpc_nmi_setup(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, register_nmi_handler(NMI_LOCAL, kpc_nmi_fn, 0,
						   "kpc_nmi"), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							kpc_unregister_nmi,
							NULL), 0);
}

static void kpc_test_nmi(struct kunit *test)
{
	int i;

	kpc_nmi_setup(test);
	kpc_install(test);
	kpc_reset(KPC_NMI);
	for (i = 0; i < KPC_CALLS; i++) {
		bool came;

		preempt_disable();
		came = kpc_self_nmi();
		preempt_enable();
		if (!came) {
			KUNIT_FAIL(test, "NMI %d never arrived", i);
			break;
		}
	}
	kpc_check(test, "NMI");
}

static noinline int kpc_outer(int x)
{
	asm volatile("" : "+r" (x));
	return x - 1;
}

static atomic_t kpc_outer_hits, kpc_nmi_came;

/* Runs with this CPU busy handling a probe; an NMI calls the target. */
static int kpc_outer_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpc_outer_hits);
	if (kpc_self_nmi())
		atomic_inc(&kpc_nmi_came);
	return 0;
}

/*
 * An NMI inside a probe handler that calls a probed function: the hit is
 * missed, counted, runs no handler, and the function still works.
 */
static void kpc_test_nmi_in_handler(struct kunit *test)
{
	struct kprobe outer = {
		.addr = (kprobe_opcode_t *)kpc_outer,
		.pre_handler = kpc_outer_pre,
	};

	kpc_nmi_setup(test);
	kpc_install(test);
	kpc_reset(KPC_NMI);
	atomic_set(&kpc_outer_hits, 0);
	atomic_set(&kpc_nmi_came, 0);
	KUNIT_ASSERT_EQ(test, register_kprobe(&outer), 0);
	KUNIT_EXPECT_EQ(test, kpc_outer(5), 4);
	unregister_kprobe(&outer);

	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_outer_hits), 1);
	KUNIT_ASSERT_EQ_MSG(test, atomic_read(&kpc_nmi_came), 1,
			    "the NMI never arrived");
	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_calls), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_wrong), 0);
	/* Nothing ran, and each probe of the target counted one miss. */
	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_entry), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_body), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_body_post_hits), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpc_ret), 0);
	KUNIT_EXPECT_EQ(test, kpc_entry_kp.nmissed, 1);
	KUNIT_EXPECT_EQ(test, kpc_body_kp.nmissed, 1);
	KUNIT_EXPECT_EQ(test, kpc_rp.kp.nmissed, 1);
}

#else /* !KPT_HAVE_SELF_NMI */

static void kpc_test_nmi(struct kunit *test)
{
	kunit_skip(test, "no self-sent NMI in this kernel (x86 with ACPI only)");
}

static void kpc_test_nmi_in_handler(struct kunit *test)
{
	kunit_skip(test, "no self-sent NMI in this kernel (x86 with ACPI only)");
}

#endif /* KPT_HAVE_SELF_NMI */

static struct kunit_case kpc_cases[] = {
	KUNIT_CASE(kpc_test_hardirq),
	KUNIT_CASE(kpc_test_softirq),
	KUNIT_CASE(kpc_test_nmi),
	KUNIT_CASE(kpc_test_nmi_in_handler),
	{}
};

static struct kunit_suite kpc_suite = {
	.name = "kprobes_context",
	.test_cases = kpc_cases,
};

kunit_test_suite(kpc_suite);

MODULE_DESCRIPTION("KUnit test: probes hit in interrupt, softirq and NMI context");
MODULE_LICENSE("GPL");
