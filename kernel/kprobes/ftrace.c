// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes at ftrace call sites.
 *
 * A traced function starts with a call to ftrace (a nop while unused).
 * Probes there are hooked through one ftrace_ops whose filter holds every
 * armed site, and kprobe_ftrace_handler() runs their handlers with the
 * registers ftrace saved, as a breakpoint at the site would show them.
 * The probed "instruction" is the call site itself, so nothing runs out
 * of line and no architecture code is involved: where a breakpoint's pre
 * handlers would see the instruction pointer is KPROBE_FTRACE_IP_OFFSET
 * past the site (one on x86, after the int3; the site itself elsewhere),
 * and post handlers see it past the call site, as if it had run.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>

#include "internal.h"

#ifndef KPROBE_FTRACE_IP_OFFSET
#define KPROBE_FTRACE_IP_OFFSET	0
#endif

/*
 * Where ftrace's saved registers lack the interrupt state that
 * arch_kprobe_regs_irqs_disabled() reads (powerpc's soft mask, the PSW
 * of parisc), the architecture fills it in from the live state, which
 * ftrace leaves as the traced function had it.
 */
#ifndef arch_kprobe_ftrace_fill_regs
static nokprobe_inline void arch_kprobe_ftrace_fill_regs(struct pt_regs *regs)
{
}
#endif

/*
 * An architecture whose fault path finds the owner of a fault by walking
 * the stack (x86) does not need kprobe_ftrace_level.
 */
#ifndef KPROBE_FAULT_OWNER_BY_STACK
#define KPROBE_FAULT_OWNER_BY_STACK	0
#endif

DEFINE_PER_CPU(unsigned char, kprobe_ftrace_level);

/* Run the probes of @site; ftrace resumes at the instruction pointer. */
static nokprobe_inline void kprobe_ftrace_hit(struct kprobe_site *site,
					      struct pt_regs *regs,
					      unsigned long ip)
{
	unsigned long resume = instruction_pointer(regs);
	unsigned char outer = 0;

	/*
	 * No control block: nothing is stepped here, so current_kprobe
	 * (named by kprobe_site_run_pre() before each handler runs) is all
	 * that marks this CPU busy, and kprobe_fault_handler() finds the
	 * probe through it.
	 */
	kprobe_hit_begin();
	/*
	 * An NMI may take a hit of its own before current_kprobe is set
	 * below; it puts back the level it found, as this hit does.
	 */
	if (!KPROBE_FAULT_OWNER_BY_STACK) {
		outer = __this_cpu_read(kprobe_ftrace_level);
		__this_cpu_write(kprobe_ftrace_level,
				 interrupt_context_level() + 1);
	}
	arch_kprobe_ftrace_fill_regs(regs);
	instruction_pointer_set(regs, ip + KPROBE_FTRACE_IP_OFFSET);
	if (!kprobe_site_run_pre(site, regs)) {
		/* Not redirected: pretend the call site ran, then go on. */
		if (kprobe_site_wants_post(site)) {
			instruction_pointer_set(regs, ip + MCOUNT_INSN_SIZE);
			kprobe_site_run_post(site, regs);
		}
		instruction_pointer_set(regs, resume);
	}
	if (!KPROBE_FAULT_OWNER_BY_STACK)
		__this_cpu_write(kprobe_ftrace_level, outer);
	kprobe_hit_end_current();
}

/**
 * kprobe_ftrace_handler() - ftrace callback for probes on ftrace sites
 * @ip: address of the ftrace call site (the probed address)
 * @parent_ip: return address of the traced function
 * @ops: the kprobes ftrace_ops
 * @fregs: registers at the call site
 *
 * Recursion is stopped by current_kprobe rather than by ftrace's
 * recursion lock: a traced function called by a handler comes back here,
 * finds a probe running and only counts a miss.  Everything called before
 * that check (site lookup, miss counting) is neither traced nor probed.
 *
 * Context: ftrace callback; disables preemption itself, and does not
 * reschedule on the way out.
 */
