// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Code that kprobes must never patch.
 *
 * Some functions run on the way into or out of the breakpoint handler
 * itself, or at a time when the kernel cannot take a trap; a probe on them
 * would recurse or crash.  This file keeps the list of such address ranges:
 * functions marked NOKPROBE_SYMBOL(), whole sections (.kprobes.text,
 * .noinstr.text, the irq and softirq entry text), whatever the architecture
 * adds, and the same for every loaded module.
 *
 * Sections are split into one range per function so that the debugfs view
 * names each of them.
 *
 * Readers walk the list under RCU only (kgdb asks from exception context);
 * writers hold kprobe_mutex and free removed ranges after a grace period.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <kunit/visibility.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/sections.h>

#include "internal.h"

/**
 * struct kprobe_bl_range - one refused address range
 * @node: link in kprobe_bl_ranges (RCU)
 * @start: first refused address
 * @end: first address past the range
 * @owner: module whose text the range describes, NULL for the kernel
 * @rcu: delays freeing until lockless readers are done
 */
struct kprobe_bl_range {
	struct list_head node;
	unsigned long start;
	unsigned long end;
	struct module *owner;
	struct rcu_head rcu;
};

/* Written under kprobe_mutex, read under RCU. */
static LIST_HEAD(kprobe_bl_ranges);

static int kprobe_bl_insert(unsigned long start, unsigned long end,
			    struct module *owner)
{
	struct kprobe_bl_range *r;

	lockdep_assert_held(&kprobe_mutex);
	if (start >= end)
		return 0;
	r = kmalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->start = start;
	r->end = end;
	r->owner = owner;
	/* Publishes the filled entry; pairs with the walk in kprobe_bl_find(). */
	list_add_tail_rcu(&r->node, &kprobe_bl_ranges);
	return 0;
}

/**
 * kprobe_blacklist_add_area() - refuse [@start, @end), one range per
 *	function found in it
 * @start: first address to refuse
 * @end: first address past the area
 * @owner: the module whose text it is, NULL for the kernel's
 *
 * Stretches kallsyms knows nothing about are refused as one block.
 *
 * Context: process context, kprobe_mutex held.
 * Return: 0, or -ENOMEM.
 */
int kprobe_blacklist_add_area(unsigned long start, unsigned long end,
			      struct module *owner)
{
	unsigned long size, off, stop;
	int ret;

	while (start < end) {
		if (!kallsyms_lookup_size_offset(start, &size, &off) ||
		    off >= size)
			return kprobe_bl_insert(start, end, owner);
		stop = min(start - off + size, end);
		ret = kprobe_bl_insert(start, stop, owner);
		if (ret)
			return ret;
		start = stop;
	}
	return 0;
}

/**
 * kprobe_blacklist_add_func() - refuse the whole function containing @addr
 * @addr: an address in the function (a NOKPROBE_SYMBOL() entry), or the
 *	function's descriptor where the ABI has them (64-bit ELFv1 powerpc,
 *	64-bit parisc): NOKPROBE_SYMBOL() records the function pointer
 * @owner: the module whose text it is, NULL for the kernel's
 *
 * Context: process context, kprobe_mutex held.
 * Return: 0, or -ENOMEM.
 */
int kprobe_blacklist_add_func(unsigned long addr, struct module *owner)
{
	unsigned long size, off;

	addr = (unsigned long)dereference_symbol_descriptor((void *)addr);
	if (!kallsyms_lookup_size_offset(addr, &size, &off))
		return 0;	/* nothing is known about it: nothing to refuse */
	return kprobe_bl_insert(addr - off, addr - off + size, owner);
}

#ifndef CONFIG_HAVE_KPROBE_ARCH_REFUSALS
/* An architecture without text of its own to refuse. */
const struct kprobe_arch_refusals kprobe_arch_refusals = { };
#endif
EXPORT_SYMBOL_IF_KUNIT(kprobe_arch_refusals);

/* Is @addr in one of @nr sections? */
static bool kprobe_bl_in_sections(const struct kprobe_text_range *ranges,
				  unsigned int nr, unsigned long addr)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		if (addr >= (unsigned long)ranges[i].start &&
		    addr < (unsigned long)ranges[i].end)
			return true;
	}
	return false;
}

/* From @first to the last byte of the function holding @last. */
static int __init kprobe_bl_add_span(const struct kprobe_text_span *span)
{
	unsigned long last = (unsigned long)span->last;
	unsigned long size, off;

	if (!kallsyms_lookup_size_offset(last, &size, &off))
		return 0;
	return kprobe_blacklist_add_area((unsigned long)span->first,
					 last - off + size, NULL);
}

