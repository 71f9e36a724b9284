// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Registering, unregistering, enabling and disabling probes.
 *
 * A struct kprobe is registered when it is linked on a site's probe list
 * (kprobe.hlist) and kprobe.site points at that site; both change only
 * under kprobe_mutex.  A site exists while at least one probe is linked on
 * it; the last probe to leave retires it, at once (unregister_kprobes()) or
 * a little later (unregister_kprobe(), see idle_reclaim.c).
 *
 * Batches: register_kprobes() arms all the new sites together (one ftrace
 * filter update, one code-patching synchronisation); unregistration
 * unlinks the probes, disarms what it must together, and returns once the
 * hit brackets in progress have ended (unregister_wait.c), without a grace period.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/bug.h>
#include <linux/extable.h>
#include <linux/ftrace.h>
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
 * Where functions have descriptors (64-bit ELFv1 powerpc and parisc), a
 * function's name may name its descriptor: the answer is then the code
 * the descriptor points to.
 *
 * Context: process context.
 * Return: the symbol's address, or NULL if there is no such symbol.
 */
kprobe_opcode_t *kprobe_lookup_name(const char *name, unsigned int offset)
{
	void *addr = (void *)kallsyms_lookup_name(name);

	return addr ? dereference_symbol_descriptor(addr) : NULL;
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

/**
 * arch_kprobe_adjust_addr() - the address to probe for symbol + offset,
 *	by default
 * @addr: address of the symbol
 * @offset: offset into the symbol
 * @on_func_entry: set to whether the result is the function's entry
 *
 * @addr + @offset, the entry when @offset is 0.  An architecture whose
 * functions start with something a probe must step over (an endbr64, a
 * global entry that sets up the TOC) provides its own.
 *
 * Context: process context.
 * Return: the address to probe.
 */
kprobe_opcode_t * __weak arch_kprobe_adjust_addr(unsigned long addr,
						 unsigned long offset,
						 bool *on_func_entry)
{
	*on_func_entry = !offset;
	return (kprobe_opcode_t *)(addr + offset);
}

/*
 * The address to probe for @target.  The architecture may move a
 * function-entry address (past an endbr64, for instance) and tells whether
 * the result is the entry.  One symbol lookup, which also refuses
 * preamble symbols.  kallsyms_lookup() walks every symbol of a module;
 * with kprobe_mutex held (@locked), the index of symbols.c answers for
 * modules with many symbols instead.
 */
static int kprobe_resolve(unsigned long target, kprobe_opcode_t **addrp,
			  unsigned long *func, bool *on_entry, bool locked)
{
	char name[KSYM_NAME_LEN];
	unsigned long size, off;
	char *modname;

	if ((!locked || !kprobe_symbols_lookup(target, &size, &off, name)) &&
	    !kallsyms_lookup(target, &size, &off, &modname, name))
		return -ENOENT;
	if (kprobe_blacklisted_name(name))
		return -EINVAL;
	*func = target - off;
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
	/* The symbol's name was checked by kprobe_resolve(). */
	if (kprobe_blacklisted_range(addr))
		return -EINVAL;
	if (jump_label_text_reserved((void *)addr, (void *)addr) ||
	    static_call_text_reserved((void *)addr, (void *)addr) ||
	    find_bug(addr))
		return -EINVAL;
	/*
	 * ftrace rewrites its call sites whenever tracing changes; a probe
	 * can sit there only through the ftrace hook, where the architecture
	 * has one (arch_kprobe_ftrace_site()), never as a breakpoint.
	 */
	if (kprobe_ftrace_call_site(addr) && !arch_kprobe_ftrace_site(addr))
		return -EINVAL;
	if (core_kernel_text(addr))
		return 0;
	return kprobe_module_get(addr, modp);
}

/**
 * kprobe_is_registered_locked() - is @p linked to a site?
 * @p: any probe
 *
 * Context: kprobe_mutex held.
 * Return: true if @p is registered.
 */
bool kprobe_is_registered_locked(struct kprobe *p)
{
	struct kprobe_site *site = p->site;
	struct kprobe *q;

	lockdep_assert_held(&kprobe_mutex);
	if (!site)
		return false;
	kprobe_site_for_each_probe(q, site) {
		if (q == p)
			return true;
	}
	return false;
}

/*
 * @p's flags before it joins a site, complete before any hit can find it
 * (handlers read them: bpf_get_func_ip() looks at ON_FUNC_ENTRY).
 */
static void kprobe_init_flags(struct kprobe *p, struct kprobe_site *site,
			      bool on_entry)
{
	u32 flags = p->flags & KPROBE_FLAG_DISABLED;

	if (site->on_ftrace)
		flags |= KPROBE_FLAG_FTRACE;
	if (on_entry)
		flags |= KPROBE_FLAG_ON_FUNC_ENTRY;
	WRITE_ONCE(p->flags, flags);
	p->nmissed = 0;
}

/*
 * Give @p back its caller's flags after a failed registration: only
 * KPROBE_FLAG_DISABLED of @flags, its flags before it was attached.
 */
static void kprobe_restore_caller_flags(struct kprobe *p, u32 flags)
{
	WRITE_ONCE(p->flags, flags & KPROBE_FLAG_DISABLED);
}

/*
 * Take @p off its site again after arming failed.  Rare, so the hits in
 * progress are waited for here, under kprobe_mutex; a new site is freed
 * after a grace period.
 */
static void kprobe_attach_undo_locked(struct kprobe *p, bool fresh)
{
	struct kprobe_site *site = p->site;
	u32 flags = p->flags;
	LIST_HEAD(dead);

	kprobe_site_change_locked(site, p, KPROBE_SITE_LEAVE);
	kprobe_restore_caller_flags(p, flags);
	if (fresh) {
		kprobe_site_retire_locked(site);
		list_add(&site->batch, &dead);
	}
	kprobe_hits_wait();
	kprobe_sites_free(&dead);
}

/*
 * Link @p on the site at @addr, creating it if needed.  With @arm set,
 * a site that must be armed for @p is only queued on @arm (once); the
 * caller arms the whole list with kprobe_sites_arm_batch_locked().
 */
static int kprobe_attach_locked(struct kprobe *p, kprobe_opcode_t *addr,
				unsigned long func, bool on_entry,
				struct list_head *arm)
{
	kprobe_opcode_t *requested = p->addr;
	struct kprobe_site *site;
	bool fresh = false;
	int ret;

	site = kprobe_site_find_locked(addr);
	if (!site) {
		site = kprobe_site_create_locked(addr, func);
		if (IS_ERR(site))
			return PTR_ERR(site);
		fresh = true;
	}
	/* Handlers read p->addr and the flags: set before it can fire. */
	p->addr = addr;
	kprobe_init_flags(p, site, on_entry);
	kprobe_site_change_locked(site, p, KPROBE_SITE_JOIN);
	if (fresh)
		kprobe_site_publish_locked(site);
	if (arm && kprobe_site_wants_armed(site) &&
	    !kprobe_site_is_armed(site)) {
		if (list_empty(&site->batch))
			list_add_tail(&site->batch, arm);
		return 0;
	}
	ret = kprobe_site_sync_armed_locked(site);
	if (ret) {
		kprobe_attach_undo_locked(p, fresh);
		p->addr = requested;
		return ret;
	}
	return 0;
}

/*
 * Arm every site queued on @arm by kprobe_attach_locked() and empty the
 * list.  Return 0, or the first arming error (the sites that failed stay
 * DISARMED, the others are armed).
 */
static int kprobe_sites_arm_batch_locked(struct list_head *arm)
{
	struct kprobe_site *site;
	int ret = 0;

	if (!list_empty(arm))
		ret = kprobe_sites_arm_locked(arm);
	kprobe_batch_for_each_take(site, arm) {
		/* As kprobe_site_sync_armed_locked() does after arming. */
		if (!ret)
			kprobe_opt_update_locked(site);
	}
	return ret;
}

/**
 * kprobe_detach_locked() - start unregistering @p
 * @p: a probe; if it is not registered its addr is cleared
 * @b: the batch the probe joins
 *
 * @p is unlinked at once; the hit path may still be using it until
 * kprobe_batch_wait() returns.  A site left without probes is queued for
 * disarming and retirement by kprobe_batch_commit_locked(), or, in a lazy
 * batch, left armed for idle_reclaim.c if it is armed.
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
	kprobe_site_change_locked(site, p, KPROBE_SITE_LEAVE);
	if (!hlist_empty(&site->probes))
		kprobe_site_sync_armed_locked(site);
	else if (!kprobe_site_is_armed(site))
		list_add_tail(&site->batch, &b->dead);
	else if (b->lazy)
		kprobe_site_idle_locked(site);
	else
		list_add_tail(&site->batch, &b->disarm);
}

/*
 * Register @p; with @arm set, only queue on @arm a site that must be
 * armed (see kprobe_attach_locked()).
 */
static int kprobe_register_one_locked(struct kprobe *p, struct list_head *arm)
{
	unsigned long target, func;
	kprobe_opcode_t *addr;
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
	if (kprobe_blacklisted_range(target))
		return -EINVAL;
	ret = kprobe_resolve(target, &addr, &func, &on_entry, true);
	if (ret)
		return ret;
	ret = kprobe_check_address((unsigned long)addr, &mod);
	if (ret)
		return ret;
	ret = kprobe_attach_locked(p, addr, func, on_entry, arm);
	module_put(mod);
	return ret;
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
	return kprobe_register_one_locked(p, NULL);
}

/**
 * kprobes_register_batch_locked() - register probes and arm them together
 * @kps: the probes
 * @num: number of entries in @kps, at least 1
 * @b: receives the probes of a rollback
 *
 * On error none of @kps stays registered: the ones already linked are
 * detached onto @b, which is committed here; the caller must then call
 * kprobe_batch_wait(@b) once it has dropped kprobe_mutex.
 *
 * Context: kprobe_mutex held.
 * Return: 0, or the error of the first probe that failed, or the first
 * arming error.
 */
int kprobes_register_batch_locked(struct kprobe **kps, int num,
				  struct kprobe_batch *b)
{
	LIST_HEAD(arm);
	int i, ret = 0;

	lockdep_assert_held(&kprobe_mutex);
	for (i = 0; i < num; i++) {
		ret = kprobe_register_one_locked(kps[i], &arm);
		if (ret)
			break;
	}
	/* kps[0 .. i - 1] are registered; arm their sites, or roll back. */
	if (!ret)
		ret = kprobe_sites_arm_batch_locked(&arm);
	else
		kprobe_sites_unlink_batch(&arm);
	if (ret) {
		while (i-- > 0) {
			u32 flags = kps[i]->flags;

			kprobe_detach_locked(kps[i], b);
			kprobe_restore_caller_flags(kps[i], flags);
		}
		kprobe_batch_commit_locked(b);
	}
	return ret;
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
 * All the sites are armed together: one ftrace filter update for the
 * probes on ftrace call sites, one code-patching synchronisation for the
 * others.
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for a bad @num, or the error of the first probe that
 * failed (see register_kprobe()), or the first arming error; on error none
 * of @kps is registered.
 */
int register_kprobes(struct kprobe **kps, int num)
{
	struct kprobe_batch b;
	int ret;

	if (num <= 0)
		return -EINVAL;
	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	ret = kprobes_register_batch_locked(kps, num, &b);
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
 * When this returns no handler of @p runs or will run, and @p may be
 * freed.  No grace period is waited for: only the probe hits in progress
 * on other CPUs.  If @p was the last probe at its address, the breakpoint
 * or ftrace hook may stay in place (running no handler) for a few
 * milliseconds, until a worker removes it together with others.
 *
 * Context: process context; may sleep.
 */
void unregister_kprobe(struct kprobe *p)
{
	struct kprobe_batch b;

	kprobe_batch_init(&b);
	b.lazy = true;
	mutex_lock(&kprobe_mutex);
	kprobe_detach_locked(p, &b);
	kprobe_batch_commit_locked(&b);
	mutex_unlock(&kprobe_mutex);
	kprobe_batch_wait(&b);
}
EXPORT_SYMBOL_GPL(unregister_kprobe);

/**
 * unregister_kprobes() - unregister an array of probes
 * @kps: the probes; entries that are not registered get addr cleared
 * @num: number of entries in @kps
 *
 * All probes are removed with one ftrace filter update and one
 * code-patching synchronisation, however many there are, and no grace
 * period is waited for (see unregister_kprobe()).
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
	kprobe_site_change_locked(p->site, p, KPROBE_SITE_DISABLE);
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
	kprobe_site_change_locked(p->site, p, KPROBE_SITE_ENABLE);
	ret = kprobe_site_sync_armed_locked(p->site);
	if (ret)
		kprobe_site_change_locked(p->site, p, KPROBE_SITE_DISABLE);
	return ret;
}
EXPORT_SYMBOL_GPL(enable_kprobe);

/* kprobe_on_func_entry(), with kprobe_mutex held when @locked is set. */
static int kprobe_check_func_entry(kprobe_opcode_t *addr, const char *sym,
				   unsigned long offset, bool locked)
{
	struct kprobe probe = {
		.addr = addr,
		.symbol_name = sym,
		.offset = offset,
	};
	unsigned long target, func;
	kprobe_opcode_t *where;
	bool on_entry = false;
	int ret;

	ret = kprobe_requested_addr(&probe, &target);
	if (!ret)
		ret = kprobe_resolve(target, &where, &func, &on_entry, locked);
	if (ret)
		return ret == -ENOENT && !sym ? -EINVAL : ret;
	return on_entry ? 0 : -EINVAL;
}

/**
 * kprobe_on_func_entry_locked() - kprobe_on_func_entry() under kprobe_mutex
 * @addr: an address, or NULL to use @sym
 * @sym: a symbol name, or NULL to use @addr
 * @offset: offset from @addr or @sym
 *
 * With the mutex held, the symbol index of a big module answers
 * (kernel/kprobes/symbols.c) instead of a walk of all its symbols.
 *
 * Context: kprobe_mutex held.
 * Return: as kprobe_on_func_entry().
 */
int kprobe_on_func_entry_locked(kprobe_opcode_t *addr, const char *sym,
				unsigned long offset)
{
	lockdep_assert_held(&kprobe_mutex);
	return kprobe_check_func_entry(addr, sym, offset, true);
}

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
	return kprobe_check_func_entry(addr, sym, offset, false);
}
