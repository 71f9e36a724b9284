// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_api": registration, errors, handler order and
 * counts, redirection, recursion, batches and disabling, through the
 * exported kprobes API.  Every errno is checked exactly.
 *
 * Probes go on the functions of kprobes_api_funcs.S (known instruction
 * boundaries) and on functions of the module kprobes_target, which the
 * test script loads first.  Handlers only count and record; the checks
 * happen in the test body afterwards.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "kprobes_api.h"

#define KPT_MAX_ORDER	16

/* A probe with the counters its handlers fill in. */
struct kpt_probe {
	struct kprobe kp;
	int id;
	int pre;
	int post;
	unsigned long pre_ip;
	unsigned long post_ip;
	long nested;		/* what a nested call returned */
	unsigned long new_ip;	/* where a redirecting handler jumps */
};

/* Handler ids in the order they ran: pre as id, post as 100 + id. */
static int kpt_order[KPT_MAX_ORDER];
static int kpt_norder;

/* Handler runs that found preemption enabled (there must be none). */
static atomic_t kpt_preemptible;

static void kpt_unregister_action(void *kp)
{
	unregister_kprobe(kp);
}

static void kpt_unregister_ret_action(void *rp)
{
	unregister_kretprobe(rp);
}

/* register_kprobe() that unregisters again when the test ends. */
int kpt_register(struct kunit *test, struct kprobe *kp)
{
	int ret = register_kprobe(kp);

	if (ret)
		return ret;
	return kunit_add_action_or_reset(test, kpt_unregister_action, kp);
}

/* Unregister a probe registered with kpt_register() now. */
void kpt_unregister(struct kunit *test, struct kprobe *kp)
{
	kunit_release_action(test, kpt_unregister_action, kp);
}

/* register_kretprobe() that unregisters again when the test ends. */
int kpt_register_ret(struct kunit *test, struct kretprobe *rp)
{
	int ret = register_kretprobe(rp);

	if (ret)
		return ret;
	return kunit_add_action_or_reset(test, kpt_unregister_ret_action, rp);
}

/* Unregister a return probe registered with kpt_register_ret() now. */
void kpt_unregister_ret(struct kunit *test, struct kretprobe *rp)
{
	kunit_release_action(test, kpt_unregister_ret_action, rp);
}

static void kpt_record(int id)
{
	if (kpt_norder < KPT_MAX_ORDER)
		kpt_order[kpt_norder++] = id;
}

static int kpt_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_probe *p = container_of(kp, struct kpt_probe, kp);

	p->pre++;
	p->pre_ip = instruction_pointer(regs);
	kpt_record(p->id);
	if (preemptible())
		atomic_inc(&kpt_preemptible);
	return 0;
}

static void kpt_post(struct kprobe *kp, struct pt_regs *regs,
		     unsigned long flags)
{
	struct kpt_probe *p = container_of(kp, struct kpt_probe, kp);

	p->post++;
	p->post_ip = instruction_pointer(regs);
	kpt_record(100 + p->id);
	if (preemptible())
		atomic_inc(&kpt_preemptible);
}

/* Resume at p->new_ip instead of the probed instruction. */
static int kpt_pre_redirect(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_probe *p = container_of(kp, struct kpt_probe, kp);

	p->pre++;
	instruction_pointer_set(regs, p->new_ip);
	return 1;
}

/* Call a probed function from inside a handler. */
static int kpt_pre_nesting(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_probe *p = container_of(kp, struct kpt_probe, kp);

	p->pre++;
	p->nested = kpt_api_add(20, 22);
	return 0;
}

/* A zeroed probe with counting handlers, freed when the test ends. */
static struct kpt_probe *kpt_new(struct kunit *test, int id,
				 kprobe_opcode_t *addr, bool post)
{
	struct kpt_probe *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->id = id;
	p->kp.addr = addr;
	p->kp.pre_handler = kpt_pre;
	if (post)
		p->kp.post_handler = kpt_post;
	return p;
}

static struct kpt_probe *kpt_new_sym(struct kunit *test, int id,
				     const char *sym, unsigned int offset)
{
	struct kpt_probe *p = kpt_new(test, id, NULL, true);

	p->kp.symbol_name = sym;
	p->kp.offset = offset;
	return p;
}

