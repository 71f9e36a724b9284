// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_kretprobe": return probes in one task, on a
 * breakpoint entry (kprobes_api_funcs.S) and on an ftrace entry
 * (kprobes_target, and the C functions below): the return value, the
 * entry_handler's veto, private per-call data, maxactive as an exact cap,
 * no misses without a cap under deep recursion, a kprobe and kretprobes
 * sharing a function, batches with rollback, disabling, a call that never
 * returns through the trampoline, and stack traces taken in a handler.
 * kprobes_api_ret_tasks.c has the cases with several tasks.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/stacktrace.h>

#include "kprobes_api.h"

#define KPT_MAX_RET	8

/* A return probe with what its handlers saw. */
struct kpt_ret {
	struct kretprobe rp;
	int entries;
	int returns;
	int bad_data;
	long rets[KPT_MAX_RET];
};

/* The arguments, kept in the instance from entry to return. */
struct kpt_ret_data {
	long a;
	long b;
};

static struct kpt_ret *kpt_ret_of(struct kretprobe_instance *ri)
{
	return container_of(get_kretprobe(ri), struct kpt_ret, rp);
}

static int kpt_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_ret *r = kpt_ret_of(ri);

	if (r->returns < KPT_MAX_RET)
		r->rets[r->returns] = regs_return_value(regs);
	r->returns++;
	return 0;
}

/* Veto the calls whose first argument is 0. */
static int kpt_ret_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kpt_ret *r = kpt_ret_of(ri);

	r->entries++;
	return regs_get_kernel_argument(regs, 0) == 0;
}

/* Count the calls that got an instance. */
static int kpt_ret_entry_count(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	kpt_ret_of(ri)->entries++;
	return 0;
}

static int kpt_ret_entry_save(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct kpt_ret_data *d = (struct kpt_ret_data *)ri->data;

	kpt_ret_of(ri)->entries++;
	d->a = regs_get_kernel_argument(regs, 0);
	d->b = regs_get_kernel_argument(regs, 1);
	return 0;
}

/* Check the return value against the arguments saved at entry. */
static int kpt_ret_handler_check(struct kretprobe_instance *ri,
				 struct pt_regs *regs)
{
	struct kpt_ret_data *d = (struct kpt_ret_data *)ri->data;
	struct kpt_ret *r = kpt_ret_of(ri);

	if (regs_return_value(regs) != d->a + d->b)
		r->bad_data++;
	return kpt_ret_handler(ri, regs);
}

static struct kpt_ret *kpt_ret_new(struct kunit *test, const char *sym)
{
	struct kpt_ret *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->rp.kp.symbol_name = sym;
	r->rp.handler = kpt_ret_handler;
	return r;
}

static void kpt_test_ret_value(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_add");
	struct kpt_ret *t = kpt_ret_new(test, KPT_TARGET ":kpt_target_add");
	int (*fn)(int a, int b);

	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(20, 22), 42);
	KUNIT_EXPECT_EQ(test, kpt_api_add(-5, 2), -3);
	KUNIT_EXPECT_EQ(test, r->returns, 2);
	KUNIT_EXPECT_EQ(test, r->rets[0], 42);
	KUNIT_EXPECT_EQ(test, r->rets[1], -3);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 0);
#ifndef KPROBES_TEST_UPSTREAM
	/* No cap asked for: none is written back (upstream writes one). */
	KUNIT_EXPECT_EQ(test, r->rp.maxactive, 0);
#endif

	KUNIT_ASSERT_EQ_MSG(test, kpt_register_ret(test, &t->rp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	fn = kpt_probed_func(&t->rp.kp);
	KUNIT_EXPECT_EQ(test, fn(6, 7), 13);
	KUNIT_EXPECT_EQ(test, t->returns, 1);
	KUNIT_EXPECT_EQ(test, t->rets[0], 13);
}

static void kpt_test_ret_entry_veto(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_sub");

	r->rp.entry_handler = kpt_ret_entry;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(0, 1), -1);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(9, 1), 8);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(0, 2), -2);
	KUNIT_EXPECT_EQ(test, r->entries, 3);
	KUNIT_EXPECT_EQ(test, r->returns, 1);
	KUNIT_EXPECT_EQ(test, r->rets[0], 8);
}

