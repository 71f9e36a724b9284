// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kprobes core: the table of probed addresses and the part of the hit path
 * that is not architecture specific.
 *
 * A probed address is a struct kprobe_site; every struct kprobe registered
 * at that address hangs off it.  The architecture's breakpoint or ftrace
 * handler finds the site with kprobe_site_lookup() and runs the handlers
 * through kprobe_site_run_pre() (inline, in <linux/kprobes_arch.h>) and
 * kprobe_site_run_post().  Everything in this file that the hit path
 * reaches is excluded from probing, and the file from function tracing.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/hash.h>
#include <linux/init.h>
#include <linux/kprobes.h>
#include <linux/kprobes_xol.h>
#include <linux/rculist.h>
#include <linux/slab.h>

#include "internal.h"

/* Serialises every change to sites, probes and kprobes_all_disarmed. */
DEFINE_MUTEX(kprobe_mutex);

/* Behind kprobe_assert_mutex_held(), for code that cannot see kprobe_mutex. */
void __kprobe_assert_mutex_held(void)
{
	lockdep_assert_held(&kprobe_mutex);
}

/* Sites by address; written under kprobe_mutex, read under RCU. */
struct hlist_head kprobe_table[KPROBE_TABLE_SIZE];

/* Sites (struct kprobe_site), and ftrace sites, which lack the arch part. */
struct kmem_cache *kprobe_site_cache;
struct kmem_cache *kprobe_ftrace_site_cache;

/* Set through debugfs "enabled": every site stays disarmed while true. */
bool kprobes_all_disarmed;

DEFINE_PER_CPU(struct kprobe *, current_kprobe);
EXPORT_PER_CPU_SYMBOL_GPL(current_kprobe);

/* Breakpoint hits in progress, for the architecture's trap handlers. */
DEFINE_PER_CPU(struct kprobe_ctlblk, kprobe_ctlblk);

/**
 * kprobe_bucket() - the hash bucket that holds the site for @addr
 * @addr: a probed address
 *
 * Context: any.
 * Return: the bucket head.
 */
struct hlist_head *kprobe_bucket(unsigned long addr)
{
	return &kprobe_table[hash_long(addr, KPROBE_HASH_BITS)];
}

NOKPROBE_SYMBOL(kprobe_bucket);

/**
 * kprobe_site_lookup() - find the live site at @addr
 * @addr: address that trapped
 *
 * Sites whose text is gone are skipped: a new site may exist at the same
 * address once a module was loaded where an old one used to be.
 *
 * Context: preemption or interrupts disabled, or kprobe_mutex held.
 * Return: the site, or NULL.
 */
struct kprobe_site *kprobe_site_lookup(unsigned long addr)
{
	struct kprobe_site *site;

	hlist_for_each_entry_rcu(site, kprobe_bucket(addr), hnode,
				 lockdep_is_held(&kprobe_mutex)) {
		if ((unsigned long)site->addr == addr &&
		    READ_ONCE(site->state) != KPROBE_SITE_GONE)
			return site;
	}
	return NULL;
}

NOKPROBE_SYMBOL(kprobe_site_lookup);

/**
 * kprobe_site_run_post_list() - the post_handler stage of a site without
 *	a lone probe: walk the list
 * @site: site that was hit
 * @regs: registers after the probed instruction ran
 *
 * Context: as kprobe_site_run_post().
 */
void kprobe_site_run_post_list(struct kprobe_site *site, struct pt_regs *regs)
{
	struct kprobe *p;

	kprobe_site_for_each_probe_rcu(p, site) {
		if (kprobe_disabled(p) || !p->post_handler)
			continue;
		__this_cpu_write(current_kprobe, p);
		p->post_handler(p, regs, 0);
	}
}

NOKPROBE_SYMBOL(kprobe_site_run_post_list);

/**
 * kprobe_site_missed() - count a hit whose handlers could not run
 * @site: site that was hit while another probe was being handled
 *
 * The count is taken inside a hit bracket of its own, since it writes to
 * the probes.
 *
 * Context: trap or ftrace handler, preemption disabled.
 */