static void kpt_reset_order(void)
{
	kpt_norder = 0;
	memset(kpt_order, 0, sizeof(kpt_order));
}

static void kpt_test_by_addr(struct kunit *test)
{
	struct kpt_probe *p = kpt_new(test, 1, kpt_at(kpt_api_add, KPT_INSN1),
				      true);
	int i;

	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->kp.addr, kpt_at(kpt_api_add, KPT_INSN1));
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, kpt_api_add(2, 3), 5);
	KUNIT_EXPECT_EQ(test, p->pre, 3);
	KUNIT_EXPECT_EQ(test, p->post, 3);
	KUNIT_EXPECT_EQ(test, p->kp.nmissed, 0);

	kpt_unregister(test, &p->kp);
	KUNIT_EXPECT_EQ(test, kpt_api_add(2, 3), 5);
	KUNIT_EXPECT_EQ(test, p->pre, 3);
	KUNIT_EXPECT_EQ(test, p->post, 3);
}

/*
 * Handlers see the ip just past the int3 on x86, the probed address on
 * arm64 (KPT_HIT_IP_OFFSET); post sees the next instruction.
 */
static void kpt_test_handler_ip(struct kunit *test)
{
	kprobe_opcode_t *at = kpt_at(kpt_api_add, KPT_INSN1);
	struct kpt_probe *p = kpt_new(test, 1, at, true);

	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(4, 5), 9);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->pre_ip, (unsigned long)at + KPT_HIT_IP_OFFSET);
	KUNIT_EXPECT_EQ(test, p->post_ip,
			(unsigned long)kpt_at(kpt_api_add, KPT_INSN2));
}

static void kpt_test_by_symbol(struct kunit *test)
{
	struct kpt_probe *a = kpt_new_sym(test, 1, "kpt_api_add", KPT_INSN1);
	struct kpt_probe *b = kpt_new_sym(test, 2, "kprobes_api_kunit:kpt_api_xor",
					  KPT_INSN0);

	KUNIT_ASSERT_EQ(test, kpt_register(test, &a->kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &b->kp), 0);
	KUNIT_EXPECT_PTR_EQ(test, a->kp.addr, kpt_at(kpt_api_add, KPT_INSN1));
	KUNIT_EXPECT_PTR_EQ(test, b->kp.addr, kpt_at(kpt_api_xor, KPT_INSN0));
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(6, 3), 5);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(6, 3), 5);
	KUNIT_EXPECT_EQ(test, a->pre, 1);
	KUNIT_EXPECT_EQ(test, a->post, 1);
	KUNIT_EXPECT_EQ(test, b->pre, 2);
	KUNIT_EXPECT_EQ(test, b->post, 2);
}

/* Probes on kprobes_target, named with and without the module. */
static void kpt_test_other_module(struct kunit *test)
{
	struct kpt_probe *mul = kpt_new_sym(test, 1, KPT_TARGET ":kpt_target_mul", 0);
	struct kpt_probe *add = kpt_new_sym(test, 2, "kpt_target_add", 0);
	int (*fn)(int a, int b);

	KUNIT_ASSERT_EQ_MSG(test, kpt_register(test, &mul->kp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	KUNIT_ASSERT_EQ(test, kpt_register(test, &add->kp), 0);

	fn = kpt_probed_func(&mul->kp);
	KUNIT_EXPECT_EQ(test, fn(6, 7), 42);
	fn = kpt_probed_func(&add->kp);
	KUNIT_EXPECT_EQ(test, fn(6, 7), 13);
	KUNIT_EXPECT_EQ(test, fn(1, 1), 2);
	KUNIT_EXPECT_EQ(test, mul->pre, 1);
	KUNIT_EXPECT_EQ(test, mul->post, 1);
	KUNIT_EXPECT_EQ(test, add->pre, 2);
	KUNIT_EXPECT_EQ(test, add->post, 2);
}

static void kpt_test_bad_arguments(struct kunit *test)
{
	struct kpt_probe *p;

	p = kpt_new_sym(test, 1, "kpt_api_add", 0);
	p->kp.addr = kpt_at(kpt_api_add, 0);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -EINVAL);

	p = kpt_new(test, 2, NULL, false);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -EINVAL);

	p = kpt_new_sym(test, 3, "kpt_no_such_function_anywhere", 0);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -ENOENT);

	p = kpt_new_sym(test, 4, "kpt_no_such_module:kpt_api_add", 0);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -ENOENT);

	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 1), 2);
}