static void kpt_test_ret_data(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_add");
	int i;

	r->rp.entry_handler = kpt_ret_entry_save;
	r->rp.handler = kpt_ret_handler_check;
	r->rp.data_size = sizeof(struct kpt_ret_data);
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, kpt_api_add(i, 100 * i), 101 * i);
	KUNIT_EXPECT_EQ(test, r->entries, 5);
	KUNIT_EXPECT_EQ(test, r->returns, 5);
	KUNIT_EXPECT_EQ(test, r->bad_data, 0);

	/* More private data than allowed is refused. */
	r = kpt_ret_new(test, "kpt_api_sub");
	r->rp.data_size = KRETPROBE_MAX_DATA_SIZE + 1;
	KUNIT_EXPECT_EQ(test, kpt_register_ret(test, &r->rp), -E2BIG);
}

/* maxactive bounds the calls in flight; the rest count as missed. */
static void kpt_test_ret_maxactive(struct kunit *test)
{
	struct kpt_ret *one = kpt_ret_new(test, "kpt_api_depth");
	struct kpt_ret *four = kpt_ret_new(test, "kpt_api_depth");
	int i;

	one->rp.maxactive = 1;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &one->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_depth(3), 3);
	/* Only the outermost call got the instance. */
	KUNIT_EXPECT_EQ(test, one->returns, 1);
	KUNIT_EXPECT_EQ(test, one->rets[0], 3);
	KUNIT_EXPECT_EQ(test, one->rp.nmissed, 3);
	kpt_unregister_ret(test, &one->rp);

	four->rp.maxactive = 4;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &four->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_depth(3), 3);
	KUNIT_EXPECT_EQ(test, four->returns, 4);
	KUNIT_EXPECT_EQ(test, four->rp.nmissed, 0);
	/* Innermost returns first. */
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, four->rets[i], i);
}

/*
 * A missed call runs no handler at all: the entry_handler of a call that
 * found no instance is skipped, like its return handler.
 */
static void kpt_test_ret_missed_skips_entry(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_depth");

	r->rp.maxactive = 2;
	r->rp.entry_handler = kpt_ret_entry_count;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_depth(5), 5);
	/* 6 calls, the 2 outermost with an instance. */
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 4);
	KUNIT_EXPECT_EQ(test, r->entries, 2);
	KUNIT_EXPECT_EQ(test, r->returns, 2);
}

/* A cap is exact: every call over it is a miss, counted as such. */
static void kpt_test_ret_cap_exact(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_depth");

	r->rp.maxactive = 5;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_depth(50), 50);
	/* 51 calls: the 5 outermost have an instance. */
	KUNIT_EXPECT_EQ(test, r->returns, 5);
	KUNIT_EXPECT_EQ(test, r->rets[0], 46);
	KUNIT_EXPECT_EQ(test, r->rets[4], 50);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 46);
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_EXPECT_EQ(test, kretprobe_missed(&r->rp, KRETPROBE_MISS_CAP), 46);
	KUNIT_EXPECT_EQ(test, kretprobe_missed(&r->rp, KRETPROBE_MISS_NOMEM), 0);
	KUNIT_EXPECT_EQ(test, kretprobe_missed(&r->rp, KRETPROBE_MISS_ATOMIC), 0);
#endif
	/* Once they returned, the instances are there again. */
	KUNIT_EXPECT_EQ(test, kpt_api_depth(2), 2);
	KUNIT_EXPECT_EQ(test, r->returns, 8);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 46);
}

/* Innermost call returns first: return n-th has the value n. */
static int kpt_ret_handler_inorder(struct kretprobe_instance *ri,
				   struct pt_regs *regs)
{
	struct kpt_ret *r = kpt_ret_of(ri);

	if (regs_return_value(regs) != r->returns)
		r->bad_data++;
	return kpt_ret_handler(ri, regs);
}

/*
 * Call @fn through a pointer the compiler cannot see through, so that
 * every call stays a real call to the function probed.
 */
static __always_inline long kpt_ret_call(long (*fn)(long v), long v)
{
	OPTIMIZER_HIDE_VAR(fn);
	return fn(v);
}

