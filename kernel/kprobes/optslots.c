// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Detour buffers of optimized probes.
 *
 * An optimized site jumps into a buffer of KPROBE_OPT_SLOT_SIZE bytes
 * that saves the registers, calls the probe handlers and runs a copy of
 * the instructions the jump covers.  These buffers are bigger than the
 * single-instruction slots of slots.c, so they come from their own pages
 * (again from arch_kprobe_page_alloc()), each cut into equal buffers.
 *
 * The pages are kept on an RCU list so that kernel_text_address() and the
 * unwinder can recognise an address inside one without taking a lock, and
 * so that /proc/kallsyms can name them "kprobe_optinsn_page".
 */
#include <linux/bitmap.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "internal.h"

#define KPROBE_OPT_PER_PAGE	(PAGE_SIZE / KPROBE_OPT_SLOT_SIZE)
#define KPROBE_OPT_PAGE_SYM	"kprobe_optinsn_page"

/**
 * struct kprobe_opt_page - one page of detour buffers
 * @node: link in kprobe_opt_pages (RCU)
 * @base: the executable page
 * @nr_used: buffers handed out
 * @used: one bit per buffer
 * @release: frees the page after a grace period
 */
struct kprobe_opt_page {
	struct list_head node;
	void *base;
	unsigned int nr_used;
	DECLARE_BITMAP(used, KPROBE_OPT_PER_PAGE);
	struct rcu_work release;
};

/* Guards page membership and the bitmaps; nothing is taken inside it. */
static DEFINE_MUTEX(kprobe_opt_page_mutex);
static LIST_HEAD(kprobe_opt_pages);

static bool kprobe_opt_page_has(struct kprobe_opt_page *pg, unsigned long a)
{
	return a >= (unsigned long)pg->base &&
	       a < (unsigned long)pg->base + PAGE_SIZE;
}

static void kprobe_opt_page_release(struct work_struct *work)
{
	struct kprobe_opt_page *pg;

	pg = container_of(to_rcu_work(work), struct kprobe_opt_page, release);
	arch_kprobe_page_free(pg->base);
	kfree(pg);
}

/* A buffer from a page already on the list, or NULL. */
static void *kprobe_opt_slot_take_locked(void)
{
	struct kprobe_opt_page *pg;
	unsigned long bit;

	list_for_each_entry(pg, &kprobe_opt_pages, node) {
		bit = find_first_zero_bit(pg->used, KPROBE_OPT_PER_PAGE);
		if (bit >= KPROBE_OPT_PER_PAGE)
			continue;
		__set_bit(bit, pg->used);
		pg->nr_used++;
		return pg->base + bit * KPROBE_OPT_SLOT_SIZE;
	}
	return NULL;
}

/**
 * kprobe_opt_slot_alloc() - get a detour buffer
 *
 * Context: process context, may sleep.
 * Return: KPROBE_OPT_SLOT_SIZE bytes of executable memory, written with
 * text_poke() only, or NULL when out of memory.
 */
void *kprobe_opt_slot_alloc(void)
{
	struct kprobe_opt_page *pg;
	void *slot;

	mutex_lock(&kprobe_opt_page_mutex);
	slot = kprobe_opt_slot_take_locked();
	mutex_unlock(&kprobe_opt_page_mutex);
	if (slot)
		return slot;

	pg = kzalloc(sizeof(*pg), GFP_KERNEL);
	if (!pg)
		return NULL;
	pg->base = arch_kprobe_page_alloc();
	if (!pg->base) {
		kfree(pg);
		return NULL;
	}
	INIT_RCU_WORK(&pg->release, kprobe_opt_page_release);

	mutex_lock(&kprobe_opt_page_mutex);
	/* Fully set up before lockless readers can find it. */
	list_add_rcu(&pg->node, &kprobe_opt_pages);
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL, (unsigned long)pg->base,
			   PAGE_SIZE, false, KPROBE_OPT_PAGE_SYM);
	slot = kprobe_opt_slot_take_locked();
	mutex_unlock(&kprobe_opt_page_mutex);
	return slot;
}

/**
 * kprobe_opt_slot_free() - give back a buffer from kprobe_opt_slot_alloc()
 * @slot: the buffer; NULL is ignored
 *
 * The caller guarantees that no CPU runs in @slot any more.  An empty page
 * is unlinked and freed after a grace period.
 *
 * Context: process context, may sleep.
 */
void kprobe_opt_slot_free(void *slot)
{
	struct kprobe_opt_page *pg;
	unsigned long a = (unsigned long)slot;
	unsigned long bit;

	if (!slot)
		return;
	mutex_lock(&kprobe_opt_page_mutex);
	list_for_each_entry(pg, &kprobe_opt_pages, node) {
		if (!kprobe_opt_page_has(pg, a))
			continue;
		bit = (a - (unsigned long)pg->base) / KPROBE_OPT_SLOT_SIZE;
		if (WARN_ON_ONCE(!__test_and_clear_bit(bit, pg->used)) ||
		    --pg->nr_used)
			break;
		/* Lockless readers may still walk past it: free it later. */
		list_del_rcu(&pg->node);
		perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL,
				   (unsigned long)pg->base, PAGE_SIZE, true,
				   KPROBE_OPT_PAGE_SYM);
		queue_rcu_work(system_wq, &pg->release);
		break;
	}
	mutex_unlock(&kprobe_opt_page_mutex);
}

/**
 * is_kprobe_optinsn_slot() - is @addr inside a detour buffer page?
 * @addr: any address
 *
 * Context: any context, including NMI; takes no lock.
 * Return: true if @addr lies in a page of detour buffers.
 */
bool is_kprobe_optinsn_slot(unsigned long addr)
{
	struct kprobe_opt_page *pg;
	bool found = false;

	/* Preemption off is an RCU read side for the list_del_rcu() above. */
	preempt_disable_notrace();
	list_for_each_entry_rcu(pg, &kprobe_opt_pages, node) {
		if (kprobe_opt_page_has(pg, addr)) {
			found = true;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
}

NOKPROBE_SYMBOL(is_kprobe_optinsn_slot);

/**
 * kprobe_opt_get_kallsym() - describe the @symnum-th detour page
 * @symnum: index of the page, from 0
 * @value: set to the page address
 * @type: set to 't'
 * @sym: set to "kprobe_optinsn_page" (a KSYM_NAME_LEN buffer)
 *
 * Context: process context.
 * Return: 0, or -ERANGE past the last page.
 */
int kprobe_opt_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *sym)
{
	struct kprobe_opt_page *pg;
	int ret = -ERANGE;

	rcu_read_lock();
	list_for_each_entry_rcu(pg, &kprobe_opt_pages, node) {
		if (symnum--)
			continue;
		*value = (unsigned long)pg->base;
		*type = 't';
		strscpy(sym, KPROBE_OPT_PAGE_SYM, KSYM_NAME_LEN);
		ret = 0;
		break;
	}
	rcu_read_unlock();
	return ret;
}
