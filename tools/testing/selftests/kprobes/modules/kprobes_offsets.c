// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_offsets": a probe on every byte of the functions in
 * kprobes_offsets_funcs.S (x86) or arm64/kprobes_offsets_funcs.S (arm64),
 * which kprobes_offsets_runs.c of the same directory calls.  The
 * assembler recorded where each instruction starts, so for every offset
 * the test knows the answer: -EILSEQ inside an instruction, 0 at its
 * start (or the refusal of an instruction kprobes must not touch).  Each
 * accepted probe must fire, with the instruction pointer where the
 * architecture's breakpoint leaves it, while the function, called with
 * inputs that run all of its instructions, still computes the right
 * results.  Done with a pre_handler alone (boostable), with a
 * post_handler too (single-stepped or simulated), and with a probe on
 * every boundary of a function at once.  Finally, where jump optimization
 * is built, every boundary is probed once more with it allowed, and the
 * tables, which also mark branch targets and instructions that must run
 * in place, predict which of the probes the optimizer turns into jumps.
 */
#include <kunit/test.h>
#include <linux/kprobes.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "kprobes_offsets.h"
#include "kprobes_test_arch.h"
#include "kprobes_test_sym.h"
#include "kprobes_test_sysctl.h"

/* Per-offset result of a probe: how often each handler ran. */
struct kpt_counted {
	struct kprobe kp;
	int pre;
	int post;
	int wrong_ip;	/* pre_handler runs that saw another ip */
	const struct kpt_func *f;	/* where the probe is, for messages */
	unsigned int off;
};

/*
 * Counts, and checks the ip every path reports: one past the probe on
 * x86 (after the int3), the probe's own address on arm64 (the BRK).
 */
static int kpt_count_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_counted *c = container_of(kp, struct kpt_counted, kp);

	c->pre++;
	if (instruction_pointer(regs) !=
	    (unsigned long)kp->addr + KPT_HIT_IP_OFFSET)
		c->wrong_ip++;
	return 0;
}

static void kpt_count_post(struct kprobe *kp, struct pt_regs *regs,
			   unsigned long flags)
{
	container_of(kp, struct kpt_counted, kp)->post++;
}

bool kpt_check(struct kunit *test, long got, long want, const char *call)
{
	if (got == want)
		return true;
	KUNIT_FAIL(test, "%s returned %ld, wanted %ld", call, got, want);
	return false;
}

/* The function's size; its bounds table ends with it. */
static unsigned int kpt_size(const struct kpt_func *f)
{
	const u16 *b = f->bounds;

	while (!(*b & KPT_B_END))
		b++;
	return *b & KPT_B_OFFSET;
}

/* 0 inside an instruction, else the table entry of the one at @off. */
static u16 kpt_entry_at(const struct kpt_func *f, unsigned int off)
{
	const u16 *b;

	for (b = f->bounds; !(*b & KPT_B_END); b++)
		if ((*b & KPT_B_OFFSET) == off)
			return *b | KPT_B_END;
	return 0;
}

static int kpt_expected(const struct kpt_func *f, unsigned int off)
{
	u16 e = kpt_entry_at(f, off);

	if (!e)
		return KPT_INSIDE_ERR;
	return (e & KPT_B_REFUSED) ? KPT_REFUSED_ERR : 0;
}

/*
 * Where a probe asked for at @off goes: past the endbr64 that starts the
 * function in kernels built with IBT, else @off itself.
 */
static unsigned int kpt_landing(const struct kpt_func *f, unsigned int off)
{
	return off ? off : kpt_entry_skip(f->start);
}

/*
 * After one run of the exercise function, a probe with @pre hits at @off
 * had its post_handler run once per hit, but for the hit on an instruction
 * that faulted: that one resumes at the fixup, with no post_handler.
 */
static int kpt_posts_expected(const struct kpt_func *f, unsigned int off,
			      int pre)
{
	return (kpt_entry_at(f, kpt_landing(f, off)) & KPT_B_FAULTS) ?
	       pre - 1 : pre;
}