/* n, by n nested calls. */
static noinline long kpt_ret_rdepth(long n)
{
	if (n <= 0)
		return 0;
	return kpt_ret_call(kpt_ret_rdepth, n - 1) + 1;
}

#define KPT_DEEP	200

/*
 * No cap, entered through ftrace in a context that may allocate: 201
 * nested calls, none missed.  On PREEMPT_RT nothing is allocated on the
 * hit path: the first burst may miss (counted as such, never as a
 * recursion) until the pool grew; the same burst then misses nothing.
 */
static void kpt_test_ret_deep_ftrace(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, NULL);
	int missed;

	/*
	 * Without kprobes on ftrace the entry is a breakpoint; where the
	 * kernel takes that as an NMI (riscv), it may not allocate, and this
	 * is kpt_test_ret_deep_int3's case.
	 */
	if (!IS_ENABLED(CONFIG_KPROBES_ON_FTRACE) &&
	    (KPT_TRAP_PREEMPT_COUNT & NMI_MASK))
		kunit_skip(test, "entries are NMI-like breakpoints here (kpt_test_ret_deep_int3)");
	r->rp.kp.symbol_name = NULL;
	r->rp.kp.addr = (kprobe_opcode_t *)kpt_ret_rdepth;
	r->rp.handler = kpt_ret_handler_inorder;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_ret_call(kpt_ret_rdepth, KPT_DEEP), KPT_DEEP);
	missed = r->rp.nmissed;
	KUNIT_EXPECT_EQ(test, r->returns + missed, KPT_DEEP + 1);
	if (!IS_ENABLED(CONFIG_PREEMPT_RT)) {
		KUNIT_EXPECT_EQ(test, missed, 0);
		KUNIT_EXPECT_EQ(test, r->bad_data, 0);
	}
	KUNIT_EXPECT_EQ(test, r->rp.kp.nmissed, 0);
	r->returns = 0;
	r->bad_data = 0;
	KUNIT_EXPECT_EQ(test, kpt_ret_call(kpt_ret_rdepth, KPT_DEEP), KPT_DEEP);
	KUNIT_EXPECT_EQ(test, r->returns, KPT_DEEP + 1);
	KUNIT_EXPECT_EQ(test, r->bad_data, 0);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, missed);
}

/*
 * kpt_api_depth(@n) with preemption off: the refill worker that the first
 * burst's misses kick cannot run in the middle of that burst (where the
 * rest of the burst would use up what it adds, and the pool would take
 * more bursts to fit it), nor can the pool shrink during the second one.
 */
static long kpt_depth_unpreempted(long n)
{
	long ret;

	preempt_disable();
	ret = kpt_api_depth(n);
	preempt_enable();
	return ret;
}

/*
 * No cap, entered through a breakpoint (an NMI-like context that may not
 * allocate): the first burst may miss, each miss is counted as such and
 * the pool grows by the shortfall; the same burst then misses nothing.
 */
static void kpt_test_ret_deep_int3(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_depth");
	int waited __maybe_unused;	/* unused on upstream */

	r->rp.handler = kpt_ret_handler_inorder;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_depth_unpreempted(KPT_DEEP), KPT_DEEP);
	KUNIT_EXPECT_EQ(test, r->returns + r->rp.nmissed, KPT_DEEP + 1);
	KUNIT_EXPECT_EQ(test, r->rp.kp.nmissed, 0);
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_EXPECT_EQ(test, kretprobe_missed(&r->rp, KRETPROBE_MISS_ATOMIC),
			r->rp.nmissed);
	/*
	 * The refill runs in a worker; give it up to 30 s (a loaded debug
	 * kernel with kmemleak took more than 5 s for 200 allocations).
	 */
	for (waited = 0; waited < 1500; waited++) {
		if (READ_ONCE(r->rp.rph->nr_total) > KPT_DEEP)
			break;
		msleep(20);
	}
	KUNIT_EXPECT_GT(test, READ_ONCE(r->rp.rph->nr_total), KPT_DEEP);
	r->returns = 0;
	r->bad_data = 0;
	r->rp.nmissed = 0;
	KUNIT_EXPECT_EQ(test, kpt_depth_unpreempted(KPT_DEEP), KPT_DEEP);
	KUNIT_EXPECT_EQ(test, r->returns, KPT_DEEP + 1);
	KUNIT_EXPECT_EQ(test, r->bad_data, 0);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 0);
