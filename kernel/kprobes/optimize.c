// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Jump optimization: replacing the breakpoint of a site by a jump into a
 * detour buffer that calls the handlers without an exception.
 *
 *   ARMED --optimize--> OPTIMIZED --unoptimize--> ARMED
 *
 * A site may be optimized while it is an ARMED breakpoint site (not an
 * ftrace one), none of its enabled probes has a post_handler, the
 * debug.kprobes-optimization sysctl is 1, probes are not disarmed through
 * debugfs and the architecture accepts the code the jump would cover.
 *
 * Optimizing is asynchronous and batched.  Anything that may make a site
 * eligible schedules kprobe_opt_work, which
 *
 *  1. with kprobe_mutex held, lets the architecture prepare every eligible
 *     ARMED site: from then on a breakpoint hit there resumes in the detour
 *     buffer's copy, so no CPU enters the covered instructions anew;
 *  2. writes at once the jumps of the prepared sites whose jump covers the
 *     probed instruction only: no CPU or task can be stopped inside one
 *     instruction, so nothing needs to leave the covered bytes;
 *  3. hands the other prepared sites to kprobe_opt_quiesce_work.
 *
 * kprobe_opt_quiesce_work, with no lock held, waits until every CPU (every
 * task, on preemptible kernels) that was inside covered instructions has
 * left them, then writes the jumps of the sites prepared before the wait
 * began that are still prepared and eligible.  The two work items run
 * independently, so a site enabled during a long wait is prepared (and,
 * if it covers one instruction, optimized) without waiting for that pass.
 * All jumps a work item writes go out under one hold of text_mutex.
 *
 * Unoptimizing is synchronous: whatever makes a site ineligible (disarming,
 * a post_handler, a new site inside the covered bytes, the sysctl, the
 * module going away) puts the breakpoint back first, then the other bytes
 * of the jump, before it goes on.  The detour buffer stays with the site
 * until the site is freed, after its final grace period.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/memory.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_wait.h>
#include <linux/workqueue.h>

#include "internal.h"

/*
 * Delay before a batch of sites is optimized: changes made together (a
 * batch of registrations) gather, yet a probe is optimized soon after it
 * was enabled.
 */
#define KPROBE_OPT_DELAY	1

/* The debug.kprobes-optimization sysctl; written under kprobe_mutex. */
static bool kprobe_opt_on = true;

/*
 * Generation of the sites being prepared now (site->opt_gen); a quiesce
 * pass moves it on, under kprobe_mutex, before it starts waiting.
 */
static unsigned int kprobe_opt_gen;

static void kprobe_opt_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(kprobe_opt_work, kprobe_opt_work_fn);
static void kprobe_opt_quiesce_fn(struct work_struct *work);
static DECLARE_WORK(kprobe_opt_quiesce_work, kprobe_opt_quiesce_fn);

/* Everything but the architecture's say on the code. */
static bool kprobe_opt_eligible(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	return kprobe_opt_on && !kprobes_all_disarmed && !site->on_ftrace &&
	       site->nr_enabled && !site->nr_post && kprobe_site_is_armed(site);
}

/**
 * kprobe_opt_kick() - have the optimizer look at the sites soon
 *
 * Context: any process context.
 */
void kprobe_opt_kick(void)
{
	schedule_delayed_work(&kprobe_opt_work, KPROBE_OPT_DELAY);
}

/* Back to a plain breakpoint site once the original bytes are in place. */
static void kprobe_opt_back_to_armed(struct kprobe_site *site)
{
	if (site->state == KPROBE_SITE_OPTIMIZED)
		kprobe_site_unoptimized_locked(site);
	site->opt_pending = false;
	/* Only now: until the tail was restored, hits must use the detour. */
	arch_kprobe_opt_cancel(site);
}

/**
 * kprobe_opt_wait_detour_users() - wait for CPUs and tasks still on their
 *	way through a detour buffer whose jump was just taken away
 *
 * The detour runs with interrupts as the probed code had them and, on
 * preemptible kernels, may be preempted before kprobe_x86_opt_hit() (or
 * its equivalent) disables preemption; such a CPU or task reads the
 * site's probes only then.  After this returns, every one of them has
 * left.  Costs a grace period (two on preemptible kernels): used only
 * when a probe with a post_handler comes to a site that was a jump.
 *
 * Context: process context, may sleep.
 */
