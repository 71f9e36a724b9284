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
#include <asm/ftrace.h>
#include <asm/text-patching.h>

#include "common.h"

/* Run the probes of @site; ftrace resumes at regs->ip afterwards. */
static nokprobe_inline void kprobe_ftrace_hit(struct kprobe_site *site,
					      struct pt_regs *regs,
					      unsigned long ip,
					      struct kprobe_ctlblk *kcb)
{
	unsigned long resume = regs->ip;

	/*
	 * No need for kprobe_site_enter(): kprobe_site_run_pre() names each
	 * probe in current_kprobe before its handler runs, and until then
	 * the state below marks this CPU busy.
	 */
	kprobe_hit_begin();
	kcb->cur.state = KPROBE_CB_HANDLERS;
	/* Busy before the site is set; pairs with kprobe_cpu_busy() in core.c. */
	barrier();
	kcb->cur.site = site;

	regs->ip = ip + INT3_INSN_SIZE;
	if (!kprobe_site_run_pre(site, regs)) {
		/* Not redirected: pretend the nop ran, then go on as before. */
		regs->ip = ip + MCOUNT_INSN_SIZE;
		if (kprobe_site_wants_post(site))
			kprobe_site_run_post(site, regs);
		regs->ip = resume;
	}

	kcb->cur.state = KPROBE_CB_IDLE;
	kcb->cur.site = NULL;
	/* Empty before clearing; pairs with kprobe_cpu_busy() in core.c. */
	barrier();
	kprobe_site_leave();
}

/**
 * kprobe_ftrace_handler() - ftrace callback for probes on ftrace sites
 * @ip: address of the ftrace call site (the probed address)
 * @parent_ip: return address of the traced function
 * @ops: the kprobes ftrace_ops
 * @fregs: registers at the call site
 *
 * Context: ftrace callback, preemption disabled by the recursion lock.
 */
void kprobe_ftrace_handler(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	struct kprobe_ctlblk *kcb;
	struct kprobe_site *site;
	struct pt_regs *regs;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;

	regs = ftrace_get_regs(fregs);
	site = regs ? kprobe_site_lookup(ip) : NULL;
	if (site) {
		kcb = this_cpu_ptr(&kprobe_ctlblk);
		if (kprobe_running() || kcb->cur.state != KPROBE_CB_IDLE)
			kprobe_site_missed(site);
		else
			kprobe_ftrace_hit(site, regs, ip, kcb);
	}

	ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(kprobe_ftrace_handler);