notrace void kprobe_ftrace_handler(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *ops,
				   struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);
	struct kprobe_site *site;

	if (unlikely(!regs))
		return;
	preempt_disable_notrace();
	site = kprobe_site_lookup(ip);
	if (site) {
		if (kprobe_running())
			kprobe_site_missed(site);
		else
			kprobe_ftrace_hit(site, regs, ip);
	}
	/*
	 * Not a preemption point: on the way back, powerpc's ftrace caller
	 * reloads every register it saved, r13 (its per-CPU pointer)
	 * included, so the task must still be on this CPU.  A reschedule a
	 * handler asked for waits for the next preemption point.
	 */
	preempt_enable_no_resched_notrace();
}

NOKPROBE_SYMBOL(kprobe_ftrace_handler);

static struct ftrace_ops kprobe_ftrace_ops __read_mostly = {
	.func = kprobe_ftrace_handler,
	.flags = FTRACE_OPS_FL_SAVE_REGS,
};

/* Sites in kprobe_ftrace_ops' filter; protected by kprobe_mutex. */
static unsigned int kprobe_ftrace_sites;

/* ftrace shut itself down after an error; it must not be called again. */
static bool kprobe_ftrace_killed;

/**
 * kprobe_ftrace_arm_ips() - hook ftrace call sites, all in one update
 * @ips: addresses of DISARMED ftrace sites
 * @n: number of entries in @ips
 *
 * One filter update patches every call site, however many there are; the
 * ftrace_ops is registered with the first sites.
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 * Return: 0 (every site hooked), -ENODEV once ftrace is dead, or an
 * ftrace error (no site hooked).
 */
int kprobe_ftrace_arm_ips(unsigned long *ips, unsigned int n)
{
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (READ_ONCE(kprobe_ftrace_killed))
		return -ENODEV;
	ret = ftrace_set_filter_ips(&kprobe_ftrace_ops, ips, n, 0, 0);
	if (ret)
		return ret;
	if (!kprobe_ftrace_sites) {
		ret = register_ftrace_function(&kprobe_ftrace_ops);
		if (ret) {
			ftrace_set_filter_ips(&kprobe_ftrace_ops, ips, n, 1, 0);
			return ret;
		}
	}
	kprobe_ftrace_sites += n;
	return 0;
}

/**
 * kprobe_ftrace_disarm_ips() - unhook ftrace call sites in one update
 * @ips: addresses of ARMED ftrace sites
 * @n: number of entries in @ips
 *
 * With the last sites gone the ftrace_ops is unregistered first: an ops
 * with an empty filter would trace every function.
 *
 * Context: kprobe_mutex held, text_mutex not held; may sleep.
 */
void kprobe_ftrace_disarm_ips(unsigned long *ips, unsigned int n)
{
	int ret;

	lockdep_assert_held(&kprobe_mutex);
	if (READ_ONCE(kprobe_ftrace_killed))
		return;
	if (WARN_ON_ONCE(n > kprobe_ftrace_sites))
		n = kprobe_ftrace_sites;
	kprobe_ftrace_sites -= n;
	if (!kprobe_ftrace_sites) {
		ret = unregister_ftrace_function(&kprobe_ftrace_ops);
		WARN(ret, "kprobes: cannot unregister ftrace_ops (%d)\n", ret);
	}
	ret = ftrace_set_filter_ips(&kprobe_ftrace_ops, ips, n, 1, 0);
	WARN(ret, "kprobes: cannot unhook %u ftrace sites (%d)\n", n, ret);
}

/**
 * kprobe_ftrace_kill() - ftrace is shutting down after an internal error
 *
 * Context: any.
 */
void kprobe_ftrace_kill(void)
{
	WRITE_ONCE(kprobe_ftrace_killed, true);
}