static void kpt_test_not_boundary(struct kunit *test)
{
	static const unsigned int offs[] = {
		KPT_INSN0 + 1, KPT_INSN0 + 2, KPT_INSN1 + 1, KPT_INSN1 + 2,
	};
	struct kpt_probe *p;
	int i;

	for (i = 0; i < ARRAY_SIZE(offs); i++) {
		p = kpt_new(test, i, kpt_at(kpt_api_add, offs[i]), false);
		KUNIT_EXPECT_EQ_MSG(test, kpt_register(test, &p->kp), -EILSEQ,
				    "kpt_api_add+%u", offs[i]);
	}
	p = kpt_new_sym(test, 9, "kpt_api_sub", 1);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -EILSEQ);
	KUNIT_EXPECT_EQ(test, kpt_api_add(3, 4), 7);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(3, 4), -1);
}

static void kpt_test_twice(struct kunit *test)
{
	struct kpt_probe *s = kpt_new_sym(test, 1, "kpt_api_sub", KPT_INSN1);
	struct kpt_probe *a = kpt_new(test, 2, kpt_at(kpt_api_sub, KPT_INSN0),
				      false);

	KUNIT_ASSERT_EQ(test, kpt_register(test, &s->kp), 0);
	/* addr is filled in now, so this also sets both addr and symbol. */
	KUNIT_EXPECT_EQ(test, register_kprobe(&s->kp), -EINVAL);
	if (KPT_REREG_BY_ADDR) {
		KUNIT_ASSERT_EQ(test, kpt_register(test, &a->kp), 0);
		KUNIT_EXPECT_EQ(test, register_kprobe(&a->kp), -EINVAL);
	}
	KUNIT_EXPECT_EQ(test, kpt_api_sub(9, 4), 5);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(9, 4), 5);
	KUNIT_EXPECT_EQ(test, s->pre, 2);
	KUNIT_EXPECT_EQ(test, s->post, 2);
	KUNIT_EXPECT_EQ(test, a->pre, KPT_REREG_BY_ADDR ? 2 : 0);
}

/*
 * Code kprobes must never touch: NOKPROBE_SYMBOL() functions outside and
 * inside kprobes (get_kprobe), the breakpoint handler, the entry code,
 * noinstr code, the softirq entry text and, in this implementation, the
 * return trampoline and the code that switches tasks.  On x86 the
 * handler is kprobe_int3_handler, the entry code asm_exc_int3 and
 * KPT_ENTRY_SYM, the noinstr code exc_int3; on arm64 kprobe_brk_handler,
 * the exception vectors and el1h_64_sync_handler; on 32-bit arm the undef
 * hook kprobe_arm_trap, its caller do_undefinstr and the entry text's
 * __und_svc; on powerpc kprobe_handler, program_check_exception, which
 * calls it, and the program check's entry code program_check_common.
 */
static void kpt_test_blacklist(struct kunit *test)
{
	static const char * const syms[] = {
		"notify_die", "get_kprobe", "__do_softirq", KPT_ENTRY_SYM,
#if defined(CONFIG_ARM64)
		"kprobe_brk_handler", "el1h_64_sync_handler",
#elif defined(CONFIG_RISCV)
		"kprobe_breakpoint_handler", "handle_break", "do_trap_break",
#elif defined(CONFIG_ARM)
		"kprobe_arm_trap", "do_undefinstr", "__und_svc",
#elif defined(CONFIG_PPC)
		"kprobe_handler", "program_check_exception",
		"program_check_common",
#else
		"kprobe_int3_handler", "asm_exc_int3", "exc_int3",
#endif
#ifndef KPROBES_TEST_UPSTREAM
		"kretprobe_trampoline", KPT_SWITCH_SYM,
#if defined(CONFIG_ARM64) || defined(CONFIG_RISCV) || defined(CONFIG_ARM) || \
	defined(CONFIG_PPC)
		"ret_from_fork",
#else
		"__switch_to_asm", "ret_from_fork_asm",
#endif
#endif
	};
	struct kpt_probe *p;
	int i;

	for (i = 0; i < ARRAY_SIZE(syms); i++) {
		p = kpt_new_sym(test, i, syms[i], 0);
		KUNIT_EXPECT_EQ_MSG(test, kpt_register(test, &p->kp), -EINVAL,
				    "probe on %s", syms[i]);
	}
}

