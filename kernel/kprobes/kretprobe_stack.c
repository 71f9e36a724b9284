// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-task stack of pending kretprobe calls, and the return side.
 *
 * Every task keeps the instances of its pending probed calls in
 * task_struct.kretprobe_instances, newest first.  An instance records the
 * stack slot its call's return address came from (fp) and that address
 * (ret_addr); the slot itself then holds the address of the trampoline:
 *
 *	task stack                          current->kretprobe_instances
 *	| caller frame   |
 *	| slot A: tramp  | <---- fp ------- [g]  ret_addr = f+0x12
 *	| f's frame      |
 *	| slot B: tramp  | <---- fp ------- [f]  ret_addr = caller+0x30
 *	| g's frame      |                  (the top of the list is g)
 *
 * When two kretprobes probe one call, the second instance gets the same
 * slot with KRETPROBE_FP_CHAINED set and a copy of the first one's
 * ret_addr, so both sit next to each other and return together.
 *
 * The list is only changed by its own task, with current_kprobe set on
 * the CPU, so an interrupt or NMI on the same task, which misses every
 * probe while current_kprobe is set, never sees it half changed.  The
 * unwinder may read it at any time: an entry is linked before the slot
 * points to the trampoline, and unlinked after the slot has the real
 * address back.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>

#include "internal.h"

static inline struct kretprobe_instance *kretprobe_of(struct llist_node *node)
{
	return llist_entry(node, struct kretprobe_instance, llist);
}

/**
 * kretprobe_instance_bind_chained() - attach @ri to a call already hooked
 * @ri: a fresh instance
 * @slot: the stack word of the call's return address, which already holds
 *	the trampoline: an earlier kretprobe on this function, or on one
 *	that tail-called it, took the call
 *
 * @ri gets the real return address of the instance on top of the task's
 * list, which owns @slot, and is marked as returning together with it.
 *
 * Context: the entry probe handler, in the task making the call.
 * Return: 0, or -EINVAL if no pending instance of this task owns @slot
 * (which cannot happen unless the stack was corrupted).
 */
int kretprobe_instance_bind_chained(struct kretprobe_instance *ri,
				    unsigned long *slot)
{
	struct llist_node *top = current->kretprobe_instances.first;

	if (WARN_ONCE(!top || kretprobe_instance_slot(kretprobe_of(top)) != slot,
		      "kretprobe at %pS: return address already hijacked\n",
		      ri->rph->addr))
		return -EINVAL;
	ri->task = current;
	ri->ret_addr = kretprobe_of(top)->ret_addr;
	ri->fp = (void *)((unsigned long)slot | KRETPROBE_FP_CHAINED);
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

/* The first instance of this task whose call used @slot, or NULL. */
static __always_inline struct llist_node *
kretprobe_find_slot(struct llist_node *node, unsigned long *slot)
{
	for (; node; node = node->next) {
		if (kretprobe_instance_slot(kretprobe_of(node)) == slot)
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
						    unsigned long *slot,
						    bool local)
{
	struct kretprobe_instance *ri;
	struct llist_node *next;

	for (; node != stop; node = next) {
		next = node->next;
		ri = kretprobe_of(node);
		if (unlikely(kretprobe_instance_slot(ri) != slot))
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
 * @slot: the stack word the call's return address was taken from
 *
 * Steps: 1. find the newest instance of this task for @slot; instances
 * above it belong to calls that never came back through the trampoline
 * (their stack was unwound some other way) and are reported and freed;
 * 2. run the handlers of the instances of this call, newest first, while
 * they are still listed so that stack traces taken in a handler find the
 * real return address; 3. put the real return address in @slot, then
 * unlink and give back the instances.
 *
 * Context: called by kretprobe_trampoline only.
 */
void kretprobe_trampoline_handler(struct pt_regs *regs, unsigned long *slot)
{
	struct llist_head *stack = &current->kretprobe_instances;
	struct llist_node *first, *match, *node;
	struct kretprobe_instance *ri;
	struct kprobe *prev;
	unsigned long ret;

	prev = kprobe_busy_begin_nested();
	first = stack->first;
	match = kretprobe_find_slot(first, slot);
	if (!match) {
		/*
		 * Nothing says where this return should go: the task's
		 * stack or its list of pending calls was overwritten, and
		 * there is no way to carry on.
		 */
		panic("kprobes: return trampoline reached for stack slot %p, but %s/%d has no pending kretprobe call there\n",
		      slot, current->comm, task_pid_nr(current));
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

	WRITE_ONCE(*slot, ret);
	/* The slot is real again before unlinking; pairs with the unwinder. */
	barrier();
	WRITE_ONCE(stack->first, node);
	if (likely(first->next == node && !prev))
		/* The usual case: one instance, that of this call. */
		kretprobe_instance_put_local(kretprobe_of(first));
	else
		kretprobe_release_range(first, node, slot, !prev);
	kprobe_busy_end_nested(prev);
}

NOKPROBE_SYMBOL(kretprobe_trampoline_handler);

/**
 * kretprobe_find_ret_addr() - the real return address behind a trampoline
 * @tsk: the task whose stack is being unwound
 * @fp: the stack address where the unwinder found the trampoline address
 * @cur: unwinder cursor: NULL before the first call, then left at the
 *	instance found, so outer frames are looked up further down the list
 *
 * Only current's list, or that of a task that is not running, holds
 * still: a running task pushes and pops instances, and gives popped ones
 * back to a pool that may free them.  Unwinders do read the stacks of
 * running tasks (/proc/PID/stack with the frame-pointer or guess
 * unwinders, sysrq), so for those the trampoline is left unresolved.
 *
 * Context: any.
 * Return: the original return address, or 0 if no pending call of @tsk
 * used @fp or @tsk is another task that is running.
 */
unsigned long kretprobe_find_ret_addr(struct task_struct *tsk, void *fp,
				      struct llist_node **cur)
{
	struct llist_node *node;

	if (tsk != current && task_is_running(tsk))
		return 0;

	node = *cur ? READ_ONCE((*cur)->next) :
		      READ_ONCE(tsk->kretprobe_instances.first);
	for (; node; node = READ_ONCE(node->next)) {
		if (kretprobe_instance_slot(kretprobe_of(node)) == fp) {
			*cur = node;
			return (unsigned long)kretprobe_of(node)->ret_addr;
		}
	}
	return 0;
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
