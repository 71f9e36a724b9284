// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process uprobes: a module going away with probes still registered.
 *
 * Its probes, or their handlers, are about to be freed.  They are
 * unregistered before that, and the module is named in the log: leaving
 * them registered is its bug.
 */
#include <linux/module.h>
#include <linux/notifier.h>

#include "internal.h"

/*
 * The handler @u runs, or will once its queued registration is done; for
 * a queued unregistration, the handler of the kind it names.
 */
static void *pid_uprobe_code(struct pid_uprobe *u)
{
	enum pid_uprobe_op op = READ_ONCE(u->op);
	bool ret = u->type == PID_UPROBE_RETURN;

	if (op != PID_UPROBE_OP_NONE)
		ret = op == PID_UPROBE_OP_ADD_RETURN ||
		      op == PID_UPROBE_OP_REMOVE_RETURN;
	if (ret)
		return container_of(u, struct pid_uretprobe, u)->handler;
	return u->handler;
}

static bool pid_uprobe_of_module(struct pid_uprobe *u, void *mod)
{
	return within_module((unsigned long)u, mod) ||
	       within_module((unsigned long)pid_uprobe_code(u), mod) ||
	       within_module((unsigned long)u->registration_callback, mod);
}

static int pid_uprobe_drop_module_locked(struct module *mod,
					 struct pid_uprobe_batch *b)
{
	struct pid_uprobe_proc *proc, *next_proc;
	struct pid_uprobe_point *point, *next_point;
	struct pid_uprobe *u, *next;
	int t, n = 0;

	list_for_each_entry_safe(proc, next_proc, &pid_uprobe_procs, node) {
		list_for_each_entry_safe(point, next_point, &proc->points,
					 node) {
			for (t = 0; t < ARRAY_SIZE(point->cons); t++) {
				list_for_each_entry_safe(u, next,
							 &point->cons[t].probes,
							 node) {
					if (!pid_uprobe_of_module(u, mod))
						continue;
					pid_uprobe_detach_locked(u,
								 PID_UPROBE_UNUSED,
								 b);
					n++;
				}
			}
		}
	}
	return n;
}

static int pid_uprobe_drop_module(struct module *mod)
{
	struct pid_uprobe_batch b;
	int n;

	pid_uprobe_batch_init(&b);
	mutex_lock(&pid_uprobe_mutex);
	n = pid_uprobe_drop_module_locked(mod, &b);
	/* Even with nothing detached: handlers may be queuing operations. */
	b.probes_to_sync = true;
	pid_uprobe_batch_finish_unlock(&b);
	return n;
}

/*
 * 1. Unregister the module's probes; that waits for their handlers, so
 *    what those asked for is queued by then.
 * 2. Drop what is queued for the module's probes, and carry out (or wait
 *    for) what is left in the queue, the one operation under way too.
 * 3. Unregister again what that operation may have registered.
 */
static int pid_uprobe_module_notify(struct notifier_block *nb,
				    unsigned long action, void *data)
{
	struct module *mod = data;
	int n;

	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	n = pid_uprobe_drop_module(mod);
	pid_uprobe_drop_deferred(pid_uprobe_of_module, mod);
	pid_uprobe_flush_deferred();
	n += pid_uprobe_drop_module(mod);
	if (n)
		pr_warn("pid_uprobe: module %s left %d probe%s registered; unregistered them\n",
			mod->name, n, n == 1 ? "" : "s");
	return NOTIFY_DONE;
}

static struct notifier_block pid_uprobe_module_nb = {
	.notifier_call = pid_uprobe_module_notify,
};

static int __init pid_uprobe_module_init(void)
{
	return register_module_notifier(&pid_uprobe_module_nb);
}
core_initcall(pid_uprobe_module_init);
