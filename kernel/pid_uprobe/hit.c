// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process uprobes: a hit, and the (un)registrations its handlers ask
 * for.
 *
 * A point's consumers filter on the probed mm, so the kernel writes the
 * breakpoint into that mm only.  A thread of another mm can still reach
 * it: a child forked after the breakpoint was written got a copy of the
 * page.  Such a thread runs no handler, and its consumer answers
 * UPROBE_HANDLER_REMOVE, which takes the breakpoint out of the child
 * unless another user of the kernel's uprobe wants it there.
 *
 * While a thread runs a point's handlers, it is listed in a small hash
 * table.  A register or unregister call made by one of those handlers
 * finds the thread there and is queued on the hit instead of carried out
 * (it cannot be: the hit runs inside the kernel uprobe's read side, which
 * an unregistration waits for).  Once every handler of the point has run,
 * the queue goes to a work item, which does each operation in turn and
 * reports it to the probe's registration_callback.
 *
 * A probe whose unregistration is queued runs its handler no more, from
 * the moment it is queued: a handler that unregisters its own probe sees
 * no second hit, however soon its thread calls the probed code again.
 *
 * The operations are not carried out by the probed thread itself (in task
 * work, before it returns to user space): that thread may hold one of its
 * process's out-of-line step slots by then, and an unregistration waits
 * for an RCU tasks-trace grace period, which a thread of the same process
 * waiting for a free slot inside the kernel uprobe's read side holds up.
 * With every slot held by threads doing such operations, nothing would
 * move again.
 */
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/pid_namespace.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include "internal.h"

/* A thread running a point's handlers. */
struct pid_uprobe_hit {
	struct task_struct *task;
	struct hlist_node node;
	struct list_head ops;		/* queued probes, by op_node */
};

#define PID_UPROBE_HIT_BITS	6

static struct pid_uprobe_hit_bucket {
	spinlock_t lock;		/* protects hits */
	struct hlist_head hits;
} pid_uprobe_hit_table[1 << PID_UPROBE_HIT_BITS];

/* Protects pid_uprobe_ops, pid_uprobe_op_running, every probe's op. */
static DEFINE_SPINLOCK(pid_uprobe_ops_lock);
static LIST_HEAD(pid_uprobe_ops);
/* The probe whose operation the work item is carrying out, if any. */
static struct pid_uprobe *pid_uprobe_op_running;
static DECLARE_WAIT_QUEUE_HEAD(pid_uprobe_op_done);
static void pid_uprobe_run_ops(struct work_struct *work);
static DECLARE_WORK(pid_uprobe_ops_work, pid_uprobe_run_ops);

static struct pid_uprobe_hit_bucket *pid_uprobe_bucket(struct task_struct *t)
{
	return &pid_uprobe_hit_table[hash_ptr(t, PID_UPROBE_HIT_BITS)];
}

static struct pid_uprobe_hit *pid_uprobe_current_hit(void)
{
	struct pid_uprobe_hit_bucket *b = pid_uprobe_bucket(current);
	struct pid_uprobe_hit *hit, *found = NULL;

	spin_lock(&b->lock);
	hlist_for_each_entry(hit, &b->hits, node) {
		if (hit->task == current) {
			found = hit;
			break;
		}
	}
	spin_unlock(&b->lock);
	return found;
}

static void pid_uprobe_hit_begin(struct pid_uprobe_hit *hit)
{
	struct pid_uprobe_hit_bucket *b = pid_uprobe_bucket(current);

	hit->task = current;
	INIT_LIST_HEAD(&hit->ops);
	spin_lock(&b->lock);
	hlist_add_head(&hit->node, &b->hits);
	spin_unlock(&b->lock);
}

static void pid_uprobe_hit_end(struct pid_uprobe_hit *hit)
{
	struct pid_uprobe_hit_bucket *b = pid_uprobe_bucket(current);
	bool queued;

	spin_lock(&b->lock);
	hlist_del(&hit->node);
	spin_unlock(&b->lock);
	/* An unregistration elsewhere may take them off meanwhile. */
	spin_lock(&pid_uprobe_ops_lock);
	queued = !list_empty(&hit->ops);
	list_splice_tail_init(&hit->ops, &pid_uprobe_ops);
	spin_unlock(&pid_uprobe_ops_lock);
	if (queued)
		queue_work(system_unbound_wq, &pid_uprobe_ops_work);
}

/* Is an unregistration of @u queued (so that its handler must not run)? */
static bool pid_uprobe_leaving(struct pid_uprobe *u)
{
	return READ_ONCE(u->leaving);
}

