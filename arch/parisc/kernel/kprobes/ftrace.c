// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes on ftrace call sites: ftrace_regs_caller calls
 * kprobe_ftrace_handler() where a break would otherwise be.  The probed
 * "instruction" is the call site itself, so nothing runs out of line:
 * pre handlers see the registers a break at the site would give (the
 * queue at the site), post handlers those after it, and ftrace then
 * resumes where it was going unless a pre handler moved the queue.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>

/* Run the probes of @site; ftrace resumes at the queue afterwards. */
static nokprobe_inline void kprobe_parisc_ftrace_hit(struct kprobe_site *site,
						     struct pt_regs *regs,
						     unsigned long ip)
{
	unsigned long resume[2] = { regs->iaoq[0], regs->iaoq[1] };

	kprobe_hit_begin();
	instruction_pointer_set(regs, ip);
	if (!kprobe_site_run_pre(site, regs)) {
		if (kprobe_site_wants_post(site)) {
			instruction_pointer_set(regs, ip + 4);
			kprobe_site_run_post(site, regs);
		}
		regs->iaoq[0] = resume[0];
		regs->iaoq[1] = resume[1];
	}
	kprobe_site_leave();
}

/**
 * kprobe_ftrace_handler() - ftrace callback for probes on ftrace sites
 * @ip: address of the ftrace call site (the probed address)
 * @parent_ip: return address of the traced function
 * @ops: the kprobes ftrace_ops
 * @fregs: registers at the call site
 *
 * A traced function called by a handler comes back here, finds a probe
 * running and only counts a miss.
 *
 * Context: ftrace callback; disables preemption itself.
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
			kprobe_parisc_ftrace_hit(site, regs, ip);
	}
	preempt_enable_notrace();
}

NOKPROBE_SYMBOL(kprobe_ftrace_handler);