#endif
}

/* A kprobe, counting its hits, next to the kretprobes. */
struct kpt_ret_kp {
	struct kprobe kp;
	int hits;
};

static int kpt_ret_kp_pre(struct kprobe *kp, struct pt_regs *regs)
{
	container_of(kp, struct kpt_ret_kp, kp)->hits++;
	return 0;
}

/* kprobes_target's kpt_target_add(), found at run time. */
static int (*kpt_ret_target_fn)(int a, int b);

/* One function, a kprobe and two kretprobes: all of them fire. */
static void kpt_ret_shared_one(struct kunit *test, const char *sym,
			       long (*call)(long a, long b))
{
	struct kpt_ret_kp *k = kunit_kzalloc(test, sizeof(*k), GFP_KERNEL);
	struct kpt_ret *r1 = kpt_ret_new(test, sym);
	struct kpt_ret *r2 = kpt_ret_new(test, sym);

	KUNIT_ASSERT_NOT_NULL(test, k);
	k->kp.symbol_name = sym;
	k->kp.pre_handler = kpt_ret_kp_pre;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &k->kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r1->rp), 0);
	KUNIT_EXPECT_EQ(test, call(5, 3), 8);
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r2->rp), 0);
	KUNIT_EXPECT_EQ(test, call(7, 3), 10);
	KUNIT_EXPECT_EQ(test, k->hits, 2);
	KUNIT_EXPECT_EQ(test, r1->returns, 2);
	KUNIT_EXPECT_EQ(test, r1->rets[0], 8);
	KUNIT_EXPECT_EQ(test, r1->rets[1], 10);
	KUNIT_EXPECT_EQ(test, r2->returns, 1);
	KUNIT_EXPECT_EQ(test, r2->rets[0], 10);
	KUNIT_EXPECT_EQ(test, r1->rp.nmissed + r2->rp.nmissed, 0);

	/* Either kretprobe can go first; the other keeps working. */
	kpt_unregister_ret(test, &r1->rp);
	KUNIT_EXPECT_EQ(test, call(1, 1), 2);
	KUNIT_EXPECT_EQ(test, r1->returns, 2);
	KUNIT_EXPECT_EQ(test, r2->returns, 2);
	KUNIT_EXPECT_EQ(test, k->hits, 3);
}

static long kpt_ret_target_add(long a, long b)
{
	int (*fn)(int a, int b) = kpt_ret_target_fn;

	return fn(a, b);
}

static void kpt_test_ret_shared(struct kunit *test)
{
	kpt_ret_shared_one(test, "kpt_api_add", kpt_api_add);
}

static void kpt_test_ret_shared_ftrace(struct kunit *test)
{
	struct kprobe probe = { .symbol_name = KPT_TARGET ":kpt_target_add" };

	KUNIT_ASSERT_EQ_MSG(test, register_kprobe(&probe), 0,
			    "is " KPT_TARGET ".ko loaded?");
	kpt_ret_target_fn = kpt_probed_func(&probe);
	unregister_kprobe(&probe);
	kpt_ret_shared_one(test, KPT_TARGET ":kpt_target_add",
			   kpt_ret_target_add);
}

/* A batch that fails half way registers nothing. */
static void kpt_test_ret_batch(struct kunit *test)
{
	struct kpt_ret *a = kpt_ret_new(test, "kpt_api_add");
	struct kpt_ret *b = kpt_ret_new(test, "kpt_api_no_such_function");
	struct kpt_ret *c = kpt_ret_new(test, "kpt_api_sub");
	struct kretprobe *bad[] = { &a->rp, &b->rp };
	struct kretprobe *good[] = { &a->rp, &c->rp };

	KUNIT_EXPECT_EQ(test, register_kretprobes(bad, ARRAY_SIZE(bad)),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, a->returns, 0);
	KUNIT_EXPECT_EQ(test, register_kretprobes(bad, 0), -EINVAL);

	/* As after any unregistration, before registering it again. */
	a->rp.kp.addr = NULL;
	a->rp.kp.flags = 0;
	KUNIT_ASSERT_EQ(test, register_kretprobes(good, ARRAY_SIZE(good)), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(1, 2), -1);
	unregister_kretprobes(good, ARRAY_SIZE(good));
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, a->returns, 1);
	KUNIT_EXPECT_EQ(test, a->rets[0], 3);
	KUNIT_EXPECT_EQ(test, c->returns, 1);
	KUNIT_EXPECT_EQ(test, c->rets[0], -1);
}