void kprobe_opt_wait_detour_users(void)
{
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
	synchronize_rcu();
}

/**
 * kprobe_site_unoptimize_locked() - make @site a breakpoint site again
 * @site: any site; one that is neither OPTIMIZED nor prepared is left alone
 *
 * Returns after the original code (with the breakpoint) is visible to every
 * CPU.
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 */
void kprobe_site_unoptimize_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	if (site->on_ftrace)
		return;
	if (site->state == KPROBE_SITE_OPTIMIZED) {
		kprobe_text_lock();
		arch_kprobe_opt_restore_break(site);
		arch_kprobe_patch_sync();
		arch_kprobe_opt_restore_tail(site);
		arch_kprobe_patch_sync();
		kprobe_text_unlock();
	}
	kprobe_opt_back_to_armed(site);
}

/**
 * kprobe_sites_unoptimize_locked() - unoptimize every site on @batch
 * @batch: sites linked by site->batch, in any state
 *
 * The same as kprobe_site_unoptimize_locked() on each site, with two
 * synchronisations of all CPUs for the whole batch.
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 */
void kprobe_sites_unoptimize_locked(struct list_head *batch)
{
	struct kprobe_site *site;
	bool patched = false;

	lockdep_assert_held(&kprobe_mutex);
	kprobe_text_lock();
	list_for_each_entry(site, batch, batch) {
		if (site->on_ftrace || site->state != KPROBE_SITE_OPTIMIZED)
			continue;
		arch_kprobe_opt_restore_break(site);
		patched = true;
	}
	if (patched) {
		arch_kprobe_patch_sync();
		list_for_each_entry(site, batch, batch) {
			if (!site->on_ftrace &&
			    site->state == KPROBE_SITE_OPTIMIZED)
				arch_kprobe_opt_restore_tail(site);
		}
		arch_kprobe_patch_sync();
	}
	kprobe_text_unlock();

	list_for_each_entry(site, batch, batch) {
		if (!site->on_ftrace)
			kprobe_opt_back_to_armed(site);
	}
}

/**
 * kprobe_opt_update_locked() - follow a change of @site's probes
 * @site: a site whose probes were added, removed, enabled or disabled
 *
 * Unoptimizes the site if it is no longer eligible; otherwise gives newly
 * linked probes the OPTIMIZED flag, or asks the optimizer to look at it.
 *
 * Context: kprobe_mutex held; may sleep.
 */
void kprobe_opt_update_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	if (site->on_ftrace)
		return;
	if (!kprobe_opt_eligible(site))
		kprobe_site_unoptimize_locked(site);
	else if (site->state == KPROBE_SITE_OPTIMIZED)
		kprobe_site_optimized_locked(site);	/* flag new probes */
	else
		kprobe_opt_kick();
}

/**
 * kprobe_opt_clear_range_locked() - make room for a new site at @addr
 * @addr: address about to get a site
 *
 * A site whose jump covers @addr is unoptimized, so that @addr holds its
 * original instruction again and can get its own breakpoint.
 *
 * Context: kprobe_mutex held; may sleep.
 */
void kprobe_opt_clear_range_locked(kprobe_opcode_t *addr)
{
	unsigned long a = (unsigned long)addr;
	struct kprobe_site *site;
	int back;

	lockdep_assert_held(&kprobe_mutex);
	for (back = 1; back < KPROBE_OPT_MAX_LEN; back++) {
		site = kprobe_site_lookup(a - back);
		if (!site || site->on_ftrace)
			continue;
		if (site->state != KPROBE_SITE_OPTIMIZED && !site->opt_pending)
			continue;
		if (!arch_kprobe_opt_covers(site, a))
			continue;
		kprobe_site_unoptimize_locked(site);
		/* It may be optimized again if the new site does not stay. */
		kprobe_opt_kick();
	}
}

/**
 * kprobe_opt_release() - free the detour buffer of a dead site
 * @site: a breakpoint site after its final grace period
 *
 * Context: process context; may sleep.
 */