/*
 * Compiler preambles (__pfx_<fn>, __cfi_<fn>) are refused by name, also in
 * a module; the same code under a plain name is accepted.
 */
static void kpt_test_preamble(struct kunit *test)
{
	static const char * const syms[] = {
		"__pfx_kpt_api_padded", "__cfi_kpt_api_padded",
	};
	struct kpt_probe *p;
	int i;

	for (i = 0; i < ARRAY_SIZE(syms); i++) {
		p = kpt_new_sym(test, i, syms[i], 0);
		KUNIT_EXPECT_EQ_MSG(test, kpt_register(test, &p->kp), -EINVAL,
				    "probe on %s", syms[i]);
	}
	p = kpt_new_sym(test, i, "kpt_api_padded", 0);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), 0);
}

/*
 * A C function of this module with an ftrace site, called through a
 * pointer: a kernel built with IBT keeps its endbr64.
 */
static noinline int kpt_api_entry(int x)
{
	return 3 * x + 1;
}

static int (*kpt_api_entry_ptr)(int x) = kpt_api_entry;

/*
 * A function's entry is the same site however it is named: sym+0 and its
 * address go past an endbr64 (kernels built with IBT) onto the ftrace
 * call, sym+4 names that place too, and the bytes inside the endbr64 are
 * refused.  Without IBT the entry is offset 0.
 */
static void kpt_test_entry_endbr(struct kunit *test)
{
	unsigned long fn = (unsigned long)kpt_api_entry_ptr, entry;
	struct kpt_probe *p[3];
	struct kpt_probe *mid;
	bool endbr;
	int i;

	/* Not folded into constants that point into the function. */
	OPTIMIZER_HIDE_VAR(fn);
	entry = fn;

	endbr = kpt_entry_skip((void *)fn);
	if (IS_ENABLED(CONFIG_X86_KERNEL_IBT))
		KUNIT_EXPECT_TRUE_MSG(test, endbr, "no endbr64 at %pS",
				      (void *)fn);
	entry += kpt_entry_skip((void *)fn);

	p[0] = kpt_new(test, 1, (kprobe_opcode_t *)fn, true);
	p[1] = kpt_new_sym(test, 2, "kpt_api_entry", 0);
	p[2] = kpt_new_sym(test, 3, "kpt_api_entry", entry - fn);
	for (i = 0; i < ARRAY_SIZE(p); i++) {
		KUNIT_ASSERT_EQ(test, kpt_register(test, &p[i]->kp), 0);
		KUNIT_EXPECT_EQ(test, (unsigned long)p[i]->kp.addr, entry);
		KUNIT_EXPECT_EQ(test, kprobe_ftrace(&p[i]->kp),
				IS_ENABLED(CONFIG_KPROBES_ON_FTRACE));
	}
	KUNIT_EXPECT_EQ(test, kpt_api_entry_ptr(5), 16);
	for (i = 0; i < ARRAY_SIZE(p); i++) {
		KUNIT_EXPECT_EQ(test, p[i]->pre, 1);
		KUNIT_EXPECT_EQ(test, p[i]->post, 1);
	}
	/*
	 * Inside the endbr64; on riscv, inside ftrace's call site, which
	 * only ftrace may patch.
	 */
	if (endbr) {
		mid = kpt_new(test, 4, (kprobe_opcode_t *)(fn + 2), false);
		KUNIT_EXPECT_EQ(test, kpt_register(test, &mid->kp),
				IS_ENABLED(CONFIG_RISCV) ? -EINVAL : -EILSEQ);
	}
}

