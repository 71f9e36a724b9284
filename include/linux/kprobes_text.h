/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _LINUX_KPROBES_TEXT_H
#define _LINUX_KPROBES_TEXT_H
/*
 * Writing probe instructions in batches, for the architecture's text
 * code and the core's batched writer (kernel/kprobes/text_batch.c).
 *
 * An architecture that selects KPROBES_TEXT_BATCH queues the writes of
 * arch_kprobe_arm() and arch_kprobe_disarm() with kprobe_text_queue()
 * and does not define arch_kprobe_patch_sync(): the core's makes the
 * queued writes through two hooks of the architecture.
 *
 * arch_kprobe_text_poke(w)
 *	Store one queued write; returns 0 or a negative errno.
 * arch_kprobe_text_flush(start, end)
 *	Then make [@start, @end) run on every CPU (write the data caches
 *	back, invalidate the instruction caches, ...).  Process context,
 *	cpus_read_lock() and text_mutex held; may send IPIs.
 *
 * With KPROBES_TEXT_STOP_MACHINE the stores are made inside one
 * stop_machine(), on one CPU, interrupts off, while every other CPU
 * waits; then, instead of the flush, on every CPU (@writer true on the
 * one that stored):
 *
 * arch_kprobe_text_refetch(writer)
 *	Drop whatever instructions this CPU may have fetched before.
 *
 * The hooks run while text changes under every CPU: they are notrace
 * and NOKPROBE_SYMBOL(), and inside stop_machine() neither sleeps nor
 * sends an IPI.
 */
#include <linux/types.h>

/**
 * struct kprobe_text_write - one queued write of a probe instruction or
 *	of an original one
 * @addr: where, in kernel or module text
 * @insn: what, in the form the architecture's arch_kprobe_text_poke()
 *	takes
 * @len: its length in bytes, for architectures with more than one
 */
struct kprobe_text_write {
	void *addr;
	u32 insn;
	u8 len;
};

void kprobe_text_queue(void *addr, u32 insn, unsigned int len);
int arch_kprobe_text_poke(const struct kprobe_text_write *w);
void arch_kprobe_text_refetch(bool writer);
void arch_kprobe_text_flush(unsigned long start, unsigned long end);

#endif /* _LINUX_KPROBES_TEXT_H */
