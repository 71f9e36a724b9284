// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Life cycle of a probed address (struct kprobe_site).
 *
 *   create --> NEW --publish--> DISARMED <--arm / disarm--> ARMED
 *                                   |                          |
 *                                   +------- mark_gone --------+--> GONE
 *   ARMED <--optimize / unoptimize--> OPTIMIZED   (optimize.c)
 *   DISARMED or GONE --retire--> DEAD --(grace period)--> freed
 *
 * A site whose last probe was unregistered with unregister_kprobe() may
 * stay ARMED (or OPTIMIZED) without probes for a short while: idle_reclaim.c
 * disarms and retires such idle sites in batches.
 *
 * Every transition has a function named after it and is made with
 * kprobe_mutex held.  Code patching is batched: callers collect sites on a
 * list (site->batch) and arm or disarm them with one synchronisation of all
 * CPUs (and one ftrace filter update), and retire them with one grace
 * period, waited for asynchronously.  An OPTIMIZED site counts as
 * armed; it is unoptimized before it is disarmed or marked gone.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/memory.h>
#include <linux/rculist.h>
#include <linux/slab.h>

#include "internal.h"

static void kprobe_site_set_state(struct kprobe_site *site,
				  enum kprobe_site_state state)
{
	/* Pairs with the READ_ONCE() in kprobe_site_lookup(). */
	WRITE_ONCE(site->state, state);
}

/* Give every probe of @site the OPTIMIZED flag, or take it away. */
static void kprobe_site_mark_optimized(struct kprobe_site *site, bool on)
{
	struct kprobe *p;

	kprobe_site_for_each_probe(p, site) {
		if (on)
			kprobe_flags_set_locked(p, KPROBE_FLAG_OPTIMIZED);
		else
			kprobe_flags_clear_locked(p, KPROBE_FLAG_OPTIMIZED);
	}
}

/**
 * kprobe_site_optimized_locked() - @site is hit through a jump now
 * @site: an ARMED site whose jump was written, or an OPTIMIZED one that
 *	gained probes
 *
 * Context: kprobe_mutex held.
 */
void kprobe_site_optimized_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	kprobe_site_set_state(site, KPROBE_SITE_OPTIMIZED);
	kprobe_site_mark_optimized(site, true);
}

/**
 * kprobe_site_unoptimized_locked() - @site is a breakpoint site again
 * @site: an OPTIMIZED site whose original bytes are back in place
 *
 * Context: kprobe_mutex held.
 */
void kprobe_site_unoptimized_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	kprobe_site_set_state(site, KPROBE_SITE_ARMED);
	kprobe_site_mark_optimized(site, false);
}

/**
 * kprobe_site_find_locked() - the live site at @addr
 * @addr: probed address
 *
 * Context: kprobe_mutex held.
 * Return: the site, or NULL.
 */
struct kprobe_site *kprobe_site_find_locked(kprobe_opcode_t *addr)
{
	lockdep_assert_held(&kprobe_mutex);
	return kprobe_site_lookup((unsigned long)addr);
}

/**
 * arch_kprobe_ftrace_site() - is @addr hooked through ftrace? By default
 * @addr: the address to probe
 *
 * Yes for an ftrace call site when the architecture offers
 * CONFIG_KPROBES_ON_FTRACE, no otherwise: every other address takes a
 * breakpoint.
 *
 * Context: process context.
 * Return: true if the site is to be hooked with kprobe_ftrace_handler().
 */
bool __weak arch_kprobe_ftrace_site(unsigned long addr)
{
	return IS_ENABLED(CONFIG_KPROBES_ON_FTRACE) &&
	       kprobe_ftrace_call_site(addr);
}

/**
 * kprobe_site_create_locked() - prepare a new site at @addr
 * @addr: address to probe; already checked against the blacklist
 * @func: start of the function holding @addr
 *
 * An ftrace call site is hooked through ftrace and its site has no
 * architecture data (a smaller object); anything else gets the
 * architecture's out-of-line copy.
 *
 * Context: kprobe_mutex held; may sleep.
 * Return: a NEW site, or an ERR_PTR() from the architecture (-EILSEQ,
 * -EINVAL) or -ENOMEM.
 */
