// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /sys/kernel/debug/kprobes/kretprobes: the instance pool and the misses
 * of every registered kretprobe, one line each:
 *
 *   maxactive=<cap or 0> pending=<n> free=<n> total=<n> missed_cap=<n>
 *   missed_nomem=<n> missed_atomic=<n> missed_recursion=<n>
 *   unreturned=<n> <function> [<module>]
 *
 * (on one line).  The missed_* causes are those of enum kretprobe_miss;
 * missed_recursion is kretprobe.kp.nmissed, hits skipped because another
 * probe was being handled on the CPU.  unreturned counts calls that left
 * without returning through the trampoline.
 */
#include <linux/debugfs.h>
#include <linux/kprobes.h>
#include <linux/seq_file.h>

#include "internal.h"

static void kretprobe_stats_show_one(struct seq_file *m, struct kretprobe *rp)
{
	struct kretprobe_holder *h = rp->rph;
	unsigned int total;
	int pending;

	if (!h)
		return;
	/* Free instances may sit in the per-CPU caches: count them too. */
	total = READ_ONCE(h->nr_total);
	pending = kretprobe_nr_pending(rp);
	seq_printf(m, "maxactive=%u pending=%d free=%d total=%u",
		   h->maxactive, pending, (int)total - pending, total);
	seq_printf(m, " missed_cap=%lu missed_nomem=%lu missed_atomic=%lu",
		   READ_ONCE(h->missed[KRETPROBE_MISS_CAP]),
		   READ_ONCE(h->missed[KRETPROBE_MISS_NOMEM]),
		   READ_ONCE(h->missed[KRETPROBE_MISS_ATOMIC]));
	seq_printf(m, " missed_recursion=%lu unreturned=%lu %ps\n",
		   READ_ONCE(rp->kp.nmissed), READ_ONCE(h->unreturned),
		   rp->kp.addr);
}

static int kretprobe_stats_show(struct seq_file *m, void *v)
{
	struct kprobe_site *site;
	struct kretprobe *rp;
	struct kprobe *p;

	/* Sites, their probe lists and rp->rph only change under it. */
	guard(mutex)(&kprobe_mutex);
	kprobe_for_each_site(site) {
		kprobe_site_for_each_probe(p, site) {
			if (!kprobe_is_kretprobe(p))
				continue;
			rp = container_of(p, struct kretprobe, kp);
			kretprobe_stats_show_one(m, rp);
		}
	}
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(kretprobe_stats);

/**
 * kretprobe_debugfs_init() - create the "kretprobes" file
 * @dir: /sys/kernel/debug/kprobes
 *
 * Context: boot, process context.
 */
void __init kretprobe_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("kretprobes", 0400, dir, NULL, &kretprobe_stats_fops);
}
