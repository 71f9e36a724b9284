/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef _LINUX_KPROBES_TEXT_H
#define _LINUX_KPROBES_TEXT_H
/*
 * Writing probe instructions in batches, for the architecture's text
 * code and the core's batched writer.
 *
 * Architectures that write breakpoints with plain stores and must then
 * make the instruction caches see them: arch_kprobe_arm() and
 * arch_kprobe_disarm() widen a range with each store, and
 * arch_kprobe_patch_sync() takes the range and does its cache
 * maintenance once for the whole batch.  Every access is under
 * text_mutex.
 *
 * Architectures that may not rewrite an instruction another CPU could be
 * fetching (CONFIG_KPROBES_TEXT_STOP_MACHINE): arch_kprobe_arm() and
 * arch_kprobe_disarm() queue their writes with kprobe_text_queue(), and
 * the core's arch_kprobe_patch_sync() (kernel/kprobes/text_batch.c)
 * makes them in one stop_machine(), through two hooks of the
 * architecture:
 *
 * arch_kprobe_text_poke(w)
 *	Store one queued write.  Runs on one CPU, interrupts off, while
 *	every other CPU waits; returns 0 or a negative errno.
 * arch_kprobe_text_refetch(writer)
 *	Then, on every CPU (@writer true on the one that stored), drop
 *	whatever instructions it may have fetched before the writes.
 *
 * Both run while text changes under every CPU: they are notrace and
 * NOKPROBE_SYMBOL(), and neither sleeps nor sends an IPI.  Such an
 * architecture does not define arch_kprobe_patch_sync() itself.
 */
#include <linux/lockdep.h>
#include <linux/memory.h>
#include <linux/minmax.h>
#include <linux/types.h>

/**
 * struct kprobe_text_written - the text written since the last patch sync
 * @start: the lowest address written; ULONG_MAX while nothing was
 * @end: the address after the highest byte written
 */
struct kprobe_text_written {
	unsigned long start;
	unsigned long end;
};

/* An empty range, for the definition of one. */
#define KPROBE_TEXT_RANGE_EMPTY { .start = ULONG_MAX, .end = 0 }

/**
 * kprobe_text_range_add() - widen @r over a store of @len bytes at @addr
 * @r: the architecture's range
 * @addr: where the store went
 * @len: how many bytes it wrote
 *
 * Context: text_mutex held.
 */
static inline void kprobe_text_range_add(struct kprobe_text_written *r,
					 const void *addr, size_t len)
{
	unsigned long a = (unsigned long)addr;

	lockdep_assert_held(&text_mutex);
	r->start = min(r->start, a);
	r->end = max(r->end, a + len);
}

/**
 * kprobe_text_range_take() - empty @r and say what it covered
 * @r: the architecture's range
 * @start: set to the lowest address written
 * @end: set to the address after the highest byte written
 *
 * Context: text_mutex held.
 * Return: false, with @start and @end untouched, if nothing was written
 * since the last call.
 */
static inline bool kprobe_text_range_take(struct kprobe_text_written *r,
					  unsigned long *start,
					  unsigned long *end)
{
	lockdep_assert_held(&text_mutex);
	if (r->start >= r->end)
		return false;
	*start = r->start;
	*end = r->end;
	r->start = ULONG_MAX;
	r->end = 0;
	return true;
}

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

#endif /* _LINUX_KPROBES_TEXT_H */
