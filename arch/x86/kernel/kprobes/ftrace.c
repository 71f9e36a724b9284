// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes on ftrace call sites: the function entry hook calls
 * kprobe_ftrace_handler() instead of the CPU hitting an int3.  The probed
 * "instruction" is the 5-byte nop ftrace keeps there, so nothing is run out
 * of line: the handlers only see the registers as if a breakpoint had hit
 * (regs->ip one past the site) and, for post handlers, as if the nop had
 * been executed.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <asm/text-patching.h>

#include "common.h"

/* Run the probes of @site; ftrace resumes at regs->ip afterwards. */
static nokprobe_inline void kprobe_ftrace_hit(struct kprobe_site *site,
					      struct pt_regs *regs,
					      unsigned long ip)
{
	unsigned long resume = regs->ip;

	/*
	 * No control block: nothing is stepped here, so current_kprobe
	 * (named by kprobe_site_run_pre() before each handler runs) is all
	 * that marks this CPU busy, and kprobe_fault_handler() finds the
	 * probe through it.
	 */
	kprobe_hit_begin();
	regs->ip = ip + INT3_INSN_SIZE;
	if (!kprobe_site_run_pre(site, regs)) {
		/* Not redirected: pretend the nop ran, then go on as before. */
		if (kprobe_site_wants_post(site)) {
			regs->ip = ip + MCOUNT_INSN_SIZE;
			kprobe_site_run_post(site, regs);
		}
		regs->ip = resume;
	}
	/* current_kprobe was named by kprobe_site_run_pre(). */
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
			kprobe_ftrace_hit(site, regs, ip);
	}
	preempt_enable_notrace();
}

NOKPROBE_SYMBOL(kprobe_ftrace_handler);