void kprobe_site_missed(struct kprobe_site *site)
{
	struct kprobe *p;

	kprobe_hit_begin();
	kprobe_site_for_each_probe_rcu(p, site) {
		if (!kprobe_disabled(p))
			p->nmissed++;
	}
	kprobe_hit_end();
}

NOKPROBE_SYMBOL(kprobe_site_missed);

/**
 * kprobe_site_fault() - offer a fault to the running probe's fault_handler
 * @site: site being handled on this CPU
 * @regs: registers at the fault
 * @trapnr: trap number
 *
 * Context: exception handler, preemption disabled.
 * Return: 1 if the fault_handler fixed the fault up, 0 otherwise.
 */
int kprobe_site_fault(struct kprobe_site *site, struct pt_regs *regs,
		      int trapnr)
{
	struct kprobe *p = kprobe_running();

	if (!p || !p->fault_handler || p->site != site)
		return 0;
	return p->fault_handler(p, regs, trapnr) == 1;
}

NOKPROBE_SYMBOL(kprobe_site_fault);

/**
 * get_kprobe() - the first probe registered at @addr
 * @addr: a probed address
 *
 * Context: preemption disabled or kprobe_mutex held.
 * Return: the earliest registered probe at @addr, or NULL.
 */
struct kprobe *get_kprobe(void *addr)
{
	struct kprobe_site *site = kprobe_site_lookup((unsigned long)addr);
	struct hlist_node *first;

	if (!site)
		return NULL;
	first = rcu_dereference_raw(hlist_first_rcu(&site->probes));
	return first ? hlist_entry(first, struct kprobe, hlist) : NULL;
}

NOKPROBE_SYMBOL(get_kprobe);

/*
 * Stands in for a running probe between kprobe_busy_begin() and _end(),
 * in the kretprobe bookkeeping between kprobe_busy_begin_nested() and
 * _end_nested(), and during a hit on an armed site that has no probe left.
 */
struct kprobe kprobe_busy_marker = {
	.flags = KPROBE_FLAG_DISABLED,
};

/**
 * kprobe_busy_begin() - make probes hit on this CPU count as missed
 *
 * Code that is not a probe handler but must not be interrupted by probe
 * handlers (rethook, fprobe) brackets itself with kprobe_busy_begin() and
 * kprobe_busy_end().
 *
 * Context: any; disables preemption until kprobe_busy_end().
 */
void kprobe_busy_begin(void)
{
	preempt_disable();
	__this_cpu_write(current_kprobe, &kprobe_busy_marker);
}

NOKPROBE_SYMBOL(kprobe_busy_begin);

/**
 * kprobe_busy_end() - end the section started by kprobe_busy_begin()
 *
 * Context: after kprobe_busy_begin() on the same CPU.
 */
void kprobe_busy_end(void)
{
	__this_cpu_write(current_kprobe, NULL);
	preempt_enable();
}

NOKPROBE_SYMBOL(kprobe_busy_end);

static int __init kprobes_init(void)
{
	int i, ret;

	for (i = 0; i < KPROBE_TABLE_SIZE; i++)
		INIT_HLIST_HEAD(&kprobe_table[i]);

	kprobe_site_cache = KMEM_CACHE(kprobe_site, SLAB_PANIC);
	kprobe_ftrace_site_cache =
		kmem_cache_create("kprobe_ftrace_site",
				  offsetof(struct kprobe_site, ainsn),
				  __alignof__(struct kprobe_site), SLAB_PANIC,
				  NULL);

	ret = kprobe_blacklist_init();
	if (ret)
		pr_err("cannot build the blacklist (%d)\n", ret);

	ret = kprobe_module_init();
	if (ret)
		pr_err("cannot watch modules (%d)\n", ret);
	return ret;
}
early_initcall(kprobes_init);

static int __init kprobes_late_init(void)
{
	return kprobe_debugfs_init();
}
late_initcall(kprobes_late_init);
