// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process uprobes: registration.
 *
 * register_pid_uprobe() turns a pid and an address into the file and
 * offset the kernel's uprobes work on: the address must lie in an
 * executable, private mapping of a file in that process.  Each probed
 * address of a process is a point (see internal.h); a point's consumer
 * of a kind is registered with uprobe_register() when its first probe
 * arrives and unregistered when its last probe leaves.
 *
 * Calls from a probe handler are queued (hit.c) and return -EINPROGRESS.
 */
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pid_namespace.h>
#include <linux/pid_uprobe.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "internal.h"

/* Protects every proc, point and probe list, and the probes' states. */
DEFINE_MUTEX(pid_uprobe_mutex);
/* Handlers walk a point's probes under it; see pid_uprobe_batch_finish_unlock(). */
DEFINE_SRCU(pid_uprobe_srcu);

/**
 * pid_uprobe_batch_init() - start collecting what a change leaves to do
 * @b: the batch
 */
void pid_uprobe_batch_init(struct pid_uprobe_batch *b)
{
	b->uprobes_to_sync = false;
	b->probes_to_sync = false;
	INIT_LIST_HEAD(&b->points);
	INIT_LIST_HEAD(&b->procs);
}

/**
 * pid_uprobe_batch_finish_unlock() - wait for the handlers, unlock, free
 * @b: the batch
 *
 * Waits, with pid_uprobe_mutex still held, until no handler runs a probe
 * detached in @b or through a consumer unregistered in @b (so that neither
 * can be registered again while a handler is on it), then drops the mutex
 * and frees the points and procs left unused.
 *
 * Context: process context, pid_uprobe_mutex held; returns without it.
 */
void pid_uprobe_batch_finish_unlock(struct pid_uprobe_batch *b)
{
	struct pid_uprobe_point *point, *next_point;
	struct pid_uprobe_proc *proc, *next_proc;

	lockdep_assert_held(&pid_uprobe_mutex);
	if (b->uprobes_to_sync)
		uprobe_unregister_sync();
	if (b->probes_to_sync)
		synchronize_srcu(&pid_uprobe_srcu);
	mutex_unlock(&pid_uprobe_mutex);
	list_for_each_entry_safe(point, next_point, &b->points, node) {
		fput(point->file);
		kfree(point);
	}
	list_for_each_entry_safe(proc, next_proc, &b->procs, node)
		pid_uprobe_proc_free(proc);
}

/* Free @point once no probe is on it, and @point's proc after its last. */
static void pid_uprobe_prune_locked(struct pid_uprobe_point *point,
				    struct pid_uprobe_batch *b)
{
	struct pid_uprobe_proc *proc = point->proc;
	int t;

	for (t = 0; t < ARRAY_SIZE(point->cons); t++) {
		if (point->cons[t].uprobe)
			return;
	}
	list_move(&point->node, &b->points);
	if (list_empty(&proc->points))
		pid_uprobe_proc_retire_locked(proc, b);
}

/**
 * pid_uprobe_detach_locked() - take a probe off its point
 * @u: an ACTIVE probe
 * @to: its state afterwards, PID_UPROBE_UNUSED or PID_UPROBE_GONE
 * @b: the batch that waits for its handlers
 *
 * Context: pid_uprobe_mutex held.
 */
void pid_uprobe_detach_locked(struct pid_uprobe *u, enum pid_uprobe_state to,
			      struct pid_uprobe_batch *b)
{
	struct pid_uprobe_point *point = u->point;
	struct pid_uprobe_consumer *c = &point->cons[u->type];

	lockdep_assert_held(&pid_uprobe_mutex);
	list_del_rcu(&u->node);
	u->point = NULL;
	u->state = to;
	b->probes_to_sync = true;
	if (!list_empty(&c->probes))
		return;
	uprobe_unregister_nosync(c->uprobe, &c->uc);
	c->uprobe = NULL;
	b->uprobes_to_sync = true;
	pid_uprobe_prune_locked(point, b);
}

