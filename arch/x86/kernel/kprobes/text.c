// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which x86-64 text may be probed, and changing it: writing and removing
 * the int3 of a probe, the pages the out-of-line slots live in, and
 * reading text as it was before probes patched it (prepare.c decodes it
 * for a new breakpoint, opt.c for the instructions a jump would cover).
 */
#include <linux/execmem.h>
#include <linux/ftrace.h>
#include <linux/kprobes_arch.h>
#include <linux/lockdep.h>
#include <linux/memory.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/set_memory.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/ibt.h>
#include <asm/insn.h>
#include <asm/nops.h>
#include <asm/sections.h>
#include <asm/switch_to.h>
#include <asm/text-patching.h>

#include "common.h"

/**
 * kprobe_x86_opt_unpatch() - undo optimized jumps in a copy of the text
 * @addr: address of @buf[0]
 * @buf: @len bytes read from @addr
 * @len: length of @buf
 *
 * Every OPTIMIZED site whose jump bytes overlap @buf gets its original
 * bytes back in @buf (the first byte is the breakpoint's business).
 *
 * Context: kprobe_mutex held.
 */
void kprobe_x86_opt_unpatch(unsigned long addr, u8 *buf, unsigned int len)
{
	struct kprobe_site *site;
	unsigned long at, from;
	int i;

	kprobe_assert_mutex_held();
	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return;
	for (from = addr - KPROBE_OPT_TAIL; from < addr + len; from++) {
		site = kprobe_site_lookup(from);
		if (!site || site->state != KPROBE_SITE_OPTIMIZED)
			continue;
		for (i = 0; i < KPROBE_OPT_TAIL; i++) {
			at = from + INT3_INSN_SIZE + i;
			if (at >= addr && at < addr + len)
				buf[at - addr] = site->ainsn.opt_tail[i];
		}
	}
}

/**
 * kprobe_read_original() - read code as it was before probes patched it
 * @addr: start of the bytes wanted
 * @buf: MAX_INSN_SIZE bytes, filled in
 *
 * A breakpoint only ever replaces the first byte of its instruction, which
 * its site remembers; an optimized site's jump covers more bytes, which
 * the site remembers too (kprobe_x86_opt_unpatch()); an ftrace call site
 * was a 5-byte nop originally, whatever it holds at the moment.
 *
 * Context: process context, kprobe_mutex held.
 * Return: 0, or -EFAULT if @addr cannot be read.
 */
int kprobe_read_original(unsigned long addr, u8 *buf)
{
	struct kprobe_site *other;

	kprobe_assert_mutex_held();
	if (copy_from_kernel_nofault(buf, (void *)addr, MAX_INSN_SIZE))
		return -EFAULT;

	if (kprobe_ftrace_call_site(addr)) {
		memcpy(buf, x86_nops[5], 5);
		return 0;
	}

	rcu_read_lock();
	other = kprobe_site_lookup(addr);
	if (other)
		buf[0] = other->ainsn.opcode;
	rcu_read_unlock();
	kprobe_x86_opt_unpatch(addr, buf, MAX_INSN_SIZE);
	return 0;
}

/**
 * arch_kprobe_arm() - put the breakpoint of @site in place
 * @site: a prepared site
 *
 * Other CPUs may keep running the old byte until arch_kprobe_patch_sync().
 *
 * Context: process context, text_mutex held.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	u8 int3 = INT3_INSN_OPCODE;

	lockdep_assert_held(&text_mutex);
	text_poke(site->addr, &int3, INT3_INSN_SIZE);
	perf_event_text_poke(site->addr, &site->ainsn.opcode, 1, &int3, 1);
}

/**
 * arch_kprobe_disarm() - put the original first byte of @site back
 * @site: a prepared site
 *
 * Context: process context, text_mutex held.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	u8 int3 = INT3_INSN_OPCODE;

	lockdep_assert_held(&text_mutex);
	perf_event_text_poke(site->addr, &int3, 1, &site->ainsn.opcode, 1);
	text_poke(site->addr, &site->ainsn.opcode, 1);
}

/**
 * arch_kprobe_patch_sync() - make earlier arm/disarm writes visible
 *
 * Every CPU serialises its instruction stream before this returns.
 *
 * Context: process context, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	text_poke_sync();
}

/**
 * arch_kprobe_adjust_addr() - the address to probe for symbol + offset
 * @addr: address of the symbol
 * @offset: offset into the symbol
 * @on_func_entry: set to whether the result is the function's first
 *	instruction that may be probed
 *
 * With IBT a function starts with endbr64, which indirect calls must
 * still find; a probe on the function entry goes on the instruction
 * after it.
 *
 * Context: process context.
 * Return: the address to probe.
 */
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	u32 first;

	if (IS_ENABLED(CONFIG_X86_KERNEL_IBT) &&
	    !copy_from_kernel_nofault(&first, (void *)addr, sizeof(first)) &&
	    is_endbr(first)) {
		if (!offset)
			offset = ENDBR_INSN_SIZE;
		*on_func_entry = offset == ENDBR_INSN_SIZE;
	} else {
		*on_func_entry = !offset;
	}
	return (kprobe_opcode_t *)(addr + offset);
}

/*
 * The code that switches stacks between tasks lives in ordinary text.
 * Handlers that unwind the stack (stack traces, BPF) cannot follow a task
 * switch that is only half done, so these are kept free of breakpoints.
 * __switch_to() runs on the next task's stack while current still names
 * the previous task: a return probe there would file the call under the
 * wrong task, and no probe is allowed there either.
 */
static const void *const kprobe_x86_stack_switchers[] = {
	__switch_to_asm,
	__switch_to,
	ret_from_fork_asm,
};

/*
 * The entry code runs on the user's or a trampoline stack with the
 * kernel's state half set up.
 */
static const struct kprobe_text_range kprobe_x86_sections[] = {
	{ __entry_text_start, __entry_text_end },
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_x86_sections,
	.nr_sections = ARRAY_SIZE(kprobe_x86_sections),
	.funcs = kprobe_x86_stack_switchers,
	.nr_funcs = ARRAY_SIZE(kprobe_x86_stack_switchers),
};

/**
 * arch_kprobe_page_alloc() - a page for out-of-line slots
 *
 * The page is filled with int3 and then made read-only and executable;
 * it is written only through text_poke() afterwards.
 *
 * Context: process context, may sleep.
 * Return: the page, or NULL.
 */
void *arch_kprobe_page_alloc(void)
{
	void *page = execmem_alloc(EXECMEM_KPROBES, PAGE_SIZE);

	if (!page)
		return NULL;
	memset(page, INT3_INSN_OPCODE, PAGE_SIZE);
	if (set_memory_rox((unsigned long)page, 1)) {
		execmem_free(page);
		return NULL;
	}
	return page;
}

/**
 * arch_kprobe_page_free() - free a page from arch_kprobe_page_alloc()
 * @page: the page
 *
 * Context: process context, may sleep.
 */
void arch_kprobe_page_free(void *page)
{
	execmem_free(page);
}
