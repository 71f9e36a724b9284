/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Per-process uprobes, private declarations.
 *
 * Objects:
 *   pid_uprobe_proc   one probed process (its mm); lives while it has
 *                     probepoints, or until its mm is torn down
 *   pid_uprobe_point  one probed address of that process: two consumers
 *                     of the kernel's uprobe at the file offset behind it,
 *                     one for entry probes and one for return probes,
 *                     each registered while its list is not empty
 *   pid_uprobe        the user's probe, on one point's list
 *
 * Locks, in the order they are taken:
 *   pid_uprobe_mutex  every list above and every state change of a
 *                     proc, point or probe (see register.c)
 *   mmap_lock         of the probed mm, read, to find the file behind
 *                     an address; mmu_notifier_register() takes it too
 * The hit path takes none of them: it walks a point's lists under
 * pid_uprobe_srcu, inside the kernel uprobes' own read side, which
 * keeps the point itself alive.
 */
#ifndef _KERNEL_PID_UPROBE_INTERNAL_H
#define _KERNEL_PID_UPROBE_INTERNAL_H

#include <linux/mmu_notifier.h>
#include <linux/mutex.h>
#include <linux/pid_uprobe.h>
#include <linux/srcu.h>
#include <linux/uprobes.h>
#include <linux/workqueue.h>

struct pid_uprobe_proc {
	struct mm_struct *mm;
	struct mmu_notifier mn;
	struct list_head node;		/* on pid_uprobe_procs */
	struct list_head points;
	struct work_struct reap;	/* run once the mm is torn down */
	bool released;			/* the mm is being torn down */
	bool retired;			/* off pid_uprobe_procs, to be freed */
};

/* One consumer of the kernel's uprobe, and the probes it runs. */
struct pid_uprobe_consumer {
	struct uprobe_consumer uc;
	struct pid_uprobe_point *point;
	struct uprobe *uprobe;		/* from uprobe_register() */
	struct list_head probes;	/* struct pid_uprobe, in order */
};

struct pid_uprobe_point {
	struct pid_uprobe_proc *proc;
	struct list_head node;		/* on proc->points */
	struct file *file;		/* pins the inode and its mount */
	struct inode *inode;
	loff_t offset;
	unsigned long vaddr;
	struct pid_uprobe_consumer cons[2];	/* by enum pid_uprobe_type */
};

/*
 * What one locked change leaves to do: wait for handlers (before
 * pid_uprobe_mutex is dropped, so that nothing reuses a probe or a
 * consumer that a handler may still be on), then free.
 */
struct pid_uprobe_batch {
	bool uprobes_to_sync;		/* a consumer was unregistered */
	bool probes_to_sync;		/* a probe left a list */
	struct list_head points;	/* points to free */
	struct list_head procs;		/* procs to free */
};

/* register.c */
extern struct mutex pid_uprobe_mutex;
extern struct srcu_struct pid_uprobe_srcu;
void pid_uprobe_batch_init(struct pid_uprobe_batch *b);
void pid_uprobe_batch_finish_unlock(struct pid_uprobe_batch *b);
void pid_uprobe_detach_locked(struct pid_uprobe *u,
			      enum pid_uprobe_state to,
			      struct pid_uprobe_batch *b);
int pid_uprobe_add(struct pid_uprobe *u, enum pid_uprobe_type type,
		   struct pid_namespace *ns);
int pid_uprobe_remove(struct pid_uprobe *u);

/* proc.c */
extern struct list_head pid_uprobe_procs;
struct pid_uprobe_proc *pid_uprobe_proc_get_locked(struct mm_struct *mm);
void pid_uprobe_proc_retire_locked(struct pid_uprobe_proc *proc,
				   struct pid_uprobe_batch *b);
void pid_uprobe_proc_free(struct pid_uprobe_proc *proc);

/* hit.c */
extern const struct uprobe_consumer pid_uprobe_consumer_ops[2];
int pid_uprobe_defer(struct pid_uprobe *u, enum pid_uprobe_op op);
bool pid_uprobe_cancel_deferred(struct pid_uprobe *u);
void pid_uprobe_flush_deferred(void);
void pid_uprobe_drop_deferred(bool (*match)(struct pid_uprobe *u, void *data),
			      void *data);

#endif /* _KERNEL_PID_UPROBE_INTERNAL_H */
