// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Batched text writes: arch_kprobe_arm() and arch_kprobe_disarm() of a
 * port that selects KPROBES_TEXT_BATCH queue their writes with
 * kprobe_text_queue(), and arch_kprobe_patch_sync() (here) makes all of
 * them, through the port's arch_kprobe_text_poke(), and has every CPU
 * see them once per batch:
 *
 *  - by default the queue is stored in place and the port's
 *    arch_kprobe_text_flush() is called once for the range written;
 *  - with KPROBES_TEXT_STOP_MACHINE, for ports that may not rewrite an
 *    instruction another CPU could be fetching, the queue is stored in
 *    one stop_machine(): one CPU stores, the others wait for it, and
 *    then every CPU runs the port's arch_kprobe_text_refetch() to drop
 *    what it may have fetched before.  A batch of N probes stops the
 *    CPUs at most N / KPROBE_TEXT_QUEUE + 1 times instead of N times.
 *
 * Nothing here is traced (Makefile) or probed, and the hooks are notrace.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/minmax.h>
#include <linux/stop_machine.h>

/* Writes stored per stop_machine() round, at most. */
#define KPROBE_TEXT_QUEUE	256

/* Queued writes; only touched with text_mutex held. */
static struct kprobe_text_write kprobe_text_writes[KPROBE_TEXT_QUEUE];
static unsigned int kprobe_text_queued;

#ifdef CONFIG_KPROBES_TEXT_STOP_MACHINE
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

/* Store the queue inside one stop_machine(). */
static int kprobe_text_store(void)
{
	struct kprobe_text_round round = {
		.writer = cpumask_first(cpu_online_mask),
	};

	stop_machine_cpuslocked(kprobe_text_round_cb, &round, cpu_online_mask);
	return round.ret;
}
#else
/*
 * Store the queue in place, then one flush for the range written.  A
 * write that fails does not stop the others: the core has already
 * counted every site of the batch as armed or disarmed.
 */
static int kprobe_text_store(void)
{
	unsigned long start = ULONG_MAX, end = 0, a;
	struct kprobe_text_write *w;
	unsigned int i;
	int ret, first = 0;

	for (i = 0; i < kprobe_text_queued; i++) {
		w = &kprobe_text_writes[i];
		ret = arch_kprobe_text_poke(w);
		if (ret) {
			pr_warn("cannot write the text at %pS: %d\n", w->addr, ret);
			first = first ?: ret;
			continue;
		}
		a = (unsigned long)w->addr;
		start = min(start, a);
		end = max(end, a + w->len);
	}
	if (start < end)
		arch_kprobe_text_flush(start, end);
	return first;
}
#endif

/**
 * arch_kprobe_patch_sync() - make every queued write, and have every CPU
 *	see it
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	lockdep_assert_cpus_held();
	lockdep_assert_held(&text_mutex);
	if (!kprobe_text_queued)
		return;
	WARN_ON_ONCE(kprobe_text_store());
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
