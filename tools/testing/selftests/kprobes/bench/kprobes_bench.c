// SPDX-License-Identifier: GPL-2.0
/*
 * kprobes_bench - what kprobes cost, measured from inside the kernel.
 *
 * All the work runs from module_init, in a fixed order and with nothing
 * random, so that under QEMU -icount shift=0,sleep=off (one ns is one guest
 * instruction) the figures repeat exactly. The module stays loaded; rmmod
 * unregisters whatever is left.
 *
 * hit.*  Extra ns per call of kpb_hit_target() over the bare call
 *        (hit.baseline_per_call), with in turn: a kprobe on the entry (an
 *        ftrace site), an int3 kprobe with a post_handler on the first body
 *        instruction, a kprobe there left to the jump optimizer, a
 *        kretprobe, one with maxactive 8, a kprobe plus a kretprobe, and
 *        (ours only) a jprobe
 *        on the entry. Also each nmissed.
 *        The names are x86's; on arm64 every probe is a BRK, on riscv
 *        an EBREAK, and none is optimized.
 * reg.*  ns to register and to unregister n kprobes on n distinct generated
 *        functions (kpb_targets.h), on their entry or in their body, with
 *        n register_kprobe() calls ("single") or one register_kprobes()
 *        ("batch"). Single runs first: the body offsets it settles on are
 *        reused by batch. Then a batch of kretprobes.
 * mem.*  sizeof(struct kprobe), sizeof(struct kretprobe_instance) and the
 *        unreclaimable slab bytes per probe of the largest entry batch.
 *
 * Output, one line per figure: "kpbench: <name> <value>", a failure as
 * "kpbench: error <name> <errno>", between "kpbench: start" and
 * "kpbench: done". quick=1 makes 10000 hits and only n = 1000 probes.
 */

#define pr_fmt(fmt) "kpbench: " fmt

#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmstat.h>

#include "kpb_targets.h"

#define KPB_HITS	100000
#define KPB_QUICK_HITS	10000
#define KPB_KRET_PROBES	1000
#ifdef CONFIG_X86
#define KPB_BODY_OFF	5	/* just after the 5-byte call __fentry__ */
#define KPB_OFF_STEP	1	/* instructions of any length */
#else
/*
 * Past ftrace's 8 bytes: arm64's two NOPs, riscv's call site.  arm64's
 * instructions are 4 bytes; riscv's are 2 or 4, and an offset inside one
 * is refused and the next one tried.
 */
#define KPB_BODY_OFF	8
#define KPB_OFF_STEP	4
#endif
#define KPB_MAX_OFF	(KPB_BODY_OFF + 4 * KPB_OFF_STEP)
#define KPB_OPT_WAIT_MS	1000	/* let the kprobe optimizer run */
#define KPB_SETTLE_MS	200	/* let deferred work finish between figures */
#define KPB_OP_INT3	0xcc
#define KPB_OP_JMP32	0xe9

static bool quick;
module_param(quick, bool, 0444);
MODULE_PARM_DESC(quick, "10000 hits and only the n = 1000 registrations");

static bool boost_only;
module_param(boost_only, bool, 0444);
MODULE_PARM_DESC(boost_only,
		 "only hit.int3_boost: a body probe without post_handler; load with jump optimization off");

static unsigned int kpb_hits;
static u64 kpb_base_ns;
static unsigned int kpb_sink;

/* Body offset used for each target; raised when a probe there is refused. */
static u8 kpb_body_off[ARRAY_SIZE(kpb_targets)];

/* The probes of the hit figures; kpb_exit() removes them if still there. */
static struct kprobe kpb_kp;
static struct kretprobe kpb_rp;
static bool kpb_kp_on;
static bool kpb_rp_on;

/* A set of kprobes for the registration figures. */
struct kpb_set {
	bool body;
	int n;
	struct kprobe *kps;
	struct kprobe **ptrs;
};

/* Output */

