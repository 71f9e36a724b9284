// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Registering, unregistering, enabling and disabling probes.
 *
 * A struct kprobe is registered when it is linked on a site's probe list
 * (kprobe.hlist) and kprobe.site points at that site; both change only
 * under kprobe_mutex.  A site exists while at least one probe is linked on
 * it; the last probe to leave retires it.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/bug.h>
#include <linux/extable.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/rculist.h>
#include <linux/static_call.h>

#include "internal.h"

/**
 * kprobe_lookup_name() - address of a symbol, plus an offset
 * @name: "symbol" or "module:symbol"
 * @offset: ignored; kept for source compatibility
 *
 * Context: process context.
 * Return: the symbol's address, or NULL if there is no such symbol.
 */
kprobe_opcode_t *kprobe_lookup_name(const char *name, unsigned int offset)
{
	return (kprobe_opcode_t *)kallsyms_lookup_name(name);
}

/* The address p->addr or p->symbol_name, plus p->offset, designates. */
static int kprobe_requested_addr(struct kprobe *p, unsigned long *target)
{
	if (p->symbol_name && p->addr)
		return -EINVAL;
	if (p->symbol_name) {
		*target = (unsigned long)kprobe_lookup_name(p->symbol_name, 0);
		if (!*target)
			return -ENOENT;
	} else if (p->addr) {
		*target = (unsigned long)p->addr;
	} else {
		return -EINVAL;
	}
	*target += p->offset;
	return 0;
}

/*
 * The address to probe for @target.  The architecture may move a
 * function-entry address (past an endbr64, for instance) and tells whether
 * the result is the entry.
 */
static int kprobe_resolve(unsigned long target, kprobe_opcode_t **addrp,
			  bool *on_entry)
{
	unsigned long size, off;

	if (!kallsyms_lookup_size_offset(target, &size, &off))
		return -ENOENT;
	*addrp = arch_kprobe_adjust_addr(target - off, off, on_entry);
	return 0;
}

/*
 * Is @addr text we may patch?  Module text is pinned by a reference that
 * the caller drops with module_put() once the probe is registered, so the
 * module notifier cannot run for this module in between.
 */
static int kprobe_check_address(unsigned long addr, struct module **modp)
{
	*modp = NULL;
	if (kprobe_blacklisted(addr))
		return -EINVAL;
	if (jump_label_text_reserved((void *)addr, (void *)addr) ||
	    static_call_text_reserved((void *)addr, (void *)addr) ||
	    find_bug(addr))
		return -EINVAL;
	if (core_kernel_text(addr))
		return 0;
	return kprobe_module_get(addr, modp);
}

static bool kprobe_is_registered_locked(struct kprobe *p)
{
	struct kprobe_site *site = p->site;
	struct kprobe *q;

	if (!site)
		return false;
	hlist_for_each_entry(q, &site->probes, hlist) {
		if (q == p)
			return true;
	}
	return false;
}

static void kprobe_site_link_probe(struct kprobe_site *site, struct kprobe *p)
{
	struct kprobe *last = NULL, *q;

	hlist_for_each_entry(q, &site->probes, hlist)
		last = q;
	p->site = site;
	p->nmissed = 0;
	p->flags &= KPROBE_FLAG_DISABLED;
	if (site->on_ftrace)
		p->flags |= KPROBE_FLAG_FTRACE;
	if (!kprobe_disabled(p)) {
		site->nr_enabled++;
		if (p->post_handler)
			WRITE_ONCE(site->nr_post, site->nr_post + 1);
	}
	/* The handler list is walked under RCU by the hit path. */
	if (last)
		hlist_add_behind_rcu(&p->hlist, &last->hlist);
	else
		hlist_add_head_rcu(&p->hlist, &site->probes);
}

/* Account for @p no longer firing at its site (disabled or leaving). */
static void kprobe_site_count_off(struct kprobe_site *site, struct kprobe *p)
{
	if (kprobe_disabled(p))
		return;
	site->nr_enabled--;
	if (p->post_handler)
		WRITE_ONCE(site->nr_post, site->nr_post - 1);
}

/*
 * Take @p off its site again after arming failed.  Rare, so the grace
 * period is waited for here, under kprobe_mutex.
 */
static void kprobe_attach_undo_locked(struct kprobe *p, bool fresh)
{
	struct kprobe_site *site = p->site;

	kprobe_site_count_off(site, p);
	hlist_del_init_rcu(&p->hlist);
	p->site = NULL;
	if (fresh)
		hlist_del_rcu(&site->hnode);
	synchronize_rcu();
	if (fresh) {
		if (!site->on_ftrace)
			arch_kprobe_release(site);
		kfree(site);
	}
}

