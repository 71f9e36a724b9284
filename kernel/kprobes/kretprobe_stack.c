// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-task stack of pending kretprobe calls, and the return side.
 *
 * Every task keeps the instances of its pending probed calls in
 * task_struct.kretprobe_instances, newest first.  An instance records its
 * call's frame key (fp, from arch_kretprobe_frame()) and real return
 * address (ret_addr), while the call's return address, wherever the
 * architecture keeps it, holds the address of the trampoline.  On x86
 * the key is the stack word of the return address:
 *
 *	task stack                          current->kretprobe_instances
 *	| caller frame   |
 *	| slot A: tramp  | <---- fp ------- [g]  ret_addr = f+0x12
 *	| f's frame      |
 *	| slot B: tramp  | <---- fp ------- [f]  ret_addr = caller+0x30
 *	| g's frame      |                  (the top of the list is g)
 *
 * When two kretprobes probe one call, the second instance gets the same
 * key with KRETPROBE_FP_CHAINED set and a copy of the first one's
 * ret_addr, so both sit next to each other and return together.
 *
 * The list is only changed by its own task, with current_kprobe set on
 * the CPU, so an interrupt or NMI on the same task, which misses every
 * probe while current_kprobe is set, never sees it half changed.  The
 * unwinder may read it at any time: an entry is linked before the return
 * address is replaced by the trampoline's, and unlinked after
 * arch_kretprobe_fixup_return() put the real address back.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "internal.h"

static inline struct kretprobe_instance *kretprobe_of(struct llist_node *node)
{
	return llist_entry(node, struct kretprobe_instance, llist);
}

/**
 * kretprobe_instance_bind_chained() - attach @ri to a call already hooked
 * @ri: a fresh instance
 * @frame: the frame key of the call, whose return address already is the
 *	trampoline: an earlier kretprobe on this function, or on one that
 *	tail-called it, took the call
 *
 * @ri gets the real return address of the instance on top of the task's
 * list, which owns @frame, and is marked as returning together with it.
 *
 * Context: the entry probe handler, in the task making the call.
 * Return: 0, or -EINVAL if no pending instance of this task owns @frame
 * (which cannot happen unless the stack was corrupted).
 */
int kretprobe_instance_bind_chained(struct kretprobe_instance *ri,
				    unsigned long frame)
{
	struct llist_node *top = current->kretprobe_instances.first;

	if (WARN_ONCE(!top || kretprobe_instance_frame(kretprobe_of(top)) != frame,
		      "kretprobe at %pS: return address already hijacked\n",
		      ri->rph->addr))
		return -EINVAL;
	ri->task = current;
	ri->ret_addr = kretprobe_of(top)->ret_addr;
	ri->fp = (void *)(frame | KRETPROBE_FP_CHAINED);
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_instance_bind_chained);

/* Run @ri's return handler unless its kretprobe is being unregistered. */
static __always_inline void kretprobe_run_handler(struct kretprobe_instance *ri,
						  struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);

	if (!rp || !rp->handler)
		return;
	__this_cpu_write(current_kprobe, &rp->kp);
	rp->handler(ri, regs);
}

/* The first instance from @node on whose call has key @frame, or NULL. */
static __always_inline struct llist_node *
kretprobe_find_frame(struct llist_node *node, unsigned long frame)
{
	for (; node; node = node->next) {
		if (kretprobe_instance_frame(kretprobe_of(node)) == frame)
			return node;
	}
	return NULL;
}

/*
 * Give back instances from @node up to, not including, @stop.  @local:
 * the caller set current_kprobe from NULL (kretprobe_instance_put_local()).
 */
static __always_inline void kretprobe_release_range(struct llist_node *node,
						    struct llist_node *stop,
						    unsigned long frame,
						    bool local)
{
	struct kretprobe_instance *ri;
	struct llist_node *next;

	for (; node != stop; node = next) {
		next = node->next;
		ri = kretprobe_of(node);
		if (unlikely(kretprobe_instance_frame(ri) != frame))
			kretprobe_instance_put_unreturned(ri);
		else if (local)
			kretprobe_instance_put_local(ri);
		else
			kretprobe_instance_put(ri);
	}
}

/**
 * kretprobe_trampoline_handler() - a probed call returned
 * @regs: registers at the return, saved by the trampoline; ip is set here
 * @frame: the frame key of the call that returned (arch_kretprobe_frame()
 *	at its entry, computed again by the trampoline)
 *
 * Steps: 1. find the newest instance of this task for @frame; instances
 * above it belong to calls that never came back through the trampoline
 * (their stack was unwound some other way) and are reported and freed;
 * 2. run the handlers of the instances of this call, newest first, while
 * they are still listed so that stack traces taken in a handler find the
 * real return address; 3. have the architecture put the real return
 * address back, then unlink and give back the instances.
 *
 * Context: called by kretprobe_trampoline only.
 */
