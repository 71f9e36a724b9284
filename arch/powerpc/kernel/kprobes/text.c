// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * powerpc probe sites: which instructions may be probed, their
 * out-of-line slots, the traps written over them, and the text powerpc
 * never probes.
 *
 * An instruction word is replaced with one aligned store through
 * patch_instruction(), which also pushes it out of the data cache and
 * invalidates it in every CPU's instruction cache: another CPU runs
 * either the old or the new word.  arch_kprobe_patch_sync() then makes
 * every CPU discard what it may have fetched before, with one round of
 * interrupts per batch (their return is context synchronising), not one
 * per probe.
 */
#include <linux/bits.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <asm/code-patching.h>
#include <asm/sections.h>

#include "common.h"

/**
 * arch_kprobe_patch_sync() - make the words written so far run everywhere
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	lockdep_assert_held(&text_mutex);
	kick_all_cpus_sync();
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
	WARN_ON_ONCE(patch_instruction(site->addr,
				       ppc_inst(BREAKPOINT_INSTRUCTION)));
}

/**
 * arch_kprobe_disarm() - put the first word of @site's instruction back
 * @site: an armed site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	u32 word = ppc_inst_val(site->ainsn.insn);

	WARN_ON_ONCE(patch_instruction(site->addr, ppc_inst(word)));
}

/*
 * Load-and-reserve and store-conditional: primary opcode 31 with these
 * extended opcodes (byte, halfword, word, doubleword, quadword).
 */
static bool kprobe_ppc_is_larx(u32 word)
{
	if (get_op(word) != 31)
		return false;
	switch (get_xop(word)) {
	case 20: case 52: case 84: case 116: case 276:
		return true;
	}
	return false;
}

static bool kprobe_ppc_is_stcx(u32 word)
{
	if (get_op(word) != 31)
		return false;
	switch (get_xop(word)) {
	case 150: case 182: case 214: case 694: case 726:
		return true;
	}
	return false;
}

/*
 * The instruction at @pc as the code has it, for walking a function: where
 * a probe's trap (or an optimized probe's branch) already stands in for a
 * prefixed instruction, the site keeps the whole instruction, and the walk
 * must step over its suffix rather than take the suffix for an instruction
 * of its own.
 *
 * Context: kprobe_mutex held.
 */
static int kprobe_ppc_read_orig(unsigned long pc, ppc_inst_t *insn)
{
	struct kprobe_site *site = kprobe_site_lookup(pc);

	if (site && !site->on_ftrace) {
		*insn = site->ainsn.insn;
		return 0;
	}
	return copy_inst_from_kernel_nofault(insn, (u32 *)pc) ? -EFAULT : 0;
}

/*
 * Where may a probe go in the function starting at @func?  Walks its
 * instructions from the start up to @addr, which must begin one (not
 * be the suffix of a prefixed instruction).  A probe may not sit on a
 * load-and-reserve or between it and its store-conditional: every return
 * from an interrupt clears the reservation, so the store would fail every
 * time and the loop would never end.
 *
 * Return: 0, -EILSEQ if @addr is inside an instruction, -EINVAL if it is
 * on a reservation sequence or past unreadable text.
 */
static int kprobe_ppc_check_place(unsigned long addr, unsigned long func)
{
	unsigned long pc = func;
	bool reserved = false;
	ppc_inst_t insn;

	while (pc < addr) {
		if (kprobe_ppc_read_orig(pc, &insn))
			return -EINVAL;
		if (kprobe_ppc_is_larx(ppc_inst_val(insn)))
			reserved = true;
		else if (kprobe_ppc_is_stcx(ppc_inst_val(insn)))
			reserved = false;
		pc += ppc_inst_len(insn);
	}
	if (pc != addr)
		return -EILSEQ;
	return reserved ? -EINVAL : 0;
}

/*
 * Instructions that change the interrupt state behind the hit's back:
 * on 64-bit a store through r13 (the paca, which holds the soft
 * interrupt mask that the interrupt return reloads from the registers
 * of the hit), on BookE wrtee and wrteei (MSR[EE], which the hit puts
 * back too).  D-form stores are primary opcodes 36 to 39 (stw, stb) and
 * 44 to 45 (sth); DS-form std is 62; RA is bits 16 to 20.
 */
static bool kprobe_ppc_changes_irqs(u32 word)
{
	unsigned int op = get_op(word);

	if (IS_ENABLED(CONFIG_PPC64) && get_ra(word) == 13 &&
	    ((op >= 36 && op <= 39) || op == 44 || op == 45 || op == 62))
		return true;
	return op == 31 && (get_xop(word) == 131 || get_xop(word) == 163);
}

/* Bit R of an 8LS or MLS prefix: the address is relative to the nip. */
#define KPROBE_PPC_PREFIX_R	BIT(20)