struct kprobe_site *kprobe_site_create_locked(kprobe_opcode_t *addr,
					      unsigned long func)
{
	struct kprobe_site *site;
	int ret = 0;

	bool on_ftrace = arch_kprobe_ftrace_site((unsigned long)addr);

	lockdep_assert_held(&kprobe_mutex);
	site = kmem_cache_zalloc(on_ftrace ? kprobe_ftrace_site_cache :
					     kprobe_site_cache, GFP_KERNEL);
	if (!site)
		return ERR_PTR(-ENOMEM);
	site->addr = addr;
	INIT_HLIST_HEAD(&site->probes);
	INIT_LIST_HEAD(&site->batch);
	site->state = KPROBE_SITE_NEW;
	site->on_ftrace = on_ftrace;
	if (!site->on_ftrace) {
		/* The original instruction must be back before it is read. */
		kprobe_opt_clear_range_locked(addr);
		ret = arch_kprobe_prepare(site, func);
	}
	if (ret) {
		kprobe_site_dealloc(site);
		return ERR_PTR(ret);
	}
	return site;
}

/**
 * kprobe_site_dealloc() - give the memory of a site back
 * @site: a site no CPU can reach any more, its arch data released
 *
 * Context: any.
 */
void kprobe_site_dealloc(struct kprobe_site *site)
{
	kmem_cache_free(site->on_ftrace ? kprobe_ftrace_site_cache :
					  kprobe_site_cache, site);
}

/**
 * kprobe_site_publish_locked() - let the hit path find @site
 * @site: a NEW site that has at least one probe on its list
 *
 * Context: kprobe_mutex held.
 */
void kprobe_site_publish_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	WARN_ON_ONCE(site->state != KPROBE_SITE_NEW);
	kprobe_site_set_state(site, KPROBE_SITE_DISARMED);
	hlist_add_head_rcu(&site->hnode, kprobe_bucket((unsigned long)site->addr));
}

/**
 * kprobe_site_wants_armed() - should @site be armed right now?
 * @site: a site
 *
 * Context: kprobe_mutex held.
 * Return: true if it is findable, has an enabled probe and probing is not
 * switched off globally.
 */
bool kprobe_site_wants_armed(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	return site->nr_enabled && !kprobes_all_disarmed &&
	       (site->state == KPROBE_SITE_DISARMED ||
		kprobe_site_is_armed(site));
}

/* Is @site armed when it should not be, or the other way round? */
static bool kprobe_site_needs_change(struct kprobe_site *site)
{
	return kprobe_site_wants_armed(site) != kprobe_site_is_armed(site);
}

/**
 * kprobe_site_update_lone_locked() - recompute @site->lone
 * @site: a site whose probe list or a probe's flags just changed
 *
 * Called after every such change, so that the hit paths, which trust
 * @site->lone without looking at the list or the flags, see the probe
 * only while it is alone, enabled and has a pre_handler.  A hit that read
 * the old value is still inside its bracket, which unregistering waits
 * for, as for the list.
 *
 * Context: kprobe_mutex held.
 */
static void kprobe_site_update_lone_locked(struct kprobe_site *site)
{
	struct hlist_node *first = site->probes.first;
	struct kprobe *p = NULL;

	lockdep_assert_held(&kprobe_mutex);
	if (first && !first->next) {
		p = hlist_entry(first, struct kprobe, hlist);
		if (kprobe_disabled(p) || !p->pre_handler)
			p = NULL;
	}
	/*
	 * The probe's fields were set before it was linked; a hit that reads
	 * the pointer must see them.  Pairs with the READ_ONCE() (an address
	 * dependency) in kprobe_site_run_pre() and kprobe_site_run_post().
	 */
	smp_store_release(&site->lone, p);
}