void kretprobe_trampoline_handler(struct pt_regs *regs, unsigned long frame)
{
	struct llist_head *stack = &current->kretprobe_instances;
	struct llist_node *first, *match, *node;
	struct kretprobe_instance *ri;
	struct kprobe *prev;
	unsigned long ret;

	prev = kprobe_busy_begin_nested();
	first = stack->first;
	match = kretprobe_find_frame(first, frame);
	if (!match) {
		/*
		 * Nothing says where this return should go: the task's
		 * stack or its list of pending calls was overwritten, and
		 * there is no way to carry on.
		 */
		panic("kprobes: return trampoline reached for frame %lx, but %s/%d has no pending kretprobe call there\n",
		      frame, current->comm, task_pid_nr(current));
	}
	ret = (unsigned long)kretprobe_of(match)->ret_addr;
	instruction_pointer_set(regs, ret);

	node = match;
	do {
		ri = kretprobe_of(node);
		kretprobe_run_handler(ri, regs);
		node = node->next;
	} while ((unsigned long)ri->fp & KRETPROBE_FP_CHAINED);
	__this_cpu_write(current_kprobe, &kprobe_busy_marker);

	arch_kretprobe_fixup_return(regs, frame, ret);
	/* Real again before unlinking; pairs with kretprobe_find_ret_addr(). */
	barrier();
	WRITE_ONCE(stack->first, node);
	if (likely(first->next == node && !prev))
		/* The usual case: one instance, that of this call. */
		kretprobe_instance_put_local(kretprobe_of(first));
	else
		kretprobe_release_range(first, node, frame, !prev);
	kprobe_busy_end_nested(prev);
}

NOKPROBE_SYMBOL(kretprobe_trampoline_handler);

/*
 * The return address of the first pending call from @node on whose frame
 * key is @fp, which then becomes the cursor @cur; 0 if there is none.
 */
static unsigned long kretprobe_match_frame(struct llist_node *node, void *fp,
					   struct llist_node **cur)
{
	struct kretprobe_instance *ri;

	for (; node; node = READ_ONCE(node->next)) {
		ri = kretprobe_of(node);
		if (kretprobe_instance_frame(ri) == (unsigned long)fp) {
			*cur = node;
			return (unsigned long)READ_ONCE(ri->ret_addr);
		}
	}
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_match_frame);

/**
 * kretprobe_find_ret_addr() - the real return address behind a trampoline
 * @tsk: the task whose stack is being unwound; NULL means current (arm's
 *	unwinder names no task when it starts from a struct pt_regs)
 * @fp: the frame key of the call whose return address the unwinder found
 *	to be the trampoline (see arch_kretprobe_frame())
 * @cur: unwinder cursor: NULL before the first call, then left at the
 *	instance found, so outer frames are looked up further down the list
 *
 * Only current's list holds still.  Another task may run at any time,
 * even one found asleep a moment ago: it pushes and pops instances and
 * gives popped ones back to a pool that may free them.  For another task
 * the walk therefore starts from the top of its list every time (a
 * cursor from an earlier call may name an instance freed since) and
 * runs inside an RCU read-side section, which keeps the instances it
 * passes from being freed under it (kretprobe_instance_free()).  The
 * answer for a task that ran meanwhile may be stale, never a read of
 * freed memory.  Unwinders do read the stacks of running tasks
 * (/proc/PID/stack with the frame-pointer or guess unwinders, sysrq);
 * for a task seen running the trampoline is left unresolved.
 *
 * Context: any.
 * Return: the original return address, or 0 if no pending call of @tsk
 * used @fp or @tsk is another task that is running.
 */
unsigned long kretprobe_find_ret_addr(struct task_struct *tsk, void *fp,
				      struct llist_node **cur)
{
	struct llist_node *node;
	unsigned long ret;

	if (!tsk || tsk == current) {
		node = *cur ? READ_ONCE((*cur)->next) :
			      READ_ONCE(current->kretprobe_instances.first);
		return kretprobe_match_frame(node, fp, cur);
	}
	if (task_is_running(tsk))
		return 0;
	rcu_read_lock();
	node = READ_ONCE(tsk->kretprobe_instances.first);
	ret = kretprobe_match_frame(node, fp, cur);
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(kretprobe_find_ret_addr);

NOKPROBE_SYMBOL(kretprobe_find_ret_addr);

/**
 * kprobe_flush_task() - give back the instances of a dead task
 * @tk: a task being freed; its probed calls will never return
 *
 * Context: RCU callback (delayed_put_task_struct()).
 */
void kprobe_flush_task(struct task_struct *tk)
{
	struct llist_node *node = READ_ONCE(tk->kretprobe_instances.first);
	struct llist_node *next;
	struct kprobe *prev;

	if (!node)
		return;
	tk->kretprobe_instances.first = NULL;
	prev = kprobe_busy_begin_nested();
	for (; node; node = next) {
		next = node->next;
		kretprobe_instance_put(kretprobe_of(node));
	}
	kprobe_busy_end_nested(prev);
}

NOKPROBE_SYMBOL(kprobe_flush_task);
