// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * 32-bit arm probe sites: which instructions may be probed, their slots,
 * the probe instructions written over them, and the text arm never
 * probes.
 *
 * The ARM architecture lets a CPU run an instruction that another one
 * rewrites only for a few encodings, which an undefined instruction is
 * not.  So arch_kprobe_arm() and arch_kprobe_disarm() only queue their
 * writes, and the core's batched writer (kernel/kprobes/text_batch.c)
 * makes all of them in one stop_machine(), with every other CPU parked
 * until they are done and then made to refetch its instructions: once
 * per batch, not once per probe.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/set_memory.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/opcodes.h>
#include <asm/patch.h>
#include <asm/sections.h>

#include "core.h"
#include "text.h"
#include "../decode-arm.h"
#include "../decode-thumb.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write
 *
 * __patch_text() cleans the data cache and invalidates the instruction
 * cache for the word it writes.
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
 * arch_kprobe_text_refetch() - drop the instructions fetched before
 * @writer: true on the CPU that stored, which __patch_text() served
 *
 * Context: stop_machine(), interrupts off.
 */
notrace void arch_kprobe_text_refetch(bool writer)
{
	if (writer)
		return;
	__flush_icache_all();
	isb();
}
NOKPROBE_SYMBOL(arch_kprobe_text_refetch);

/**
 * arch_kprobe_arm() - queue the probe instruction of @site
 * @site: a prepared site
 *
 * An ARM probe instruction is unconditional: the hit looks at the probed
 * instruction's condition itself.
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	u32 brk;

	if (!IS_ENABLED(CONFIG_THUMB2_KERNEL))
		brk = KPROBE_ARM_BREAKPOINT_INSTRUCTION | 0xe0000000;
	else if (site->ainsn.len == 2)
		brk = KPROBE_THUMB16_BREAKPOINT_INSTRUCTION;
	else
		brk = KPROBE_THUMB32_BREAKPOINT_INSTRUCTION;
	kprobe_text_queue(site->addr, brk, site->ainsn.len);
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
	kprobe_text_queue(site->addr, site->ainsn.opcode,
			  site->ainsn.len);
}

/*
 * Read the instruction at @addr as the decoder wants it.  Return: its
 * length (2 or 4), 0 if it cannot be read.
 */
static unsigned int kprobe_arm_read(unsigned long addr, u32 *insn)
{
	u16 half[2];
	u32 word;

	if (!IS_ENABLED(CONFIG_THUMB2_KERNEL)) {
		if (copy_from_kernel_nofault(&word, (void *)addr, sizeof(word)))
			return 0;
		*insn = __mem_to_opcode_arm(word);
		return 4;
	}
	if (copy_from_kernel_nofault(&half[0], (void *)addr, sizeof(half[0])))
		return 0;
	*insn = __mem_to_opcode_thumb16(half[0]);
	if (!is_wide_instruction(*insn))
		return 2;
	if (copy_from_kernel_nofault(&half[1], (void *)(addr + 2),
				     sizeof(half[1])))
		return 0;
	*insn = __opcode_thumb32_compose(*insn,
					 __mem_to_opcode_thumb16(half[1]));
	return 4;
}

/*
 * Does a Thumb-2 instruction start at @addr?  Walks the function's
 * instructions from @func, its start.  ARM instructions are all 4 bytes
 * long and aligned, which the caller checked.
 */
static int kprobe_arm_check_place(unsigned long addr, unsigned long func)
{
	unsigned long pc = func & ~1UL;
	unsigned int len;
	u32 insn;

	if (!IS_ENABLED(CONFIG_THUMB2_KERNEL))
		return 0;
	while (pc < addr) {
		len = kprobe_arm_read(pc, &insn);
		if (!len)
			return -EINVAL;
		pc += len;
	}
	return pc == addr ? 0 : -EILSEQ;
}

/* Run the decoder that kprobes shares with uprobes on @site's instruction. */
#ifdef CONFIG_THUMB2_KERNEL
static enum probes_insn kprobe_arm_decode(struct arch_specific_insn *ai)
{
	if (ai->len == 2)
		return thumb16_probes_decode_insn(ai->opcode, &ai->api, true,
						  kprobes_t16_actions,
						  kprobes_t16_checkers);
	return thumb32_probes_decode_insn(ai->opcode, &ai->api, true,
					  kprobes_t32_actions,
					  kprobes_t32_checkers);
}
#else
static enum probes_insn kprobe_arm_decode(struct arch_specific_insn *ai)
{
	return arm_probes_decode_insn(ai->opcode, &ai->api, true,
				      kprobes_arm_actions, kprobes_arm_checkers);
}
#endif

/**
 * kprobe_arm_slot_write() - fill part of a slot or detour page
 * @dst: where in the page
 * @src: the bytes, in memory order
 * @len: how many; [@dst, @dst + @len) stays inside one page
 *
 * Slot and detour pages are read-only and executable (the core's
 * arch_kprobe_page_alloc()), and arm's text patching writes one
 * instruction at a time with an opcode conversion meant for
 * instructions, not for the literals a detour carries.  The page is
 * opened for writing instead: the other slots of the page stay
 * executable throughout, only their write permission changes.
 *
 * Context: kprobe_mutex held (no other writer of a slot page), may sleep.
 * Return: 0, or the error of set_memory_rw() / set_memory_ro().
 */