/* @p fires at @site from now on, or stops firing: the counts follow. */
static void kprobe_site_count(struct kprobe_site *site, struct kprobe *p,
			      int delta)
{
	site->nr_enabled += delta;
	if (p->post_handler)
		WRITE_ONCE(site->nr_post, site->nr_post + delta);
}

/*
 * A jump runs no post_handler: before @p, about to fire at @site, may be
 * seen by a hit, an optimized (or prepared) site becomes a breakpoint
 * site again if @p has one, so that no hit runs @p's pre_handler through
 * the jump and then skips its post_handler.  A CPU that took the jump
 * just before it went may still be on its way through the detour buffer
 * to the handlers, where it would find @p: those are waited for too,
 * unless the architecture's detour runs post_handlers as its breakpoint
 * does (KPROBE_OPT_RUNS_POST).  The optimizer, which needs kprobe_mutex,
 * cannot optimize the site again in between, and once @p counts in
 * site->nr_post it will not.
 */
static void kprobe_site_prepare_for(struct kprobe_site *site, struct kprobe *p)
{
	bool jump = site->state == KPROBE_SITE_OPTIMIZED;

	if (!p->post_handler)
		return;
	kprobe_site_unoptimize_locked(site);
	if (jump && !KPROBE_OPT_RUNS_POST)
		kprobe_opt_wait_detour_users();
}

/* Link @p last on @site's list, where the hit path finds it (RCU). */
static void kprobe_site_link(struct kprobe_site *site, struct kprobe *p)
{
	struct kprobe *last = NULL, *q;

	kprobe_site_for_each_probe(q, site)
		last = q;
	WRITE_ONCE(p->site, site);
	if (last)
		hlist_add_behind_rcu(&p->hlist, &last->hlist);
	else
		hlist_add_head_rcu(&p->hlist, &site->probes);
}

/**
 * kprobe_site_change_locked() - the one way a site's probes change
 * @site: the site of @p (the one it joins, for %KPROBE_SITE_JOIN)
 * @p: the probe that joins, leaves, is enabled or is disabled
 * @how: which of the four
 *
 * Keeps what the hit paths read without looking at the list in step with
 * it: site->nr_enabled, site->nr_post and site->lone.  A probe that starts
 * firing first makes a jump-optimized site a breakpoint again if it has a
 * post_handler, and is counted before it becomes visible (linked, or its
 * DISABLED flag cleared); one that stops firing is hidden before its
 * counts go.  @p's other flags must be set before it joins.
 *
 * The caller then brings the site's arming in line: at once with
 * kprobe_site_sync_armed_locked(), or for a whole batch (register.c).
 * A CPU that already walks the list may still be on a leaving probe; its
 * next link stays, and unregistration waits for such hits (unregister_wait.c).
 *
 * Context: kprobe_mutex held; may sleep (unoptimizing).
 */
void kprobe_site_change_locked(struct kprobe_site *site, struct kprobe *p,
			       enum kprobe_site_change how)
{
	bool fired = !kprobe_disabled(p);

	lockdep_assert_held(&kprobe_mutex);
	switch (how) {
	case KPROBE_SITE_JOIN:
		if (fired) {
			kprobe_site_prepare_for(site, p);
			kprobe_site_count(site, p, 1);
		}
		/* The link is a release: ordered after the counts. */
		kprobe_site_link(site, p);
		break;
	case KPROBE_SITE_ENABLE:
		kprobe_site_prepare_for(site, p);
		kprobe_site_count(site, p, 1);
		/* Counted before seen; pairs with kprobe_site_wants_post(). */
		smp_wmb();
		kprobe_flags_clear_locked(p, KPROBE_FLAG_DISABLED);
		break;
	case KPROBE_SITE_LEAVE:
		kprobe_flags_set_locked(p, KPROBE_FLAG_DISABLED);
		hlist_del_init_rcu(&p->hlist);
		WRITE_ONCE(p->site, NULL);
		/* Hidden before uncounted; pairs with kprobe_site_wants_post(). */
		smp_wmb();
		if (fired)
			kprobe_site_count(site, p, -1);
		break;
	case KPROBE_SITE_DISABLE:
		kprobe_flags_set_locked(p, KPROBE_FLAG_DISABLED);
		/* As for LEAVE. */
		smp_wmb();
		if (fired)
			kprobe_site_count(site, p, -1);
		break;
	}
	kprobe_site_update_lone_locked(site);
}