/**
 * pid_uprobe_defer() - queue an operation if a handler asks for it
 * @u: the probe
 * @op: PID_UPROBE_OP_ADD_ENTRY, _ADD_RETURN or _REMOVE
 *
 * Context: any task context.
 * Return: 0 if the caller is not running a pid_uprobe handler (nothing
 * is queued: carry the operation out now); in a handler -EINPROGRESS,
 * or -EBUSY if @u already has an operation queued.
 */
int pid_uprobe_defer(struct pid_uprobe *u, enum pid_uprobe_op op)
{
	struct pid_uprobe_hit *hit = pid_uprobe_current_hit();
	int ret = -EINPROGRESS;

	if (!hit)
		return 0;
	spin_lock(&pid_uprobe_ops_lock);
	if (u->op != PID_UPROBE_OP_NONE) {
		ret = -EBUSY;
	} else {
		u->op = op;
		u->op_ns = get_pid_ns(task_active_pid_ns(current));
		list_add_tail(&u->op_node, &hit->ops);
		if (op == PID_UPROBE_OP_REMOVE_ENTRY ||
		    op == PID_UPROBE_OP_REMOVE_RETURN)
			WRITE_ONCE(u->leaving, true);
	}
	spin_unlock(&pid_uprobe_ops_lock);
	return ret;
}

/* Take @u's queued operation off its list.  Call with the ops lock. */
static struct pid_namespace *pid_uprobe_unqueue(struct pid_uprobe *u)
{
	struct pid_namespace *ns = u->op_ns;

	list_del_init(&u->op_node);
	u->op = PID_UPROBE_OP_NONE;
	u->op_ns = NULL;
	return ns;
}

/**
 * pid_uprobe_cancel_deferred() - drop what is queued for a probe
 * @u: the probe
 *
 * Drops an operation queued for @u, without calling its callback, and
 * waits for one that the work item is carrying out (unless the caller is
 * the work item: that operation itself, or a registration_callback).
 *
 * Context: process context, not in a handler.
 * Return: true if there was one, queued or being carried out.
 */
bool pid_uprobe_cancel_deferred(struct pid_uprobe *u)
{
	struct pid_namespace *ns = NULL;
	bool running;

	spin_lock(&pid_uprobe_ops_lock);
	if (u->op != PID_UPROBE_OP_NONE)
		ns = pid_uprobe_unqueue(u);
	running = pid_uprobe_op_running == u &&
		  current_work() != &pid_uprobe_ops_work;
	spin_unlock(&pid_uprobe_ops_lock);
	if (ns)
		put_pid_ns(ns);
	if (running)
		wait_event(pid_uprobe_op_done,
			   READ_ONCE(pid_uprobe_op_running) != u);
	return ns || running;
}

/* The next queued probe, now the running one; none ends the last. */
static struct pid_uprobe *pid_uprobe_next_op(enum pid_uprobe_op *op,
					     struct pid_namespace **ns)
{
	struct pid_uprobe *u;

	spin_lock(&pid_uprobe_ops_lock);
	u = list_first_entry_or_null(&pid_uprobe_ops, struct pid_uprobe,
				     op_node);
	if (u) {
		*op = u->op;
		*ns = pid_uprobe_unqueue(u);
	}
	WRITE_ONCE(pid_uprobe_op_running, u);
	spin_unlock(&pid_uprobe_ops_lock);
	wake_up_all(&pid_uprobe_op_done);
	return u;
}

static void pid_uprobe_run_ops(struct work_struct *work)
{
	enum pid_uprobe_type type;
	struct pid_namespace *ns;
	enum pid_uprobe_op op;
	struct pid_uprobe *u;
	bool reg;
	int ret;

	while ((u = pid_uprobe_next_op(&op, &ns))) {
		reg = op == PID_UPROBE_OP_ADD_ENTRY ||
		      op == PID_UPROBE_OP_ADD_RETURN;
		/* The kind of call, even for a probe never registered. */
		type = op == PID_UPROBE_OP_ADD_RETURN ||
		       op == PID_UPROBE_OP_REMOVE_RETURN ?
		       PID_UPROBE_RETURN : PID_UPROBE_ENTRY;
		if (reg)
			ret = pid_uprobe_add(u, type, ns);
		else
			ret = pid_uprobe_remove(u);
		put_pid_ns(ns);
		/*
		 * The last use of @u: whoever waits for it to be done (an
		 * unregistration, see pid_uprobe_cancel_deferred()) is
		 * woken by the next pid_uprobe_next_op().
		 */
		if (u->registration_callback)
			u->registration_callback(u, reg, type, ret);
	}
}

/**
 * pid_uprobe_flush_deferred() - carry out every operation queued so far
 *
 * Context: process context, not in a handler; pid_uprobe_mutex not held.
 */
void pid_uprobe_flush_deferred(void)
{
	if (current_work() != &pid_uprobe_ops_work)
		flush_work(&pid_uprobe_ops_work);
}

