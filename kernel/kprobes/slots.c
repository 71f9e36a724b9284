// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pools of executable slots, and the out-of-line instruction slots.
 *
 * A probed instruction is copied into a small executable buffer so that it
 * can be single-stepped (or jumped over) while the breakpoint stays in the
 * original text; an optimized site gets a bigger detour buffer
 * (optslots.c).  Both come from a struct kprobe_slot_pool: whole pages
 * handed out by the architecture, each cut into slots of the pool's size,
 * with a bitmap of the ones taken.
 *
 * Besides the allocator, this file answers "is this address inside one of
 * our pages?" for the unwinder and kernel_text_address(), and lists the
 * pages in /proc/kallsyms and to perf.
 */
#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/execmem.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rculist.h>
#include <linux/set_memory.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "internal.h"

static_assert(KPROBE_SLOT_SIZE % KPROBE_SLOT_ALIGN == 0 &&
	      KPROBE_SLOT_SIZE <= 64,
	      "KPROBE_SLOT_SIZE must be a multiple of 16, at most 64");

/* Most slots a page can hold, for the smallest slot size. */
#define KPROBE_POOL_MAX_SLOTS	(PAGE_SIZE / KPROBE_SLOT_ALIGN)

/**
 * struct kprobe_slot_pool_page - one executable page of a pool
 * @node: link in the pool's page list (RCU)
 * @base: first byte of the page
 * @nr_used: number of bits set in @used
 * @used: one bit per slot, set while the slot is handed out
 * @release: frees the page once no reader can still see it
 */
struct kprobe_slot_pool_page {
	struct list_head node;
	void *base;
	unsigned int nr_used;
	DECLARE_BITMAP(used, KPROBE_POOL_MAX_SLOTS);
	struct rcu_work release;
};

/*
 * Single-instruction slots for stepping and boosting.  Protects the
 * insn pool's page list and the bitmaps of its pages.
 */
static DEFINE_MUTEX(kprobe_insn_pool_mutex);
static LIST_HEAD(kprobe_insn_pool_pages);
static struct kprobe_slot_pool kprobe_insn_pool = {
	.sym = "kprobe_insn_page",
	.slot_size = KPROBE_SLOT_SIZE,
	.mutex = &kprobe_insn_pool_mutex,
	.pages = &kprobe_insn_pool_pages,
};

static unsigned int kprobe_slot_pool_slots(struct kprobe_slot_pool *pool)
{
	return PAGE_SIZE / pool->slot_size;
}

static bool kprobe_slot_pool_page_has(struct kprobe_slot_pool_page *pg,
				      unsigned long addr)
{
	return addr >= (unsigned long)pg->base &&
	       addr < (unsigned long)pg->base + PAGE_SIZE;
}

static void kprobe_slot_pool_page_announce(struct kprobe_slot_pool *pool,
					   struct kprobe_slot_pool_page *pg, bool gone)
{
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL,
			   (unsigned long)pg->base, PAGE_SIZE, gone, pool->sym);
}

/**
 * kprobe_page_alloc_rox() - a read-only, executable page for slots
 *
 * A page of execmem's EXECMEM_KPROBES memory with set_memory_rox()
 * applied; for arch_kprobe_page_alloc(), free it with execmem_free().
 *
 * Context: process context, may sleep.
 * Return: the page, or NULL.
 */
void *kprobe_page_alloc_rox(void)
{
	void *page = execmem_alloc(EXECMEM_KPROBES, PAGE_SIZE);

	if (page && set_memory_rox((unsigned long)page, 1)) {
		execmem_free(page);
		return NULL;
	}
	return page;
}

/**
 * arch_kprobe_page_alloc() - a page for out-of-line slots, by default
 *
 * A page of execmem's EXECMEM_KPROBES memory.  Where the kernel keeps
 * module text read-only (CONFIG_STRICT_MODULE_RWX), the page is made
 * read-only and executable here, whatever protection execmem gave it
 * (arm hands out writable memory there), as far as the architecture
 * can change page protections (parisc cannot: its pages stay as they
 * are); set_memory_rox() also write-protects the page's alias in the
 * linear map where the architecture keeps one (arm64 with rodata=full,
 * x86).  The ports of those architectures therefore write slots only
 * through their text-patching routines, which follow the same option.
 * An architecture that fills the page first, or needs other memory or
 * protection (s390: executable whatever the configuration), provides
 * its own.
 *
 * Context: process context, may sleep.
 * Return: the page, or NULL.
 */
void * __weak arch_kprobe_page_alloc(void)
{
	if (IS_ENABLED(CONFIG_STRICT_MODULE_RWX))
		return kprobe_page_alloc_rox();
	return execmem_alloc(EXECMEM_KPROBES, PAGE_SIZE);
}