void kprobe_opt_release(struct kprobe_site *site)
{
	arch_kprobe_opt_release(site);
}

/*
 * Prepare every eligible ARMED site for the current generation.  Return
 * how many sites are pending now, including those prepared earlier.
 */
static int kprobe_opt_prepare_all_locked(void)
{
	struct kprobe_site *site;
	int pending = 0;

	lockdep_assert_held(&kprobe_mutex);
	kprobe_for_each_site(site) {
		if (site->opt_pending) {
			pending++;
			continue;
		}
		if (site->state != KPROBE_SITE_ARMED ||
		    !kprobe_opt_eligible(site))
			continue;
		if (arch_kprobe_opt_prepare(site))
			continue;
		site->opt_pending = true;
		site->opt_gen = kprobe_opt_gen;
		pending++;
	}
	return pending;
}

/*
 * May the jump of the pending @site be written now?  Yes if it covers one
 * instruction, or if @quiesced (the caller waited after moving
 * kprobe_opt_gen on) and @site was prepared before that wait.
 */
static bool kprobe_opt_may_write(struct kprobe_site *site, bool quiesced)
{
	if (quiesced && site->opt_gen != kprobe_opt_gen)
		return true;
	return !arch_kprobe_opt_needs_quiesce(site);
}

/*
 * Write the jump of every pending site that kprobe_opt_may_write() allows
 * and that is still eligible; drop the ineligible ones.  Return how many
 * sites stay pending.
 */
static int kprobe_sites_optimize_locked(bool quiesced)
{
	struct kprobe_site *site;
	LIST_HEAD(batch);
	int left = 0;

	lockdep_assert_held(&kprobe_mutex);
	kprobe_text_lock();
	kprobe_for_each_site(site) {
		if (!site->opt_pending)
			continue;
		if (site->state != KPROBE_SITE_ARMED ||
		    !kprobe_opt_eligible(site)) {
			site->opt_pending = false;
			arch_kprobe_opt_cancel(site);
			continue;
		}
		if (!kprobe_opt_may_write(site, quiesced)) {
			left++;
			continue;
		}
		site->opt_pending = false;
		arch_kprobe_opt_write_jump(site);
		list_add_tail(&site->batch, &batch);
	}
	if (!list_empty(&batch))
		arch_kprobe_opt_write_finish();
	kprobe_text_unlock();

	kprobe_batch_for_each_take(site, &batch)
		kprobe_site_optimized_locked(site);
	return left;
}

static void kprobe_opt_work_fn(struct work_struct *work)
{
	int left = 0;

	mutex_lock(&kprobe_mutex);
	/* Most kicks find nothing to do: then take no text_mutex either. */
	if (kprobe_opt_prepare_all_locked())
		left = kprobe_sites_optimize_locked(false);
	mutex_unlock(&kprobe_mutex);
	if (left)
		queue_work(system_wq, &kprobe_opt_quiesce_work);
}

static void kprobe_opt_quiesce_fn(struct work_struct *work)
{
	int left;

	mutex_lock(&kprobe_mutex);
	kprobe_opt_gen++;
	mutex_unlock(&kprobe_mutex);

	/*
	 * Breakpoint hits on the sites prepared so far no longer run the
	 * covered instructions in place.  A CPU that was already between
	 * them is not in a quiescent state until it left them; on
	 * preemptible kernels a preempted task may sit there, which only a
	 * tasks RCU grace period waits for.  Otherwise an expedited grace
	 * period is enough and keeps the delay between enabling a probe and
	 * its jump short.  No lock may be held across this wait.
	 */
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
	else
		synchronize_rcu_expedited();

	mutex_lock(&kprobe_mutex);
	left = kprobe_sites_optimize_locked(true);
	mutex_unlock(&kprobe_mutex);
	/* Sites prepared during the wait; normally already queued again. */
	if (left)
		queue_work(system_wq, &kprobe_opt_quiesce_work);
}

/**
 * wait_for_kprobe_optimizer() - let the optimizer finish what is queued
 *
 * Runs a pending optimizer pass at once instead of after its delay, and
 * returns when no pass is queued or running, so every site that could be
 * optimized has its jump and the probes show their final state.  Passes
 * queued meanwhile by other callers are waited for too.
 *
 * Context: process context, kprobe_mutex not held; may sleep.
 */