/* The mm of process @pid of @ns, with a user reference; or an ERR_PTR(). */
static struct mm_struct *pid_uprobe_target(pid_t pid, struct pid_namespace *ns,
					   unsigned long vaddr)
{
	struct task_struct *task = NULL;
	struct mm_struct *mm;
	int ret = 0;

	rcu_read_lock();
	if (pid > 0)
		task = find_task_by_pid_ns(pid, ns);
	if (task)
		get_task_struct(task);
	rcu_read_unlock();
	if (!task)
		return ERR_PTR(-ESRCH);
	if (task->flags & PF_KTHREAD)
		ret = -EINVAL;
	else if (vaddr >= TASK_SIZE_OF(task))
		ret = -EFAULT;
	mm = ret ? NULL : get_task_mm(task);
	put_task_struct(task);
	if (ret)
		return ERR_PTR(ret);
	return mm ?: ERR_PTR(-ESRCH);
}

/*
 * The file and offset behind @vaddr in @mm, with a reference on the file
 * (which holds its inode and mount).  The mapping must be one the
 * kernel's uprobes write breakpoints into.
 */
static struct file *pid_uprobe_locate(struct mm_struct *mm,
				      unsigned long vaddr, loff_t *offset)
{
	const vm_flags_t refused = VM_WRITE | VM_MAYSHARE | VM_HUGETLB;
	struct vm_area_struct *vma;
	struct file *file;

	mmap_read_lock(mm);
	vma = vma_lookup(mm, vaddr);
	if (!vma) {
		file = ERR_PTR(-ENXIO);
	} else if (!vma->vm_file || !(vma->vm_flags & VM_EXEC) ||
		   (vma->vm_flags & refused)) {
		file = ERR_PTR(-ENOEXEC);
	} else {
		file = get_file(vma->vm_file);
		*offset = ((loff_t)vma->vm_pgoff << PAGE_SHIFT) +
			  (vaddr - vma->vm_start);
	}
	mmap_read_unlock(mm);
	return file;
}

/* @proc's point at @vaddr, made if there is none; takes over @file. */
static struct pid_uprobe_point *
pid_uprobe_point_get_locked(struct pid_uprobe_proc *proc, unsigned long vaddr,
			    struct file *file, loff_t offset)
{
	struct inode *inode = file_inode(file);
	struct pid_uprobe_point *point;
	int t;

	list_for_each_entry(point, &proc->points, node) {
		if (point->inode == inode && point->offset == offset &&
		    point->vaddr == vaddr) {
			fput(file);
			return point;
		}
	}
	point = kzalloc(sizeof(*point), GFP_KERNEL);
	if (!point) {
		fput(file);
		return NULL;
	}
	point->proc = proc;
	point->file = file;
	point->inode = inode;
	point->offset = offset;
	point->vaddr = vaddr;
	for (t = 0; t < ARRAY_SIZE(point->cons); t++) {
		point->cons[t].uc = pid_uprobe_consumer_ops[t];
		point->cons[t].point = point;
		INIT_LIST_HEAD(&point->cons[t].probes);
	}
	list_add_tail(&point->node, &proc->points);
	return point;
}

/* Register @c with the kernel's uprobes if it has no probe yet. */
static int pid_uprobe_arm_locked(struct pid_uprobe_point *point,
				 struct pid_uprobe_consumer *c)
{
	struct uprobe *uprobe;
	int ret;

	if (c->uprobe)
		return 0;
	uprobe = uprobe_register(point->inode, point->offset, 0, &c->uc);
	if (!IS_ERR(uprobe)) {
		c->uprobe = uprobe;
		return 0;
	}
	ret = PTR_ERR(uprobe);
	/*
	 * Besides running out of memory, being killed or failing to read
	 * the file, uprobes fail only for the place: an instruction they
	 * cannot probe, or an address that is no instruction's start
	 * (kernel-internal codes among them).
	 */
	if (ret == -ENOMEM || ret == -EINTR || ret == -EIO)
		return ret;
	return -EINVAL;
}