static const struct kpt_func *kpt_param_func(struct kunit *test)
{
	return test->param_value;
}

static void kpt_opt_back_on(void *unused)
{
	kpt_write_sysctl("1");
}

/*
 * Jump optimization off for the rest of the case (and back on after it,
 * as test_offsets.sh left it), so that every probe stays a breakpoint and
 * the breakpoint paths (single-step, boost, emulation) are what runs.
 */
static void kpt_no_jumps(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return;
	KUNIT_ASSERT_EQ(test, kpt_write_sysctl("0"), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, kpt_opt_back_on,
							NULL), 0);
}

/* One probe at a time on every byte of the function. */
static void kpt_each_offset(struct kunit *test, bool post)
{
	const struct kpt_func *f = kpt_param_func(test);
	unsigned int off, size = kpt_size(f);
	struct kpt_counted c;
	int ret, want;

	kpt_no_jumps(test);

	for (off = 0; off < size; off++) {
		memset(&c, 0, sizeof(c));
		c.kp.addr = (kprobe_opcode_t *)(f->start + off);
		c.kp.pre_handler = kpt_count_pre;
		if (post)
			c.kp.post_handler = kpt_count_post;
		want = kpt_expected(f, off);
		ret = register_kprobe(&c.kp);
		KUNIT_EXPECT_EQ_MSG(test, ret, want, "%s+%u", f->name, off);
		if (ret)
			continue;
		KUNIT_EXPECT_FALSE(test, kprobe_optimized(&c.kp));
		if (!want)
			KUNIT_EXPECT_TRUE_MSG(test, f->exercise(test),
					      "with a probe at %s+%u", f->name,
					      off);
		unregister_kprobe(&c.kp);
		if (want)
			continue;
		KUNIT_EXPECT_GT_MSG(test, c.pre, 0, "%s+%u", f->name, off);
		KUNIT_EXPECT_EQ_MSG(test, c.wrong_ip, 0, "ip seen at %s+%u",
				    f->name, off);
		if (post)
			KUNIT_EXPECT_EQ_MSG(test, c.post,
					    kpt_posts_expected(f, off, c.pre),
					    "%s+%u", f->name, off);
		else
			KUNIT_EXPECT_EQ(test, c.post, 0);
		KUNIT_EXPECT_EQ_MSG(test, c.kp.nmissed, 0, "%s+%u",
				    f->name, off);
	}
	/* And the function is intact afterwards. */
	KUNIT_EXPECT_TRUE(test, f->exercise(test));
}

static void kpt_test_pre_only(struct kunit *test)
{
	kpt_each_offset(test, false);
}

static void kpt_test_pre_post(struct kunit *test)
{
	kpt_each_offset(test, true);
}

/*
 * A probe on every boundary at once; meanwhile every other offset must
 * still be found to be inside an instruction although the code now holds
 * breakpoints.
 */