/*
 * A kretprobe registered again, alone or listed twice in one batch, is
 * refused with -EINVAL and the registered one keeps working.  (Upstream
 * replaces the instance pool of the registered kretprobe in that case.)
 */
static void kpt_test_ret_twice(struct kunit *test)
{
#ifdef KPROBES_TEST_UPSTREAM
	kunit_skip(test, "upstream does not refuse a second registration");
#else
	struct kpt_ret *a = kpt_ret_new(test, "kpt_api_add");
	struct kpt_ret *c = kpt_ret_new(test, "kpt_api_sub");
	struct kretprobe *dup[] = { &c->rp, &c->rp };

	KUNIT_EXPECT_EQ(test, register_kretprobes(dup, ARRAY_SIZE(dup)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(1, 2), -1);
	KUNIT_EXPECT_EQ(test, c->returns, 0);

	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &a->rp), 0);
	KUNIT_EXPECT_EQ(test, register_kretprobe(&a->rp), -EINVAL);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, a->returns, 1);
	KUNIT_EXPECT_EQ(test, a->rets[0], 3);
	KUNIT_EXPECT_EQ(test, a->rp.nmissed, 0);
#endif
}

/*
 * The function that changes stacks in a task switch (x86: __switch_to(),
 * arm64: cpu_switch_to()) returns on another task's stack than it was
 * entered on: a return probe there is refused, as is one on the entry
 * code.
 */
static void kpt_test_ret_refused(struct kunit *test)
{
	static const char * const syms[] = {
		KPT_SWITCH_SYM, KPT_ENTRY_SYM, "notify_die",
	};
	struct kpt_ret *r;
	int i;

	for (i = 0; i < ARRAY_SIZE(syms); i++) {
		r = kpt_ret_new(test, syms[i]);
		KUNIT_EXPECT_EQ_MSG(test, kpt_register_ret(test, &r->rp),
				    -EINVAL, "return probe on %s", syms[i]);
	}
}

static void kpt_test_ret_disable(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, "kpt_api_xor");

	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(6, 3), 5);
	KUNIT_EXPECT_EQ(test, disable_kretprobe(&r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(6, 5), 3);
	KUNIT_EXPECT_EQ(test, r->returns, 1);
	KUNIT_EXPECT_EQ(test, enable_kretprobe(&r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(6, 6), 0);
	KUNIT_EXPECT_EQ(test, r->returns, 2);
	KUNIT_EXPECT_EQ(test, r->rets[1], 0);
	KUNIT_EXPECT_EQ(test, r->rp.nmissed, 0);
}

/*
 * kpt_api_abandoned() never returns through its return address: its
 * instance is found, reported and freed when kpt_api_wrap_escape returns,
 * which still returns its value to the right place.
 */
static void kpt_test_ret_unreturned(struct kunit *test)
{
	struct kpt_ret *lost = kpt_ret_new(test, "kpt_api_abandoned");
	struct kpt_ret *outer = kpt_ret_new(test, "kpt_api_wrap_escape");

	lost->rp.maxactive = 1;
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &lost->rp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &outer->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_wrap_escape(33), 33);
	KUNIT_EXPECT_EQ(test, kpt_api_wrap_escape(34), 34);
	KUNIT_EXPECT_EQ(test, outer->returns, 2);
	KUNIT_EXPECT_EQ(test, outer->rets[0], 33);
	KUNIT_EXPECT_EQ(test, outer->rets[1], 34);
	KUNIT_EXPECT_EQ(test, lost->returns, 0);
	/* maxactive 1: the second call found the instance given back. */
	KUNIT_EXPECT_EQ(test, lost->rp.nmissed, 0);
#ifndef KPROBES_TEST_UPSTREAM
	KUNIT_EXPECT_EQ(test, READ_ONCE(lost->rp.rph->unreturned), 2);
#endif
}

