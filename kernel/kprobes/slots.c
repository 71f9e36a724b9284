// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Out-of-line instruction slots.
 *
 * A probed instruction is copied into a small executable buffer so that it
 * can be single-stepped (or jumped over) while the breakpoint stays in the
 * original text.  The buffers are carved from whole pages handed out by the
 * architecture; each page is cut into KPROBE_SLOT_SIZE-byte slots and a
 * bitmap says which ones are taken.
 *
 * Besides the allocator, this file answers "is this address inside one of
 * our pages?" for the unwinder and kernel_text_address(), and lists the
 * pages in /proc/kallsyms and to perf.
 */
#include <linux/bitmap.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "internal.h"

#define KPROBE_SLOTS_PER_PAGE	(PAGE_SIZE / KPROBE_SLOT_SIZE)
#define KPROBE_SLOT_SYM		"kprobe_insn_page"

static_assert(KPROBE_SLOT_SIZE % 16 == 0 && KPROBE_SLOT_SIZE <= 64,
	      "KPROBE_SLOT_SIZE must be a multiple of 16, at most 64");

/**
 * struct kprobe_slot_page - one page of out-of-line slots
 * @node: link in kprobe_slot_pages (RCU)
 * @base: first byte of the executable page
 * @nr_used: number of bits set in @used
 * @used: one bit per slot, set while the slot is handed out
 * @release: frees the page once no reader can still see it
 */
struct kprobe_slot_page {
	struct list_head node;
	void *base;
	unsigned int nr_used;
	DECLARE_BITMAP(used, KPROBE_SLOTS_PER_PAGE);
	struct rcu_work release;
};

/*
 * kprobe_slot_mutex protects the membership of kprobe_slot_pages and the
 * @used/@nr_used bookkeeping of every page on it.  It is a leaf lock: nothing
 * else is taken while it is held (pages are allocated and freed outside it).
 * Readers that only need to know whether an address lies in some page walk
 * the list under RCU without it.
 */
static DEFINE_MUTEX(kprobe_slot_mutex);
static LIST_HEAD(kprobe_slot_pages);

static void kprobe_slot_page_announce(struct kprobe_slot_page *pg, bool gone)
{
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL,
			   (unsigned long)pg->base, PAGE_SIZE, gone,
			   KPROBE_SLOT_SYM);
}

static void kprobe_slot_page_release(struct work_struct *work)
{
	struct kprobe_slot_page *pg;

	pg = container_of(to_rcu_work(work), struct kprobe_slot_page, release);
	arch_kprobe_page_free(pg->base);
	kfree(pg);
}

/* Take a free slot from a page already on the list, if there is one. */
static kprobe_opcode_t *kprobe_slot_take_locked(void)
{
	struct kprobe_slot_page *pg;
	unsigned long idx;

	lockdep_assert_held(&kprobe_slot_mutex);
	list_for_each_entry(pg, &kprobe_slot_pages, node) {
		if (pg->nr_used == KPROBE_SLOTS_PER_PAGE)
			continue;
		idx = find_first_zero_bit(pg->used, KPROBE_SLOTS_PER_PAGE);
		__set_bit(idx, pg->used);
		pg->nr_used++;
		return pg->base + idx * KPROBE_SLOT_SIZE;
	}
	return NULL;
}

/* Get a fresh, empty page; called without kprobe_slot_mutex. */
static struct kprobe_slot_page *kprobe_slot_page_new(void)
{
	struct kprobe_slot_page *pg;

	pg = kzalloc(sizeof(*pg), GFP_KERNEL);
	if (!pg)
		return NULL;
	pg->base = arch_kprobe_page_alloc();
	if (!pg->base) {
		kfree(pg);
		return NULL;
	}
	INIT_RCU_WORK(&pg->release, kprobe_slot_page_release);
	return pg;
}

/**
 * kprobe_slot_alloc() - get an out-of-line instruction slot
 *
 * The slot is KPROBE_SLOT_SIZE bytes of executable memory that the
 * architecture fills with text_poke().
 *
 * Context: process context, may sleep.
 * Return: the slot, or NULL if no memory is available.
 */
