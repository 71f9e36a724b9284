// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * jprobes: the probed function's arguments, handed to a function declared
 * like it.
 *
 * A jprobe is a kprobe on a function's entry.  Its pre_handler reads the
 * first JPROBE_MAX_ARGS arguments of the call as the architecture's
 * calling convention placed them (regs_get_kernel_argument(): registers,
 * then the entry's stack where the ABI puts more there) and calls the
 * jprobe's entry function with copies of them, on the handler's own
 * stack.  Nothing of the probed stack is copied or switched, the entry
 * function returns to the handler, and the probed call goes on as if
 * nothing had happened.  Passing more arguments than the entry function
 * declares is harmless in the ABIs that have this API: the callee never
 * reads them and the caller pops what it pushed.
 */
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/slab.h>

#include "internal.h"

typedef void (*jprobe_entry_fn)(unsigned long a0, unsigned long a1,
				unsigned long a2, unsigned long a3,
				unsigned long a4, unsigned long a5,
				unsigned long a6, unsigned long a7);

/* The call is deliberately through a type that is not the entry's own. */
static int __nocfi jprobe_pre(struct kprobe *p, struct pt_regs *regs)
{
	struct jprobe *jp = container_of(p, struct jprobe, kp);
	jprobe_entry_fn entry = jp->entry;

	BUILD_BUG_ON(JPROBE_MAX_ARGS != 8);
	entry(regs_get_kernel_argument(regs, 0),
	      regs_get_kernel_argument(regs, 1),
	      regs_get_kernel_argument(regs, 2),
	      regs_get_kernel_argument(regs, 3),
	      regs_get_kernel_argument(regs, 4),
	      regs_get_kernel_argument(regs, 5),
	      regs_get_kernel_argument(regs, 6),
	      regs_get_kernel_argument(regs, 7));
	return 0;
}

NOKPROBE_SYMBOL(jprobe_pre);

/**
 * kprobe_is_jprobe() - is @p the entry probe of a jprobe?
 * @p: a registered probe
 *
 * Context: any.
 * Return: true when @p calls a jprobe's entry function.
 */
bool kprobe_is_jprobe(struct kprobe *p)
{
	return p->pre_handler == jprobe_pre;
}

/* Check @jp and make its kprobe call the entry function. */
static int jprobe_prepare(struct jprobe *jp)
{
	int ret;

	if (!jp->entry)
		return -EINVAL;
	ret = kprobe_on_func_entry(jp->kp.addr, jp->kp.symbol_name,
				   jp->kp.offset);
	if (ret)
		return ret;
	jp->kp.pre_handler = jprobe_pre;
	return 0;
}

/**
 * register_jprobe() - call @jp->entry with the arguments of every call
 * @jp: the jprobe; @jp->kp.addr or @jp->kp.symbol_name names a function,
 *	@jp->kp.offset must leave it at the function's entry
 *
 * Any number of jprobes (and other probes) may share a function; their
 * handlers run in the order of registration.
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL without an entry function, for an address that is
 * not a function's entry or one kprobes refuse, or if @jp is registered
 * already; -ENOENT for an unknown symbol; another register_kprobe() error.
 */
int register_jprobe(struct jprobe *jp)
{
	int ret = jprobe_prepare(jp);

	return ret ? ret : register_kprobe(&jp->kp);
}
EXPORT_SYMBOL_GPL(register_jprobe);

/**
 * unregister_jprobe() - remove a jprobe
 * @jp: a registered jprobe
 *
 * When it returns, no CPU runs @jp->entry for @jp any more.
 *
 * Context: process context; may sleep.
 */
void unregister_jprobe(struct jprobe *jp)
{
	unregister_kprobe(&jp->kp);
}
EXPORT_SYMBOL_GPL(unregister_jprobe);

/* The kprobes of @jps, for the batch calls; NULL if out of memory. */
static struct kprobe **jprobes_kprobes(struct jprobe **jps, int num)
{
	struct kprobe **kps = kmalloc_array(num, sizeof(*kps), GFP_KERNEL);
	int i;

	if (kps) {
		for (i = 0; i < num; i++)
			kps[i] = &jps[i]->kp;
	}
	return kps;
}

/**
 * register_jprobes() - register jprobes as one batch
 * @jps: the jprobes
 * @num: how many
 *
 * All of them are armed together, as register_kprobes() does; on an
 * error none stays registered.
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for @num < 1, -ENOMEM, or the first error of
 * register_jprobe()'s kinds.
 */
int register_jprobes(struct jprobe **jps, int num)
{
	struct kprobe **kps;
	int i, ret;

	if (num < 1)
		return -EINVAL;
	for (i = 0; i < num; i++) {
		ret = jprobe_prepare(jps[i]);
		if (ret)
			return ret;
	}
	kps = jprobes_kprobes(jps, num);
	if (!kps)
		return -ENOMEM;
	ret = register_kprobes(kps, num);
	kfree(kps);
	return ret;
}
EXPORT_SYMBOL_GPL(register_jprobes);

/**
 * unregister_jprobes() - remove jprobes as one batch
 * @jps: registered jprobes
 * @num: how many
 *
 * Context: process context; may sleep.
 */
void unregister_jprobes(struct jprobe **jps, int num)
{
	struct kprobe **kps;
	int i;

	if (num < 1)
		return;
	kps = jprobes_kprobes(jps, num);
	if (kps) {
		unregister_kprobes(kps, num);
		kfree(kps);
		return;
	}
	/* No memory for the batch: one at a time is slower, not wrong. */
	for (i = 0; i < num; i++)
		unregister_kprobe(&jps[i]->kp);
}
EXPORT_SYMBOL_GPL(unregister_jprobes);
