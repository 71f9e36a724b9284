// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_fault": struct kprobe's fault_handler, which
 * upstream kernels do not have (the Makefile leaves this file out there).
 *
 * A handler loads from a non-canonical address, which raises a general
 * protection fault (trap 13) with no exception table entry to fix it up.
 * The probe's fault_handler moves the instruction pointer past the load
 * and says it handled the fault; the handler then carries on.
 *
 * 32-bit x86 has no non-canonical addresses: there the "load" is an
 * "les" of a far pointer whose selector lies past the end of the GDT,
 * which raises the general protection fault.
 */
#include <asm/asm.h>
#include <asm/trapnr.h>
#include <kunit/test.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>

#include "kprobes_api.h"

#define KPT_FIXED_UP		0x600dUL

/*
 * KPT_GP_SOURCE: what the load reads to raise a general protection fault;
 * KPT_UNMAPPED: a kernel address it reads to raise a page fault, never
 * mapped (x86-64: canonical, in the guard hole below the direct map;
 * 32-bit: the hole at the top of the fixmap).  KPT_LOAD loads from %[bad]
 * into %[val], KPT_ADDR() puts the address of a label in a register.
 */
#ifdef CONFIG_X86_64
#define KPT_GP_SOURCE		0x8000000000000000UL
#define KPT_UNMAPPED		0xffff800000000000UL
#define KPT_LOAD		"mov (%[bad]), %[val]"
#define KPT_ADDR(label, reg)	"lea " label "(%%rip), " reg
#else
static const struct {
	u32 offset;
	u16 selector;
} __packed kpt_bad_far = { 0, 0xfff8 };

#define KPT_GP_SOURCE		((unsigned long)&kpt_bad_far)
#define KPT_UNMAPPED		0xfffff000UL
#define KPT_LOAD		"les (%[bad]), %[val]"
#define KPT_ADDR(label, reg)	"mov $" label ", " reg
#endif

struct kpt_fprobe {
	struct kprobe kp;
	int pre;
	int post;
	int faults;
	int trapnr;
	int wrong_ip;
	unsigned long loaded;	/* what the faulting load "returned" */
};

/*
 * The faulting load.  %rcx holds its address and %rdx the address after
 * it, so the fault_handler can check where the fault hit and where to
 * resume; it puts KPT_FIXED_UP in %rax as the load's result.
 */
static noinline unsigned long kpt_bad_load(void)
{
	unsigned long val = 0, at, resume;

	asm volatile(KPT_ADDR("1f", "%[at]") "\n\t"
		     KPT_ADDR("2f", "%[resume]") "\n"
		     "1:\t" KPT_LOAD "\n"
		     "2:\n"
		     : [val] "+a" (val), [at] "=&c" (at), [resume] "=&d" (resume)
		     : [bad] "S" (KPT_GP_SOURCE)
		     : "memory");
	return val;
}

static int kpt_fault_fixup(struct kprobe *kp, struct pt_regs *regs, int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	p->faults++;
	p->trapnr = trapnr;
	if (regs->ip != regs->cx) {
		p->wrong_ip++;
		return 0;
	}
	regs->ax = KPT_FIXED_UP;
	regs->ip = regs->dx;
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

static void kpt_expect_one_gp(struct kunit *test, struct kpt_fprobe *p)
{
	KUNIT_EXPECT_EQ(test, p->faults, 1);
	KUNIT_EXPECT_EQ(test, p->trapnr, X86_TRAP_GP);
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
	kpt_expect_one_gp(test, p);
}

static void kpt_test_fault_in_post(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);

	p->kp.addr = kpt_at(kpt_api_sub, KPT_INSN1);
	p->kp.post_handler = kpt_post_faulting;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	KUNIT_EXPECT_EQ(test, kpt_api_sub(44, 2), 42);
	kpt_expect_one_gp(test, p);
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
	kpt_expect_one_gp(test, p);
	KUNIT_EXPECT_EQ(test, quiet->faults, 0);
	KUNIT_EXPECT_EQ(test, quiet->pre, 1);
	KUNIT_EXPECT_EQ(test, quiet->post, 1);
}

/* The same from a probe that ftrace calls (kprobes_target's entry). */
static void kpt_test_fault_ftrace(struct kunit *test)
{
	struct kpt_fprobe *p = kpt_fprobe_new(test);
	int (*fn)(int a, int b);

	p->kp.symbol_name = KPT_TARGET ":kpt_target_add";
	p->kp.pre_handler = kpt_pre_faulting;
	KUNIT_ASSERT_EQ_MSG(test, kpt_register(test, &p->kp), 0,
			    "is " KPT_TARGET ".ko loaded?");
	fn = (void *)p->kp.addr;
	KUNIT_EXPECT_EQ(test, fn(40, 2), 42);
	kpt_expect_one_gp(test, p);
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
	p->loaded = copy_from_kernel_nofault(&val, (void *)KPT_UNMAPPED,
					     sizeof(val));
	return 0;
}