static void kprobe_site_update_flags(struct kprobe_site *site)
{
	struct kprobe *p;

	kprobe_site_for_each_probe(p, site) {
		if (site->on_ftrace)
			kprobe_flags_set_locked(p, KPROBE_FLAG_FTRACE);
		if (site->state == KPROBE_SITE_GONE)
			kprobe_flags_set_locked(p, KPROBE_FLAG_GONE);
	}
	kprobe_site_update_lone_locked(site);
}

/*
 * The addresses of the ftrace sites on @batch that are in @state, in an
 * array the caller frees with kvfree().  *@n is their number; the array
 * is NULL if there are none or memory ran out.
 */
static unsigned long *kprobe_ftrace_ips(struct list_head *batch,
					enum kprobe_site_state state,
					unsigned int *n)
{
	struct kprobe_site *site;
	unsigned long *ips;
	unsigned int i = 0;

	list_for_each_entry(site, batch, batch) {
		if (site->on_ftrace && site->state == state)
			i++;
	}
	*n = i;
	if (!i)
		return NULL;
	ips = kvmalloc_array(*n, sizeof(*ips), GFP_KERNEL);
	if (!ips)
		return NULL;
	i = 0;
	list_for_each_entry(site, batch, batch) {
		if (site->on_ftrace && site->state == state)
			ips[i++] = (unsigned long)site->addr;
	}
	return ips;
}

/* Move every ftrace site of @batch that is in @from to @to. */
static void kprobe_ftrace_set_states(struct list_head *batch,
				     enum kprobe_site_state from,
				     enum kprobe_site_state to)
{
	struct kprobe_site *site;

	list_for_each_entry(site, batch, batch) {
		if (site->on_ftrace && site->state == from)
			kprobe_site_set_state(site, to);
	}
}

/*
 * Step 1 of arming a batch: ftrace sites, all with one ftrace filter
 * update.  ftrace patches under its own locks (text_mutex among them), so
 * text_mutex must not be held here.  If the update fails (one bad call
 * site fails all of it), the sites are hooked one by one, so that only
 * the bad ones stay DISARMED.
 */
static int kprobe_sites_arm_ftrace(struct list_head *batch)
{
	struct kprobe_site *site;
	unsigned long *ips, ip;
	unsigned int n;
	int ret, first_err = 0;

	ips = kprobe_ftrace_ips(batch, KPROBE_SITE_DISARMED, &n);
	if (ips) {
		ret = kprobe_ftrace_arm_ips(ips, n);
		kvfree(ips);
		if (!ret) {
			kprobe_ftrace_set_states(batch, KPROBE_SITE_DISARMED,
						 KPROBE_SITE_ARMED);
			return 0;
		}
	}
	if (!n)
		return 0;
	list_for_each_entry(site, batch, batch) {
		if (!site->on_ftrace || site->state != KPROBE_SITE_DISARMED)
			continue;
		ip = (unsigned long)site->addr;
		ret = kprobe_ftrace_arm_ips(&ip, 1);
		if (ret) {
			pr_warn("cannot hook %pS through ftrace (%d)\n",
				site->addr, ret);
			first_err = first_err ?: ret;
			continue;
		}
		kprobe_site_set_state(site, KPROBE_SITE_ARMED);
	}
	return first_err;
}