/**
 * arch_kprobe_page_free() - free a page of arch_kprobe_page_alloc()
 * @page: the page
 *
 * Context: process context, may sleep.
 */
void __weak arch_kprobe_page_free(void *page)
{
	execmem_free(page);
}

static void kprobe_slot_pool_page_release(struct work_struct *work)
{
	struct kprobe_slot_pool_page *pg;

	pg = container_of(to_rcu_work(work), struct kprobe_slot_pool_page, release);
	arch_kprobe_page_free(pg->base);
	kfree(pg);
}

/* Take a free slot from a page already on the list, if there is one. */
static void *kprobe_slot_pool_take_locked(struct kprobe_slot_pool *pool)
{
	unsigned int nr = kprobe_slot_pool_slots(pool);
	struct kprobe_slot_pool_page *pg;
	unsigned long idx;

	lockdep_assert_held(pool->mutex);
	list_for_each_entry(pg, pool->pages, node) {
		if (pg->nr_used == nr)
			continue;
		idx = find_first_zero_bit(pg->used, nr);
		__set_bit(idx, pg->used);
		pg->nr_used++;
		return pg->base + idx * pool->slot_size;
	}
	return NULL;
}

/* Get a fresh, empty page; called without the pool's mutex. */
static struct kprobe_slot_pool_page *kprobe_slot_pool_page_new(void)
{
	struct kprobe_slot_pool_page *pg;

	pg = kzalloc(sizeof(*pg), GFP_KERNEL);
	if (!pg)
		return NULL;
	pg->base = arch_kprobe_page_alloc();
	if (!pg->base) {
		kfree(pg);
		return NULL;
	}
	INIT_RCU_WORK(&pg->release, kprobe_slot_pool_page_release);
	return pg;
}

/**
 * kprobe_slot_pool_alloc() - get a slot of @pool
 * @pool: the pool
 *
 * The slot is @pool->slot_size bytes of executable memory that the
 * architecture fills with text_poke().
 *
 * Context: process context, may sleep.
 * Return: the slot, or NULL if no memory is available.
 */
void *kprobe_slot_pool_alloc(struct kprobe_slot_pool *pool)
{
	struct kprobe_slot_pool_page *pg;
	void *slot;

	mutex_lock(pool->mutex);
	slot = kprobe_slot_pool_take_locked(pool);
	mutex_unlock(pool->mutex);
	if (slot)
		return slot;

	/* Every page is full: add one.  Allocation may sleep on other locks. */
	pg = kprobe_slot_pool_page_new();
	if (!pg)
		return NULL;

	mutex_lock(pool->mutex);
	/*
	 * Publish the page fully initialised; pairs with the RCU list walks
	 * in kprobe_slot_pool_contains() and kprobe_slot_pool_kallsym().
	 */
	list_add_rcu(&pg->node, pool->pages);
	kprobe_slot_pool_page_announce(pool, pg, false);
	slot = kprobe_slot_pool_take_locked(pool);
	mutex_unlock(pool->mutex);
	return slot;
}

/**
 * kprobe_slot_pool_free() - give back a slot from kprobe_slot_pool_alloc()
 * @pool: the pool it came from
 * @slot: the slot; NULL is ignored
 *
 * The caller has already made sure that no CPU can still be executing in
 * @slot.  A page left without used slots is returned to the architecture
 * after a grace period, unless it is the pool's only page, which is kept
 * for the next probe.
 *
 * Context: process context, may sleep.
 */
void kprobe_slot_pool_free(struct kprobe_slot_pool *pool, void *slot)
{
	unsigned long where = (unsigned long)slot;
	struct kprobe_slot_pool_page *pg;
	unsigned long idx;

	if (!slot)
		return;

	mutex_lock(pool->mutex);
	list_for_each_entry(pg, pool->pages, node) {
		if (!kprobe_slot_pool_page_has(pg, where))
			continue;
		idx = (where - (unsigned long)pg->base) / pool->slot_size;
		if (WARN_ON_ONCE(!__test_and_clear_bit(idx, pg->used)))
			break;
		pg->nr_used--;
		if (pg->nr_used || list_is_singular(pool->pages))
			break;
		/*
		 * Unlink now; lockless walkers may still be looking at the
		 * page, so it is freed only after a grace period by
		 * kprobe_slot_pool_page_release().
		 */
		list_del_rcu(&pg->node);
		kprobe_slot_pool_page_announce(pool, pg, true);
		queue_rcu_work(system_wq, &pg->release);
		break;
	}
	mutex_unlock(pool->mutex);
}