/* Everything kprobe_arch_refusals names, one function at a time. */
static int __init kprobe_bl_add_arch(const struct kprobe_arch_refusals *r)
{
	unsigned long addr;
	unsigned int i;
	int ret = 0;

	for (i = 0; !ret && i < r->nr_sections; i++)
		ret = kprobe_blacklist_add_area((unsigned long)r->sections[i].start,
						(unsigned long)r->sections[i].end,
						NULL);
	for (i = 0; !ret && i < r->nr_spans; i++)
		ret = kprobe_bl_add_span(&r->spans[i]);
	for (i = 0; !ret && i < r->nr_funcs; i++)
		ret = kprobe_blacklist_add_func((unsigned long)r->funcs[i], NULL);
	for (i = 0; !ret && i < r->nr_names; i++) {
		/* As a probe's symbol_name is found (dot symbols, descriptors). */
		addr = (unsigned long)kprobe_lookup_name(r->names[i], 0);
		if (addr)
			ret = kprobe_blacklist_add_func(addr, NULL);
	}
	return ret;
}

static int __init kprobe_bl_populate(void)
{
	unsigned long *fn;
	int ret;

	for (fn = __start_kprobe_blacklist; fn < __stop_kprobe_blacklist; fn++) {
		ret = kprobe_blacklist_add_func(*fn, NULL);
		if (ret)
			return ret;
	}
	ret = kprobe_blacklist_add_area((unsigned long)__kprobes_text_start,
					(unsigned long)__kprobes_text_end, NULL);
	if (!ret)
		ret = kprobe_blacklist_add_area((unsigned long)__noinstr_text_start,
						(unsigned long)__noinstr_text_end,
						NULL);
	if (!ret)
		ret = kprobe_blacklist_add_area((unsigned long)__irqentry_text_start,
						(unsigned long)__irqentry_text_end,
						NULL);
	if (!ret)
		ret = kprobe_blacklist_add_area((unsigned long)__softirqentry_text_start,
						(unsigned long)__softirqentry_text_end,
						NULL);
	return ret ?: kprobe_bl_add_arch(&kprobe_arch_refusals);
}

/**
 * kprobe_blacklist_init() - build the list of code that cannot be probed
 *
 * Records every NOKPROBE_SYMBOL() function of the kernel image, the
 * sections that must not be instrumented, and the text the architecture
 * refuses (kprobe_arch_refusals).  Takes kprobe_mutex itself.
 *
 * Context: boot, process context.
 * Return: 0, or a negative errno if some range could not be recorded.
 */
int __init kprobe_blacklist_init(void)
{
	int ret;

	mutex_lock(&kprobe_mutex);
	ret = kprobe_bl_populate();
	mutex_unlock(&kprobe_mutex);
	return ret;
}

/**
 * kprobe_blacklist_remove_owner() - forget a module's refused ranges
 * @mod: a module that is going
 *
 * Context: process context, kprobe_mutex held.
 */
void kprobe_blacklist_remove_owner(struct module *mod)
{
	struct kprobe_bl_range *r, *tmp;

	lockdep_assert_held(&kprobe_mutex);
	list_for_each_entry_safe(r, tmp, &kprobe_bl_ranges, node) {
		if (r->owner != mod)
			continue;
		list_del_rcu(&r->node);
		kfree_rcu(r, rcu);
	}
}

static bool kprobe_bl_find(unsigned long addr)
{
	struct kprobe_bl_range *r;
	bool hit = false;

	/* Preemption off is an RCU read side that works in any context. */
	preempt_disable_notrace();
	list_for_each_entry_rcu(r, &kprobe_bl_ranges, node) {
		if (addr >= r->start && addr < r->end) {
			hit = true;
			break;
		}
	}
	preempt_enable_notrace();
	return hit;
}

/*
 * With CFI or function padding the compiler puts __cfi_<fn> / __pfx_<fn>
 * symbols in front of functions; they hold no real code to probe.  The
 * compiler's clones of refused functions are refused by name as well.
 */
static bool kprobe_bl_preamble(unsigned long addr)
{
	char name[KSYM_NAME_LEN];

	if (lookup_symbol_name(addr, name))
		return false;
	return kprobe_blacklisted_name(name);
}

/*
 * Is @name a piece the compiler split off a refused function, or a copy
 * it specialised?  gcc and clang name them "<function>.<suffix>" (.cold,
 * .part.N, .isra.N, .constprop.N, .llvm.N and combinations); they are
 * separate symbols outside the function's refused range, but run as part
 * of it.  The function is looked up by name, and kallsyms answers with
 * the first symbol of that name (the kernel's before any module's): with
 * static functions of one name in several places, the clone is judged by
 * that first one, which may refuse a clone that is safe or let one
 * through whose own function is refused elsewhere.
 */
