// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit suite "kprobes_refusals": instructions an architecture must not
 * put a probe on, refused when the probe is registered.
 *
 * Each architecture with such rules gives a small assembly function,
 * kpr_func, which is never called: only its text is read.  Its first
 * instruction is an ordinary one, which must be accepted, so a refusal
 * of the others means what it says.  Architectures without such cases
 * skip those two.
 *
 * mips: mfc0 of Status and of EPC (the step runs with interrupts off and
 * its own exception state in EPC).  loongarch: csrrd of CRMD and of ERA,
 * for the same reasons.  64-bit powerpc (ELFv2): the suffix of a prefixed
 * instruction whose prefix is already probed (-EILSEQ); registration
 * only, so a CPU without prefixed instructions runs it too.
 *
 * On every architecture: the text its kprobe_arch_refusals names is in
 * the blacklist (both ends of each section, the start of each span, each
 * function) and a probe registered there, disabled so that nothing is
 * written if it were accepted, is refused.
 */
#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/kprobes_arch.h>

/* A probe at kpr_func + @off, registered alone or after @first. */
struct kpr_case {
	const char *what;
	unsigned int off;
	int want;
	int first;	/* offset of a probe registered before, or -1 */
};

#if defined(CONFIG_MIPS) && !defined(CONFIG_CPU_MICROMIPS)
asm(".pushsection .text\n"
	".globl kpr_func\n"
	".type kpr_func, @function\n"
	".set push\n"
	".set noreorder\n"
	".set noat\n"
	"kpr_func:\n"
	"	ori	$2, $4, 0\n"
	"	mfc0	$3, $12\n"
	"	mfc0	$3, $14\n"
	"	jr	$31\n"
	"	nop\n"
	".set pop\n"
	".size kpr_func, . - kpr_func\n"
	".popsection\n");

static const struct kpr_case kpr_cases[] = {
	{ "ori", 0, 0, -1 },
	{ "mfc0 of Status", 4, -EINVAL, -1 },
	{ "mfc0 of EPC", 8, -EINVAL, -1 },
};
#elif defined(CONFIG_LOONGARCH)
asm(".pushsection .text\n"
	".globl kpr_func\n"
	".type kpr_func, @function\n"
	"kpr_func:\n"
	"	ori	$a1, $a0, 0\n"
	"	csrrd	$t0, 0x0\n"
	"	csrrd	$t0, 0x6\n"
	"	jr	$ra\n"
	".size kpr_func, . - kpr_func\n"
	".popsection\n");

static const struct kpr_case kpr_cases[] = {
	{ "ori", 0, 0, -1 },
	{ "csrrd of CRMD", 4, -EINVAL, -1 },
	{ "csrrd of ERA", 8, -EINVAL, -1 },
};
#elif defined(CONFIG_PPC64) && defined(CONFIG_PPC64_ELF_ABI_V2)
/* Aligned so that the prefixed instruction does not cross 64 bytes. */
asm(".pushsection .text\n"
	".balign 64\n"
	".globl kpr_func\n"
	".type kpr_func, @function\n"
	"kpr_func:\n"
	"	nop\n"
	".machine push\n"
	".machine power10\n"
	"	paddi	3, 3, 1, 0\n"
	".machine pop\n"
	"	blr\n"
	".size kpr_func, . - kpr_func\n"
	".popsection\n");

static const struct kpr_case kpr_cases[] = {
	{ "nop", 0, 0, -1 },
	{ "the suffix of paddi", 8, -EILSEQ, -1 },
	{ "the suffix of paddi, its prefix probed", 8, -EILSEQ, 4 },
};
#else
#define KPR_NO_CASES
#endif

static int kpr_pre(struct kprobe *p, struct pt_regs *regs)
{
	return 0;
}

/*
 * @addr, or @sym if set, must be in the blacklist, and a probe there must
 * be refused with -EINVAL; a name this configuration does not have is
 * passed over.  Return: 1 if something was tried.
 */