static __printf(3, 0) void kpb_vline(const char *kind, s64 val,
				     const char *fmt, va_list args)
{
	char name[64];

	vsnprintf(name, sizeof(name), fmt, args);
	pr_info("%s%s %lld\n", kind, name, val);
}

static __printf(2, 3) void kpb_fig(s64 val, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	kpb_vline("", val, fmt, args);
	va_end(args);
}

static __printf(2, 3) void kpb_err(int err, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	kpb_vline("error ", err, fmt, args);
	va_end(args);
}

static void kpb_settle(void)
{
	msleep(KPB_SETTLE_MS);
}

/* Empty handlers */

static int kpb_pre(struct kprobe *p, struct pt_regs *regs)
{
	return 0;
}

static void kpb_post(struct kprobe *p, struct pt_regs *regs,
		     unsigned long flags)
{
}

static int kpb_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return 0;
}

/* Registration helpers */

static void kpb_kp_init(struct kprobe *p, unsigned long addr, bool post)
{
	memset(p, 0, sizeof(*p));
	p->addr = (kprobe_opcode_t *)addr;
	p->pre_handler = kpb_pre;
	if (post)
		p->post_handler = kpb_post;
}

static bool kpb_refused(int ret)
{
	return ret == -EILSEQ || ret == -EINVAL;
}

/*
 * A probe on @fn + *@off in the body was refused with @ret: move on by
 * KPB_OFF_STEP up to KPB_MAX_OFF, until an instruction there is taken.
 */
static int kpb_reg_retry(struct kprobe *p, unsigned long fn, u8 *off, int ret)
{
	bool post = p->post_handler;

	while (kpb_refused(ret) && *off < KPB_MAX_OFF) {
		*off += KPB_OFF_STEP;
		kpb_kp_init(p, fn + *off, post);
		ret = register_kprobe(p);
	}
	return ret;
}

/* Per-hit cost */

static noinline unsigned int kpb_hit_target(unsigned int x)
{
	barrier();	/* a side effect: calls stay in place and in order */
	return (x ^ 0x5a5a5a5a) * 3 + 7;
}

/*
 * Interrupts are off while timing, so that no timer or device interrupt
 * on this CPU lands in the measured window. What the other vCPU runs
 * meanwhile still advances QEMU's icount clock, which is global: figures
 * repeat within about one instruction per hit, not exactly.
 */
static u64 kpb_hit_loop(unsigned int n)
{
	unsigned int i, acc = 0;
	unsigned long flags;
	u64 t0, t1;

	local_irq_save(flags);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++)
		acc += kpb_hit_target(i);
	t1 = ktime_get_ns();
	local_irq_restore(flags);
	WRITE_ONCE(kpb_sink, acc);
	return t1 - t0;
}

/* Register kpb_kp on kpb_hit_target + *@off; a body offset may move on. */
static int kpb_kp_arm(u8 *off, bool post, const char *name)
{
	unsigned long fn = (unsigned long)kpb_hit_target;
	int ret;

	kpb_kp_init(&kpb_kp, fn + *off, post);
	ret = register_kprobe(&kpb_kp);
	if (ret && *off)
		ret = kpb_reg_retry(&kpb_kp, fn, off, ret);
	if (ret) {
		kpb_err(ret, "hit.%s", name);
		return ret;
	}
	kpb_kp_on = true;
	return 0;
}

static void kpb_kp_disarm(void)
{
	if (kpb_kp_on)
		unregister_kprobe(&kpb_kp);
	kpb_kp_on = false;
}

/* A kretprobe on the target; @maxactive as register_kretprobe() takes it. */
static int kpb_rp_arm_cap(const char *name, int maxactive)
{
	int ret;

	memset(&kpb_rp, 0, sizeof(kpb_rp));
	kpb_rp.kp.addr = (kprobe_opcode_t *)kpb_hit_target;
	kpb_rp.handler = kpb_ret;
	kpb_rp.maxactive = maxactive;
	ret = register_kretprobe(&kpb_rp);
	if (ret) {
		kpb_err(ret, "hit.%s", name);
		return ret;
	}
	kpb_rp_on = true;
	return 0;
}

