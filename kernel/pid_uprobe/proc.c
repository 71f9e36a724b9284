// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process uprobes: the probed processes.
 *
 * A process is known by its mm.  Its first probe registers an mmu
 * notifier on that mm, whose release callback runs when the mm is torn
 * down: when the last thread exits, and on exec, which replaces the mm.
 * The callback only queues the proc's reap work; the work detaches every
 * probe of the process (they become GONE, and unregistering them later
 * does nothing) and frees what was built for it.
 *
 * Whoever first retires a proc under pid_uprobe_mutex (the reap, or the
 * unregistration of its last probe) takes it off pid_uprobe_procs and
 * frees it afterwards.  A reap queued meanwhile finds it retired and
 * leaves it alone; the freeing waits for such a reap to finish.
 */
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>

#include "internal.h"

LIST_HEAD(pid_uprobe_procs);

static void pid_uprobe_proc_release(struct mmu_notifier *mn,
				    struct mm_struct *mm)
{
	struct pid_uprobe_proc *proc =
		container_of(mn, struct pid_uprobe_proc, mn);

	/* Our own mmu_notifier_unregister() calls it too: nothing to do. */
	if (READ_ONCE(proc->retired))
		return;
	WRITE_ONCE(proc->released, true);
	queue_work(system_unbound_wq, &proc->reap);
}

static const struct mmu_notifier_ops pid_uprobe_mmu_ops = {
	.release = pid_uprobe_proc_release,
};

static void pid_uprobe_proc_reap(struct work_struct *work)
{
	struct pid_uprobe_proc *proc =
		container_of(work, struct pid_uprobe_proc, reap);
	struct pid_uprobe_point *point, *next_point;
	struct pid_uprobe *u, *next;
	struct pid_uprobe_batch b;
	int t;

	pid_uprobe_batch_init(&b);
	mutex_lock(&pid_uprobe_mutex);
	/* Detaching the last probe retires the proc. */
	if (!proc->retired) {
		list_for_each_entry_safe(point, next_point, &proc->points, node) {
			for (t = 0; t < ARRAY_SIZE(point->cons); t++)
				list_for_each_entry_safe(u, next,
							 &point->cons[t].probes,
							 node)
					pid_uprobe_detach_locked(u,
								 PID_UPROBE_GONE,
								 &b);
		}
	}
	pid_uprobe_batch_finish_unlock(&b);
}

/**
 * pid_uprobe_proc_get_locked() - the proc of @mm, made if there is none
 * @mm: a live mm (the caller holds a user reference)
 *
 * Context: pid_uprobe_mutex held; takes @mm's mmap_lock to make one.
 * Return: the proc, or an ERR_PTR().  A new proc has no points: the
 * caller gives it one or retires it.
 */
struct pid_uprobe_proc *pid_uprobe_proc_get_locked(struct mm_struct *mm)
{
	struct pid_uprobe_proc *proc;
	int ret;

	lockdep_assert_held(&pid_uprobe_mutex);
	list_for_each_entry(proc, &pid_uprobe_procs, node) {
		if (proc->mm == mm && !READ_ONCE(proc->released))
			return proc;
	}
	proc = kzalloc(sizeof(*proc), GFP_KERNEL);
	if (!proc)
		return ERR_PTR(-ENOMEM);
	proc->mm = mm;
	proc->mn.ops = &pid_uprobe_mmu_ops;
	INIT_LIST_HEAD(&proc->points);
	INIT_WORK(&proc->reap, pid_uprobe_proc_reap);
	ret = mmu_notifier_register(&proc->mn, mm);
	if (ret) {
		kfree(proc);
		return ERR_PTR(ret);
	}
	list_add(&proc->node, &pid_uprobe_procs);
	return proc;
}

/**
 * pid_uprobe_proc_retire_locked() - take a proc out of use
 * @proc: a proc without points
 * @b: the batch that will free it
 *
 * Context: pid_uprobe_mutex held.
 */
void pid_uprobe_proc_retire_locked(struct pid_uprobe_proc *proc,
				   struct pid_uprobe_batch *b)
{
	lockdep_assert_held(&pid_uprobe_mutex);
	WRITE_ONCE(proc->retired, true);
	list_move(&proc->node, &b->procs);
}

/**
 * pid_uprobe_proc_free() - free a retired proc
 * @proc: the proc
 *
 * Context: process context, pid_uprobe_mutex not held.
 */
void pid_uprobe_proc_free(struct pid_uprobe_proc *proc)
{
	/* After this, release() has run or never will. */
	mmu_notifier_unregister(&proc->mn, proc->mm);
	if (current_work() != &proc->reap)
		flush_work(&proc->reap);
	kfree(proc);
}
