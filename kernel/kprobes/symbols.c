// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Symbols of module text, found without a walk per probe.
 *
 * Registering a probe looks up the symbol that contains its address.
 * For an address in a module, kallsyms_lookup() scans every symbol of the
 * module, so registering n probes in a module of s symbols costs n * s:
 * with thousands of both, that scan is most of the time registration
 * takes.  For a module with many symbols this file keeps an index, the
 * module's named symbols sorted by address, built on the first lookup and
 * searched by bisection afterwards.
 *
 * An index points into the symbol table kallsyms uses for the module
 * when it is built.  While the module's init runs that is a table in init
 * memory; when init is done kallsyms switches to the core table and frees
 * the other.  So an index remembers its table and is rebuilt when the
 * module's table is another, and module.c drops it when the module
 * becomes live (before that switch) and when it goes
 * (kprobe_symbols_drop()).  Everything here runs with kprobe_mutex held,
 * which the module notifier also takes: a module cannot go live or finish
 * going while an index of it is in use.  The switch itself comes after
 * the notifier, so a registration in between may index the init table
 * again, and the init memory is freed without kprobe_mutex: a lookup
 * reads names only inside an RCU-sched section in which the table is
 * still the index's.
 *
 * Why here and not in kallsyms: the index reads mod->kallsyms and the
 * module's symbol table directly, restating two rules of
 * kernel/module/kallsyms.c (which symbols are named text, and where a
 * symbol ends).  It pays for that: a batch of probes on a module with
 * thousands of functions costs one sort and a binary search per probe,
 * where a scan of the module's symbols per probe grows with the product
 * of the two.
 * A generic "sorted address index of a module" belongs in
 * kernel/module/kallsyms.c, where every address lookup (oops printing,
 * perf) would gain too; it is left for a separate patch to the module
 * maintainers, and this file would then shrink to its callers.
 */
#include <linux/kallsyms.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/module_symbol.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "internal.h"

/* Below this many symbols, a scan costs about as much as a bisection. */
#define KPROBE_SYMBOLS_MIN	128

struct kprobe_symbol {
	unsigned long addr;
	const char *name;
	unsigned int order;	/* position in the symbol table */
};

/* The index of one module, on kprobe_symbol_indexes. */
struct kprobe_symbol_index {
	struct list_head list;
	struct module *mod;
	const struct mod_kallsyms *table;
	unsigned int nr;
	struct kprobe_symbol syms[] __counted_by(nr);
};

static LIST_HEAD(kprobe_symbol_indexes);

/* Filling an index: the symbols kallsyms would consider, in table order. */
struct kprobe_symbol_fill {
	struct kprobe_symbol_index *idx;
	unsigned int seen;
	unsigned int room;
};

static bool kprobe_symbol_wanted(const char *name)
{
	/* As kallsyms: unnamed and mapping symbols name nothing. */
	return *name && !is_mapping_symbol(name);
}

static int kprobe_symbol_count(void *data, const char *name,
			       unsigned long addr)
{
	struct kprobe_symbol_fill *f = data;

	if (kprobe_symbol_wanted(name))
		f->seen++;
	return 0;
}

static int kprobe_symbol_add(void *data, const char *name, unsigned long addr)
{
	struct kprobe_symbol_fill *f = data;
	struct kprobe_symbol *s;

	if (!kprobe_symbol_wanted(name))
		return 0;
	/* The table cannot grow after init; stop rather than overflow. */
	if (f->idx->nr == f->room)
		return -E2BIG;
	s = &f->idx->syms[f->idx->nr++];
	s->addr = addr;
	s->name = name;
	s->order = f->seen++;
	return 0;
}