int kprobe_arm_slot_write(void *dst, const void *src, size_t len)
{
	unsigned long page = (unsigned long)dst & PAGE_MASK;
	int ret;

	kprobe_assert_mutex_held();
	if (WARN_ON_ONCE(((unsigned long)dst + len - 1) / PAGE_SIZE !=
			 page / PAGE_SIZE))
		return -EINVAL;
	ret = set_memory_rw(page, 1);
	if (ret)
		return ret;
	memcpy(dst, src, len);
	ret = set_memory_ro(page, 1);
	flush_icache_range((unsigned long)dst, (unsigned long)dst + len);
	return ret;
}

/* Copy the decoder's rewritten instruction and its return into a slot. */
static int kprobe_arm_fill_slot(struct arch_specific_insn *ai,
				const void *image)
{
	kprobe_opcode_t *slot = kprobe_slot_alloc();
	int ret;

	if (!slot)
		return -ENOMEM;
	ret = kprobe_arm_slot_write(slot, image, KPROBE_SLOT_SIZE);
	if (ret) {
		kprobe_slot_free(slot);
		return ret;
	}
	ai->api.insn = slot;
	ai->api.insn_fn = (probes_insn_fn_t *)((unsigned long)slot |
			  IS_ENABLED(CONFIG_THUMB2_KERNEL));
	return 0;
}

/**
 * arch_kprobe_prepare() - decode @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * The decoder says whether the instruction is simulated (branches, and
 * others that read pc), emulated from a rewritten copy in a slot, or
 * refused (what changes the mode or the exception state, and stores
 * below sp that the exception frame would overwrite).  An instruction
 * with an exception-table entry is refused as well: its copy would
 * fault in the slot, where no fixup is found.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an address that does not start an instruction,
 * -EINVAL for an instruction that cannot be probed, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	u32 image[KPROBE_SLOT_SIZE / sizeof(u32)] = { };
	int ret;

	kprobe_assert_mutex_held();
	if (addr & (IS_ENABLED(CONFIG_THUMB2_KERNEL) ? 1 : 3))
		return -EILSEQ;
	ret = kprobe_arm_check_place(addr, func);
	if (ret)
		return ret;
	if (search_exception_tables(addr))
		return -EINVAL;
	ai->len = kprobe_arm_read(addr, &ai->opcode);
	if (!ai->len)
		return -EINVAL;
	memset(&ai->api, 0, sizeof(ai->api));
	/* The decoder writes the rewritten instruction here. */
	ai->api.insn = image;

	switch (kprobe_arm_decode(ai)) {
	case INSN_GOOD:
		break;
	case INSN_GOOD_NO_SLOT:
		ai->api.insn = NULL;
		break;
	default:
		return -EINVAL;
	}
	/* __und_svc leaves MAX_STACK_SIZE bytes below sp for a store. */
	if (ai->api.stack_space < 0 || ai->api.stack_space > MAX_STACK_SIZE)
		return -EINVAL;
	if (!ai->api.insn)
		return 0;
	return kprobe_arm_fill_slot(ai, image);
}

/**
 * arch_kprobe_release() - free @site's slot
 * @site: a site no CPU can reach any more
 *
 * Context: process context, no kprobes lock held.
 */
void arch_kprobe_release(struct kprobe_site *site)
{
	if (site->ainsn.api.insn) {
		kprobe_slot_free(site->ainsn.api.insn);
		site->ainsn.api.insn = NULL;
	}
}

/**
 * arch_kprobe_adjust_addr() - the address to probe for symbol + offset
 * @addr: address of the symbol
 * @offset: offset into the symbol
 * @on_func_entry: set to whether the result is the function's entry
 *
 * A Thumb-2 function's address, and so a probe address taken from a
 * function pointer, has bit 0 set; the probe goes on the halfword it
 * names.
 *
 * Context: process context.
 * Return: the address to probe.
 */
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	unsigned long probe = addr + offset;

	if (IS_ENABLED(CONFIG_THUMB2_KERNEL)) {
		probe &= ~1UL;
		addr &= ~1UL;
	}
	*on_func_entry = probe == addr;
	return (kprobe_opcode_t *)probe;
}

/*
 * Text arm never probes, besides what the core refuses everywhere (the
 * kprobes, noinstr, irq and softirq entry text): the boot code before
 * _stext, the identity-mapped text that runs with the MMU off, and the
 * exception entry text, where __und_svc lives.
 */
static const struct kprobe_text_range kprobe_arm_refused[] = {
	{ _text, _stext },
	{ __idmap_text_start, __idmap_text_end },
	{ __entry_text_start, __entry_text_end },
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_arm_refused,
	.nr_sections = ARRAY_SIZE(kprobe_arm_refused),
};
