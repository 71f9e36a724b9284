// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PA-RISC probe sites: which instructions may be probed, their
 * out-of-line slots, the breaks written over them, and the code PA-RISC
 * never probes.
 *
 * An instruction another CPU may be fetching is not rewritten under it:
 * arch_kprobe_arm() and arch_kprobe_disarm() only queue their writes, and
 * the core's batched writer (kernel/kprobes/text_batch.c) makes all of
 * them in one stop_machine(), with the data and instruction caches
 * flushed for each word written, once per batch rather than once per
 * probe.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/uaccess.h>
#include <asm/patch.h>

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write
 *
 * __patch_text() flushes the data and instruction caches of the word.
 *
 * Context: stop_machine(), interrupts off, the other CPUs waiting.
 * Return: 0.
 */
notrace int arch_kprobe_text_poke(const struct kprobe_text_write *w)
{
	__patch_text(w->addr, w->insn);
	return 0;
}
NOKPROBE_SYMBOL(arch_kprobe_text_poke);

/**
 * arch_kprobe_text_refetch() - nothing: the flushes of __patch_text()
 *	reach every CPU
 * @writer: unused
 *
 * Context: stop_machine(), interrupts off.
 */
notrace void arch_kprobe_text_refetch(bool writer)
{
}
NOKPROBE_SYMBOL(arch_kprobe_text_refetch);

/**
 * arch_kprobe_arm() - queue the break of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, PARISC_KPROBES_BREAK_INSN, 4);
}

/**
 * arch_kprobe_disarm() - queue the original instruction of @site
 * @site: an armed site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, site->ainsn.insn, 4);
}

/*
 * Instructions that cannot run from a slot: every branch (a relative
 * one would go somewhere relative to the slot, and each has a delay slot
 * of its own), the system control and diagnose groups (rfi, ssm, rsm,
 * mtsm, break, mfia, ...).  Major opcode in the top six bits.
 */
static bool kprobe_parisc_refused(u32 insn)
{
	switch (insn >> 26) {
	case 0x00: case 0x05:
	case 0x20: case 0x21: case 0x22: case 0x23: case 0x27:
	case 0x28: case 0x29: case 0x2a: case 0x2b: case 0x2f:
	case 0x30: case 0x31: case 0x32: case 0x33:
	case 0x38: case 0x39: case 0x3a: case 0x3b:
		return true;
	}
	return false;
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * The instruction runs from the slot and is followed there by a break
 * (two, for a copy that nullifies the next instruction).  Branches,
 * system control instructions and instructions with an exception-table
 * entry (a fault of the copy would be looked up at the slot, as PA-RISC
 * offers kprobes no fault hook) are refused.  An instruction in a
 * branch's delay slot may be probed: the hit resumes wherever the branch
 * was going.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an unaligned address, -EINVAL, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	u32 image[KPROBE_SLOT_SIZE / sizeof(u32)];
	unsigned long addr = (unsigned long)site->addr;
	kprobe_opcode_t *slot;
	unsigned int i;
	u32 insn;

	if (!IS_ALIGNED(addr, sizeof(u32)))
		return -EILSEQ;
	if (get_kernel_nofault(insn, (u32 *)addr) ||
	    kprobe_parisc_refused(insn) || search_exception_tables(addr))
		return -EINVAL;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = PARISC_KPROBES_BREAK_INSN2;
	image[0] = insn;
	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	/* Nothing runs the slot yet: no need to stop the other CPUs. */
	mutex_lock(&text_mutex);
	__patch_text_multiple(slot, image, sizeof(image));
	mutex_unlock(&text_mutex);
	site->ainsn.insn = insn;
	site->ainsn.slot = slot;
	return 0;
}

/**
 * arch_kprobe_release() - free @site's slot
 * @site: a site no CPU can reach any more
 *
 * Context: process context, no kprobes lock held.
 */
void arch_kprobe_release(struct kprobe_site *site)
{
	if (site->ainsn.slot) {
		kprobe_slot_free(site->ainsn.slot);
		site->ainsn.slot = NULL;
	}
}