static int kpb_rp_arm(const char *name)
{
	return kpb_rp_arm_cap(name, 0);
}

static void kpb_rp_disarm(void)
{
	if (kpb_rp_on)
		unregister_kretprobe(&kpb_rp);
	kpb_rp_on = false;
}

/* Time the calls with what is armed now; print extra ns per call, nmissed. */
static void kpb_hit_measure(const char *name)
{
	s64 extra = (s64)kpb_hit_loop(kpb_hits) - (s64)kpb_base_ns;
	s64 nmissed = 0;

	if (kpb_kp_on)
		nmissed += kpb_kp.nmissed;
	if (kpb_rp_on)
		nmissed += kpb_rp.nmissed + kpb_rp.kp.nmissed;
	kpb_fig(div_s64(extra, kpb_hits), "hit.%s", name);
	kpb_fig(nmissed, "hit.%s.nmissed", name);
}

/*
 * 1 optimized, 0 not (always so without optprobes), -1 unknown.
 * Upstream keeps KPROBE_FLAG_OPTIMIZED on its internal aggregate probe
 * rather than on ours, so on x86 also look at the probed byte: a jmp
 * rel32 there is a jump, an int3 is not.
 */
static int kpb_opt_state(void)
{
	u8 op;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return 0;
#ifdef KPROBE_FLAG_OPTIMIZED
	if (kpb_kp.flags & KPROBE_FLAG_OPTIMIZED)
		return 1;
#endif
	if (!IS_ENABLED(CONFIG_X86) ||
	    copy_from_kernel_nofault(&op, kpb_kp.addr, sizeof(op)))
		return -1;
	if (op == KPB_OP_JMP32)
		return 1;
	return op == KPB_OP_INT3 ? 0 : -1;
}

static void kpb_hit_optimized(u8 off)
{
	kpb_settle();
	if (kpb_kp_arm(&off, false, "optimized"))
		return;
	msleep(KPB_OPT_WAIT_MS);
	kpb_fig(kpb_opt_state(), "hit.optimized.state");
	kpb_hit_measure("optimized");
	kpb_kp_disarm();
}

static void kpb_hit_kretprobes(void)
{
	u8 off = 0;

	kpb_settle();
	if (!kpb_rp_arm("kretprobe"))
		kpb_hit_measure("kretprobe");
	kpb_rp_disarm();

	/* A cap, as "r8:" in kprobe_events asks for. */
	kpb_settle();
	if (!kpb_rp_arm_cap("kretprobe_cap8", 8))
		kpb_hit_measure("kretprobe_cap8");
	kpb_rp_disarm();

	kpb_settle();
	if (!kpb_kp_arm(&off, false, "kprobe_kretprobe") &&
	    !kpb_rp_arm("kprobe_kretprobe"))
		kpb_hit_measure("kprobe_kretprobe");
	kpb_rp_disarm();
	kpb_kp_disarm();
}

/*
 * A jprobe on the entry: the entry probe plus a call of a function with
 * the probed one's arguments.  Only our kprobes has jprobes; its
 * <linux/kprobes.h> defines JPROBE_MAX_ARGS, and on a kernel without them
 * the row is simply absent.
 */
#ifdef JPROBE_MAX_ARGS
static void kpb_jp_entry(unsigned int x)
{
	WRITE_ONCE(kpb_sink, x);
}

static struct jprobe kpb_jp;

