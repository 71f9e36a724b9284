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
 * keeps a nesting depth and a generation in one per-CPU word.  Once a
 * probe is unlinked from its site, kprobe_hits_wait():
 *
 *  1. interrupts every online CPU once and waits for it to acknowledge:
 *     a bracket a CPU opens after that sees the probe unlinked, and a
 *     bracket it had open is visible in its word;
 *  2. for each CPU whose depth was not zero, waits until its generation
 *     moves on, i.e. until it has left its outermost bracket.
 *
 * Brackets are short and never sleep (they run with preemption or
 * interrupts disabled), so the wait is bounded by the longest handler.
 * What the caller does not own (sites, out-of-line slots, detour buffers)
 * is still freed after a grace period, asynchronously.
 */
#include <linux/cpumask.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>

#include "internal.h"

DEFINE_PER_CPU(unsigned long, kprobe_hit_word);

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

/* Wait until @cpu has left the outermost bracket it was in at @snap. */
static void kprobe_hits_wait_cpu(int cpu, unsigned long snap)
{
	unsigned long *word = per_cpu_ptr(&kprobe_hit_word, cpu);

	/* Pairs with smp_store_release() in kprobe_hit_end(). */
	while (!((smp_load_acquire(word) ^ snap) >> KPROBE_HIT_NEST_BITS)) {
		cpu_relax();
		cond_resched();
	}
}

/**
 * kprobe_hits_wait() - wait for the hit brackets in progress to end
 *
 * Probes unlinked from their sites before this call are not used by any
 * CPU once it returns.  Costs one round of IPIs, not a grace period.
 *
 * Context: process context, may sleep; no kprobes lock needed.
 */
void kprobe_hits_wait(void)
{
	unsigned long snap;
	int cpu;

	on_each_cpu(kprobe_hits_ipi, NULL, 1);
	for_each_online_cpu(cpu) {
		/* Ordered after the IPI's acknowledgment (an acquire). */
		snap = READ_ONCE(per_cpu(kprobe_hit_word, cpu));
		if (snap & KPROBE_HIT_NEST_MASK)
			kprobe_hits_wait_cpu(cpu, snap);
	}
}
