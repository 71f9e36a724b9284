// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Waiting for probe hits in progress, without a grace period.
 *
 * A caller of unregister_kprobe() may free its struct kprobe (and unload
 * the module holding the handlers) as soon as the call returns, so the
 * call must not return while some CPU still runs a handler of that probe.
 * A grace period per call would do, but tools that remove probes one at a
 * time would wait one grace period per probe.
 *
 * Instead every use of a probe by the hit path lies inside a hit bracket
 * (kprobe_hit_begin() / kprobe_hit_end() in <linux/kprobes.h>), which
 * keeps a per-CPU nesting depth and a per-CPU generation, the count of
 * times the depth came back to zero.  Once a probe is unlinked from its
 * site, kprobe_hits_wait():
 *
 *  0. holds off CPU hotplug: a CPU coming up runs its STARTING callbacks
 *     (which may be probed) before it is in cpu_online_mask, where the
 *     steps below would not see it; with cpus_read_lock() held every CPU
 *     that can run a handler is online;
 *  1. interrupts every online CPU once and waits for it to acknowledge:
 *     a bracket a CPU opens after that sees the probe unlinked, and a
 *     bracket it had open shows in its depth;
 *  2. for each CPU, reads the generation and then the depth; if the
 *     depth was not zero, waits until the generation moves on, i.e. until
 *     the CPU has left its outermost bracket.
 *
 * The generation is read first: a CPU lowers its depth before it
 * advances its generation, so a depth read afterwards that is not zero
 * belongs to a bracket still open when the generation was read.
 *
 * Brackets are short and never sleep (they run with preemption or
 * interrupts disabled), so the wait is bounded by the longest handler.
 * A handler that oopses never ends its bracket; the die notifier below
 * ends it for it, so that the wait stays bounded after an oops too.
 * What the caller does not own (sites, out-of-line slots, detour buffers)
 * is still freed after a grace period, asynchronously.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kprobes.h>
#include <linux/kprobes_xol.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>

#include "internal.h"

DEFINE_PER_CPU(unsigned int, kprobe_hit_depth);
DEFINE_PER_CPU(unsigned long, kprobe_hit_gen);

/*
 * Nothing to do: taking the interrupt is the point.  The stores that
 * unlinked the probes precede the IPI, and the generic cross-call code
 * orders them before this function runs (and before anything the CPU
 * does after it); the CPU's own kprobe_hit_begin() store, made before the
 * interrupt, is ordered before the acknowledgment we wait for.  Pairs
 * with the store in kprobe_hit_begin().
 */
static void kprobe_hits_ipi(void *unused)
{
}

NOKPROBE_SYMBOL(kprobe_hits_ipi);

/*
 * Wait until @cpu's generation is no longer @gen.  The release in
 * kprobe_hit_end() precedes the store that advances the generation.
 */
static void kprobe_hits_wait_cpu(int cpu, unsigned long gen)
{
	unsigned long *now = per_cpu_ptr(&kprobe_hit_gen, cpu);

	/* Pairs with arch_kprobe_hit_release() in kprobe_hit_end(). */
	while (smp_load_acquire(now) == gen) {
		cpu_relax();
		cond_resched();
	}
}

/**
 * kprobe_hits_wait() - wait for the hit brackets in progress to end
 *
 * Probes unlinked from their sites before this call are not used by any
 * CPU once it returns, including a CPU that was half-way through coming
 * online.  Costs one round of IPIs, not a grace period.
 *
 * Context: process context, may sleep; takes cpus_read_lock(), so not
 * from a CPU hotplug callback.  kprobe_mutex may be held (it nests
 * outside the hotplug lock).
 */
void kprobe_hits_wait(void)
{
	unsigned long gen;
	int cpu;

	guard(cpus_read_lock)();
	on_each_cpu(kprobe_hits_ipi, NULL, 1);
	for_each_online_cpu(cpu) {
		/* Both reads are ordered after the IPI's acknowledgment. */
		gen = READ_ONCE(per_cpu(kprobe_hit_gen, cpu));
		/*
		 * Generation before depth: kprobe_hit_end() stores them in the
		 * other order.  Pairs with the smp_wmb() there: a new
		 * generation read here comes with a depth of zero.
		 */
		smp_rmb();
		/* Pairs with arch_kprobe_hit_release() in kprobe_hit_end(). */
		if (smp_load_acquire(per_cpu_ptr(&kprobe_hit_depth, cpu)))
			kprobe_hits_wait_cpu(cpu, gen);
	}
}

/**
 * arch_kprobe_hit_abandoned() - forget this CPU's hit after an oops
 *
 * By default nothing: the ports that keep their per-hit state in struct
 * kprobe_ctlblk have it reset by the caller.
 *
 * Context: the oops path (die notifier) on the CPU that oopsed.
 */
void __weak arch_kprobe_hit_abandoned(void)
{
}

NOKPROBE_SYMBOL(arch_kprobe_hit_abandoned);

/*
 * An oops inside a hit bracket (a handler's bad access, a BUG() in it)
 * kills the task that was running, or panics if it was an interrupt or
 * an NMI; either way the bracket is never ended, and the CPU goes on
 * with other tasks.  Brackets never sleep, so every bracket open on the
 * CPU that oopses belongs to the context being killed: end them here,
 * and leave the CPU with no running probe and no hit in progress, so
 * that kprobe_hits_wait() does not wait for it forever and the CPU's
 * next hit is not taken for a nested one.
 */
static int kprobe_hits_oops_notify(struct notifier_block *nb,
				   unsigned long val, void *data)
{
	struct kprobe_ctlblk *kcb;

	/*
	 * Raw: some architectures oops with preemption enabled, which is
	 * then also outside any bracket (brackets disable it), and reads 0.
	 */
	if (val != DIE_OOPS || !raw_cpu_read(kprobe_hit_depth))
		return NOTIFY_DONE;
	kcb = this_cpu_ptr(&kprobe_ctlblk);
	kcb->cur = (struct kprobe_xol_frame){ .state = KPROBE_XOL_IDLE };
	kcb->outer = kcb->cur;
	arch_kprobe_hit_abandoned();
	if (IS_ENABLED(CONFIG_KPROBES_ON_FTRACE))
		raw_cpu_write(kprobe_ftrace_level, 0);
	__this_cpu_write(current_kprobe, NULL);
	/* The outermost bracket ends as it would have ended by itself. */
	__this_cpu_write(kprobe_hit_depth, 1);
	kprobe_hit_end();
	pr_warn("an oops ended a probe hit on CPU %d\n", smp_processor_id());
	return NOTIFY_DONE;
}

NOKPROBE_SYMBOL(kprobe_hits_oops_notify);

static struct notifier_block kprobe_hits_oops_nb = {
	.notifier_call = kprobe_hits_oops_notify,
	/*
	 * Last: a debugger's notifier (kgdb) may stop the chain and let the
	 * context go on, and then its bracket ends by itself.
	 */
	.priority = INT_MIN,
};

static int __init kprobe_hits_init(void)
{
	return register_die_notifier(&kprobe_hits_oops_nb);
}
early_initcall(kprobe_hits_init);