/* Unhook every ARMED ftrace site of @batch, with one filter update. */
static void kprobe_sites_disarm_ftrace(struct list_head *batch)
{
	struct kprobe_site *site;
	unsigned long *ips, ip;
	unsigned int n;

	ips = kprobe_ftrace_ips(batch, KPROBE_SITE_ARMED, &n);
	if (ips) {
		kprobe_ftrace_disarm_ips(ips, n);
		kvfree(ips);
		kprobe_ftrace_set_states(batch, KPROBE_SITE_ARMED,
					 KPROBE_SITE_DISARMED);
		return;
	}
	/* No memory for the array: one update per site. */
	list_for_each_entry(site, batch, batch) {
		if (!site->on_ftrace || site->state != KPROBE_SITE_ARMED)
			continue;
		ip = (unsigned long)site->addr;
		kprobe_ftrace_disarm_ips(&ip, 1);
		kprobe_site_set_state(site, KPROBE_SITE_DISARMED);
	}
}

/**
 * kprobe_sites_arm_locked() - arm every DISARMED site on @batch
 * @batch: sites linked by site->batch
 *
 * Steps: 1. hook the ftrace sites with one ftrace filter update; 2. write
 * every breakpoint under one hold of text_mutex; 3. synchronise all CPUs
 * once.  A site that fails to
 * arm stays DISARMED; the others are armed regardless.
 *
 * Context: kprobe_mutex held; may sleep.
 * Return: 0, or the first error met.
 */
int kprobe_sites_arm_locked(struct list_head *batch)
{
	struct kprobe_site *site;
	bool patched = false;
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	ret = kprobe_sites_arm_ftrace(batch);

	kprobe_text_lock();
	list_for_each_entry(site, batch, batch) {
		if (site->on_ftrace || site->state != KPROBE_SITE_DISARMED)
			continue;
		arch_kprobe_arm(site);
		kprobe_site_set_state(site, KPROBE_SITE_ARMED);
		patched = true;
	}
	if (patched)
		arch_kprobe_patch_sync();
	kprobe_text_unlock();
	if (patched)
		kprobe_opt_kick();
	return ret;
}

/**
 * kprobe_sites_disarm_locked() - disarm every ARMED site on @batch
 * @batch: sites linked by site->batch
 *
 * OPTIMIZED sites are first turned back into ARMED ones.  Then the same
 * steps as kprobe_sites_arm_locked(), in the same order.  After the final
 * synchronisation no CPU is still inside the breakpoint handler of a site
 * on @batch.
 *
 * Context: kprobe_mutex held; may sleep.
 */
void kprobe_sites_disarm_locked(struct list_head *batch)
{
	struct kprobe_site *site;
	bool patched = false;

	lockdep_assert_held(&kprobe_mutex);
	kprobe_sites_unoptimize_locked(batch);
	kprobe_sites_disarm_ftrace(batch);

	kprobe_text_lock();
	list_for_each_entry(site, batch, batch) {
		if (site->on_ftrace || site->state != KPROBE_SITE_ARMED)
			continue;
		arch_kprobe_disarm(site);
		kprobe_site_set_state(site, KPROBE_SITE_DISARMED);
		patched = true;
	}
	if (patched)
		arch_kprobe_patch_sync();
	kprobe_text_unlock();
}

/**
 * kprobe_site_sync_armed_locked() - arm or disarm one site as it should be
 * @site: a DISARMED, ARMED or OPTIMIZED site
 *
 * Context: kprobe_mutex held; may sleep.
 * Return: 0, or the error of arming.
 */
int kprobe_site_sync_armed_locked(struct kprobe_site *site)
{
	LIST_HEAD(batch);
	bool want;
	int ret = 0;

	lockdep_assert_held(&kprobe_mutex);
	want = kprobe_site_wants_armed(site);

	if (kprobe_site_needs_change(site)) {
		list_add(&site->batch, &batch);
		if (want)
			ret = kprobe_sites_arm_locked(&batch);
		else
			kprobe_sites_disarm_locked(&batch);
		kprobe_sites_unlink_batch(&batch);
	}
	/* Its probes changed: it may have to stop or start being optimized. */
	kprobe_opt_update_locked(site);
	return ret;
}

