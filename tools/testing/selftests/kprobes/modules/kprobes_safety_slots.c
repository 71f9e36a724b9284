// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kprobes_slot_pages": the pages that hold copies of probed
 * instructions (and jump-optimization detours) are executable, and where
 * the kernel keeps module text read-only (CONFIG_STRICT_MODULE_RWX) they
 * are read-only too, and so is their alias in the linear map where the
 * architecture write-protects such aliases (x86, arm64 with rodata=full).
 *
 * Probes go on every offset of a function of this module and fire once
 * each: the instructions kprobes copies out of line run from their slots.
 * A slot and a detour buffer are then taken from the pools those came
 * from (kprobe_slot_alloc(), kprobe_opt_slot_alloc(), exported to KUnit
 * tests only), and a write to their pages is tried with
 * __put_kernel_nofault(), writing back the byte that is there, so that a
 * page found writable is left unchanged.  Uses interfaces upstream lacks:
 * the Makefile leaves this file out there.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/kallsyms.h>
#include <linux/kprobes_arch.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define KPSP_OFFSETS	32

/* Where an architecture also write-protects the linear-map alias. */
#define KPSP_ALIAS_RO	(IS_ENABLED(CONFIG_X86) || \
			 (IS_ENABLED(CONFIG_ARM64) && \
			  IS_ENABLED(CONFIG_RODATA_FULL_DEFAULT_ENABLED)))

static atomic_t kpsp_pre_hits, kpsp_post_hits;
static int kpsp_sink;

/* A few instructions of plain arithmetic and memory access. */
static noinline int kpsp_target(int x)
{
	int y = READ_ONCE(kpsp_sink);

	y = y * 3 + x;
	WRITE_ONCE(kpsp_sink, y ^ 0x5a);
	return y - 1;
}

static int kpsp_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpsp_pre_hits);
	return 0;
}

/* A post_handler keeps the probe off the paths that need no copy. */
static void kpsp_post(struct kprobe *p, struct pt_regs *regs,
		      unsigned long flags)
{
	atomic_inc(&kpsp_post_hits);
}

/*
 * Write @val at @dst unless that faults (copy_to_kernel_nofault() is not
 * exported to modules).
 */
static bool kpsp_try_write(u8 *dst, u8 val)
{
	pagefault_disable();
	__put_kernel_nofault(dst, &val, u8, fault);
	pagefault_enable();
	return true;
fault:
	pagefault_enable();
	return false;
}

/*
 * Can the byte at @addr be written?  It is read first (a page that cannot
 * be read fails the case) and written back with its own value.
 */
static bool kpsp_writable(struct kunit *test, unsigned long addr)
{
	u8 b;

	KUNIT_EXPECT_EQ_MSG(test, copy_from_kernel_nofault(&b, (void *)addr, 1),
			    0, "%p cannot be read", (void *)addr);
	return kpsp_try_write((u8 *)addr, b);
}

static void kpsp_check_page(struct kunit *test, const char *what, void *p)
{
	unsigned long addr = (unsigned long)p;
	struct page *pg;

	KUNIT_ASSERT_NOT_NULL_MSG(test, p, "no %s", what);
	KUNIT_EXPECT_FALSE_MSG(test, kpsp_writable(test, addr),
			       "the page of a %s is writable", what);
	if (!KPSP_ALIAS_RO)
		return;
	pg = vmalloc_to_page(p);
	KUNIT_EXPECT_NOT_NULL(test, pg);
	/* A highmem page (32-bit kernels) has no linear alias to check. */
	if (!pg || PageHighMem(pg))
		return;
	KUNIT_EXPECT_FALSE_MSG(test,
			       kpsp_writable(test, (unsigned long)page_address(pg)),
			       "the linear alias of a %s's page is writable", what);
}

/*
 * The size of kpsp_target(), as kallsyms has it:
 * "name+0x0/0xSIZE [module]".
 */
static unsigned long kpsp_target_size(void)
{
	char sym[KSYM_SYMBOL_LEN];
	char *slash, *space;
	unsigned long size;

	sprint_symbol(sym, (unsigned long)kpsp_target);
	slash = strrchr(sym, '/');
	if (!slash)
		return 0;
	space = strchr(slash, ' ');
	if (space)
		*space = '\0';
	if (kstrtoul(slash + 1, 16, &size))
		return 0;
	return size;
}

/* The copies of kpsp_target()'s instructions run: each probe fires once. */
static void kpsp_test_copies_run(struct kunit *test)
{
	unsigned int i, nr = 0;
	unsigned long size;
	struct kprobe *kps;

	size = min_t(unsigned long, kpsp_target_size(), KPSP_OFFSETS);
	KUNIT_ASSERT_GT(test, size, 0UL);
	kps = kunit_kcalloc(test, size, sizeof(*kps), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, kps);
	for (i = 0; i < size; i++) {
		kps[i].addr = (kprobe_opcode_t *)kpsp_target;
		kps[i].offset = i;
		kps[i].pre_handler = kpsp_pre;
		kps[i].post_handler = kpsp_post;
		/* Offsets inside an instruction are refused: skip them. */
		if (register_kprobe(&kps[i]))
			kps[i].addr = NULL;
		else
			nr++;
	}
	atomic_set(&kpsp_pre_hits, 0);
	atomic_set(&kpsp_post_hits, 0);
	kpsp_target(7);
	for (i = 0; i < size; i++)
		if (kps[i].addr)
			unregister_kprobe(&kps[i]);
	KUNIT_EXPECT_GT(test, nr, 0U);
	KUNIT_EXPECT_EQ(test, atomic_read(&kpsp_pre_hits), nr);
}

/* The pages of both pools cannot be written where module text cannot. */
static void kpsp_test_protections(struct kunit *test)
{
	kprobe_opcode_t *slot;
	void *detour;

	if (!IS_ENABLED(CONFIG_STRICT_MODULE_RWX))
		kunit_skip(test, "CONFIG_STRICT_MODULE_RWX is off: slot pages may be writable");
	slot = kprobe_slot_alloc();
	kpsp_check_page(test, "slot", slot);
	kprobe_slot_free(slot);
	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return;
	detour = kprobe_opt_slot_alloc();
	kpsp_check_page(test, "detour buffer", detour);
	kprobe_opt_slot_free(detour);
}

static struct kunit_case kpsp_cases[] = {
	KUNIT_CASE(kpsp_test_copies_run),
	KUNIT_CASE(kpsp_test_protections),
	{}
};

static struct kunit_suite kpsp_suite = {
	.name = "kprobes_slot_pages",
	.test_cases = kpsp_cases,
};

kunit_test_suite(kpsp_suite);
