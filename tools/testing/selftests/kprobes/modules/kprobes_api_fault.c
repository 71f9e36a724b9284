// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_fault": struct kprobe's fault_handler, which
 * upstream kernels do not have (the Makefile leaves this file out there).
 *
 * A handler makes a load fault that no exception-table entry fixes up
 * (kprobes_fault_loads.h; each architecture writes its own).  The probe's
 * fault_handler moves the instruction pointer past the load and says it
 * handled the fault; the handler then carries on.  The same when the
 * probed instruction itself faults while it runs out of line: the fault
 * is reported at the probed address.
 */
#include <kunit/test.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>

#include "kprobes_api.h"
#include "kprobes_fault_loads.h"

struct kpt_fprobe {
	struct kprobe kp;
	int pre;
	int post;
	int faults;
	int trapnr;
	int wrong_ip;
	unsigned long loaded;	/* what the faulting load "returned" */
};

static int kpt_fault_fixup(struct kprobe *kp, struct pt_regs *regs, int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->faults++;
	p->trapnr = trapnr;
	if (!kpt_fault_at_load(regs)) {
		p->wrong_ip++;
		return 0;
	}
	kpt_fault_skip_load(regs);
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
	KUNIT_EXPECT_TRUE_MSG(test, kpt_trap_is_fixable(p->trapnr),
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

/*
 * The same from a probe on another module's function entry (which ftrace
 * calls where kprobes use it).
 */
static void kpt_test_fault_entry(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);
	int (*fn)(int a, int b);

	p->kp.symbol_name = KPT_TARGET ":kpt_target_add";
	p->kp.pre_handler = kpt_pre_faulting;
	KUNIT_ASSERT_EQ_MSG(test, kpt_register(test, &p->kp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	fn = kpt_probed_func(&p->kp);
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
	p->loaded = copy_from_kernel_nofault(&val, (void *)kpt_unmapped_addr,
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
		KUNIT_EXPECT_TRUE_MSG(test, kpt_trap_is_page_fault(p->trapnr),
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

/*
 * Only a return of 1 says a fault was handled.  This one returns 2 and
 * leaves the registers alone; counted as handled, the load would fault
 * again at once, so from the third try on it returns 0 and such a kernel
 * shows 3 faults instead of looping.
 */
static int kpt_fault_two(struct kprobe *kp, struct pt_regs *regs, int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->faults++;
	p->trapnr = trapnr;
	return p->faults < 3 ? 2 : 0;
}

static void kpt_test_fault_handler_two(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	p->kp.addr = kpt_at(kpt_api_add, KPT_INSN1);
	p->kp.pre_handler = kpt_pre_nofault_read;
	p->kp.fault_handler = kpt_fault_two;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_add(40, 2), 42);
	/* Declined: the exception table fixed the read up. */
	KUNIT_EXPECT_EQ(test, (long)p->loaded, (long)-EFAULT);
	KUNIT_EXPECT_EQ(test, p->faults, 1);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 1);
}

/* Decline, after checking that the fault is reported where it happened. */
static int kpt_fault_decline_at(struct kprobe *kp, struct pt_regs *regs,
				int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	if (!kpt_fault_at_load(regs))
		p->wrong_ip++;
	return kpt_fault_decline(kp, regs, trapnr);
}

/*
 * The probed load itself faults while it runs out of line (a post_handler
 * keeps it from being optimized, simulated or skipped; an exception-table
 * entry keeps it from being boosted).  The fault is reported at the probed
 * address and the post_handler never runs.  A fault_handler that fixes
 * the fault decides where execution goes on.  One that declines a page
 * fault leaves it to the kernel's exception table.  (x86 warns when a
 * probe claims a page fault on a kernel address, and looks up the
 * exception table for a general protection fault before it asks kprobes,
 * so there the two cases use those two faults.)
 */
static void kpt_fault_in_step(struct kunit *test, bool fix)
{
	unsigned long bad = fix ? kpt_fixable_addr : kpt_unmapped_addr;
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	if (!fix && !kpt_step_load_has_extable)
		kunit_skip(test, "kprobes here refuse a load with an exception-table entry");

	/*
	 * By name: the address of a label inside a function, taken here,
	 * would be a relocation that objtool's IBT check warns about.
	 */
	p->kp.symbol_name = "kpt_step_load_insn";
	p->kp.fault_handler = fix ? kpt_fault_fixup : kpt_fault_decline_at;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_step_load(bad), fix ? KPT_FIXED_UP : 0UL);
	KUNIT_EXPECT_EQ(test, p->faults, 1);
	KUNIT_EXPECT_TRUE_MSG(test, fix ? kpt_trap_is_fixable(p->trapnr) :
			      kpt_trap_is_page_fault(p->trapnr),
			      "trapnr %#x", p->trapnr);
	KUNIT_EXPECT_EQ(test, p->wrong_ip, 0);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 0);
	KUNIT_EXPECT_NULL(test, kprobe_running());

	/* The probe still works, for a load that faults and one that does not. */
	KUNIT_EXPECT_EQ(test, kpt_step_load(bad), fix ? KPT_FIXED_UP : 0UL);
	KUNIT_EXPECT_EQ(test, kpt_step_load(kpt_good_addr), KPT_GOOD_WORD);
	KUNIT_EXPECT_EQ(test, p->faults, 2);
	KUNIT_EXPECT_EQ(test, p->pre, 3);
	KUNIT_EXPECT_EQ(test, p->post, 1);
}

static void kpt_test_fault_in_step_fixed(struct kunit *test)
{
	kpt_fault_in_step(test, true);
}

static void kpt_test_fault_in_step_declined(struct kunit *test)
{
	kpt_fault_in_step(test, false);
}

static int kpt_pre_step_load(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->pre++;
	p->loaded = kpt_step_load(kpt_fixable_addr);
	return 0;
}

/*
 * A handler runs into another probe, whose instruction faults.  That
 * hit is nested: it runs no handler, counts a miss and steps its load out
 * of line.  The fault of the copy is the running handler's, so the
 * running probe's fault_handler is asked, at the load's own address, and
 * the nested probe's is not.  The outer probe sits at an instruction
 * (breakpoint hit) or on another module's function entry (ftrace hit
 * where kprobes use it).
 */
static void kpt_fault_in_nested_step(struct kunit *test, bool entry)
{
	struct kpt_fprobe *inner = kpt_fprobe_new(test);
	struct kpt_fprobe *p = kpt_fprobe_new(test);
	int (*target)(int a, int b);

	inner->kp.symbol_name = "kpt_step_load_insn";
	inner->kp.fault_handler = kpt_fault_decline;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &inner->kp), 0);

	p->kp.pre_handler = kpt_pre_step_load;
	if (entry)
		p->kp.symbol_name = KPT_TARGET ":kpt_target_add";
	else
		p->kp.addr = kpt_at(kpt_api_add, KPT_INSN1);
	KUNIT_ASSERT_EQ_MSG(test, kpt_register(test, &p->kp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	target = kpt_probed_func(&p->kp);
	KUNIT_EXPECT_EQ(test, entry ? target(40, 2) : kpt_api_add(40, 2), 42);
	kpt_expect_one_fixed(test, p);
	KUNIT_EXPECT_EQ(test, inner->faults, 0);
	KUNIT_EXPECT_EQ(test, inner->pre, 0);
	KUNIT_EXPECT_EQ(test, inner->kp.nmissed, 1UL);
	KUNIT_EXPECT_NULL(test, kprobe_running());

	/* Both probes go on working. */
	KUNIT_EXPECT_EQ(test, kpt_step_load(kpt_good_addr), KPT_GOOD_WORD);
	KUNIT_EXPECT_EQ(test, inner->pre, 1);
	KUNIT_EXPECT_EQ(test, inner->post, 1);
	KUNIT_EXPECT_EQ(test, entry ? target(40, 2) : kpt_api_add(40, 2), 42);
	KUNIT_EXPECT_EQ(test, p->faults, 2);
	KUNIT_EXPECT_EQ(test, p->wrong_ip, 0);
	KUNIT_EXPECT_EQ(test, inner->kp.nmissed, 2UL);
}

static void kpt_test_fault_in_nested_step(struct kunit *test)
{
	kpt_fault_in_nested_step(test, false);
}

static void kpt_test_fault_in_nested_step_entry(struct kunit *test)
{
	kpt_fault_in_nested_step(test, true);
}

static struct kunit_case kpt_fault_cases[] = {
	KUNIT_CASE(kpt_test_fault_in_step_fixed),
	KUNIT_CASE(kpt_test_fault_in_step_declined),
	KUNIT_CASE(kpt_test_fault_in_nested_step),
	KUNIT_CASE(kpt_test_fault_in_nested_step_entry),
	KUNIT_CASE(kpt_test_fault_in_pre),
	KUNIT_CASE(kpt_test_fault_in_post),
	KUNIT_CASE(kpt_test_fault_right_probe),
	KUNIT_CASE(kpt_test_fault_entry),
	KUNIT_CASE(kpt_test_nofault_read_declined),
	KUNIT_CASE(kpt_test_nofault_read_no_handler),
	KUNIT_CASE(kpt_test_fault_handler_two),
	{}
};

static struct kunit_suite kpt_fault_suite = {
	.name = "kprobes_fault",
	.test_cases = kpt_fault_cases,
};

kunit_test_suite(kpt_fault_suite);