static int kprobe_attach_locked(struct kprobe *p, kprobe_opcode_t *addr)
{
	kprobe_opcode_t *requested = p->addr;
	struct kprobe_site *site;
	bool fresh = false;
	int ret;

	site = kprobe_site_find_locked(addr);
	if (!site) {
		site = kprobe_site_create_locked(addr);
		if (IS_ERR(site))
			return PTR_ERR(site);
		fresh = true;
	}
	/* Handlers read p->addr: set it before the probe can fire. */
	p->addr = addr;
	kprobe_site_link_probe(site, p);
	if (fresh)
		kprobe_site_publish_locked(site);
	ret = kprobe_site_sync_armed_locked(site);
	if (ret) {
		kprobe_attach_undo_locked(p, fresh);
		p->addr = requested;
		return ret;
	}
	return 0;
}

/**
 * kprobe_detach_locked() - start unregistering @p
 * @p: a probe; if it is not registered its addr is cleared
 * @b: the batch the probe joins
 *
 * The hit path may still see @p until kprobe_batch_wait() returns.  A site
 * left without probes keeps its last probe linked (so a CPU still in its
 * handler sees a consistent list) and is queued for disarming and
 * retirement by kprobe_batch_commit_locked().
 *
 * Context: kprobe_mutex held.
 */
void kprobe_detach_locked(struct kprobe *p, struct kprobe_batch *b)
{
	struct kprobe_site *site = p->site;

	lockdep_assert_held(&kprobe_mutex);
	if (!kprobe_is_registered_locked(p)) {
		p->addr = NULL;
		return;
	}
	kprobe_site_count_off(site, p);
	p->flags |= KPROBE_FLAG_DISABLED;
	if (hlist_is_singular_node(&p->hlist, &site->probes)) {
		if (kprobe_site_is_armed(site))
			list_add_tail(&site->batch, &b->disarm);
		else
			list_add_tail(&site->batch, &b->dead);
		return;
	}
	hlist_del_init_rcu(&p->hlist);
	p->site = NULL;
	kprobe_site_sync_armed_locked(site);
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
	kprobe_sites_disarm_locked(&b->disarm);
	list_splice_tail_init(&b->disarm, &b->dead);
	list_for_each_entry_safe(site, tmp, &b->dead, batch)
		kprobe_site_retire_locked(site);
}

/**
 * kprobe_batch_wait() - finish unregistering a committed batch
 * @b: a batch passed to kprobe_batch_commit_locked()
 *
 * Waits for one grace period, however many probes the batch holds, then
 * frees the retired sites.  Afterwards no handler of a probe in the batch
 * runs or will run.
 *
 * Context: process context, kprobe_mutex not held.
 */
void kprobe_batch_wait(struct kprobe_batch *b)
{
	struct kprobe_site *site;
	struct kprobe *p;
	struct hlist_node *tmp;

	if (list_empty(&b->dead)) {
		synchronize_rcu();
		return;
	}
	/* Nothing reads these probes' site pointers any more. */
	list_for_each_entry(site, &b->dead, batch) {
		hlist_for_each_entry_safe(p, tmp, &site->probes, hlist) {
			p->site = NULL;
			INIT_HLIST_NODE(&p->hlist);
		}
	}
	kprobe_sites_free(&b->dead);
}

/**
 * kprobe_register_locked() - register one probe
 * @p: the probe
 *
 * Context: kprobe_mutex held.
 * Return: see register_kprobe().
 */
int kprobe_register_locked(struct kprobe *p)
{
	kprobe_opcode_t *addr;
	unsigned long target;
	struct module *mod;
	bool on_entry = false;
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (kprobe_is_registered_locked(p))
		return -EINVAL;
	ret = kprobe_requested_addr(p, &target);
	if (ret)
		return ret;
	/* Checked first: slots and trampolines have no symbol to resolve. */
	if (kprobe_blacklisted(target))
		return -EINVAL;
	ret = kprobe_resolve(target, &addr, &on_entry);
	if (ret)
		return ret;
	ret = kprobe_check_address((unsigned long)addr, &mod);
	if (ret)
		return ret;
	ret = kprobe_attach_locked(p, addr);
	module_put(mod);
	if (ret)
		return ret;
	if (on_entry)
		p->flags |= KPROBE_FLAG_ON_FUNC_ENTRY;
	return 0;
}

/**
 * register_kprobe() - start probing an instruction
 * @p: the probe; set either @p->addr or @p->symbol_name (+ @p->offset),
 *	and at least one handler.  KPROBE_FLAG_DISABLED in @p->flags registers
 *	it disabled.
 *
 * Several probes may share an address; all their handlers run, in
 * registration order.
 *
 * Context: process context; may sleep.
 * Return: 0 on success; -EINVAL if both or neither of addr and symbol_name
 * are set, @p is already registered, or the address is blacklisted, not
 * kernel text, or an instruction that cannot be probed; -ENOENT if the
 * symbol is unknown or the address has no symbol; -EILSEQ if the address
 * is not the start of an instruction; -ENOMEM if memory ran out; -ENODEV
 * or another ftrace error if an ftrace call site could not be hooked.
 */