/*
 * The padding before a function (__pfx_<fn>, kernels with call padding)
 * is refused by address too, not only when named.
 */
static void kpt_test_preamble_real(struct kunit *test)
{
#ifdef CONFIG_PREFIX_SYMBOLS
	unsigned long pfx = (unsigned long)kpt_api_entry_ptr -
			    CONFIG_FUNCTION_PADDING_BYTES;
	char name[KSYM_SYMBOL_LEN];
	struct kpt_probe *p;

	sprint_symbol_no_offset(name, pfx);
	KUNIT_ASSERT_TRUE_MSG(test, str_has_prefix(name, "__pfx_kpt_api_entry"),
			      "%lx is %s", pfx, name);
	p = kpt_new(test, 1, (kprobe_opcode_t *)pfx, false);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -EINVAL);
	p = kpt_new(test, 2, (kprobe_opcode_t *)(pfx + 1), false);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -EINVAL);
	p = kpt_new_sym(test, 3, "__pfx_kernel_clone", 0);
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p->kp), -EINVAL);
#else
	kunit_skip(test, "no __pfx_ symbols: CONFIG_PREFIX_SYMBOLS is off");
#endif
}

/*
 * Handlers run with preemption disabled on every path: an ftrace entry
 * probe, a breakpoint with a post_handler (single-stepped), a breakpoint
 * without one (boosted or, later, optimized).
 */
static void kpt_test_preempt_off(struct kunit *test)
{
	struct kpt_probe *entry = kpt_new_sym(test, 1, "kpt_api_entry", 0);
	struct kpt_probe *step = kpt_new(test, 2, kpt_at(kpt_api_add, KPT_INSN1),
					 true);
	struct kpt_probe *boost = kpt_new(test, 3, kpt_at(kpt_api_sub, KPT_INSN1),
					  false);
	int i;

	atomic_set(&kpt_preemptible, 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &entry->kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &step->kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &boost->kp), 0);
	for (i = 0; i < 10; i++) {
		KUNIT_EXPECT_EQ(test, kpt_api_entry_ptr(i), 3 * i + 1);
		KUNIT_EXPECT_EQ(test, kpt_api_add(i, 1), i + 1);
		KUNIT_EXPECT_EQ(test, kpt_api_sub(i, 1), i - 1);
	}
	KUNIT_EXPECT_EQ(test, entry->pre, 10);
	KUNIT_EXPECT_EQ(test, step->post, 10);
	KUNIT_EXPECT_EQ(test, boost->pre, 10);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpt_preemptible), 0);
}

/* The handlers ran pre then post, each in the order of @ids. */
static void kpt_expect_order(struct kunit *test, const int *ids, int n)
{
	int i, k;

	KUNIT_ASSERT_EQ(test, kpt_norder, 2 * n);
	for (i = 0; i < n; i++) {
		k = KPT_NEWEST_FIRST ? n - 1 - i : i;
		KUNIT_EXPECT_EQ_MSG(test, kpt_order[i], ids[k], "pre #%d", i);
		KUNIT_EXPECT_EQ_MSG(test, kpt_order[n + i], 100 + ids[k],
				    "post #%d", i);
	}
}

