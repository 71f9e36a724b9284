// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes in module text (built with CONFIG_MODULES): pinning the module
 * a probe goes into, its refused code, and the sites its unloading or
 * the freeing of its init text makes GONE (text_freed.c).
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

/*
 * Refuse probes in a coming module's NOKPROBE_SYMBOL() functions, its
 * .kprobes.text and its .noinstr.text.  A range that cannot be recorded
 * for lack of memory is reported and skipped.
 */
static void kprobe_module_blacklist_add(struct module *mod)
{
	unsigned long base;
	unsigned int i;
	int ret = 0;

	lockdep_assert_held(&kprobe_mutex);
	for (i = 0; i < mod->num_kprobe_blacklist && !ret; i++)
		ret = kprobe_blacklist_add_func(mod->kprobe_blacklist[i], mod);

	base = (unsigned long)mod->kprobes_text_start;
	if (base && !ret)
		ret = kprobe_blacklist_add_area(base,
						base + mod->kprobes_text_size,
						mod);

	base = (unsigned long)mod->noinstr_text_start;
	if (base && !ret)
		ret = kprobe_blacklist_add_area(base,
						base + mod->noinstr_text_size,
						mod);
	if (ret)
		pr_warn("blacklist of module %s incomplete (%d)\n",
			mod->name, ret);
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
		kprobe_module_blacklist_add(mod);
		break;
	case MODULE_STATE_LIVE:
		/* Init ran; its text and symbols are freed once we return. */
		kprobe_sites_mark_gone_where(kprobe_in_module_init, mod);
		kprobe_symbols_drop(mod);
		break;
	case MODULE_STATE_GOING:
		kprobe_sites_mark_gone_where(kprobe_in_module, mod);
		kprobe_blacklist_remove_owner(mod);
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