int register_kprobe(struct kprobe *p)
{
	guard(mutex)(&kprobe_mutex);
	return kprobe_register_locked(p);
}
EXPORT_SYMBOL_GPL(register_kprobe);

/**
 * register_kprobes() - register an array of probes, all or nothing
 * @kps: the probes
 * @num: number of entries in @kps
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for a bad @num, or the error of the first probe that
 * failed (see register_kprobe()); on error none of @kps is registered.
 */
int register_kprobes(struct kprobe **kps, int num)
{
	struct kprobe_batch b;
	int i, ret = 0;

	if (num <= 0)
		return -EINVAL;
	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	for (i = 0; i < num && !ret; i++)
		ret = kprobe_register_locked(kps[i]);
	/* On failure kps[i - 1] failed; roll back kps[0 .. i - 2]. */
	if (ret) {
		while (--i > 0)
			kprobe_detach_locked(kps[i - 1], &b);
		kprobe_batch_commit_locked(&b);
	}
	mutex_unlock(&kprobe_mutex);
	if (ret)
		kprobe_batch_wait(&b);
	return ret;
}
EXPORT_SYMBOL_GPL(register_kprobes);

/**
 * unregister_kprobe() - stop probing and wait until no handler runs
 * @p: a probe; if it is not registered, only @p->addr is cleared
 *
 * Context: process context; may sleep.
 */
void unregister_kprobe(struct kprobe *p)
{
	struct kprobe *single[] = { p };

	unregister_kprobes(single, ARRAY_SIZE(single));
}
EXPORT_SYMBOL_GPL(unregister_kprobe);

/**
 * unregister_kprobes() - unregister an array of probes
 * @kps: the probes; entries that are not registered get addr cleared
 * @num: number of entries in @kps
 *
 * All probes are removed with one code-patching synchronisation and one
 * grace period, however many there are.
 *
 * Context: process context; may sleep.
 */
void unregister_kprobes(struct kprobe **kps, int num)
{
	struct kprobe_batch b;
	int i;

	if (num <= 0)
		return;
	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	for (i = 0; i < num; i++)
		kprobe_detach_locked(kps[i], &b);
	kprobe_batch_commit_locked(&b);
	mutex_unlock(&kprobe_mutex);
	kprobe_batch_wait(&b);
}
EXPORT_SYMBOL_GPL(unregister_kprobes);

/**
 * disable_kprobe() - keep a probe registered but stop it firing
 * @p: a registered probe
 *
 * Context: process context; may sleep.
 * Return: 0, or -EINVAL if @p is not registered.
 */
int disable_kprobe(struct kprobe *p)
{
	guard(mutex)(&kprobe_mutex);
	if (!kprobe_is_registered_locked(p))
		return -EINVAL;
	if (kprobe_disabled(p))
		return 0;
	kprobe_site_count_off(p->site, p);
	p->flags |= KPROBE_FLAG_DISABLED;
	return kprobe_site_sync_armed_locked(p->site);
}
EXPORT_SYMBOL_GPL(disable_kprobe);

/**
 * enable_kprobe() - let a disabled probe fire again
 * @p: a registered probe
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL if @p is not registered or its text is gone; an
 * arming error from ftrace, in which case @p stays disabled.
 */
int enable_kprobe(struct kprobe *p)
{
	int ret;

	guard(mutex)(&kprobe_mutex);
	if (!kprobe_is_registered_locked(p) || kprobe_gone(p))
		return -EINVAL;
	if (!kprobe_disabled(p))
		return 0;
	p->flags &= ~KPROBE_FLAG_DISABLED;
	p->site->nr_enabled++;
	if (p->post_handler)
		WRITE_ONCE(p->site->nr_post, p->site->nr_post + 1);
	ret = kprobe_site_sync_armed_locked(p->site);
	if (ret) {
		kprobe_site_count_off(p->site, p);
		p->flags |= KPROBE_FLAG_DISABLED;
	}
	return ret;
}
EXPORT_SYMBOL_GPL(enable_kprobe);

/**
 * kprobe_on_func_entry() - is this the entry of a function?
 * @addr: an address, or NULL to use @sym
 * @sym: a symbol name, or NULL to use @addr
 * @offset: offset from @addr or @sym
 *
 * Context: process context.
 * Return: 0 if the address is a function entry; -EINVAL if it is not, or
 * if both or neither of @addr and @sym are given; -ENOENT if @sym is
 * unknown.
 */
int kprobe_on_func_entry(kprobe_opcode_t *addr, const char *sym,
			 unsigned long offset)
{
	struct kprobe probe = {
		.addr = addr,
		.symbol_name = sym,
		.offset = offset,
	};
	kprobe_opcode_t *where;
	unsigned long target;
	bool on_entry = false;
	int ret;

	ret = kprobe_requested_addr(&probe, &target);
	if (!ret)
		ret = kprobe_resolve(target, &where, &on_entry);
	if (ret)
		return ret == -ENOENT && !sym ? -EINVAL : ret;
	return on_entry ? 0 : -EINVAL;
}