static void kpt_test_all_at_once(struct kunit *test)
{
	const struct kpt_func *f = kpt_param_func(test);
	unsigned int off, n = 0, size = kpt_size(f);
	struct kpt_counted *c, extra;
	struct kprobe **kps;
	int i;

	c = kunit_kcalloc(test, size, sizeof(*c), GFP_KERNEL);
	kps = kunit_kcalloc(test, size, sizeof(*kps), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, kps);
	for (off = 0; off < size; off++) {
		if (kpt_expected(f, off))
			continue;
		c[n].kp.addr = (kprobe_opcode_t *)(f->start + off);
		c[n].kp.pre_handler = kpt_count_pre;
		c[n].kp.post_handler = kpt_count_post;
		kps[n] = &c[n].kp;
		n++;
	}
	KUNIT_ASSERT_EQ(test, register_kprobes(kps, n), 0);

	for (off = 0; off < size; off++) {
		if (!kpt_expected(f, off))
			continue;
		memset(&extra, 0, sizeof(extra));
		extra.kp.addr = (kprobe_opcode_t *)(f->start + off);
		extra.kp.pre_handler = kpt_count_pre;
		KUNIT_EXPECT_EQ_MSG(test, register_kprobe(&extra.kp),
				    kpt_expected(f, off), "%s+%u", f->name, off);
	}
	KUNIT_EXPECT_TRUE_MSG(test, f->exercise(test),
			      "with a probe on every boundary of %s", f->name);
	unregister_kprobes(kps, n);

	for (i = 0; i < n; i++) {
		off = (unsigned long)c[i].kp.addr - (unsigned long)f->start;
		KUNIT_EXPECT_GT_MSG(test, c[i].pre, 0, "%s+%u", f->name, off);
		KUNIT_EXPECT_EQ_MSG(test, c[i].post,
				    kpt_posts_expected(f, off, c[i].pre),
				    "%s+%u", f->name, off);
	}
	KUNIT_EXPECT_TRUE(test, f->exercise(test));
}

/* The bytes of a jump that replaces an optimized probe's breakpoint. */
#define KPT_JMP_SIZE		5
/* More than the most a jump covers: 4 bytes plus a 15-byte instruction. */
#define KPT_OPT_SPACING		20

static bool kpt_has_indirect(const struct kpt_func *f)
{
	const u16 *b;

	for (b = f->bounds; !(*b & KPT_B_END); b++)
		if (*b & KPT_B_INDIRECT)
			return true;
	return false;
}

/*
 * Should a lone probe without a post_handler at the boundary @off become
 * a jump?  Only if the instructions the jump overwrites all lie in the
 * function, may all run elsewhere, and no branch lands on any of them but
 * the first; and never in a function with an indirect jump, whose targets
 * are unknown.  Where the jump replaces the probed instruction alone
 * (KPT_OPT_ONE_INSN), every instruction kprobes takes becomes one.
 */
static bool kpt_opt_expected(const struct kpt_func *f, unsigned int off)
{
	const u16 *b = f->bounds;

	if (KPT_OPT_ONE_INSN)
		return !(kpt_entry_at(f, kpt_landing(f, off)) & KPT_B_REFUSED);
	if (kpt_has_indirect(f))
		return false;
	off = kpt_landing(f, off);
	while ((*b & KPT_B_OFFSET) < off)
		b++;
	for (; !(*b & KPT_B_END); b++) {
		unsigned int at = *b & KPT_B_OFFSET;

		if (at >= off + KPT_JMP_SIZE)
			break;
		if (*b & (KPT_B_FIXED | KPT_B_REFUSED))
			return false;
		if (at != off && (*b & KPT_B_TARGET))
			return false;
	}
	return (*b & KPT_B_OFFSET) >= off + KPT_JMP_SIZE;
}

/* Probe the boundaries at @round, @round + KPT_OPT_SPACING, ... of all. */
static unsigned int kpt_opt_setup(struct kpt_counted *c, struct kprobe **kps,
				  unsigned int round)
{
	unsigned int i, off, n = 1;

	memset(&c[0], 0, sizeof(c[0]));
	c[0].kp.addr = (kprobe_opcode_t *)kpt_off_canary;
	c[0].kp.pre_handler = kpt_count_pre;
	kps[0] = &c[0].kp;

	for (i = 0; i < kpt_nr_funcs; i++) {
		const struct kpt_func *f = &kpt_funcs[i];

		for (off = round; off < kpt_size(f); off += KPT_OPT_SPACING) {
			if (kpt_expected(f, off))
				continue;
			memset(&c[n], 0, sizeof(c[n]));
			c[n].kp.addr = (kprobe_opcode_t *)(f->start + off);
			c[n].kp.pre_handler = kpt_count_pre;
			c[n].f = f;
			c[n].off = off;
			kps[n] = &c[n].kp;
			n++;
		}
	}
	return n;
}

