// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Return probes.
 *
 * A kretprobe is a kprobe at a function entry whose pre_handler takes an
 * instance from the kretprobe's pool, runs the entry_handler and redirects
 * the function's return through a return hook (rethook).  When the
 * function returns, the hook runs the kretprobe's handler with the
 * instance and resumes at the real return address.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/rethook.h>
#include <linux/slab.h>

#include "internal.h"

static int kretprobe_entry(struct kprobe *p, struct pt_regs *regs)
{
	struct kretprobe *rp = container_of(p, struct kretprobe, kp);
	struct kretprobe_instance *ri;
	struct rethook_node *node;

	node = rethook_try_get(rp->rh);
	if (!node) {
		/* Racy by design: a statistic, updated with interrupts off. */
		rp->nmissed++;
		return 0;
	}
	ri = container_of(node, struct kretprobe_instance, node);
	if (rp->entry_handler && rp->entry_handler(ri, regs)) {
		rethook_recycle(node);
		return 0;
	}
	rethook_hook(node, regs, kprobe_ftrace(p));
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_entry);

static void kretprobe_return(struct rethook_node *node, void *data,
			     unsigned long ret_addr, struct pt_regs *regs)
{
	struct kretprobe *rp = data;
	struct kprobe *outer;

	if (WARN_ON_ONCE(!rp) || !rp->handler)
		return;
	/* Probes hit inside the handler count as missed, as in any handler. */
	outer = __this_cpu_read(current_kprobe);
	__this_cpu_write(current_kprobe, &rp->kp);
	rp->handler(container_of(node, struct kretprobe_instance, node), regs);
	__this_cpu_write(current_kprobe, outer);
}

NOKPROBE_SYMBOL(kretprobe_return);

/**
 * kprobe_is_kretprobe() - is @p the entry probe of a kretprobe?
 * @p: a registered probe
 *
 * Context: any.
 * Return: true for the entry probe of a struct kretprobe.
 */
bool kprobe_is_kretprobe(struct kprobe *p)
{
	return p->pre_handler == kretprobe_entry;
}

static int kretprobe_check(struct kretprobe *rp)
{
	int ret;

	if (rp->data_size > KRETPROBE_MAX_DATA_SIZE)
		return -E2BIG;
	ret = kprobe_on_func_entry(rp->kp.addr, rp->kp.symbol_name,
				   rp->kp.offset);
	return ret;
}

static int kretprobe_default_maxactive(void)
{
	return max(10, 2 * (int)num_possible_cpus());
}

/* Allocate the instance pool; the kprobe is not registered yet. */
static int kretprobe_setup(struct kretprobe *rp)
{
	int size = sizeof(struct kretprobe_instance) + rp->data_size;
	int num = rp->maxactive > 0 ? rp->maxactive :
		  kretprobe_default_maxactive();

	rp->kp.pre_handler = kretprobe_entry;
	rp->kp.post_handler = NULL;
	rp->nmissed = 0;
	rp->rh = rethook_alloc(rp, kretprobe_return, size, num);
	return IS_ERR(rp->rh) ? PTR_ERR(rp->rh) : 0;
}

static void kretprobe_teardown(struct kretprobe *rp)
{
	rethook_free(rp->rh);
	rp->rh = NULL;
}

static int kretprobe_register_locked(struct kretprobe *rp)
{
	int ret;

	ret = kretprobe_check(rp);
	if (ret)
		return ret;
	ret = kretprobe_setup(rp);
	if (ret) {
		rp->rh = NULL;
		return ret;
	}
	ret = kprobe_register_locked(&rp->kp);
	if (ret)
		kretprobe_teardown(rp);
	return ret;
}

/**
 * register_kretprobe() - start probing the returns of a function
 * @rp: the kretprobe; @rp->kp.addr or @rp->kp.symbol_name names the
 *	function entry, @rp->handler and/or @rp->entry_handler are set
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL if the address is not a function entry or cannot be
 * probed; -E2BIG if @rp->data_size exceeds %KRETPROBE_MAX_DATA_SIZE;
 * -ENOMEM; or any error of register_kprobe().
 */
int register_kretprobe(struct kretprobe *rp)
{
	guard(mutex)(&kprobe_mutex);
	return kretprobe_register_locked(rp);
}
EXPORT_SYMBOL_GPL(register_kretprobe);

/* First half of unregistering @n kretprobes: unlink them. */
static void kretprobes_detach_locked(struct kretprobe **rps, int n,
				     struct kprobe_batch *b)
{
	int i;

	for (i = 0; i < n; i++) {
		kprobe_detach_locked(&rps[i]->kp, b);
		/* Returns still pending from now on skip the handler. */
		if (rps[i]->rh)
			rethook_stop(rps[i]->rh);
	}
	kprobe_batch_commit_locked(b);
}

/* Second half, without kprobe_mutex: the hits, one grace period, free. */
static void kretprobes_detach_finish(struct kretprobe **rps, int n,
				     struct kprobe_batch *b)
{
	int i;

	kprobe_batch_wait(b);
	/*
	 * The return side runs in the rethook handler, outside any hit
	 * bracket, and reads the kretprobe under RCU: wait for it here.
	 */
	synchronize_rcu();
	for (i = 0; i < n; i++) {
		if (rps[i]->rh)
			kretprobe_teardown(rps[i]);
	}
}

/**
 * register_kretprobes() - register an array of kretprobes, all or nothing
 * @rps: the kretprobes
 * @num: number of entries
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for a bad @num, or the first error met (see
 * register_kretprobe()); on error none of @rps is registered.
 */
int register_kretprobes(struct kretprobe **rps, int num)
{
	struct kprobe_batch b;
	int i, ret = 0;

	if (num <= 0)
		return -EINVAL;
	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	for (i = 0; i < num && !ret; i++)
		ret = kretprobe_register_locked(rps[i]);
	/* On failure rps[i - 1] failed; roll back rps[0 .. i - 2]. */
	if (ret)
		kretprobes_detach_locked(rps, i - 1, &b);
	mutex_unlock(&kprobe_mutex);
	if (ret)
		kretprobes_detach_finish(rps, i - 1, &b);
	return ret;
}
EXPORT_SYMBOL_GPL(register_kretprobes);

/**
 * unregister_kretprobe() - stop probing returns and free the instances
 * @rp: a kretprobe; if it is not registered only its kp.addr is cleared
 *
 * Calls that are still pending return normally to their callers without
 * running @rp->handler.
 *
 * Context: process context; may sleep.
 */
void unregister_kretprobe(struct kretprobe *rp)
{
	struct kretprobe *single[] = { rp };

	unregister_kretprobes(single, ARRAY_SIZE(single));
}
EXPORT_SYMBOL_GPL(unregister_kretprobe);

/**
 * unregister_kretprobes() - unregister an array of kretprobes
 * @rps: the kretprobes
 * @num: number of entries
 *
 * One grace period is waited for, whatever @num is.
 *
 * Context: process context; may sleep.
 */
void unregister_kretprobes(struct kretprobe **rps, int num)
{
	struct kprobe_batch b;

	if (num <= 0)
		return;
	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	kretprobes_detach_locked(rps, num, &b);
	mutex_unlock(&kprobe_mutex);
	kretprobes_detach_finish(rps, num, &b);
}
EXPORT_SYMBOL_GPL(unregister_kretprobes);
