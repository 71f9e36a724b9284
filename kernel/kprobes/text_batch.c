// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Batched text writes under stop_machine(), for the ports that may not
 * rewrite an instruction another CPU could be fetching.
 *
 * arch_kprobe_arm() and arch_kprobe_disarm() of such a port queue their
 * writes with kprobe_text_queue(); arch_kprobe_patch_sync() (here) makes
 * all of them in one stop_machine(): one CPU stores the queue through
 * the port's arch_kprobe_text_poke(), the others wait for it, and then
 * every CPU runs the port's arch_kprobe_text_refetch() to drop what it
 * may have fetched before.  A batch of N probes thus stops the CPUs at
 * most N / KPROBE_TEXT_QUEUE + 1 times instead of N times.  Nothing here
 * is traced (Makefile) or probed, and the hooks are notrace.
 */
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/stop_machine.h>

/* Writes stored per stop_machine() round, at most. */
#define KPROBE_TEXT_QUEUE	256

/* Queued writes; only touched with text_mutex held. */
static struct kprobe_text_write kprobe_text_writes[KPROBE_TEXT_QUEUE];
static unsigned int kprobe_text_queued;

/**
 * struct kprobe_text_round - one stop_machine() round of writes
 * @writer: the CPU that stores the queue; the others wait for it
 * @done: set by @writer once every write is in memory
 * @ret: the first error of a write
 */
struct kprobe_text_round {
	unsigned int writer;
	int done;
	int ret;
};

/* Runs on every online CPU at once, interrupts off. */
static int kprobe_text_round_cb(void *data)
{
	struct kprobe_text_round *round = data;
	bool writer = smp_processor_id() == round->writer;
	unsigned int i;

	if (writer) {
		for (i = 0; i < kprobe_text_queued && !round->ret; i++)
			round->ret = arch_kprobe_text_poke(&kprobe_text_writes[i]);
		/* The new text is in memory before anyone refetches. */
		smp_store_release(&round->done, 1);
	} else {
		/* Pairs with the smp_store_release() above. */
		while (!smp_load_acquire(&round->done))
			cpu_relax();
	}
	arch_kprobe_text_refetch(writer);
	return 0;
}

/* It runs while the text changes under every CPU: never probed. */
NOKPROBE_SYMBOL(kprobe_text_round_cb);

/**
 * arch_kprobe_patch_sync() - make every queued write, on every CPU at once
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	struct kprobe_text_round round = {
		.writer = cpumask_first(cpu_online_mask),
	};

	lockdep_assert_cpus_held();
	lockdep_assert_held(&text_mutex);
	if (!kprobe_text_queued)
		return;
	stop_machine_cpuslocked(kprobe_text_round_cb, &round, cpu_online_mask);
	WARN_ON_ONCE(round.ret);
	kprobe_text_queued = 0;
}

/**
 * kprobe_text_queue() - queue one write for arch_kprobe_patch_sync()
 * @addr: an instruction of kernel or module text
 * @insn: what to write there, in the form the port's
 *	arch_kprobe_text_poke() takes
 * @len: its length in bytes, for the ports with more than one
 *
 * A full queue is written first.
 *
 * Context: cpus_read_lock() and text_mutex held.
 */
void kprobe_text_queue(void *addr, u32 insn, unsigned int len)
{
	struct kprobe_text_write *w;

	lockdep_assert_cpus_held();
	lockdep_assert_held(&text_mutex);
	if (kprobe_text_queued == KPROBE_TEXT_QUEUE)
		arch_kprobe_patch_sync();
	w = &kprobe_text_writes[kprobe_text_queued++];
	w->addr = addr;
	w->insn = insn;
	w->len = len;
}