void wait_for_kprobe_optimizer(void)
{
	do {
		flush_delayed_work(&kprobe_opt_work);
		flush_work(&kprobe_opt_quiesce_work);
	} while (delayed_work_pending(&kprobe_opt_work) ||
		 work_pending(&kprobe_opt_quiesce_work));
}
EXPORT_SYMBOL_GPL(wait_for_kprobe_optimizer);

/**
 * kprobe_opt_allowed() - the value of debug.kprobes-optimization
 *
 * Context: any.
 * Return: true if probes may be optimized.
 */
bool kprobe_opt_allowed(void)
{
	return READ_ONCE(kprobe_opt_on);
}

/* Collect onto @batch every site that is OPTIMIZED or pending. */
static void kprobe_opt_collect_all_locked(struct list_head *batch)
{
	struct kprobe_site *site;

	kprobe_for_each_site(site) {
		if (site->state == KPROBE_SITE_OPTIMIZED ||
		    site->opt_pending)
			list_add_tail(&site->batch, batch);
	}
}

/**
 * kprobe_opt_set_allowed() - switch jump optimization on or off
 * @on: the new value of debug.kprobes-optimization
 *
 * Switching off unoptimizes every site before returning; switching on
 * lets the optimizer take the eligible sites shortly after.
 *
 * Context: process context; may sleep.
 */
void kprobe_opt_set_allowed(bool on)
{
	LIST_HEAD(batch);

	guard(mutex)(&kprobe_mutex);
	if (kprobe_opt_on == on)
		return;
	WRITE_ONCE(kprobe_opt_on, on);
	if (on) {
		kprobe_opt_kick();
		return;
	}
	kprobe_opt_collect_all_locked(&batch);
	kprobe_sites_unoptimize_locked(&batch);
	kprobe_sites_unlink_batch(&batch);
}

/*
 * Defaults for a jump that replaces the probed instruction alone and is
 * written the way the breakpoint is (see <linux/kprobes_arch.h>).
 */

/**
 * arch_kprobe_opt_cancel() - breakpoint hits resume in the original code
 * @site: a prepared site
 *
 * Default: nothing; the breakpoint handler of such a port never resumes
 * in the detour buffer, so there is no redirection to undo.
 *
 * Context: kprobe_mutex held.
 */
void __weak arch_kprobe_opt_cancel(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
}

/**
 * arch_kprobe_opt_needs_quiesce() - may code be stopped inside the jump?
 * @site: a prepared site
 *
 * Return: false by default: the jump covers one instruction, which no CPU
 * or task can be stopped in the middle of.
 */
bool __weak arch_kprobe_opt_needs_quiesce(struct kprobe_site *site)
{
	return false;
}

/**
 * arch_kprobe_opt_covers() - does the jump of @site cover @addr?
 * @site: a prepared or optimized site
 * @addr: an address about to be probed
 *
 * Return: false by default: nothing but the probed instruction lies
 * under the jump.
 */
bool __weak arch_kprobe_opt_covers(struct kprobe_site *site,
				   unsigned long addr)
{
	return false;
}

/**
 * arch_kprobe_opt_write_finish() - make the jumps written so far run
 *	everywhere
 *
 * Default: the same synchronization as for breakpoints.
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
void __weak arch_kprobe_opt_write_finish(void)
{
	arch_kprobe_patch_sync();
}

/**
 * arch_kprobe_opt_restore_break() - turn the jump of @site back into the
 *	breakpoint
 * @site: an OPTIMIZED site
 *
 * Default: write the breakpoint over the one instruction of the jump.
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void __weak arch_kprobe_opt_restore_break(struct kprobe_site *site)
{
	arch_kprobe_arm(site);
}

/**
 * arch_kprobe_opt_restore_tail() - put back the bytes after the breakpoint
 * @site: a site whose breakpoint is back
 *
 * Default: nothing, the jump having covered the probed instruction only.
 *
 * Context: cpus_read_lock() and text_mutex held.
 */
void __weak arch_kprobe_opt_restore_tail(struct kprobe_site *site)
{
}
