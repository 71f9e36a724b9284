// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes in module text and in init sections.
 *
 * When text that holds probes is freed (a module unloads, a module's or
 * the kernel's init section is discarded) the sites there become GONE:
 * they are never patched again and their probes stay registered, shown as
 * [GONE], until their owners unregister them.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <asm/sections.h>

#include "internal.h"

/**
 * kprobe_module_get() - pin the module whose text holds @addr
 * @addr: address about to be probed, not in core kernel text
 * @modp: set to the pinned module, for module_put()
 *
 * A pinned module cannot start unloading, so its notifier cannot run
 * between the checks of a registration and the publication of the site.
 *
 * Init text is accepted only while its module is COMING.  Once the module
 * went LIVE its init text stays mapped (and found by
 * __module_text_address()) until do_init_module() has waited for the
 * module's async work, but the LIVE notifier has already marked the sites
 * there GONE: a site made now would stay armed in text about to be freed.
 * The state is read under kprobe_mutex, which that notifier takes after
 * setting LIVE, so a COMING seen here is still COMING for the notifier.
 *
 * Context: process context, kprobe_mutex held.
 * Return: 0; -EINVAL if @addr is not module text; -ENOENT if it is init
 * text of a module that is no longer COMING, or the module is on its way
 * out.
 */
int kprobe_module_get(unsigned long addr, struct module **modp)
{
	struct module *mod;
	int ret = 0;

	lockdep_assert_held(&kprobe_mutex);
	preempt_disable();
	mod = __module_text_address(addr);
	if (!mod)
		ret = -EINVAL;
	else if (within_module_init(addr, mod) &&
		 READ_ONCE(mod->state) != MODULE_STATE_COMING)
		ret = -ENOENT;
	else if (!try_module_get(mod))
		ret = -ENOENT;
	preempt_enable();
	if (!ret)
		*modp = mod;
	return ret;
}

/* Mark GONE every live site for which @gone says its text is freed. */
static void kprobe_mark_gone_where(bool (*gone)(unsigned long addr, void *arg),
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

static bool kprobe_in_module_init(unsigned long addr, void *mod)
{
	return within_module_init(addr, mod);
}

static bool kprobe_in_module(unsigned long addr, void *mod)
{
	return within_module(addr, mod);
}

static int kprobe_module_notify(struct notifier_block *nb,
				unsigned long state, void *data)
{
	struct module *mod = data;

	guard(mutex)(&kprobe_mutex);
	switch (state) {
	case MODULE_STATE_COMING:
		kprobe_blacklist_add_module(mod);
		break;
	case MODULE_STATE_LIVE:
		/* Init ran; its text and symbols are freed once we return. */
		kprobe_mark_gone_where(kprobe_in_module_init, mod);
		kprobe_symbols_drop(mod);
		break;
	case MODULE_STATE_GOING:
		kprobe_mark_gone_where(kprobe_in_module, mod);
		kprobe_blacklist_remove_module(mod);
		kprobe_symbols_drop(mod);
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block kprobe_module_nb = {
	.notifier_call = kprobe_module_notify,
	/* Run before other users of module text, e.g. ftrace, drop it. */
	.priority = 0,
};

/**
 * kprobe_module_init() - start following module loads and unloads
 *
 * Context: boot.
 * Return: 0 or the notifier registration error.
 */
int kprobe_module_init(void)
{
	return register_module_notifier(&kprobe_module_nb);
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
	kprobe_mark_gone_where(kprobe_in_kernel_init, NULL);
}