static void kpb_hit_jprobe(void)
{
	s64 extra;
	int ret;

	memset(&kpb_jp, 0, sizeof(kpb_jp));
	kpb_jp.kp.addr = (kprobe_opcode_t *)kpb_hit_target;
	kpb_jp.entry = kpb_jp_entry;
	ret = register_jprobe(&kpb_jp);
	if (ret) {
		kpb_err(ret, "hit.jprobe");
		return;
	}
	kpb_settle();
	extra = (s64)kpb_hit_loop(kpb_hits) - (s64)kpb_base_ns;
	kpb_fig(div_s64(extra, kpb_hits), "hit.jprobe");
	kpb_fig(kpb_jp.kp.nmissed, "hit.jprobe.nmissed");
	unregister_jprobe(&kpb_jp);
}
#else
static void kpb_hit_jprobe(void)
{
}
#endif

static void kpb_hit_cases(void)
{
	u8 off = 0;

	kpb_settle();
	kpb_base_ns = kpb_hit_loop(kpb_hits);
	kpb_fig(kpb_hits, "hit.calls");
	kpb_fig(div_u64(kpb_base_ns, kpb_hits), "hit.baseline_per_call");

	kpb_settle();
	if (!kpb_kp_arm(&off, false, "entry_ftrace"))
		kpb_hit_measure("entry_ftrace");
	kpb_kp_disarm();

	kpb_settle();
	off = KPB_BODY_OFF;
	if (!kpb_kp_arm(&off, true, "int3_post")) {
		kpb_fig(off, "hit.int3_post.offset");
		kpb_hit_measure("int3_post");
	}
	kpb_kp_disarm();

	kpb_hit_optimized(off);
	kpb_hit_kretprobes();

	kpb_settle();
	kpb_hit_jprobe();
}

/*
 * A body probe without post_handler, loaded while jump optimization is
 * off (/proc/sys/debug/kprobes-optimization = 0, set by the caller): the
 * int3 path with the instruction run out of line without a second trap,
 * where the architecture can do that. hit.int3_boost.state must read 0.
 */
static void kpb_hit_boost(void)
{
	u8 off = KPB_BODY_OFF;

	kpb_settle();
	kpb_base_ns = kpb_hit_loop(kpb_hits);
	kpb_settle();
	if (kpb_kp_arm(&off, false, "int3_boost")) {
		kpb_fig(off, "hit.int3_boost.offset");
		return;
	}
	kpb_fig(off, "hit.int3_boost.offset");
	kpb_hit_measure("int3_boost");
	kpb_fig(kpb_opt_state(), "hit.int3_boost.state");
	kpb_kp_disarm();
}

/* Registration and unregistration of many kprobes */

static const char *kpb_place(const struct kpb_set *s)
{
	return s->body ? "body" : "entry";
}

static void kpb_set_fill(struct kpb_set *s)
{
	unsigned long fn;
	int i;

	for (i = 0; i < s->n; i++) {
		fn = (unsigned long)kpb_targets[i];
		if (s->body)
			fn += kpb_body_off[i];
		kpb_kp_init(&s->kps[i], fn, false);
		s->ptrs[i] = &s->kps[i];
	}
}

/*
 * Unreclaimable slab in bytes: the global count plus every CPU's change
 * not yet folded into it (the vmstat worker folds those about once a
 * second, so the global count alone lags by up to a few hundred pages).
 */
static unsigned long kpb_slab_bytes(void)
{
	long pages = global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B);
	struct per_cpu_nodestat *pcp;
	int nid, cpu;

	for_each_online_node(nid) {
		for_each_online_cpu(cpu) {
			pcp = per_cpu_ptr(NODE_DATA(nid)->per_cpu_nodestats,
					  cpu);
			pages += READ_ONCE(pcp->vm_node_stat_diff[NR_SLAB_UNRECLAIMABLE_B]);
		}
	}
	return max(pages, 0L) * PAGE_SIZE;
}

static void kpb_mem_fig(unsigned long before, unsigned long after, int n)
{
	s64 delta = (long)(after - before);

	kpb_fig(delta, "mem.slab_delta_bytes");
	kpb_fig(div_s64(delta, n), "mem.per_probe_bytes");
}