kprobe_opcode_t *kprobe_slot_alloc(void)
{
	struct kprobe_slot_page *pg;
	kprobe_opcode_t *slot;

	mutex_lock(&kprobe_slot_mutex);
	slot = kprobe_slot_take_locked();
	mutex_unlock(&kprobe_slot_mutex);
	if (slot)
		return slot;

	/* Every page is full: add one.  Allocation may sleep on other locks. */
	pg = kprobe_slot_page_new();
	if (!pg)
		return NULL;

	mutex_lock(&kprobe_slot_mutex);
	/*
	 * Publish the page fully initialised; pairs with the RCU list walk in
	 * is_kprobe_insn_slot() and kprobe_get_kallsym().
	 */
	list_add_rcu(&pg->node, &kprobe_slot_pages);
	kprobe_slot_page_announce(pg, false);
	slot = kprobe_slot_take_locked();
	mutex_unlock(&kprobe_slot_mutex);
	return slot;
}

/**
 * kprobe_slot_free() - give back a slot from kprobe_slot_alloc()
 * @slot: the slot; NULL is ignored
 *
 * The caller has already made sure that no CPU can still be executing in
 * @slot.  A page left without used slots is returned to the architecture,
 * unless it is the only page, which is kept for the next probe.
 *
 * Context: process context, may sleep.
 */
void kprobe_slot_free(kprobe_opcode_t *slot)
{
	struct kprobe_slot_page *pg;
	unsigned long where = (unsigned long)slot;
	unsigned long idx;

	if (!slot)
		return;

	mutex_lock(&kprobe_slot_mutex);
	list_for_each_entry(pg, &kprobe_slot_pages, node) {
		if (where < (unsigned long)pg->base ||
		    where >= (unsigned long)pg->base + PAGE_SIZE)
			continue;
		idx = (where - (unsigned long)pg->base) / KPROBE_SLOT_SIZE;
		if (WARN_ON_ONCE(!__test_and_clear_bit(idx, pg->used)))
			break;
		pg->nr_used--;
		if (pg->nr_used || list_is_singular(&kprobe_slot_pages))
			break;
		/*
		 * Unlink now; lockless walkers may still be looking at the
		 * page, so it is freed only after a grace period by
		 * kprobe_slot_page_release().
		 */
		list_del_rcu(&pg->node);
		kprobe_slot_page_announce(pg, true);
		queue_rcu_work(system_wq, &pg->release);
		break;
	}
	mutex_unlock(&kprobe_slot_mutex);
}

/**
 * kprobe_slot_contains() - is @addr inside an out-of-line slot page?
 * @addr: any address
 *
 * Context: any context; takes no lock.
 * Return: true if @addr lies in a page owned by the slot allocator.
 */
bool kprobe_slot_contains(unsigned long addr)
{
	struct kprobe_slot_page *pg;
	bool found = false;

	/* A preempt-off region is an RCU read side for list_del_rcu(). */
	preempt_disable_notrace();
	list_for_each_entry_rcu(pg, &kprobe_slot_pages, node) {
		if (addr >= (unsigned long)pg->base &&
		    addr < (unsigned long)pg->base + PAGE_SIZE) {
			found = true;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
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
	return kprobe_slot_contains(addr);
}

NOKPROBE_SYMBOL(is_kprobe_insn_slot);

/**
 * kprobe_get_kallsym() - describe the @symnum-th slot page for kallsyms
 * @symnum: index of the page wanted, from 0
 * @value: set to the page's address
 * @type: set to 't'
 * @sym: set to the symbol name, a KSYM_NAME_LEN buffer
 *
 * Context: process context.
 * Return: 0 if the page exists, -ERANGE when @symnum is past the last one.
 */
int kprobe_get_kallsym(unsigned int symnum, unsigned long *value, char *type,
		       char *sym)
{
	struct kprobe_slot_page *pg;
	int ret = -ERANGE;

	rcu_read_lock();
	list_for_each_entry_rcu(pg, &kprobe_slot_pages, node) {
		if (symnum--)
			continue;
		*value = (unsigned long)pg->base;
		*type = 't';
		strscpy(sym, KPROBE_SLOT_SYM, KSYM_NAME_LEN);
		ret = 0;
		break;
	}
	rcu_read_unlock();
	/* @symnum now counts past our pages: go on with the detour pages. */
	if (ret)
		ret = kprobe_opt_get_kallsym(symnum, value, type, sym);
	return ret;
}
