// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * s390 probe sites: which instructions may be probed, their out-of-line
 * slots, the breakpoints written over them, and what s390 never probes.
 *
 * A breakpoint replaces the first halfword of an instruction with one
 * aligned store (s390_kernel_write(), which writes read-only text too):
 * another CPU runs either the old instruction or the breakpoint.
 * arch_kprobe_patch_sync() then serialises every CPU once per batch
 * (text_poke_sync()), as jump labels do.
 */
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/uaccess.h>
#include <asm/dis.h>
#include <asm/text-patching.h>

/**
 * arch_kprobe_patch_sync() - make the halfwords written so far run
 *	everywhere
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	lockdep_assert_held(&text_mutex);
	text_poke_sync();
}

/**
 * arch_kprobe_arm() - write the breakpoint of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	u16 bp = BREAKPOINT_INSTRUCTION;

	s390_kernel_write(site->addr, &bp, sizeof(bp));
}

/**
 * arch_kprobe_disarm() - put the first halfword of @site's instruction back
 * @site: an armed site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	s390_kernel_write(site->addr, &site->ainsn.insn[0], sizeof(u16));
}

/*
 * The first halfword of the instruction at @pc, as it was before any
 * probe: a breakpoint there is another site's, whose copy says.
 *
 * Return: 0, or -EINVAL for unreadable text or a breakpoint no site owns
 * (QEMU's, for instance: the length of what it covers is unknown).
 */
static int kprobe_s390_first_half(unsigned long pc, u16 *half)
{
	struct kprobe_site *other;

	if (get_kernel_nofault(*half, (u16 *)pc))
		return -EINVAL;
	if (*half >> 8)
		return 0;
	other = *half == BREAKPOINT_INSTRUCTION ? kprobe_site_lookup(pc) : NULL;
	if (!other || other->on_ftrace)
		return -EINVAL;
	*half = other->ainsn.insn[0];
	return 0;
}

/*
 * Does @addr start an instruction of the function at @func?  Walks the
 * function's instructions from its start by their lengths.
 *
 * Return: 0, -EILSEQ if @addr is inside an instruction, -EINVAL if the
 * walk meets text it cannot decode.
 */
static int kprobe_s390_check_place(unsigned long addr, unsigned long func)
{
	unsigned long pc = func;
	u16 half;
	int ret;

	while (pc < addr) {
		ret = kprobe_s390_first_half(pc, &half);
		if (ret)
			return ret;
		pc += insn_length(half >> 8);
	}
	return pc == addr ? 0 : -EILSEQ;
}

/*
 * Copy @site's instruction into its slot.  A relative-long instruction
 * (RIL-b or RIL-c) gets its displacement re-aimed so that it still
 * designates the same address from the slot.
 */
static int kprobe_s390_fill_slot(struct kprobe_site *site,
				 kprobe_opcode_t *slot)
{
	struct arch_specific_insn *ai = &site->ainsn;
	u16 copy[3];
	s64 target, disp;

	memcpy(copy, ai->insn, ai->len);
	if (probe_is_insn_relative_long(copy)) {
		target = (s64)(unsigned long)site->addr +
			 2 * (s64)*(s32 *)&copy[1];
		disp = (target - (s64)(unsigned long)slot) / 2;
		if (disp != (s32)disp)
			return -EINVAL;
		*(s32 *)&copy[1] = disp;
	}
	s390_kernel_write(slot, copy, ai->len);
	return 0;
}

/*
 * Instructions that load the PSW or its system mask, beyond what the
 * shared classes prohibit (stnsm, stosm): the step's own mask and PER
 * setting would be overwritten (ssm, lpsw, lpswe).
 */
static bool kprobe_s390_sets_psw(const u16 *insn)
{
	return (insn[0] >> 8) == 0x80 || (insn[0] >> 8) == 0x82 ||
	       insn[0] == 0xb2b2;
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an address that is odd or inside an
 * instruction, -EINVAL for an instruction the shared classes prohibit
 * (probe_is_prohibited_opcode()) or one that loads the PSW or its
 * system mask, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	kprobe_opcode_t *slot;
	int ret;

	if (addr & 1)
		return -EILSEQ;
	ret = kprobe_s390_check_place(addr, func);
	if (ret)
		return ret;
	if (get_kernel_nofault(ai->insn[0], (u16 *)addr))
		return -EINVAL;
	ai->len = insn_length(ai->insn[0] >> 8);
	if (copy_from_kernel_nofault(ai->insn, (void *)addr, ai->len) ||
	    probe_is_prohibited_opcode(ai->insn) ||
	    kprobe_s390_sets_psw(ai->insn))
		return -EINVAL;

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	ret = kprobe_s390_fill_slot(site, slot);
	if (ret) {
		kprobe_slot_free(slot);
		return ret;
	}
	ai->slot = slot;
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

/**
 * arch_kprobe_page_alloc() - a page for out-of-line slots
 *
 * execmem gives s390 kernel-data protection (PAGE_KERNEL), not executable
 * where instruction-execution protection is installed: the page is made
 * read-only and executable whatever the configuration (the core's default
 * does that only with CONFIG_STRICT_MODULE_RWX, which needs modules).
 * Slots are written with s390_kernel_write(), which works on it.
 *
 * Context: process context, may sleep.
 * Return: the page, or NULL.
 */
void *arch_kprobe_page_alloc(void)
{
	return kprobe_page_alloc_rox();
}