/*
 * A handler reads a bad pointer the way BPF's probe_read does: the page
 * fault is fixed up through the exception table, the read fails with
 * -EFAULT and the handler carries on.  A fault_handler is asked first and
 * may decline; without one the fixup happens all the same.
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
		KUNIT_EXPECT_EQ(test, p->trapnr, X86_TRAP_PF);
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
 * A load from @addr, with an exception table entry: if nobody else
 * handles the fault, the kernel resumes after the load and the result
 * stays 0.  kpt_step_load_insn names the load, to be probed; %rcx and %rdx
 * hold its address and the address after it, as in kpt_bad_load().
 */
static noinline unsigned long kpt_step_load(unsigned long addr)
{
	unsigned long val = 0, at, resume;

	asm volatile(KPT_ADDR("kpt_step_load_insn", "%[at]") "\n\t"
		     KPT_ADDR("2f", "%[resume]") "\n"
		     ".globl kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n\t"
		     KPT_LOAD "\n"
		     "2:\n"
		     _ASM_EXTABLE(kpt_step_load_insn, 2b)
		     : [val] "+a" (val), [at] "=&c" (at), [resume] "=&d" (resume)
		     : [bad] "S" (addr)
		     : "memory");
	return val;
}

/* Decline, after checking that the fault is reported where it happened. */
static int kpt_fault_decline_at(struct kprobe *kp, struct pt_regs *regs,
				int trapnr)
{
	struct kpt_fprobe *p = container_of(kp, struct kpt_fprobe, kp);

	if (regs->ip != regs->cx)
		p->wrong_ip++;
	return kpt_fault_decline(kp, regs, trapnr);
}

/*
 * The probed instruction itself faults while it runs out of line (a
 * post_handler keeps it from being optimized, the exception table entry
 * from being boosted).  The fault is reported at the probed address; the
 * post_handler never runs.  A fault_handler that fixes a general
 * protection fault decides where execution goes on.  One that declines a
 * page fault leaves it to the kernel's exception table.  (x86 warns when
 * a probe claims a page fault on a kernel address, and looks up the
 * exception table for a general protection fault before it asks kprobes,
 * so the two cases use those two faults.)
 */
static void kpt_fault_in_step(struct kunit *test, bool fix)
{
	unsigned long bad = fix ? KPT_GP_SOURCE : KPT_UNMAPPED;
	struct kpt_fprobe *p = kpt_fprobe_new(test);
	unsigned long val;

	/*
	 * By name: the address of a label inside a function, taken here,
	 * would be a relocation that objtool's IBT check warns about.
	 */
	p->kp.symbol_name = "kpt_step_load_insn";
	p->kp.fault_handler = fix ? kpt_fault_fixup : kpt_fault_decline_at;
	KUNIT_ASSERT_EQ(test, kpt_register(test, &p->kp), 0);
	val = kpt_step_load(bad);
	KUNIT_EXPECT_EQ(test, val, fix ? KPT_FIXED_UP : 0UL);
	KUNIT_EXPECT_EQ(test, p->faults, 1);
	KUNIT_EXPECT_EQ(test, p->trapnr, fix ? X86_TRAP_GP : X86_TRAP_PF);
	KUNIT_EXPECT_EQ(test, p->wrong_ip, 0);
	KUNIT_EXPECT_EQ(test, p->pre, 1);
	KUNIT_EXPECT_EQ(test, p->post, 0);
	KUNIT_EXPECT_NULL(test, kprobe_running());

	/* The probe still works for the next call. */
	val = kpt_step_load(bad);
	KUNIT_EXPECT_EQ(test, p->faults, 2);
	KUNIT_EXPECT_EQ(test, p->pre, 2);
	KUNIT_EXPECT_EQ(test, p->post, 0);
}

static void kpt_test_fault_in_step_fixed(struct kunit *test)
{
	kpt_fault_in_step(test, true);
}

static void kpt_test_fault_in_step_declined(struct kunit *test)
{
	kpt_fault_in_step(test, false);
}

static struct kunit_case kpt_fault_cases[] = {
	KUNIT_CASE(kpt_test_fault_in_step_fixed),
	KUNIT_CASE(kpt_test_fault_in_step_declined),
	KUNIT_CASE(kpt_test_fault_in_pre),
	KUNIT_CASE(kpt_test_fault_in_post),
	KUNIT_CASE(kpt_test_fault_right_probe),
	KUNIT_CASE(kpt_test_fault_ftrace),
	KUNIT_CASE(kpt_test_nofault_read_declined),
	KUNIT_CASE(kpt_test_nofault_read_no_handler),
	{}
};

static struct kunit_suite kpt_fault_suite = {
	.name = "kprobes_fault",
	.test_cases = kpt_fault_cases,
};

kunit_test_suite(kpt_fault_suite);