/* Several probes at one address run in registration order. */
static void kpt_test_order(struct kunit *test)
{
	static const int first[] = { 1, 2, 3 }, second[] = { 1, 3, 4 };
	static const int third[] = { 3, 4 };
	kprobe_opcode_t *at = kpt_at(kpt_api_xor, KPT_INSN1);
	struct kpt_probe *p[4];
	int i;

	for (i = 0; i < 4; i++)
		p[i] = kpt_new(test, i + 1, at, true);
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, kpt_register(test, &p[i]->kp), 0);

	kpt_reset_order();
	KUNIT_EXPECT_EQ(test, kpt_api_xor(12, 10), 6);
	kpt_expect_order(test, first, ARRAY_SIZE(first));

	/* Take the middle one away, add a fourth: 1, 3, 4. */
	kpt_unregister(test, &p[1]->kp);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p[3]->kp), 0);
	kpt_reset_order();
	KUNIT_EXPECT_EQ(test, kpt_api_xor(12, 10), 6);
	kpt_expect_order(test, second, ARRAY_SIZE(second));

	/* Take the first one away: 3 and 4 keep firing. */
	kpt_unregister(test, &p[0]->kp);
	kpt_reset_order();
	KUNIT_EXPECT_EQ(test, kpt_api_xor(12, 10), 6);
	kpt_expect_order(test, third, ARRAY_SIZE(third));

	KUNIT_EXPECT_EQ(test, p[0]->pre, 2);
	KUNIT_EXPECT_EQ(test, p[1]->pre, 1);
	KUNIT_EXPECT_EQ(test, p[2]->pre, 3);
	KUNIT_EXPECT_EQ(test, p[3]->pre, 2);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, p[i]->post, p[i]->pre);

	/* The last one gone, the instruction runs unprobed again. */
	kpt_unregister(test, &p[2]->kp);
	kpt_unregister(test, &p[3]->kp);
	kpt_reset_order();
	KUNIT_EXPECT_EQ(test, kpt_api_xor(12, 10), 6);
	KUNIT_EXPECT_EQ(test, kpt_norder, 0);
}

/* A pre_handler at the entry sends the call to another function. */
static void kpt_test_redirect_entry(struct kunit *test)
{
	struct kpt_probe *p = kpt_new(test, 1, kpt_at(kpt_api_add, KPT_INSN0),
				      true);

	p->kp.pre_handler = kpt_pre_redirect;
	p->new_ip = (unsigned long)kpt_api_sub;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(7, 2), 5);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), -1);
	KUNIT_EXPECT_EQ(test, p->pre, 2);
	KUNIT_EXPECT_EQ(test, p->post, 0);
	kpt_unregister(test, &p->kp);
	KUNIT_EXPECT_EQ(test, kpt_api_add(7, 2), 9);
}

/* A pre_handler inside the body skips the probed instruction. */
static void kpt_test_redirect_skip(struct kunit *test)
{
	struct kpt_probe *p = kpt_new(test, 1, kpt_at(kpt_api_add, KPT_INSN1),
				      true);

	p->kp.pre_handler = kpt_pre_redirect;
	p->new_ip = (unsigned long)kpt_at(kpt_api_add, KPT_INSN2);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(7, 2), 7);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 0);
}

/* The same through an ftrace-based probe, as fail_function does it. */
static void kpt_test_redirect_ftrace(struct kunit *test)
{
	struct kpt_probe *mul = kpt_new_sym(test, 1, KPT_TARGET ":kpt_target_mul", 0);
	struct kpt_probe *add = kpt_new_sym(test, 2, KPT_TARGET ":kpt_target_add", 0);
	int (*fn)(int a, int b);

	/* Only to learn where kpt_target_mul is. */
	KUNIT_ASSERT_EQ_MSG(test, kpt_register(test, &mul->kp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	kpt_unregister(test, &mul->kp);

	add->kp.pre_handler = kpt_pre_redirect;
	add->new_ip = (unsigned long)mul->kp.addr;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &add->kp), 0);
	fn = kpt_probed_func(&add->kp);
	KUNIT_EXPECT_EQ(test, fn(6, 7), 42);
	KUNIT_EXPECT_EQ(test, add->pre, 1);
	KUNIT_EXPECT_EQ(test, add->post, 0);
	kpt_unregister(test, &add->kp);
	KUNIT_EXPECT_EQ(test, fn(6, 7), 13);
}

/* A probe hit from inside a handler is skipped and counted as missed. */
static void kpt_test_recursion(struct kunit *test)
{
	struct kpt_probe *outer = kpt_new(test, 1, kpt_at(kpt_api_xor, KPT_INSN1),
					  true);
	struct kpt_probe *inner = kpt_new(test, 2, kpt_at(kpt_api_add, KPT_INSN1),
					  true);
	int i;

	outer->kp.pre_handler = kpt_pre_nesting;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &inner->kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &outer->kp), 0);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, kpt_api_xor(5, 1), 4);
	KUNIT_EXPECT_EQ(test, outer->pre, 4);
	KUNIT_EXPECT_EQ(test, outer->post, 4);
	KUNIT_EXPECT_EQ(test, outer->nested, 42);
	KUNIT_EXPECT_EQ(test, outer->kp.nmissed, 0);
	KUNIT_EXPECT_EQ(test, inner->pre, 0);
	KUNIT_EXPECT_EQ(test, inner->post, 0);
	KUNIT_EXPECT_EQ(test, inner->kp.nmissed, 4);

	/* Outside a handler the inner probe fires normally. */
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 1), 2);
	KUNIT_EXPECT_EQ(test, inner->pre, 1);
	KUNIT_EXPECT_EQ(test, inner->kp.nmissed, 4);
}