/**
 * kprobe_slot_pool_contains() - is @addr inside a page of @pool?
 * @pool: the pool
 * @addr: any address
 *
 * Context: any context, including NMI; takes no lock.
 * Return: true if @addr lies in a page of @pool.
 */
bool kprobe_slot_pool_contains(struct kprobe_slot_pool *pool, unsigned long addr)
{
	struct kprobe_slot_pool_page *pg;
	bool found = false;

	/* A preempt-off region is an RCU read side for list_del_rcu(). */
	preempt_disable_notrace();
	list_for_each_entry_rcu(pg, pool->pages, node) {
		if (kprobe_slot_pool_page_has(pg, addr)) {
			found = true;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
}

NOKPROBE_SYMBOL(kprobe_slot_pool_contains);

/**
 * kprobe_slot_pool_kallsym() - describe the @symnum-th page of @pool
 * @pool: the pool
 * @symnum: index of the page wanted, from 0; when @pool has fewer pages,
 *	reduced by their number, so that the next pool can go on from it
 * @value: set to the page's address
 * @type: set to 't'
 * @sym: set to the pool's symbol name, a KSYM_NAME_LEN buffer
 *
 * Context: process context.
 * Return: 0 if the page exists, -ERANGE when @symnum is past the last one.
 */
int kprobe_slot_pool_kallsym(struct kprobe_slot_pool *pool, unsigned int *symnum,
			     unsigned long *value, char *type, char *sym)
{
	struct kprobe_slot_pool_page *pg;
	int ret = -ERANGE;

	rcu_read_lock();
	list_for_each_entry_rcu(pg, pool->pages, node) {
		if ((*symnum)--)
			continue;
		*value = (unsigned long)pg->base;
		*type = 't';
		strscpy(sym, pool->sym, KSYM_NAME_LEN);
		ret = 0;
		break;
	}
	rcu_read_unlock();
	return ret;
}

/**
 * kprobe_slot_alloc() - get an out-of-line instruction slot
 *
 * Context: process context, may sleep.
 * Return: KPROBE_SLOT_SIZE bytes of executable memory that the
 * architecture fills with text_poke(), or NULL if no memory is available.
 */
kprobe_opcode_t *kprobe_slot_alloc(void)
{
	return kprobe_slot_pool_alloc(&kprobe_insn_pool);
}
EXPORT_SYMBOL_IF_KUNIT(kprobe_slot_alloc);

/**
 * kprobe_slot_free() - give back a slot from kprobe_slot_alloc()
 * @slot: the slot, which no CPU can be executing any more; NULL is ignored
 *
 * Context: process context, may sleep.
 */
void kprobe_slot_free(kprobe_opcode_t *slot)
{
	kprobe_slot_pool_free(&kprobe_insn_pool, slot);
}
EXPORT_SYMBOL_IF_KUNIT(kprobe_slot_free);

/**
 * kprobe_slot_contains() - is @addr inside kprobes' out-of-line code?
 * @addr: any address
 *
 * Context: any context, including NMI; takes no lock.
 * Return: true if @addr lies in a page of instruction slots or of detour
 * buffers.
 */
bool kprobe_slot_contains(unsigned long addr)
{
	return kprobe_slot_pool_contains(&kprobe_insn_pool, addr) ||
	       is_kprobe_optinsn_slot(addr);
}

NOKPROBE_SYMBOL(kprobe_slot_contains);

/**
 * is_kprobe_insn_slot() - is @addr in kprobes' out-of-line code?
 * @addr: any address
 *
 * Used by kernel_text_address() so that the unwinder accepts return
 * addresses that point into a slot.
 *
 * Context: any context, including NMI; takes no lock.
 * Return: true if @addr lies in a page of out-of-line slots.
 */
bool is_kprobe_insn_slot(unsigned long addr)
{
	return kprobe_slot_pool_contains(&kprobe_insn_pool, addr);
}

NOKPROBE_SYMBOL(is_kprobe_insn_slot);

/**
 * kprobe_get_kallsym() - describe the @symnum-th page of out-of-line code
 * @symnum: index of the page wanted, from 0
 * @value: set to the page's address
 * @type: set to 't'
 * @sym: set to the symbol name, a KSYM_NAME_LEN buffer
 *
 * Instruction slot pages come first, then detour buffer pages.
 *
 * Context: process context.
 * Return: 0 if the page exists, -ERANGE when @symnum is past the last one.
 */
int kprobe_get_kallsym(unsigned int symnum, unsigned long *value, char *type,
		       char *sym)
{
	int ret = kprobe_slot_pool_kallsym(&kprobe_insn_pool, &symnum, value, type,
				      sym);

	if (ret)
		ret = kprobe_opt_get_kallsym(symnum, value, type, sym);
	return ret;
}