/*
 * Can @insn run from a slot, if emulate_step() declines it?  Not the
 * instructions that change the MSR or leave the kernel, nor those that
 * change the interrupt state (see above), nor traps (a trap of the copy
 * would stop at the slot), nor a reservation, nor a prefixed instruction
 * whose address is relative to where it runs.
 */
static bool kprobe_ppc_can_copy(ppc_inst_t insn)
{
	u32 word = ppc_inst_val(insn);

	if (!can_single_step(word) || is_trap(word) ||
	    kprobe_ppc_is_larx(word) || kprobe_ppc_is_stcx(word) ||
	    kprobe_ppc_changes_irqs(word))
		return false;
	return !ppc_inst_prefixed(insn) || !(word & KPROBE_PPC_PREFIX_R);
}

/* Fill @site's slot: the instruction, then the trap that ends the step. */
static int kprobe_ppc_fill_slot(struct kprobe_site *site)
{
	struct arch_specific_insn *ai = &site->ainsn;
	u32 image[KPROBE_SLOT_SIZE / sizeof(u32)];
	unsigned int words = ppc_inst_len(ai->insn) / sizeof(u32);
	kprobe_opcode_t *slot;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = BREAKPOINT_INSTRUCTION;
	image[0] = ppc_inst_val(ai->insn);
	if (words == 2)
		image[1] = ppc_inst_suffix(ai->insn);

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	mutex_lock(&text_mutex);
	ret = patch_instructions(slot, image, sizeof(image), false);
	mutex_unlock(&text_mutex);
	if (ret) {
		kprobe_slot_free(slot);
		return ret;
	}
	ai->slot = slot;
	return 0;
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Every hit first offers the instruction to emulate_step(); what it
 * declines runs from the slot.  Instructions that can run neither way
 * (see kprobe_ppc_can_copy()) are refused.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an address inside an instruction, -EINVAL for
 * an instruction that cannot be probed, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	int ret;

	if (!IS_ALIGNED(addr, sizeof(u32)))
		return -EILSEQ;
	ret = kprobe_ppc_check_place(addr, func);
	if (ret)
		return ret;
	if (copy_inst_from_kernel_nofault(&ai->insn, site->addr))
		return -EINVAL;
	if (!kprobe_ppc_can_copy(ai->insn))
		return -EINVAL;
	ai->slot = NULL;
	return kprobe_ppc_fill_slot(site);
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

/*
 * The instruction a call of @func starts with: the ftrace call site when
 * kprobes hooks those (its registers are still the entry's), else the
 * local entry point, past the two instructions that set up the TOC
 * pointer for callers from another module (ELFv2).  Every call runs
 * through either; the global entry is skipped by calls within a TOC.
 */
static unsigned long kprobe_ppc_call_entry(unsigned long func)
{
	unsigned long site = kprobe_ppc_ftrace_site_in(func);

	if (site)
		return site;
	if (IS_ENABLED(CONFIG_PPC64_ELF_ABI_V2))
		return ppc_function_entry((void *)func);
	return func;
}

/**
 * arch_kprobe_adjust_addr() - the address to probe for symbol + offset
 * @addr: address of the symbol
 * @offset: offset into the symbol
 * @on_func_entry: set to whether the result is the function's entry
 *
 * Offset 0 means the function: its call entry (see above).  An explicit
 * offset is taken as it is; up to the call entry it is still the entry,
 * with the return address in the link register.
 *
 * Context: process context.
 * Return: the address to probe.
 */
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	unsigned long entry = kprobe_ppc_call_entry(addr);

	if (!offset) {
		*on_func_entry = true;
		return (kprobe_opcode_t *)entry;
	}
	*on_func_entry = addr + offset <= entry;
	return (kprobe_opcode_t *)(addr + offset);
}

/*
 * Text powerpc never probes, besides what the core refuses everywhere
 * (the kprobes, noinstr, irq and softirq entry text): the head, which
 * holds the interrupt vectors and runs with translation off.
 */
static const struct kprobe_text_range kprobe_ppc_refused[] = {
	{ _stext, __head_end },
};

/*
 * Code that runs between two tasks, where neither a kprobe nor a
 * kretprobe can go: the stack switch and the first return of a new task.
 * Assembly symbols, found by name.
 */
static const char * const kprobe_ppc_refused_syms[] = {
	"_switch", "ret_from_fork", "ret_from_fork_scv",
	"ret_from_kernel_user_thread", "start_kernel_thread",
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_ppc_refused,
	.nr_sections = ARRAY_SIZE(kprobe_ppc_refused),
	.names = kprobe_ppc_refused_syms,
	.nr_names = ARRAY_SIZE(kprobe_ppc_refused_syms),
};