static void kpt_unregister_batch_action(void *kps)
{
	unregister_kprobes(kps, 3);
}

/* A batch with a bad entry fails as a whole and leaves nothing behind. */
static void kpt_test_batch(struct kunit *test)
{
	struct kpt_probe *p[3];
	struct kprobe **kps = kunit_kcalloc(test, 3, sizeof(*kps), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, kps);
	p[0] = kpt_new(test, 1, kpt_at(kpt_api_add, KPT_INSN0), true);
	p[1] = kpt_new(test, 2, kpt_at(kpt_api_sub, KPT_INSN1), true);
	p[2] = kpt_new(test, 3, kpt_at(kpt_api_xor, 1), true);
	for (i = 0; i < 3; i++)
		kps[i] = &p[i]->kp;

	KUNIT_EXPECT_EQ(test, register_kprobes(kps, 3), -EILSEQ);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(1, 2), -1);
	KUNIT_EXPECT_EQ(test, p[0]->pre + p[1]->pre, 0);

	/*
	 * The good ones can be registered again, one by one.  Unregistering
	 * left them flagged disabled, so clear flags as for any reuse.
	 */
	p[0]->kp.flags = 0;
	KUNIT_EXPECT_EQ(test, kpt_register(test, &p[0]->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, p[0]->pre, 1);
	kpt_unregister(test, &p[0]->kp);

	/* And the whole batch once the bad one is fixed. */
	p[2]->kp.addr = kpt_at(kpt_api_xor, KPT_INSN1);
	for (i = 0; i < 3; i++)
		p[i]->kp.flags = 0;
	KUNIT_ASSERT_EQ(test, register_kprobes(kps, 3), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							kpt_unregister_batch_action,
							kps), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(1, 2), 3);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(1, 2), -1);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(1, 2), 3);
	KUNIT_EXPECT_EQ(test, p[0]->pre, 2);
	KUNIT_EXPECT_EQ(test, p[1]->pre, 1);
	KUNIT_EXPECT_EQ(test, p[2]->pre, 1);
	kunit_release_action(test, kpt_unregister_batch_action, kps);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(1, 2), 3);
	KUNIT_EXPECT_EQ(test, p[2]->pre, 1);
}