/**
 * pid_uprobe_drop_deferred() - forget queued operations of some probes
 * @match: true for a probe whose operations are to go
 * @data: passed to @match
 *
 * Neither the operation nor its callback is run.  An operation the work
 * item has already taken is not dropped: flush after this.
 *
 * Context: process context.
 */
void pid_uprobe_drop_deferred(bool (*match)(struct pid_uprobe *u, void *data),
			      void *data)
{
	struct pid_uprobe *u, *next;
	LIST_HEAD(dropped);

	spin_lock(&pid_uprobe_ops_lock);
	list_for_each_entry_safe(u, next, &pid_uprobe_ops, op_node) {
		if (!match(u, data))
			continue;
		list_move(&u->op_node, &dropped);
		u->op = PID_UPROBE_OP_NONE;
	}
	spin_unlock(&pid_uprobe_ops_lock);
	list_for_each_entry_safe(u, next, &dropped, op_node) {
		list_del_init(&u->op_node);
		put_pid_ns(u->op_ns);
		u->op_ns = NULL;
	}
}

static struct pid_uprobe_consumer *pid_uprobe_cons(struct uprobe_consumer *uc)
{
	return container_of(uc, struct pid_uprobe_consumer, uc);
}

static bool pid_uprobe_ours(struct pid_uprobe_consumer *c,
			    struct mm_struct *mm)
{
	return c->point->proc->mm == mm;
}

static bool pid_uprobe_filter(struct uprobe_consumer *uc, struct mm_struct *mm)
{
	return pid_uprobe_ours(pid_uprobe_cons(uc), mm);
}

static int pid_uprobe_on_entry(struct uprobe_consumer *uc,
			       struct pt_regs *regs)
{
	struct pid_uprobe_consumer *c = pid_uprobe_cons(uc);
	struct pid_uprobe_hit hit;
	struct pid_uprobe *u;
	int idx;

	if (!pid_uprobe_ours(c, current->mm))
		return UPROBE_HANDLER_REMOVE;
	/* The same file offset mapped at another address of the process */
	if (instruction_pointer(regs) != c->point->vaddr)
		return 0;
	pid_uprobe_hit_begin(&hit);
	idx = srcu_read_lock(&pid_uprobe_srcu);
	list_for_each_entry_srcu(u, &c->probes, node,
				 srcu_read_lock_held(&pid_uprobe_srcu)) {
		if (!pid_uprobe_leaving(u))
			u->handler(u, regs);
	}
	/* Queued before the read side ends: unregistering waits for it. */
	pid_uprobe_hit_end(&hit);
	srcu_read_unlock(&pid_uprobe_srcu, idx);
	return 0;
}

/* A return probe's point reached: keep its breakpoint in our mm only. */
static int pid_uprobe_on_call(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	if (!pid_uprobe_ours(pid_uprobe_cons(uc), current->mm))
		return UPROBE_HANDLER_REMOVE;
	return 0;
}

/* The kernel has already put the return address back into @regs. */
static int pid_uprobe_on_return(struct uprobe_consumer *uc,
				unsigned long func, struct pt_regs *regs)
{
	struct pid_uprobe_consumer *c = pid_uprobe_cons(uc);
	struct pid_uretprobe_instance ri;
	struct pid_uprobe_hit hit;
	struct pid_uprobe *u;
	int idx;

	if (!pid_uprobe_ours(c, current->mm) || func != c->point->vaddr)
		return 0;
	ri.ret_addr = instruction_pointer(regs);
	pid_uprobe_hit_begin(&hit);
	idx = srcu_read_lock(&pid_uprobe_srcu);
	list_for_each_entry_srcu(u, &c->probes, node,
				 srcu_read_lock_held(&pid_uprobe_srcu)) {
		if (pid_uprobe_leaving(u))
			continue;
		ri.rp = container_of(u, struct pid_uretprobe, u);
		ri.rp->handler(&ri, regs);
	}
	pid_uprobe_hit_end(&hit);
	srcu_read_unlock(&pid_uprobe_srcu, idx);
	return 0;
}

const struct uprobe_consumer pid_uprobe_consumer_ops[2] = {
	[PID_UPROBE_ENTRY] = {
		.handler = pid_uprobe_on_entry,
		.filter = pid_uprobe_filter,
	},
	[PID_UPROBE_RETURN] = {
		.handler = pid_uprobe_on_call,
		.ret_handler = pid_uprobe_on_return,
		.filter = pid_uprobe_filter,
	},
};

static int __init pid_uprobe_hit_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(pid_uprobe_hit_table); i++) {
		spin_lock_init(&pid_uprobe_hit_table[i].lock);
		INIT_HLIST_HEAD(&pid_uprobe_hit_table[i].hits);
	}
	return 0;
}
core_initcall(pid_uprobe_hit_init);
