/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Per-process user-space probes: a handler on one instruction of one
 * process, named by its pid and a virtual address.  Built on the kernel's
 * inode-based uprobes (<linux/uprobes.h>); see "Per-process uprobes" in
 * Documentation/trace/kprobes.rst.
 */
#ifndef _LINUX_PID_UPROBE_H
#define _LINUX_PID_UPROBE_H

#include <linux/errno.h>
#include <linux/list.h>
#include <linux/types.h>

struct pt_regs;
struct pid_namespace;
struct pid_uprobe;
struct pid_uprobe_point;
struct pid_uretprobe_instance;

/**
 * enum pid_uprobe_type - what a delayed (un)registration was about
 * @PID_UPROBE_ENTRY: register_pid_uprobe() or unregister_pid_uprobe()
 * @PID_UPROBE_RETURN: register_pid_uretprobe() or unregister_pid_uretprobe()
 */
enum pid_uprobe_type {
	PID_UPROBE_ENTRY,
	PID_UPROBE_RETURN,
};

/* private: where a probe is in its life; only pid_uprobe code changes it */
enum pid_uprobe_state {
	PID_UPROBE_UNUSED,	/* never registered, or unregistered */
	PID_UPROBE_ACTIVE,	/* on its probepoint's list */
	PID_UPROBE_GONE,	/* its process exited or exec'd */
};

/* private: a (un)registration asked for from a handler */
enum pid_uprobe_op {
	PID_UPROBE_OP_NONE,
	PID_UPROBE_OP_ADD_ENTRY,	/* register as PID_UPROBE_ENTRY */
	PID_UPROBE_OP_ADD_RETURN,	/* register as PID_UPROBE_RETURN */
	PID_UPROBE_OP_REMOVE_ENTRY,	/* unregister_pid_uprobe() */
	PID_UPROBE_OP_REMOVE_RETURN,	/* unregister_pid_uretprobe() */
};

/**
 * struct pid_uprobe - a probe on one instruction of one process
 * @pid: the process (any of its threads' ids names it)
 * @vaddr: the probed instruction's address in that process
 * @handler: called in the probed thread when it reaches @vaddr, before
 *	the instruction runs, with the thread's user registers; it may sleep
 * @registration_callback: if set, called when an (un)registration asked
 *	for from a handler has been carried out: @reg is 1 for a
 *	registration and 0 for an unregistration, @result what the call
 *	would have returned had it not been delayed
 *
 * Set @pid, @vaddr, @handler and, if wanted, @registration_callback; leave
 * the rest zeroed.  Do not change a registered probe.
 */
struct pid_uprobe {
	pid_t pid;
	unsigned long vaddr;
	void (*handler)(struct pid_uprobe *u, struct pt_regs *regs);
	void (*registration_callback)(struct pid_uprobe *u, int reg,
				      enum pid_uprobe_type type, int result);
	/* private: */
	enum pid_uprobe_type type;
	enum pid_uprobe_state state;
	enum pid_uprobe_op op;
	bool leaving;
	struct pid_namespace *op_ns;
	struct pid_uprobe_point *point;
	struct list_head node;
	struct list_head op_node;
};

/**
 * struct pid_uretprobe - a probe on the return of a function in one process
 * @u: set @u.pid, @u.vaddr (the function's first instruction) and, if
 *	wanted, @u.registration_callback; @u.handler is not used
 * @handler: called in the returning thread, after the function has
 *	returned and before the caller goes on; regs_return_value() of its
 *	registers is the return value
 */
struct pid_uretprobe {
	struct pid_uprobe u;
	void (*handler)(struct pid_uretprobe_instance *ri,
			struct pt_regs *regs);
};

/**
 * struct pid_uretprobe_instance - one return, as a return handler sees it
 * @rp: the return probe
 * @ret_addr: where the function returns to
 */
struct pid_uretprobe_instance {
	struct pid_uretprobe *rp;
	unsigned long ret_addr;
};

#ifdef CONFIG_PID_UPROBES
int register_pid_uprobe(struct pid_uprobe *u);
int unregister_pid_uprobe(struct pid_uprobe *u);
int register_pid_uretprobe(struct pid_uretprobe *rp);
int unregister_pid_uretprobe(struct pid_uretprobe *rp);
#else
static inline int register_pid_uprobe(struct pid_uprobe *u)
{
	return -EOPNOTSUPP;
}

static inline int unregister_pid_uprobe(struct pid_uprobe *u)
{
	return 0;
}

static inline int register_pid_uretprobe(struct pid_uretprobe *rp)
{
	return -EOPNOTSUPP;
}

static inline int unregister_pid_uretprobe(struct pid_uretprobe *rp)
{
	return 0;
}
#endif

#endif /* _LINUX_PID_UPROBE_H */