static int pid_uprobe_add_locked(struct pid_uprobe *u,
				 enum pid_uprobe_type type,
				 struct mm_struct *mm, struct file *file,
				 loff_t offset, struct pid_uprobe_batch *b)
{
	struct pid_uprobe_point *point;
	struct pid_uprobe_proc *proc;
	int ret;

	/* Its process is gone, and the reap has not come yet: do its part. */
	if (u->state == PID_UPROBE_ACTIVE &&
	    READ_ONCE(u->point->proc->released))
		pid_uprobe_detach_locked(u, PID_UPROBE_GONE, b);
	if (u->state == PID_UPROBE_ACTIVE) {
		fput(file);
		return -EBUSY;
	}
	proc = pid_uprobe_proc_get_locked(mm);
	if (IS_ERR(proc)) {
		fput(file);
		return PTR_ERR(proc);
	}
	point = pid_uprobe_point_get_locked(proc, u->vaddr, file, offset);
	if (!point) {
		if (list_empty(&proc->points))
			pid_uprobe_proc_retire_locked(proc, b);
		return -ENOMEM;
	}
	ret = pid_uprobe_arm_locked(point, &point->cons[type]);
	if (ret) {
		pid_uprobe_prune_locked(point, b);
		return ret;
	}
	u->type = type;
	u->point = point;
	u->state = PID_UPROBE_ACTIVE;
	WRITE_ONCE(u->leaving, false);
	list_add_tail_rcu(&u->node, &point->cons[type].probes);
	return 0;
}

/**
 * pid_uprobe_add() - register a probe now
 * @u: the probe
 * @type: what kind
 * @ns: the pid namespace @u->pid is a number of
 *
 * Context: process context, not in a handler, pid_uprobe_mutex not held.
 * Return: 0 or a negative errno, as register_pid_uprobe().
 */
int pid_uprobe_add(struct pid_uprobe *u, enum pid_uprobe_type type,
		   struct pid_namespace *ns)
{
	struct pid_uprobe_batch b;
	struct mm_struct *mm;
	struct file *file;
	loff_t offset = 0;
	int ret;

	mm = pid_uprobe_target(u->pid, ns, u->vaddr);
	if (IS_ERR(mm))
		return PTR_ERR(mm);
	file = pid_uprobe_locate(mm, u->vaddr, &offset);
	if (IS_ERR(file)) {
		mmput(mm);
		return PTR_ERR(file);
	}
	pid_uprobe_batch_init(&b);
	mutex_lock(&pid_uprobe_mutex);
	ret = pid_uprobe_add_locked(u, type, mm, file, offset, &b);
	pid_uprobe_batch_finish_unlock(&b);
	mmput(mm);
	return ret;
}

/**
 * pid_uprobe_remove() - unregister a probe now
 * @u: the probe, registered or not
 *
 * Also drops an operation queued for @u from a handler (without its
 * callback), and waits for one being carried out: once it returns,
 * nothing of pid_uprobe uses @u.  Its own handlers may queue operations
 * on @u until they have been waited for, hence the second look.
 *
 * Context: process context, not in a handler, pid_uprobe_mutex not held.
 * Return: 0.
 */
int pid_uprobe_remove(struct pid_uprobe *u)
{
	struct pid_uprobe_batch b;

	do {
		pid_uprobe_cancel_deferred(u);
		pid_uprobe_batch_init(&b);
		mutex_lock(&pid_uprobe_mutex);
		if (u->state == PID_UPROBE_ACTIVE)
			pid_uprobe_detach_locked(u, PID_UPROBE_UNUSED, &b);
		else
			u->state = PID_UPROBE_UNUSED;
		pid_uprobe_batch_finish_unlock(&b);
	} while (pid_uprobe_cancel_deferred(u));
	return 0;
}

static int pid_uprobe_request(struct pid_uprobe *u, enum pid_uprobe_op op)
{
	int ret = pid_uprobe_defer(u, op);

	if (ret)
		return ret;
	might_sleep();
	if (op == PID_UPROBE_OP_REMOVE_ENTRY ||
	    op == PID_UPROBE_OP_REMOVE_RETURN)
		return pid_uprobe_remove(u);
	if (READ_ONCE(u->op) != PID_UPROBE_OP_NONE)
		return -EBUSY;
	return pid_uprobe_add(u, op == PID_UPROBE_OP_ADD_ENTRY ?
			      PID_UPROBE_ENTRY : PID_UPROBE_RETURN,
			      task_active_pid_ns(current));
}

