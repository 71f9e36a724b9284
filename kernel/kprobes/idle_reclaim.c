// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Disarming and freeing what unregistration leaves behind.
 *
 * Idle sites.  unregister_kprobe() of the last probe at an address unlinks
 * the probe and returns once the hits in progress have ended (unregister_wait.c); it
 * does not patch code.  The site stays ARMED (or OPTIMIZED) without
 * probes, so a hit there only runs the original instruction.
 * kprobe_reclaim_work, KPROBE_RECLAIM_DELAY later, disarms every idle
 * site with one ftrace filter update and one code-patching
 * synchronisation, and retires them.  Tools that remove thousands of
 * probes one by one thus pay for one batch, not for one patch each.  A
 * probe registered again on an idle site before the worker ran simply
 * reuses it.
 *
 * Batches.  Unregistration collects the sites its probes leave in a
 * struct kprobe_batch; kprobe_batch_commit_locked() disarms and retires
 * them together and kprobe_batch_wait() waits for the hits in progress
 * (unregister_wait.c) before handing them to the free worker below.
 *
 * Dead sites.  A retired site may still be seen by the trap or ftrace
 * path (found through RCU), and a task may still run in its out-of-line
 * slot or detour buffer.  kprobe_free_work waits for one grace period
 * (after an RCU tasks one on preemptible kernels, where a task may be
 * preempted in a slot) for all the sites retired so far, then frees them.
 * Nobody waits for it.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/jiffies.h>
#include <linux/kprobes.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_wait.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "internal.h"

/* Unregistrations made within this time share one disarming batch. */
#define KPROBE_RECLAIM_DELAY	msecs_to_jiffies(20)

static void kprobe_reclaim_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(kprobe_reclaim_work, kprobe_reclaim_fn);

static void kprobe_free_fn(struct work_struct *work);
static DECLARE_WORK(kprobe_free_work, kprobe_free_fn);

/* Protects kprobe_free_list. */
static DEFINE_SPINLOCK(kprobe_free_lock);
/* DEAD sites waiting for kprobe_free_work, linked by site->batch. */
static LIST_HEAD(kprobe_free_list);

/**
 * kprobe_site_idle_locked() - @site lost its last probe and stays armed
 * @site: an ARMED or OPTIMIZED site with no probes, still in the table
 *
 * Context: kprobe_mutex held.
 */
void kprobe_site_idle_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	WARN_ON_ONCE(!hlist_empty(&site->probes));
	/* Not re-armed if already pending: the first idle site sets the pace. */
	schedule_delayed_work(&kprobe_reclaim_work, KPROBE_RECLAIM_DELAY);
}

/* Disarm and retire every site that has no probes; free them later. */
static void kprobe_reclaim_fn(struct work_struct *work)
{
	struct kprobe_site *site;
	struct kprobe_batch b;
	bool retired = false;

	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	kprobe_for_each_site(site) {
		if (!hlist_empty(&site->probes))
			continue;
		if (kprobe_site_is_armed(site))
			list_add_tail(&site->batch, &b.disarm);
		else
			list_add_tail(&site->batch, &b.dead);
		retired = true;
	}
	kprobe_batch_commit_locked(&b);
	mutex_unlock(&kprobe_mutex);
	/*
	 * An idle site inside the bytes a neighbour's jump would cover kept
	 * that neighbour a breakpoint; now that it is gone, let the
	 * optimizer look again.
	 */
	if (retired)
		kprobe_opt_kick();
	/* No probes: nothing for kprobe_hits_wait() to wait for. */
	kprobe_sites_free(&b.dead);
}

/**
 * kprobe_sites_free() - free retired sites after a grace period
 * @dead: sites retired with kprobe_site_retire_locked(), linked by
 *	site->batch; the list is left empty
 *
 * Returns at once; the sites are freed by a worker.
 *
 * Context: any process context.
 */
void kprobe_sites_free(struct list_head *dead)
{
	if (list_empty(dead))
		return;
	spin_lock(&kprobe_free_lock);
	list_splice_tail_init(dead, &kprobe_free_list);
	spin_unlock(&kprobe_free_lock);
	schedule_work(&kprobe_free_work);
}

static void kprobe_free_fn(struct work_struct *work)
{
	struct kprobe_site *site;
	LIST_HEAD(dead);

	spin_lock(&kprobe_free_lock);
	list_splice_init(&kprobe_free_list, &dead);
	spin_unlock(&kprobe_free_lock);
	if (list_empty(&dead))
		return;

	/*
	 * After this no CPU can still hold a pointer to one of these sites
	 * (the trap and ftrace paths run with preemption or interrupts
	 * disabled), and no task can be running or preempted in a slot.
	 */
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
	synchronize_rcu();

	kprobe_batch_for_each_take(site, &dead) {
		if (!site->on_ftrace) {
			kprobe_opt_release(site);
			arch_kprobe_release(site);
		}
		kprobe_site_dealloc(site);
	}
}

/**
 * kprobe_batch_commit_locked() - disarm and retire the sites of a batch
 * @b: a batch filled by kprobe_detach_locked()
 *
 * Context: kprobe_mutex held.
 */
void kprobe_batch_commit_locked(struct kprobe_batch *b)
{
	struct kprobe_site *site, *tmp;

	lockdep_assert_held(&kprobe_mutex);
	if (!list_empty(&b->disarm))
		kprobe_sites_disarm_locked(&b->disarm);
	list_splice_tail_init(&b->disarm, &b->dead);
	list_for_each_entry_safe(site, tmp, &b->dead, batch)
		kprobe_site_retire_locked(site);
}

/**
 * kprobe_batch_wait() - finish unregistering a committed batch
 * @b: a batch passed to kprobe_batch_commit_locked()
 *
 * Waits until no CPU runs a handler of a probe in the batch any more (the
 * hit brackets in progress, not a grace period), and hands the retired
 * sites to idle_reclaim.c, which frees them after a grace period.  Afterwards
 * the caller may free the probes.
 *
 * Context: process context; kprobe_mutex may be held.
 */
void kprobe_batch_wait(struct kprobe_batch *b)
{
	kprobe_hits_wait();
	kprobe_sites_free(&b->dead);
}