/**
 * kprobe_sites_mark_gone_locked() - the text under the sites of @batch
 *	is about to be freed
 * @batch: sites in a module or init section that is going away, linked
 *	by site->batch; none of them GONE yet
 *
 * The sites are disarmed first, all in one batch (one ftrace filter
 * update, one code-patching sync): until the text is freed it is still
 * mapped and may still run (a sysfs write racing with the unload of its
 * module, for instance), and the breakpoint handler ignores GONE sites,
 * so a breakpoint left there would be nobody's.  ftrace forgets its call
 * sites together with the text in any case.  The sites are never patched
 * again; their probes stay registered and are shown as [GONE] until they
 * are unregistered.
 *
 * Context: kprobe_mutex held; may sleep.
 */
void kprobe_sites_mark_gone_locked(struct list_head *batch)
{
	struct kprobe_site *site;

	lockdep_assert_held(&kprobe_mutex);
	kprobe_sites_disarm_locked(batch);
	list_for_each_entry(site, batch, batch) {
		kprobe_site_set_state(site, KPROBE_SITE_GONE);
		kprobe_site_update_flags(site);
	}
}

/**
 * kprobe_site_retire_locked() - unlink a site nobody probes any more
 * @site: a DISARMED or GONE site, already synchronised
 *
 * The caller frees it with kprobe_sites_free().
 *
 * Context: kprobe_mutex held.
 */
void kprobe_site_retire_locked(struct kprobe_site *site)
{
	lockdep_assert_held(&kprobe_mutex);
	WARN_ON_ONCE(kprobe_site_is_armed(site));
	hlist_del_rcu(&site->hnode);
	kprobe_site_set_state(site, KPROBE_SITE_DEAD);
}

/* Collect onto @batch every site that should change; return how many. */
static int kprobe_collect_all_locked(struct list_head *batch)
{
	struct kprobe_site *site;
	int n = 0;

	kprobe_for_each_site(site) {
		if (!kprobe_site_needs_change(site))
			continue;
		list_add_tail(&site->batch, batch);
		n++;
	}
	return n;
}

/**
 * kprobe_sites_unlink_batch() - take every site off a batch list
 * @batch: sites linked by site->batch; left empty
 *
 * Context: kprobe_mutex held.
 */
void kprobe_sites_unlink_batch(struct list_head *batch)
{
	lockdep_assert_held(&kprobe_mutex);
	while (kprobe_batch_take_first(batch))
		;
}

/**
 * kprobes_arm_all() - end a global disarm: re-arm every enabled probe
 *
 * Per-probe disabled state is kept.
 *
 * Context: process context.
 * Return: 0, or the first arming error (the other sites are armed).
 */
int kprobes_arm_all(void)
{
	LIST_HEAD(batch);
	int ret = 0;

	guard(mutex)(&kprobe_mutex);
	if (!kprobes_all_disarmed)
		return 0;
	kprobes_all_disarmed = false;
	if (kprobe_collect_all_locked(&batch))
		ret = kprobe_sites_arm_locked(&batch);
	kprobe_sites_unlink_batch(&batch);
	pr_info("kprobes globally enabled\n");
	return ret;
}

/**
 * kprobes_disarm_all() - disarm every probe until kprobes_arm_all()
 *
 * Context: process context.
 * Return: 0.
 */
int kprobes_disarm_all(void)
{
	LIST_HEAD(batch);

	guard(mutex)(&kprobe_mutex);
	if (kprobes_all_disarmed)
		return 0;
	kprobes_all_disarmed = true;
	if (kprobe_collect_all_locked(&batch))
		kprobe_sites_disarm_locked(&batch);
	kprobe_sites_unlink_batch(&batch);
	pr_info("kprobes globally disabled\n");
	return 0;
}