/**
 * register_pid_uprobe() - probe one instruction of one process
 * @u: the probe: @u->pid, @u->vaddr and @u->handler set, the rest zeroed
 *
 * The breakpoint goes into that process only.  Every thread of it, those
 * created later included, runs @u->handler on reaching @u->vaddr; a child
 * it forks does not.  Probes on one address run in the order they were
 * registered.  When the process exits or execs, its probes are
 * unregistered for you.
 *
 * Context: process context; or a pid_uprobe or pid_uretprobe handler,
 * where the registration is queued, done by a kernel worker after the
 * handlers of that hit have run, and reported to
 * @u->registration_callback.
 * Return: 0 once the breakpoint is in place; -EINPROGRESS from a handler;
 * -EINVAL without a handler, for a kernel thread, or where the
 * instruction at @u->vaddr cannot be probed (the architecture refuses
 * it, for example because @u->vaddr is not the start of an instruction);
 * -ESRCH if no process has that pid (in the caller's pid namespace), or
 * it is exiting; -EFAULT for an address above the process's user space;
 * -ENXIO if nothing is mapped there; -ENOEXEC if the mapping is not an
 * executable, private mapping of a file; -EBUSY if @u is registered
 * already or has an operation queued from a handler; -EINTR if a signal
 * interrupted locking the process's memory map; -EIO if the file could
 * not be read; -ENOMEM.
 */
int register_pid_uprobe(struct pid_uprobe *u)
{
	if (!u->handler)
		return -EINVAL;
	return pid_uprobe_request(u, PID_UPROBE_OP_ADD_ENTRY);
}
EXPORT_SYMBOL_GPL(register_pid_uprobe);

/**
 * unregister_pid_uprobe() - remove a probe
 * @u: the probe
 *
 * Once it returns 0, @u->handler no longer runs and @u may be freed: an
 * operation queued for @u from a handler is dropped (without its
 * callback) or, if already under way, waited for.  Called from a handler,
 * it is queued, and @u->handler runs no more from then on.  Unregistering
 * a probe that is not registered, or whose process has exited or exec'd, does
 * nothing else.
 *
 * Context: as register_pid_uprobe().
 * Return: 0; -EINPROGRESS from a handler (see register_pid_uprobe()),
 * or -EBUSY if @u has an operation queued from a handler already.
 */
int unregister_pid_uprobe(struct pid_uprobe *u)
{
	return pid_uprobe_request(u, PID_UPROBE_OP_REMOVE_ENTRY);
}
EXPORT_SYMBOL_GPL(unregister_pid_uprobe);

/**
 * register_pid_uretprobe() - probe the returns of a function in a process
 * @rp: the probe: @rp->u.pid, @rp->u.vaddr (the function's first
 *	instruction) and @rp->handler set, the rest zeroed
 *
 * Each call of the function by the process runs @rp->handler when it
 * returns, with the caller's registers and the return address in the
 * instance it gets.
 *
 * Context: as register_pid_uprobe().
 * Return: as register_pid_uprobe().
 */
int register_pid_uretprobe(struct pid_uretprobe *rp)
{
	if (!rp->handler)
		return -EINVAL;
	return pid_uprobe_request(&rp->u, PID_UPROBE_OP_ADD_RETURN);
}
EXPORT_SYMBOL_GPL(register_pid_uretprobe);

/**
 * unregister_pid_uretprobe() - remove a return probe
 * @rp: the probe
 *
 * Context: as register_pid_uprobe().
 * Return: as unregister_pid_uprobe().
 */
int unregister_pid_uretprobe(struct pid_uretprobe *rp)
{
	return pid_uprobe_request(&rp->u, PID_UPROBE_OP_REMOVE_RETURN);
}
EXPORT_SYMBOL_GPL(unregister_pid_uretprobe);
