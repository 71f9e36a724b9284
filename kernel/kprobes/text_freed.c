// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sites whose text is freed.
 *
 * When text that holds probes is freed (a module unloads, a module's or
 * the kernel's init section is discarded) the sites there become GONE:
 * they are never patched again and their probes stay registered, shown as
 * [GONE], until their owners unregister them.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <asm/sections.h>

#include "internal.h"

/**
 * kprobe_sites_mark_gone_where() - mark GONE every live site for which
 *	@gone says its text is freed
 * @gone: the test, given a site's address and @arg
 * @arg: passed to @gone
 *
 * Context: process context, kprobe_mutex held.
 */
void kprobe_sites_mark_gone_where(bool (*gone)(unsigned long addr, void *arg),
				  void *arg)
{
	struct kprobe_site *site;
	LIST_HEAD(batch);

	lockdep_assert_held(&kprobe_mutex);
	kprobe_for_each_site(site) {
		if (site->state != KPROBE_SITE_GONE &&
		    gone((unsigned long)site->addr, arg))
			list_add_tail(&site->batch, &batch);
	}
	/* All at once: a module may hold thousands of probes. */
	kprobe_sites_mark_gone_locked(&batch);
	kprobe_sites_unlink_batch(&batch);
}

static bool kprobe_in_kernel_init(unsigned long addr, void *unused)
{
	return init_section_contains((void *)addr, 1);
}

/**
 * kprobe_free_init_mem() - the kernel's init text is about to be freed
 *
 * Context: boot, process context.
 */
void kprobe_free_init_mem(void)
{
	guard(mutex)(&kprobe_mutex);
	kprobe_sites_mark_gone_where(kprobe_in_kernel_init, NULL);
}
