// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Return probes: registration and the entry side.
 *
 * A kretprobe is a kprobe at a function entry whose pre_handler takes an
 * instance (kretprobe_pool.c), runs the entry_handler, and replaces the
 * call's return address with the address of the architecture's
 * kretprobe_trampoline (kretprobe_stack.c has the per-task bookkeeping and
 * the return side; <linux/kprobes_arch.h> says where the architecture keeps a
 * return address).  A batch registers its entry probes together and arms
 * them with one ftrace filter update.  Unregistering waits until the hits
 * in progress have ended (unregister_wait.c), after which no handler of the kretprobe
 * runs; calls still pending then return to their callers without it.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "internal.h"

static int kretprobe_entry(struct kprobe *p, struct pt_regs *regs)
{
	struct kretprobe *rp = container_of(p, struct kretprobe, kp);
	struct kretprobe_instance *ri;

	ri = kretprobe_instance_get(rp, regs);
	if (!ri)
		return 0;
	if (kretprobe_instance_bind(ri, regs) ||
	    (rp->entry_handler && rp->entry_handler(ri, regs))) {
		kretprobe_instance_put_local(ri);
		return 0;
	}
	kretprobe_instance_push(ri, regs);
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_entry);

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
	ret = kprobe_on_func_entry_locked(rp->kp.addr, rp->kp.symbol_name,
					  rp->kp.offset);
	return ret;
}

/*
 * Check @rp and give it its holder and entry handler; undone by
 * kretprobe_unprepare() if its entry probe does not get registered.
 */
static int kretprobe_prepare_locked(struct kretprobe *rp)
{
	struct kretprobe_holder *h;
	int ret;

	/* A registered kretprobe keeps its holder: refuse before touching it. */
	if (kprobe_is_registered_locked(&rp->kp))
		return -EINVAL;
	ret = kretprobe_check(rp);
	if (ret)
		return ret;
	rp->kp.pre_handler = kretprobe_entry;
	rp->kp.post_handler = NULL;
	rp->nmissed = 0;
	h = kretprobe_holder_create(rp);
	if (IS_ERR(h)) {
		rp->rph = NULL;
		return PTR_ERR(h);
	}
	rp->rph = h;
	return 0;
}

/*
 * The entry probe of the prepared @rp was never armed: no handler can
 * have seen the holder.
 */
static void kretprobe_unprepare(struct kretprobe *rp)
{
	kretprobe_holder_stop_locked(rp->rph);
	kretprobe_holder_release(rp->rph);
	rp->rph = NULL;
}

static int kretprobe_register_locked(struct kretprobe *rp)
{
	int ret;

	ret = kretprobe_prepare_locked(rp);
	if (ret)
		return ret;
	ret = kprobe_register_locked(&rp->kp);
	if (ret) {
		kretprobe_unprepare(rp);
		return ret;
	}
	/* Resolved only now when the probe was given by name. */
	rp->rph->addr = rp->kp.addr;
	return 0;
}

/**
 * register_kretprobe() - start probing the returns of a function
 * @rp: the kretprobe; @rp->kp.addr or @rp->kp.symbol_name names the
 *	function entry, @rp->handler and/or @rp->entry_handler are set
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL if the address is not a function entry or cannot be
 * probed, or @rp is already registered; -E2BIG if @rp->data_size exceeds
 * %KRETPROBE_MAX_DATA_SIZE; -ENOMEM; or any error of register_kprobe().
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
		if (rps[i]->rph)
			kretprobe_holder_stop_locked(rps[i]->rph);
	}
	kprobe_batch_commit_locked(b);
}

/*
 * Second half, without kprobe_mutex: kprobe_batch_wait() waits for every
 * hit bracket that began before the kretprobes were unlinked and their
 * holders stopped (kretprobe_holder_stop_locked()); return handlers run
 * inside such a bracket (kprobe_busy_begin_nested()), so afterwards none can
 * still use a kretprobe of @rps.  Then free.
 */
static void kretprobes_detach_finish(struct kretprobe **rps, int n,
				     struct kprobe_batch *b)
{
	int i;

	kprobe_batch_wait(b);
	for (i = 0; i < n; i++) {
		if (!rps[i]->rph)
			continue;
		kretprobe_holder_release(rps[i]->rph);
		rps[i]->rph = NULL;
	}
}

static int kretprobe_ptr_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Does @rps list a kretprobe twice?  Each is given its holder before any
 * entry probe is registered, so a second entry would replace the holder
 * of the first.  @tmp has room for @num pointers.
 */
static bool kretprobes_repeat(struct kretprobe **rps, int num,
			      struct kprobe **tmp)
{
	int i;

	for (i = 0; i < num; i++)
		tmp[i] = &rps[i]->kp;
	sort(tmp, num, sizeof(*tmp), kretprobe_ptr_cmp, NULL);
	for (i = 1; i < num; i++) {
		if (tmp[i] == tmp[i - 1])
			return true;
	}
	return false;
}

/**
 * register_kretprobes() - register an array of kretprobes, all or nothing
 * @rps: the kretprobes
 * @num: number of entries
 *
 * Their entry probes are armed together, as by register_kprobes(): one
 * ftrace filter update for all those on ftrace call sites.
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL for a bad @num or a kretprobe listed twice; -ENOMEM;
 * or the first error met (see register_kretprobe()).  On error none of
 * @rps is registered.
 */
int register_kretprobes(struct kretprobe **rps, int num)
{
	struct kprobe_batch b;
	struct kprobe **kps;
	int i, n, ret = 0;

	if (num <= 0)
		return -EINVAL;
	kps = kvmalloc_array(num, sizeof(*kps), GFP_KERNEL);
	if (!kps)
		return -ENOMEM;
	if (kretprobes_repeat(rps, num, kps)) {
		kvfree(kps);
		return -EINVAL;
	}
	kprobe_batch_init(&b);
	mutex_lock(&kprobe_mutex);
	for (n = 0; n < num && !ret; n++) {
		ret = kretprobe_prepare_locked(rps[n]);
		kps[n] = &rps[n]->kp;
	}
	/* On failure rps[n - 1] failed and rps[0 .. n - 2] are prepared. */
	if (ret)
		n--;
	else
		ret = kprobes_register_batch_locked(kps, num, &b);
	if (!ret) {
		for (i = 0; i < num; i++)
			rps[i]->rph->addr = rps[i]->kp.addr;
	} else {
		for (i = 0; i < n; i++)
			kretprobe_holder_stop_locked(rps[i]->rph);
	}
	mutex_unlock(&kprobe_mutex);
	if (ret) {
		/* Entry probes that were linked have been unlinked onto @b. */
		kprobe_batch_wait(&b);
		for (i = 0; i < n; i++) {
			kretprobe_holder_release(rps[i]->rph);
			rps[i]->rph = NULL;
		}
	}
	kvfree(kps);
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
 * One wait for the hits in progress on other CPUs, whatever @num is; no
 * grace period.
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
