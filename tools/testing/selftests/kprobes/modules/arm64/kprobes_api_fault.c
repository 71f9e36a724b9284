// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_fault" for arm64 (../kprobes_api_fault.c is
 * x86-64's): struct kprobe's fault_handler, which upstream kernels do not
 * have (the Makefile leaves this file out there).
 *
 * arm64 offers a kernel fault to kprobes from do_page_fault(), which
 * handles the translation faults of the lower half of the address space
 * (user addresses; the kernel's own unmapped addresses go straight to the
 * exception table).  So the loads here read KPT_USER_HOLE, an address
 * below mmap_min_addr that no task ever maps.
 *
 * A handler loads from it with no exception-table entry to fix it up; the
 * probe's fault_handler moves the PC past the load, says what the load
 * "returned" and that it handled the fault; the handler then carries on.
 * The same when the probed instruction itself faults while it runs out of
 * line: the fault is reported at the probed address.
 */
#include <kunit/test.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>
#include <asm/esr.h>

#include "kprobes_api.h"

#define KPT_USER_HOLE		0x10UL
#define KPT_FIXED_UP		0x600dUL

/*
 * The registers the faulting loads below use, which the fault_handler
 * reads and writes: the load's address, where to resume, the result.
 */
#define KPT_REG_AT		9
#define KPT_REG_RESUME		10
#define KPT_REG_VAL		11

struct kpt_fprobe {
	struct kprobe kp;
	int pre;
	int post;
	int faults;
	int trapnr;
	int wrong_ip;
	unsigned long loaded;	/* what the faulting load "returned" */
};

/* The faulting load, with x9 and x10 set as kpt_fault_fixup() expects. */
static noinline unsigned long kpt_bad_load(void)
{
	register unsigned long at asm("x9");
	register unsigned long resume asm("x10");
	register unsigned long val asm("x11") = 0;

	asm volatile("adr	%[at], 1f\n\t"
		     "adr	%[resume], 2f\n"
		     "1:\tldr	%[val], [%[bad]]\n"
		     "2:\n"
		     : [val] "+r" (val), [at] "=&r" (at),
		       [resume] "=&r" (resume)
		     : [bad] "r" (KPT_USER_HOLE)
		     : "memory");
	return val;
}

/*
 * A load for a probe to step out of line: kpt_step_load_insn names it.
 * No exception-table entry, which arm64 kprobes would refuse to probe.
 */
static noinline unsigned long kpt_step_load(unsigned long addr)
{
	register unsigned long at asm("x9");
	register unsigned long resume asm("x10");
	register unsigned long val asm("x11") = 0;

	asm volatile("adr	%[at], kpt_step_load_insn\n\t"
		     "adr	%[resume], 2f\n"
		     ".globl	kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n\t"
		     "ldr	%[val], [%[bad]]\n"
		     "2:\n"
		     : [val] "+r" (val), [at] "=&r" (at),
		       [resume] "=&r" (resume)
		     : [bad] "r" (addr)
		     : "memory");
	return val;
}

/* Was @trapnr (arm64: the ESR, truncated) a data abort in the kernel? */
static bool kpt_is_kernel_dabt(int trapnr)
{
	return ESR_ELx_EC((unsigned int)trapnr) == ESR_ELx_EC_DABT_CUR;
}

static int kpt_fault_fixup(struct kprobe *kp, struct pt_regs *regs, int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->faults++;
	p->trapnr = trapnr;
	if (instruction_pointer(regs) != regs->regs[KPT_REG_AT]) {
		p->wrong_ip++;
		return 0;
	}
	regs->regs[KPT_REG_VAL] = KPT_FIXED_UP;
	instruction_pointer_set(regs, regs->regs[KPT_REG_RESUME]);
	return 1;
}

static int kpt_pre_faulting(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->pre++;
	p->loaded = kpt_bad_load();
	return 0;
}

static void kpt_post_faulting(struct kprobe *kp, struct pt_regs *regs,
			      unsigned long flags)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->post++;
	p->loaded = kpt_bad_load();
}

static int kpt_pre_count(struct kprobe *kp, struct pt_regs *regs)
{
	container_of(kp, struct kpt_fprobe, kp)->pre++;
	return 0;
}

static void kpt_post_count(struct kprobe *kp, struct pt_regs *regs,
			   unsigned long flags)
{
	container_of(kp, struct kpt_fprobe, kp)->post++;
}

static struct kpt_fprobe *kpt_fprobe_new(struct kunit *test)
{
	struct kpt_fprobe *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->kp.pre_handler = kpt_pre_count;
	p->kp.post_handler = kpt_post_count;
	p->kp.fault_handler = kpt_fault_fixup;
	p->trapnr = -1;
	return p;
}

static void kpt_expect_one_fixed(struct kunit *test, struct kpt_fprobe *p)
{
	KUNIT_EXPECT_EQ(test, p->faults, 1);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_is_kernel_dabt(p->trapnr),
			      "trapnr %#x", p->trapnr);
	KUNIT_EXPECT_EQ(test, p->wrong_ip, 0);
	KUNIT_EXPECT_EQ(test, p->loaded, KPT_FIXED_UP);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 1);
}

static void kpt_test_fault_in_pre(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	p->kp.addr = kpt_at(kpt_api_add, KPT_INSN1);
	p->kp.pre_handler = kpt_pre_faulting;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(40, 2), 42);
	kpt_expect_one_fixed(test, p);
}