#ifdef KPROBES_TEST_UPSTREAM
/*
 * Upstream does not export wait_for_kprobe_optimizer().  Its optimizer
 * takes the queued probes in queue order, up to 256 at a time, so once
 * the canary, registered first, is optimized, a round this size is done.
 */
static void kpt_wait_optimized(struct kprobe *canary)
{
	unsigned int ms;

	for (ms = 0; !kprobe_optimized(canary) && ms < 10000; ms += 20)
		msleep(20);
}
#else
static void kpt_wait_optimized(struct kprobe *canary)
{
	wait_for_kprobe_optimizer();
}
#endif

static void kpt_opt_round(struct kunit *test, struct kpt_counted *c,
			  struct kprobe **kps, unsigned int round)
{
	unsigned int i, n = kpt_opt_setup(c, kps, round);

	KUNIT_ASSERT_EQ(test, register_kprobes(kps, n), 0);
	/* Every site of the batch that can be optimized is, after this. */
	kpt_wait_optimized(&c[0].kp);
	if (!kprobe_optimized(&c[0].kp)) {
		KUNIT_FAIL(test, "round %u: the canary was not optimized",
			   round);
		unregister_kprobes(kps, n);
		return;
	}

	for (i = 1; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, kprobe_optimized(&c[i].kp),
				    kpt_opt_expected(c[i].f, c[i].off),
				    "is %s+%u optimized", c[i].f->name,
				    c[i].off);
	for (i = 0; i < kpt_nr_funcs; i++)
		KUNIT_EXPECT_TRUE_MSG(test, kpt_funcs[i].exercise(test),
				      "%s in round %u", kpt_funcs[i].name,
				      round);
	KUNIT_EXPECT_EQ(test, kpt_off_canary(4), 7);
	unregister_kprobes(kps, n);

	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_GT_MSG(test, c[i].pre, 0, "%s+%u",
				    c[i].f ? c[i].f->name : "canary", c[i].off);
		KUNIT_EXPECT_EQ_MSG(test, c[i].wrong_ip, 0, "ip seen at %s+%u",
				    c[i].f ? c[i].f->name : "canary", c[i].off);
		KUNIT_EXPECT_EQ_MSG(test, c[i].kp.nmissed, 0, "%s+%u",
				    c[i].f ? c[i].f->name : "canary", c[i].off);
	}
}

/* The test functions as loaded, before any case probed them. */
static u8 **kpt_orig;

/* How long the core may leave an idle site armed after unregistration. */
#define KPT_RECLAIM_WAIT_MS	5000

/*
 * unregister_kprobe() of the last probe at an address leaves the site
 * armed without probes; a worker restores the code a little later
 * (kernel/kprobes/idle_reclaim.c).  Wait for that, within a bound; the caller
 * then compares.
 */
static void kpt_wait_restored(const void *text, const u8 *orig, size_t len)
{
	unsigned int waited;

	for (waited = 0; waited < KPT_RECLAIM_WAIT_MS; waited += 10) {
		if (!memcmp(text, orig, len))
			return;
		usleep_range(10000, 11000);
	}
}

/*
 * Every boundary with optimization allowed (test_offsets.sh sets the
 * sysctl): the probes the tables predict are optimized, no other is, the
 * functions compute the same results, every probe fires, and the code is
 * byte for byte the original once the probes are gone.
 */