static bool kprobe_bl_clone_of_refused(const char *name)
{
	const char *dot = strchr(name, '.');
	char base[KSYM_NAME_LEN];
	unsigned long func;

	if (!dot || dot == name || dot - name >= KSYM_NAME_LEN)
		return false;
	strscpy(base, name, dot - name + 1);
	func = kallsyms_lookup_name(base);
	return func && kprobe_blacklisted_range(func);
}

/**
 * kprobe_blacklisted_name() - is @name a symbol that is never probed?
 * @name: the name of the symbol a candidate address lies in
 *
 * Context: any; does not sleep.
 * Return: true for CFI and function padding preambles, and for the
 * compiler's clones and split-off parts of a refused function.
 */
bool kprobe_blacklisted_name(const char *name)
{
	return str_has_prefix(name, "__cfi_") ||
	       str_has_prefix(name, "__pfx_") ||
	       kprobe_bl_clone_of_refused(name);
}

/**
 * arch_kprobe_refuses() - code the architecture never probes that its
 *	kprobe_arch_refusals cannot name, by default none
 * @addr: the address to probe
 *
 * Context: any context; must not sleep or take a lock.
 * Return: false; an architecture that decides per address provides its
 * own.
 */
bool __weak arch_kprobe_refuses(unsigned long addr)
{
	return false;
}

/**
 * kprobe_blacklisted_range() - is @addr in refused text?
 * @addr: candidate probe address
 *
 * kprobe_blacklisted() without the symbol name check, which costs a
 * kallsyms lookup: registration checks the name it looked up anyway.
 *
 * Context: any context; takes no lock and does not sleep.
 * Return: true if @addr is in a refused range, refused by the architecture
 * or inside an out-of-line slot.
 */
bool kprobe_blacklisted_range(unsigned long addr)
{
	const struct kprobe_arch_refusals *r = &kprobe_arch_refusals;

	/* The sections even if the list could not be built at boot. */
	return kprobe_bl_find(addr) ||
	       kprobe_bl_in_sections(r->sections, r->nr_sections, addr) ||
	       arch_kprobe_refuses(addr) || kprobe_slot_contains(addr);
}

/**
 * kprobe_blacklisted() - must @addr never be probed?
 * @addr: candidate probe address
 *
 * Context: any context; takes no lock and does not sleep.
 * Return: true if @addr is in a refused range, refused by the architecture,
 * inside an out-of-line slot, or in a CFI / padding preamble.
 */
bool kprobe_blacklisted(unsigned long addr)
{
	return kprobe_blacklisted_range(addr) || kprobe_bl_preamble(addr);
}

/**
 * within_kprobe_blacklist() - must @addr never be probed?
 * @addr: candidate address (probe, breakpoint)
 *
 * Public name of kprobe_blacklisted(), used by kgdb and hw_breakpoint.
 *
 * Context: any context, including exception context; does not sleep.
 * Return: true if @addr must not be probed.
 */
bool within_kprobe_blacklist(unsigned long addr)
{
	return kprobe_blacklisted(addr);
}
EXPORT_SYMBOL_IF_KUNIT(within_kprobe_blacklist);

static void *kprobe_bl_seq_start(struct seq_file *m, loff_t *pos)
{
	/* Released in kprobe_bl_seq_stop(); keeps positions stable. */
	mutex_lock(&kprobe_mutex);
	return seq_list_start(&kprobe_bl_ranges, *pos);
}

static void *kprobe_bl_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &kprobe_bl_ranges, pos);
}

static void kprobe_bl_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kprobe_mutex);
}

static int kprobe_bl_seq_show(struct seq_file *m, void *v)
{
	struct kprobe_bl_range *r = list_entry(v, struct kprobe_bl_range, node);
	int width = 2 * sizeof(unsigned long);
	unsigned long lo = 0, hi = 0;

	/* Hide the addresses from readers /proc/kallsyms would hide them from. */
	if (kallsyms_show_value(m->file->f_cred)) {
		lo = r->start;
		hi = r->end;
	}
	seq_printf(m, "0x%0*lx-0x%0*lx\t%ps\n", width, lo, width, hi,
		   (void *)r->start);
	return 0;
}

const struct seq_operations kprobe_blacklist_seq_ops = {
	.start	= kprobe_bl_seq_start,
	.next	= kprobe_bl_seq_next,
	.stop	= kprobe_bl_seq_stop,
	.show	= kprobe_bl_seq_show,
};