/*
 * register_kprobes() failed and undid its work. Find the probe it stopped
 * at by registering them one by one (not timed), then undo that as well.
 */
static void kpb_batch_fail(struct kpb_set *s, int err)
{
	int i, ret = 0;

	kpb_err(err, "reg.%s.%d.batch.register", kpb_place(s), s->n);
	kpb_set_fill(s);
	for (i = 0; i < s->n; i++) {
		ret = register_kprobe(s->ptrs[i]);
		if (ret)
			break;
	}
	if (i > 0)
		unregister_kprobes(s->ptrs, i);
	kpb_fig(ret ? i : -1, "reg.%s.%d.batch.fail_index", kpb_place(s), s->n);
}

static void kpb_reg_batch(struct kpb_set *s, bool mem)
{
	unsigned long slab0, slab1;
	u64 t0, t1;
	int ret;

	kpb_settle();
	kpb_set_fill(s);
	/* Memory that earlier figures left to RCU callbacks is gone first. */
	if (mem)
		rcu_barrier();
	slab0 = kpb_slab_bytes();
	t0 = ktime_get_ns();
	ret = register_kprobes(s->ptrs, s->n);
	t1 = ktime_get_ns();
	slab1 = kpb_slab_bytes();
	if (ret) {
		kpb_batch_fail(s, ret);
		return;
	}
	kpb_fig(t1 - t0, "reg.%s.%d.batch.register_ns", kpb_place(s), s->n);
	if (mem)
		kpb_mem_fig(slab0, slab1, s->n);

	t0 = ktime_get_ns();
	unregister_kprobes(s->ptrs, s->n);
	t1 = ktime_get_ns();
	kpb_fig(t1 - t0, "reg.%s.%d.batch.unregister_ns", kpb_place(s), s->n);
}

/* n register_kprobe() calls; a refused body offset moves on (kpb_reg_retry) */
static int kpb_reg_each(struct kpb_set *s, int *failed)
{
	int i, ret = 0;

	for (i = 0; i < s->n; i++) {
		ret = register_kprobe(s->ptrs[i]);
		if (ret && s->body)
			ret = kpb_reg_retry(s->ptrs[i],
					    (unsigned long)kpb_targets[i],
					    &kpb_body_off[i], ret);
		if (ret)
			break;
		cond_resched();
	}
	*failed = i;
	return ret;
}

static void kpb_reg_single(struct kpb_set *s)
{
	u64 t0, t1;
	int i, ret;

	kpb_settle();
	kpb_set_fill(s);
	t0 = ktime_get_ns();
	ret = kpb_reg_each(s, &i);
	t1 = ktime_get_ns();
	if (ret) {
		kpb_err(ret, "reg.%s.%d.single.register", kpb_place(s), s->n);
		kpb_fig(i, "reg.%s.%d.single.fail_index", kpb_place(s), s->n);
		if (i > 0)
			unregister_kprobes(s->ptrs, i);
		return;
	}
	kpb_fig(t1 - t0, "reg.%s.%d.single.register_ns", kpb_place(s), s->n);

	t0 = ktime_get_ns();
	for (i = 0; i < s->n; i++) {
		unregister_kprobe(s->ptrs[i]);
		cond_resched();
	}
	t1 = ktime_get_ns();
	kpb_fig(t1 - t0, "reg.%s.%d.single.unregister_ns", kpb_place(s), s->n);
}

static void kpb_reg_case(bool body, int n, bool mem)
{
	struct kpb_set s = { .body = body, .n = n };

	s.kps = kvcalloc(n, sizeof(*s.kps), GFP_KERNEL);
	s.ptrs = kvcalloc(n, sizeof(*s.ptrs), GFP_KERNEL);
	if (s.kps && s.ptrs) {
		kpb_reg_single(&s);
		kpb_reg_batch(&s, mem);
	} else {
		kpb_err(-ENOMEM, "reg.%s.%d.alloc", kpb_place(&s), n);
	}
	kvfree(s.ptrs);
	kvfree(s.kps);
}