static void kpt_test_optimized(struct kunit *test)
{
	unsigned int i, round, most = 1;
	struct kpt_counted *c;
	struct kprobe **kps;

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		kunit_skip(test, "jump optimization is not built");

	KUNIT_ASSERT_NOT_NULL(test, kpt_orig);
	for (i = 0; i < kpt_nr_funcs; i++) {
		most += kpt_size(&kpt_funcs[i]) / KPT_OPT_SPACING + 1;
		KUNIT_ASSERT_NOT_NULL(test, kpt_orig[i]);
	}
	c = kunit_kcalloc(test, most, sizeof(*c), GFP_KERNEL);
	kps = kunit_kcalloc(test, most, sizeof(*kps), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, kps);

	for (round = 0; round < KPT_OPT_SPACING; round++)
		kpt_opt_round(test, c, kps, round);

	for (i = 0; i < kpt_nr_funcs; i++) {
		kpt_wait_restored(kpt_funcs[i].start, kpt_orig[i],
				  kpt_size(&kpt_funcs[i]));
		KUNIT_EXPECT_MEMEQ_MSG(test, kpt_funcs[i].start, kpt_orig[i],
				       kpt_size(&kpt_funcs[i]),
				       "%s after unregistration",
				       kpt_funcs[i].name);
	}
}

/* The parameters of a case: every function of kpt_funcs[] in turn. */
static const void *kpt_funcs_gen_params(const void *prev, char *desc)
{
	const struct kpt_func *f = prev;

	f = f ? f + 1 : kpt_funcs;
	if (f >= kpt_funcs + kpt_nr_funcs)
		return NULL;
	strscpy(desc, f->name, KUNIT_PARAM_DESC_SIZE);
	return f;
}

/*
 * The tables must describe what the assembler really emitted: increasing
 * offsets from 0 up to a size that kallsyms agrees with (give or take the
 * alignment padding).
 */
static void kpt_test_tables(struct kunit *test)
{
	const struct kpt_func *f = kpt_param_func(test);
	unsigned long ks = kpt_sym_size(f->start, f->name);
	const u16 *b;
	u16 prev = 0;

	KUNIT_EXPECT_EQ(test, f->bounds[0] & KPT_B_OFFSET, 0);
	for (b = f->bounds + 1; !(*b & KPT_B_END); b++) {
		KUNIT_EXPECT_GT(test, *b & KPT_B_OFFSET, prev & KPT_B_OFFSET);
		prev = *b;
	}
	KUNIT_EXPECT_GT(test, kpt_size(f), prev & KPT_B_OFFSET);
	KUNIT_EXPECT_GE(test, ks, kpt_size(f));
	KUNIT_EXPECT_LT(test, ks, kpt_size(f) + KPT_FUNC_ALIGN);
}

static struct kunit_case kpt_offsets_cases[] = {
	KUNIT_CASE_PARAM(kpt_test_tables, kpt_funcs_gen_params),
	KUNIT_CASE_PARAM(kpt_test_pre_only, kpt_funcs_gen_params),
	KUNIT_CASE_PARAM(kpt_test_pre_post, kpt_funcs_gen_params),
	KUNIT_CASE_PARAM(kpt_test_all_at_once, kpt_funcs_gen_params),
	KUNIT_CASE_SLOW(kpt_test_optimized),
	{}
};

static int kpt_offsets_suite_init(struct kunit_suite *suite)
{
	unsigned int i;

	kpt_orig = kcalloc(kpt_nr_funcs, sizeof(*kpt_orig), GFP_KERNEL);
	if (!kpt_orig)
		return 0;
	for (i = 0; i < kpt_nr_funcs; i++)
		kpt_orig[i] = kmemdup(kpt_funcs[i].start,
				      kpt_size(&kpt_funcs[i]), GFP_KERNEL);
	return 0;
}

static void kpt_offsets_suite_exit(struct kunit_suite *suite)
{
	unsigned int i;

	for (i = 0; kpt_orig && i < kpt_nr_funcs; i++)
		kfree(kpt_orig[i]);
	kfree(kpt_orig);
	kpt_orig = NULL;
}

static struct kunit_suite kpt_offsets_suite = {
	.name = "kprobes_offsets",
	.suite_init = kpt_offsets_suite_init,
	.suite_exit = kpt_offsets_suite_exit,
	.test_cases = kpt_offsets_cases,
};

kunit_test_suite(kpt_offsets_suite);

MODULE_DESCRIPTION("KUnit test: a kprobe on every offset of varied code");
MODULE_LICENSE("GPL");