static void kpt_test_disable_enable(struct kunit *test)
{
	kprobe_opcode_t *at = kpt_at(kpt_api_sub, KPT_INSN1);
	struct kpt_probe *a = kpt_new(test, 1, at, true);
	struct kpt_probe *b = kpt_new(test, 2, at, true);

	KUNIT_ASSERT_EQ(test, kpt_register(test, &a->kp), 0);
	/* Registered disabled: silent until enabled. */
	b->kp.flags = KPROBE_FLAG_DISABLED;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &b->kp), 0);
	KUNIT_EXPECT_TRUE(test, b->kp.flags & KPROBE_FLAG_DISABLED);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(5, 3), 2);
	KUNIT_EXPECT_EQ(test, a->pre, 1);
	KUNIT_EXPECT_EQ(test, b->pre, 0);

	KUNIT_EXPECT_EQ(test, enable_kprobe(&b->kp), 0);
	KUNIT_EXPECT_FALSE(test, b->kp.flags & KPROBE_FLAG_DISABLED);
	KUNIT_EXPECT_EQ(test, disable_kprobe(&a->kp), 0);
	KUNIT_EXPECT_TRUE(test, a->kp.flags & KPROBE_FLAG_DISABLED);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(5, 3), 2);
	KUNIT_EXPECT_EQ(test, a->pre, 1);
	KUNIT_EXPECT_EQ(test, b->pre, 1);
	KUNIT_EXPECT_EQ(test, b->post, 1);

	/* Both disabled: nothing fires; both enabled: both fire. */
	KUNIT_EXPECT_EQ(test, disable_kprobe(&b->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(5, 3), 2);
	KUNIT_EXPECT_EQ(test, a->pre + b->pre, 2);
	KUNIT_EXPECT_EQ(test, enable_kprobe(&a->kp), 0);
	KUNIT_EXPECT_EQ(test, enable_kprobe(&b->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(5, 3), 2);
	KUNIT_EXPECT_EQ(test, a->pre, 2);
	KUNIT_EXPECT_EQ(test, b->pre, 2);
	KUNIT_EXPECT_EQ(test, a->post, 2);
}

/* The API called on a probe that was never registered. */
static void kpt_test_never_registered(struct kunit *test)
{
	struct kpt_probe *p = kpt_new(test, 1, kpt_at(kpt_api_add, KPT_INSN1),
				      true);
	struct kprobe *kps[1] = { &p->kp };

	KUNIT_EXPECT_EQ(test, disable_kprobe(&p->kp), -EINVAL);
	KUNIT_EXPECT_EQ(test, enable_kprobe(&p->kp), -EINVAL);
	unregister_kprobe(&p->kp);
	/* Documented: an unregister that finds no such probe clears addr. */
	KUNIT_EXPECT_NULL(test, p->kp.addr);
	p->kp.addr = kpt_at(kpt_api_add, KPT_INSN1);
	unregister_kprobes(kps, 1);
	KUNIT_EXPECT_NULL(test, p->kp.addr);
	KUNIT_EXPECT_EQ(test, kpt_api_add(2, 2), 4);
	KUNIT_EXPECT_EQ(test, p->pre, 0);
}

/* A probe registered by name can be registered again after unregister. */
static void kpt_test_reregister(struct kunit *test)
{
	struct kpt_probe *p = kpt_new_sym(test, 1, "kpt_api_sub", KPT_INSN1);

	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(3, 1), 2);
	kpt_unregister(test, &p->kp);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(3, 1), 2);
	KUNIT_EXPECT_EQ(test, p->pre, 1);

	p->kp.addr = NULL;
	p->kp.flags = 0;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->kp.addr, kpt_at(kpt_api_sub, KPT_INSN1));
	KUNIT_EXPECT_EQ(test, kpt_api_sub(3, 1), 2);
	KUNIT_EXPECT_EQ(test, p->pre, 2);
	KUNIT_EXPECT_EQ(test, p->post, 2);
}

static struct kunit_case kpt_api_cases[] = {
	KUNIT_CASE(kpt_test_by_addr),
	KUNIT_CASE(kpt_test_handler_ip),
	KUNIT_CASE(kpt_test_by_symbol),
	KUNIT_CASE(kpt_test_other_module),
	KUNIT_CASE(kpt_test_bad_arguments),
	KUNIT_CASE(kpt_test_not_boundary),
	KUNIT_CASE(kpt_test_twice),
	KUNIT_CASE(kpt_test_blacklist),
	KUNIT_CASE(kpt_test_preamble),
	KUNIT_CASE(kpt_test_preamble_real),
	KUNIT_CASE(kpt_test_entry_endbr),
	KUNIT_CASE(kpt_test_preempt_off),
	KUNIT_CASE(kpt_test_order),
	KUNIT_CASE(kpt_test_redirect_entry),
	KUNIT_CASE(kpt_test_redirect_skip),
	KUNIT_CASE(kpt_test_redirect_ftrace),
	KUNIT_CASE(kpt_test_recursion),
	KUNIT_CASE(kpt_test_batch),
	KUNIT_CASE(kpt_test_disable_enable),
	KUNIT_CASE(kpt_test_never_registered),
	KUNIT_CASE(kpt_test_reregister),
	{}
};

static struct kunit_suite kpt_api_suite = {
	.name = "kprobes_api",
	.test_cases = kpt_api_cases,
};

kunit_test_suite(kpt_api_suite);

MODULE_DESCRIPTION("KUnit tests of the kprobes API");
MODULE_LICENSE("GPL");