static void kpt_test_fault_in_post(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	p->kp.addr = kpt_at(kpt_api_sub, KPT_INSN1);
	p->kp.post_handler = kpt_post_faulting;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(44, 2), 42);
	kpt_expect_one_fixed(test, p);
}

/* Only the probe whose handler faulted hears of it. */
static void kpt_test_fault_right_probe(struct kunit *test)
{
	struct kpt_fprobe *quiet = kpt_fprobe_new(test);
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	quiet->kp.addr = kpt_at(kpt_api_xor, KPT_INSN1);
	p->kp.addr = kpt_at(kpt_api_xor, KPT_INSN1);
	p->kp.pre_handler = kpt_pre_faulting;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &quiet->kp), 0);
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_xor(6, 3), 5);
	kpt_expect_one_fixed(test, p);
	KUNIT_EXPECT_EQ(test, quiet->faults, 0);
	KUNIT_EXPECT_EQ(test, quiet->pre, 1);
	KUNIT_EXPECT_EQ(test, quiet->post, 1);
}

/* The same from a probe on another module's function entry. */
static void kpt_test_fault_entry(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);
	int (*fn)(int a, int b);

	p->kp.symbol_name = KPT_TARGET ":kpt_target_add";
	p->kp.pre_handler = kpt_pre_faulting;
	KUNIT_ASSERT_EQ_MSG(test, kpt_register(test, &p->kp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	fn = (void *)p->kp.addr;
	KUNIT_EXPECT_EQ(test, fn(40, 2), 42);
	kpt_expect_one_fixed(test, p);
}

static int kpt_fault_decline(struct kprobe *kp, struct pt_regs *regs,
			     int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->faults++;
	p->trapnr = trapnr;
	return 0;
}

static int kpt_pre_nofault_read(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);
	unsigned long val;

	p->pre++;
	p->loaded = copy_from_kernel_nofault(&val, (void *)KPT_USER_HOLE,
					     sizeof(val));
	return 0;
}

/*
 * A handler reads a bad pointer the way BPF's probe_read does: the fault
 * is fixed up through the exception table, the read fails with -EFAULT
 * and the handler carries on.  A fault_handler is asked first and may
 * decline; without one the fixup happens all the same.
 */
static void kpt_nofault_read(struct kunit *test, bool with_handler)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	p->kp.addr = kpt_at(kpt_api_add, KPT_INSN1);
	p->kp.pre_handler = kpt_pre_nofault_read;
	p->kp.fault_handler = with_handler ? kpt_fault_decline : NULL;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(40, 2), 42);
	KUNIT_EXPECT_EQ(test, (long)p->loaded, (long)-EFAULT);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 1);
	KUNIT_EXPECT_EQ(test, p->faults, with_handler ? 1 : 0);
	if (with_handler)
		KUNIT_EXPECT_TRUE_MSG(test, kpt_is_kernel_dabt(p->trapnr),
				      "trapnr %#x", p->trapnr);
}

static void kpt_test_nofault_read_declined(struct kunit *test)
{
	kpt_nofault_read(test, true);
}

static void kpt_test_nofault_read_no_handler(struct kunit *test)
{
	kpt_nofault_read(test, false);
}

/* What kpt_step_load() reads when it does not fault. */
static unsigned long kpt_step_word = 0x5eed;

/*
 * The probed load itself faults while it runs out of line (a
 * post_handler keeps it from being simulated or skipped).  The fault is
 * reported at the probed address, the fault_handler decides where
 * execution goes on, and the post_handler never runs.
 */
static void kpt_test_fault_in_step_fixed(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	/* By name: the label is inside kpt_step_load(). */
	p->kp.symbol_name = "kpt_step_load_insn";
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_step_load(KPT_USER_HOLE), KPT_FIXED_UP);
	KUNIT_EXPECT_EQ(test, p->faults, 1);
	KUNIT_EXPECT_TRUE_MSG(test, kpt_is_kernel_dabt(p->trapnr),
			      "trapnr %#x", p->trapnr);
	KUNIT_EXPECT_EQ(test, p->wrong_ip, 0);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 0);
	KUNIT_EXPECT_NULL(test, kprobe_running());

	/* The probe still works, for a load that faults and one that does not. */
	KUNIT_EXPECT_EQ(test, kpt_step_load(KPT_USER_HOLE), KPT_FIXED_UP);
	KUNIT_EXPECT_EQ(test, p->faults, 2);
	KUNIT_EXPECT_EQ(test, p->pre, 2);
	KUNIT_EXPECT_EQ(test, p->post, 0);
	KUNIT_EXPECT_EQ(test, kpt_step_load((unsigned long)&kpt_step_word),
			kpt_step_word);
	KUNIT_EXPECT_EQ(test, p->faults, 2);
	KUNIT_EXPECT_EQ(test, p->pre, 3);
	KUNIT_EXPECT_EQ(test, p->post, 1);
}

static struct kunit_case kpt_fault_cases[] = {
	KUNIT_CASE(kpt_test_fault_in_step_fixed),
	KUNIT_CASE(kpt_test_fault_in_pre),
	KUNIT_CASE(kpt_test_fault_in_post),
	KUNIT_CASE(kpt_test_fault_right_probe),
	KUNIT_CASE(kpt_test_fault_entry),
	KUNIT_CASE(kpt_test_nofault_read_declined),
	KUNIT_CASE(kpt_test_nofault_read_no_handler),
	{}
};

static struct kunit_suite kpt_fault_suite = {
	.name = "kprobes_fault",
	.test_cases = kpt_fault_cases,
};

kunit_test_suite(kpt_fault_suite);