/* What a return handler's stack trace showed. */
static struct {
	unsigned long ret_addr;
	bool has_ret_addr;
	bool has_caller;
	bool has_trampoline;
	int entries;
} kpt_ret_trace;

static int kpt_ret_trace_handler(struct kretprobe_instance *ri,
				 struct pt_regs *regs)
{
	unsigned long buf[32];
	char name[KSYM_SYMBOL_LEN];
	int i, n;

	n = stack_trace_save(buf, ARRAY_SIZE(buf), 0);
	kpt_ret_trace.entries = n;
	kpt_ret_trace.ret_addr = get_kretprobe_retaddr(ri);
	for (i = 0; i < n; i++) {
		if (buf[i] == kpt_ret_trace.ret_addr)
			kpt_ret_trace.has_ret_addr = true;
		if (kpt_is_trampoline(buf[i]))
			kpt_ret_trace.has_trampoline = true;
		snprintf(name, sizeof(name), "%ps", (void *)buf[i]);
		if (!strncmp(name, "kpt_ret_trace_caller", 20))
			kpt_ret_trace.has_caller = true;
	}
	return kpt_ret_handler(ri, regs);
}

static noinline long kpt_ret_traced(long v)
{
	return v * 2;
}

static noinline long kpt_ret_trace_caller(long v)
{
	return kpt_ret_call(kpt_ret_traced, v) + 1;
}

/* A stack trace taken in a return handler names the real caller. */
static void kpt_test_ret_stacktrace(struct kunit *test)
{
	struct kpt_ret *r = kpt_ret_new(test, NULL);
	unsigned long start = (unsigned long)kpt_ret_trace_caller;

	r->rp.kp.symbol_name = NULL;
	r->rp.kp.addr = (kprobe_opcode_t *)kpt_ret_traced;
	r->rp.handler = kpt_ret_trace_handler;
	memset(&kpt_ret_trace, 0, sizeof(kpt_ret_trace));
	KUNIT_ASSERT_EQ(test, kpt_register_ret(test, &r->rp), 0);
	KUNIT_EXPECT_EQ(test, kpt_ret_call(kpt_ret_trace_caller, 20), 41);
	KUNIT_EXPECT_EQ(test, r->returns, 1);
	KUNIT_EXPECT_EQ(test, r->rets[0], 40);
	KUNIT_EXPECT_GT(test, kpt_ret_trace.ret_addr, start);
	KUNIT_EXPECT_LT(test, kpt_ret_trace.ret_addr, start + 64);
	KUNIT_EXPECT_GT(test, kpt_ret_trace.entries, 2);
	KUNIT_EXPECT_TRUE(test, kpt_ret_trace.has_ret_addr);
	KUNIT_EXPECT_TRUE(test, kpt_ret_trace.has_caller);
	KUNIT_EXPECT_FALSE(test, kpt_ret_trace.has_trampoline);
}

static struct kunit_case kpt_ret_cases[] = {
	KUNIT_CASE(kpt_test_ret_value),
	KUNIT_CASE(kpt_test_ret_entry_veto),
	KUNIT_CASE(kpt_test_ret_data),
	KUNIT_CASE(kpt_test_ret_maxactive),
	KUNIT_CASE(kpt_test_ret_missed_skips_entry),
	KUNIT_CASE(kpt_test_ret_cap_exact),
	KUNIT_CASE(kpt_test_ret_deep_ftrace),
	KUNIT_CASE(kpt_test_ret_deep_int3),
	KUNIT_CASE(kpt_test_ret_shared),
	KUNIT_CASE(kpt_test_ret_shared_ftrace),
	KUNIT_CASE(kpt_test_ret_batch),
	KUNIT_CASE(kpt_test_ret_twice),
	KUNIT_CASE(kpt_test_ret_refused),
	KUNIT_CASE(kpt_test_ret_disable),
	KUNIT_CASE(kpt_test_ret_unreturned),
	KUNIT_CASE(kpt_test_ret_stacktrace),
	{}
};

static struct kunit_suite kpt_ret_suite = {
	.name = "kprobes_kretprobe",
	.test_cases = kpt_ret_cases,
};

kunit_test_suite(kpt_ret_suite);