/* By address; among equal addresses, the first in the table first. */
static int kprobe_symbol_cmp(const void *a, const void *b)
{
	const struct kprobe_symbol *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The index of @mod (coming or live), built now if worth it; or NULL. */
static struct kprobe_symbol_index *kprobe_symbol_index_of(struct module *mod)
{
	struct kprobe_symbol_fill f = {};
	struct kprobe_symbol_index *idx;
	const struct mod_kallsyms *table;

	lockdep_assert_held(&kprobe_mutex);
	preempt_disable();
	table = rcu_dereference_sched(mod->kallsyms);
	preempt_enable();

	list_for_each_entry(idx, &kprobe_symbol_indexes, list) {
		if (idx->mod != mod)
			continue;
		if (idx->table == table)
			return idx;
		kprobe_symbols_drop(mod);
		break;
	}

	module_kallsyms_on_each_symbol(mod->name, kprobe_symbol_count, &f);
	if (f.seen < KPROBE_SYMBOLS_MIN)
		return NULL;
	idx = kvzalloc(struct_size(idx, syms, f.seen), GFP_KERNEL);
	if (!idx)
		return NULL;
	f.idx = idx;
	f.room = f.seen;
	f.seen = 0;
	if (module_kallsyms_on_each_symbol(mod->name, kprobe_symbol_add, &f)) {
		kvfree(idx);
		return NULL;
	}
	sort(idx->syms, idx->nr, sizeof(idx->syms[0]), kprobe_symbol_cmp, NULL);
	idx->mod = mod;
	idx->table = table;
	list_add(&idx->list, &kprobe_symbol_indexes);
	return idx;
}

/*
 * The bisection of kprobe_symbols_lookup(), with @idx's table still the
 * module's and its memory there.
 */
static bool kprobe_symbols_search(struct kprobe_symbol_index *idx,
				  struct module *mod, enum mod_mem_type type,
				  unsigned long addr, unsigned long *size,
				  unsigned long *off, char *name)
{
	unsigned long base, end, next;
	int lo, hi, mid;

	/* As kallsyms: symbols of the text part @addr is in, and its end. */
	base = (unsigned long)mod->mem[type].base;
	end = base + mod->mem[type].size;
	/* The last symbol at or below @addr. */
	lo = 0;
	hi = idx->nr;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (idx->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || idx->syms[lo - 1].addr < base)
		return false;
	next = lo < idx->nr && idx->syms[lo].addr < end ? idx->syms[lo].addr : end;
	/* Of several symbols at one address, kallsyms names the first. */
	mid = lo - 1;
	while (mid > 0 && idx->syms[mid - 1].addr == idx->syms[mid].addr)
		mid--;
	*size = next - idx->syms[mid].addr;
	*off = addr - idx->syms[mid].addr;
	strscpy(name, idx->syms[mid].name, KSYM_NAME_LEN);
	return true;
}

/**
 * kprobe_symbols_lookup() - the symbol containing a module text address
 * @addr: the address
 * @size: set to the symbol's size, up to the next symbol or the text end
 * @off: set to @addr's offset in the symbol
 * @name: set to the symbol's name (%KSYM_NAME_LEN bytes)
 *
 * The same answer as kallsyms_lookup() for an address in the text of a
 * module with many symbols, from that module's index.
 *
 * Context: kprobe_mutex held; may sleep (the first lookup in a module
 * builds its index).
 * Return: true if it answered; false if @addr is not such an address or
 * no symbol precedes it, and the caller must ask kallsyms_lookup().
 */
bool kprobe_symbols_lookup(unsigned long addr, unsigned long *size,
			   unsigned long *off, char *name)
{
	struct kprobe_symbol_index *idx;
	enum mod_mem_type type;
	struct module *mod;
	bool found;

	lockdep_assert_held(&kprobe_mutex);
	preempt_disable();
	mod = __module_address(addr);
	/*
	 * A module still coming or live cannot get past the notifier that
	 * takes kprobe_mutex, held here, so it stays (see the top).  One
	 * already going may be freed at any time: leave it to kallsyms.
	 */
	if (mod && READ_ONCE(mod->state) != MODULE_STATE_COMING &&
	    READ_ONCE(mod->state) != MODULE_STATE_LIVE)
		mod = NULL;
	preempt_enable();
	if (!mod)
		return false;
	if (within_module_mem_type(addr, mod, MOD_TEXT))
		type = MOD_TEXT;
	else if (within_module_mem_type(addr, mod, MOD_INIT_TEXT))
		type = MOD_INIT_TEXT;
	else
		return false;
	idx = kprobe_symbol_index_of(mod);
	if (!idx)
		return false;

	/*
	 * The names may lie in the module's init memory, which the loader
	 * frees a grace period after it switched mod->kallsyms to the core
	 * table.  Inside this section the table is either still the one
	 * the index was built from, and its names stay until the section
	 * ends, or it is not, and kallsyms answers instead.
	 */
	preempt_disable();
	if (rcu_dereference_sched(mod->kallsyms) != idx->table ||
	    !mod->mem[type].base) {
		preempt_enable();
		return false;
	}
	found = kprobe_symbols_search(idx, mod, type, addr, size, off, name);
	preempt_enable();
	return found;
}

/**
 * kprobe_symbols_drop() - forget the index of a module
 * @mod: a module going live (its init symbols go away) or going
 *
 * Context: kprobe_mutex held.
 */
void kprobe_symbols_drop(struct module *mod)
{
	struct kprobe_symbol_index *idx;

	lockdep_assert_held(&kprobe_mutex);
	list_for_each_entry(idx, &kprobe_symbol_indexes, list) {
		if (idx->mod == mod) {
			list_del(&idx->list);
			kvfree(idx);
			return;
		}
	}
}