static int kpr_try_refused(struct kunit *test, const char *what,
			   unsigned long addr, const char *sym)
{
	struct kprobe p = {
		.pre_handler = kpr_pre,
		.flags = KPROBE_FLAG_DISABLED,
	};
	int ret;

	if (sym)
		p.symbol_name = sym;
	else
		p.addr = (kprobe_opcode_t *)addr;
	ret = register_kprobe(&p);
	if (sym && ret == -ENOENT)
		return 0;
	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s %s %pS", what,
			    sym ?: "", (void *)addr);
	if (!ret)
		unregister_kprobe(&p);
	/* A name's address is known only if the probe was accepted. */
	if (!sym || !ret)
		addr = (unsigned long)p.addr;
	if (addr)
		KUNIT_EXPECT_TRUE_MSG(test, within_kprobe_blacklist(addr),
				      "%s %s %pS not in the blacklist", what,
				      sym ?: "", (void *)addr);
	return 1;
}

/* Everything kprobe_arch_refusals names is refused, as data the core read. */
static void kpr_test_arch_text(struct kunit *test)
{
	const struct kprobe_arch_refusals *r = &kprobe_arch_refusals;
	unsigned long addr;
	unsigned int i;
	int n = 0;

	for (i = 0; i < r->nr_sections; i++) {
		if (r->sections[i].start >= r->sections[i].end)
			continue;
		n += kpr_try_refused(test, "section",
				     (unsigned long)r->sections[i].start, NULL);
		/* Its last byte: the whole section, not its first function. */
		addr = (unsigned long)r->sections[i].end - 1;
		KUNIT_EXPECT_TRUE_MSG(test, within_kprobe_blacklist(addr),
				      "the end of section %u", i);
	}
	for (i = 0; i < r->nr_spans; i++)
		n += kpr_try_refused(test, "span",
				     (unsigned long)r->spans[i].first, NULL);
	for (i = 0; i < r->nr_funcs; i++) {
		/* The code, where a function pointer is a descriptor. */
		addr = (unsigned long)
		       dereference_symbol_descriptor((void *)r->funcs[i]);
		n += kpr_try_refused(test, "function", addr, NULL);
	}
	for (i = 0; i < r->nr_names; i++)
		n += kpr_try_refused(test, "name", 0, r->names[i]);
	if (!n)
		kunit_skip(test, "the architecture refuses no text of its own");
}

#ifndef KPR_NO_CASES
void kpr_func(void);

static void kpr_init(struct kprobe *p, unsigned int off)
{
	memset(p, 0, sizeof(*p));
	p->addr = (kprobe_opcode_t *)((unsigned long)kpr_func + off);
	p->pre_handler = kpr_pre;
}

/* Register the probe of @c (after its first probe, if any); check it. */
static void kpr_run(struct kunit *test, const struct kpr_case *c)
{
	struct kprobe first, p;
	int ret;

	if (c->first >= 0) {
		kpr_init(&first, c->first);
		KUNIT_ASSERT_EQ_MSG(test, register_kprobe(&first), 0,
				    "the probe before: %s", c->what);
	}
	kpr_init(&p, c->off);
	ret = register_kprobe(&p);
	KUNIT_EXPECT_EQ_MSG(test, ret, c->want, "%s (+%u)", c->what, c->off);
	if (!ret)
		unregister_kprobe(&p);
	if (c->first >= 0)
		unregister_kprobe(&first);
}

/* The ordinary first instruction: a refusal below is not a blanket one. */
static void kpr_test_accepted(struct kunit *test)
{
	kpr_run(test, &kpr_cases[0]);
}

static void kpr_test_refused(struct kunit *test)
{
	unsigned int i;

	for (i = 1; i < ARRAY_SIZE(kpr_cases); i++)
		kpr_run(test, &kpr_cases[i]);
}
#else
static void kpr_test_accepted(struct kunit *test)
{
	kunit_skip(test, "no refusal cases for this architecture");
}

static void kpr_test_refused(struct kunit *test)
{
	kunit_skip(test, "no refusal cases for this architecture");
}
#endif

static struct kunit_case kpr_test_cases_list[] = {
	KUNIT_CASE(kpr_test_accepted),
	KUNIT_CASE(kpr_test_refused),
	KUNIT_CASE(kpr_test_arch_text),
	{}
};

static struct kunit_suite kpr_suite = {
	.name = "kprobes_refusals",
	.test_cases = kpr_test_cases_list,
};

kunit_test_suite(kpr_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests of the instructions kprobes refuse");
MODULE_LICENSE("GPL");