/* Registration and unregistration of many kretprobes */

static void kpb_kret_fill(struct kretprobe *rps, struct kretprobe **ptrs,
			  int n)
{
	int i;

	memset(rps, 0, n * sizeof(*rps));
	for (i = 0; i < n; i++) {
		rps[i].kp.addr = (kprobe_opcode_t *)kpb_targets[i];
		rps[i].handler = kpb_ret;
		ptrs[i] = &rps[i];
	}
}

/* As kpb_batch_fail(), for register_kretprobes(). */
static void kpb_kret_fail(struct kretprobe *rps, struct kretprobe **ptrs,
			  int n, int err)
{
	int i, ret = 0;

	kpb_err(err, "reg.kretprobe.%d.batch.register", n);
	kpb_kret_fill(rps, ptrs, n);
	for (i = 0; i < n; i++) {
		ret = register_kretprobe(ptrs[i]);
		if (ret)
			break;
	}
	if (i > 0)
		unregister_kretprobes(ptrs, i);
	kpb_fig(ret ? i : -1, "reg.kretprobe.%d.batch.fail_index", n);
}

static void kpb_reg_kretprobes(int n)
{
	struct kretprobe *rps = kvcalloc(n, sizeof(*rps), GFP_KERNEL);
	struct kretprobe **ptrs = kvcalloc(n, sizeof(*ptrs), GFP_KERNEL);
	u64 t0, t1;
	int ret;

	if (!rps || !ptrs) {
		kpb_err(-ENOMEM, "reg.kretprobe.%d.alloc", n);
		goto out;
	}
	kpb_settle();
	kpb_kret_fill(rps, ptrs, n);
	t0 = ktime_get_ns();
	ret = register_kretprobes(ptrs, n);
	t1 = ktime_get_ns();
	if (ret) {
		kpb_kret_fail(rps, ptrs, n, ret);
		goto out;
	}
	kpb_fig(t1 - t0, "reg.kretprobe.%d.batch.register_ns", n);

	t0 = ktime_get_ns();
	unregister_kretprobes(ptrs, n);
	t1 = ktime_get_ns();
	kpb_fig(t1 - t0, "reg.kretprobe.%d.batch.unregister_ns", n);
out:
	kvfree(ptrs);
	kvfree(rps);
}

static void kpb_reg_cases(void)
{
	static const int sizes[] = { 1000, 10000 };
	int i, n, nr = quick ? 1 : ARRAY_SIZE(sizes);

	for (i = 0; i < nr; i++) {
		n = min_t(int, sizes[i], ARRAY_SIZE(kpb_targets));
		/* the memory figure comes from the largest entry batch */
		kpb_reg_case(false, n, i == nr - 1);
		kpb_reg_case(true, n, false);
	}
	kpb_reg_kretprobes(min_t(int, KPB_KRET_PROBES, ARRAY_SIZE(kpb_targets)));
}

/* Module */

static int __init kpb_init(void)
{
	pr_info("start\n");
	kpb_hits = quick ? KPB_QUICK_HITS : KPB_HITS;
	memset(kpb_body_off, KPB_BODY_OFF, sizeof(kpb_body_off));
	kpb_fig(sizeof(struct kprobe), "mem.kprobe_struct_bytes");
	kpb_fig(sizeof(struct kretprobe_instance),
		"mem.kretprobe_instance_bytes");

	if (boost_only) {
		kpb_hit_boost();
		pr_info("done\n");
		return 0;
	}
	kpb_hit_cases();
	kpb_reg_cases();
	pr_info("done\n");
	return 0;
}

static void __exit kpb_exit(void)
{
	kpb_rp_disarm();
	kpb_kp_disarm();
}

module_init(kpb_init);
module_exit(kpb_exit);

MODULE_DESCRIPTION("kprobes benchmark: per-hit, (un)registration and memory costs");
MODULE_LICENSE("GPL");
