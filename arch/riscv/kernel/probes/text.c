// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * riscv probe sites: which instructions may be probed, their out-of-line
 * slots, the EBREAKs written over them, and the text riscv never probes.
 *
 * An instruction another CPU may be fetching is not rewritten under it:
 * arch_kprobe_arm() and arch_kprobe_disarm() only queue their writes, and
 * the core's batched writer (kernel/kprobes/text_batch.c) makes all of
 * them in one stop_machine(), with every other CPU parked and then made
 * to refetch its instructions (FENCE.I) once per batch, not once per
 * probe.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/ftrace.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/patch.h>
#include <asm/sections.h>

#include "common.h"
#include "decode-insn.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write
 *
 * Context: stop_machine(), interrupts off, the other CPUs waiting.
 * Return: 0 or the error of patch_insn_write().
 */
notrace int arch_kprobe_text_poke(const struct kprobe_text_write *w)
{
	int ret;

	/*
	 * A stopper thread, not the holder of text_mutex, writes; tell
	 * patch_insn_write() that the holder waits for it.
	 */
	riscv_patch_in_stop_machine = true;
	ret = patch_insn_write(w->addr, &w->insn, w->len);
	riscv_patch_in_stop_machine = false;
	return ret;
}
NOKPROBE_SYMBOL(arch_kprobe_text_poke);

/**
 * arch_kprobe_text_refetch() - drop the instructions fetched before
 * @writer: true on the CPU that stored, whose patch_insn_write() did so
 *
 * Context: stop_machine(), interrupts off.
 */
notrace void arch_kprobe_text_refetch(bool writer)
{
	if (!writer)
		local_flush_icache_all();
}
NOKPROBE_SYMBOL(arch_kprobe_text_refetch);

/**
 * arch_kprobe_arm() - queue the breakpoint of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	if (site->ainsn.len == 2)
		kprobe_text_queue(site->addr, KPROBE_RISCV_C_EBREAK, 2);
	else
		kprobe_text_queue(site->addr, KPROBE_RISCV_EBREAK, 4);
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
	kprobe_text_queue(site->addr, site->ainsn.opcode, site->ainsn.len);
}

/* Read the instruction at @addr: its bits in *@insn, its length returned. */
static unsigned int kprobe_riscv_read(unsigned long addr, u32 *insn)
{
	u16 half[2];
	unsigned int len;

	if (copy_from_kernel_nofault(&half[0], (void *)addr, sizeof(half[0])))
		return 0;
	len = kprobe_riscv_insn_len(half[0]);
	if (len != 4) {
		*insn = half[0];
		return len;
	}
	if (copy_from_kernel_nofault(&half[1], (void *)(addr + 2),
				     sizeof(half[1])))
		return 0;
	*insn = half[0] | (u32)half[1] << 16;
	return 4;
}

/* LR and SC: the A extension's opcode with funct5 2 and 3. */
#define KPROBE_RISCV_AMO_MASK	0xf800007fU
#define KPROBE_RISCV_LR		0x1000002fU
#define KPROBE_RISCV_SC		0x1800002fU

static bool kprobe_riscv_is_lr(u32 insn, unsigned int len)
{
	return len == 4 && (insn & KPROBE_RISCV_AMO_MASK) == KPROBE_RISCV_LR;
}

static bool kprobe_riscv_is_sc(u32 insn, unsigned int len)
{
	return len == 4 && (insn & KPROBE_RISCV_AMO_MASK) == KPROBE_RISCV_SC;
}

/*
 * Where may a probe go in the function starting at @func?  Walks its
 * instructions from the start (after ftrace's call site, which only
 * ftrace may patch) up to @addr, which must be the start of one.  A
 * probe may not sit on an LR or between it and its SC: every return from
 * an exception drops the reservation (ret_from_exception's dummy SC), so
 * the SC would fail every time and the loop would never end.
 *
 * Return: 0, -EILSEQ if @addr is inside an instruction, -EINVAL if it is
 * in ftrace's call site, on an LR/SC sequence or past unreadable text.
 */
static int kprobe_riscv_check_place(unsigned long addr, unsigned long func)
{
	unsigned long pc = func;
	bool in_lrsc = false;
	unsigned int len;
	u32 insn;

	if (KPROBE_RISCV_FTRACE_LEN && kprobe_ftrace_call_site(func))
		pc += KPROBE_RISCV_FTRACE_LEN;
	if (addr < pc)
		return -EINVAL;
	while (pc < addr) {
		len = kprobe_riscv_read(pc, &insn);
		if (!len)
			return -EINVAL;
		if (kprobe_riscv_is_lr(insn, len))
			in_lrsc = true;
		else if (kprobe_riscv_is_sc(insn, len))
			in_lrsc = false;
		pc += len;
	}
	if (pc != addr)
		return -EILSEQ;
	return in_lrsc ? -EINVAL : 0;
}

/* Fill @site's slot: the instruction, then the EBREAK that ends the step. */
static int kprobe_riscv_fill_slot(struct kprobe_site *site)
{
	struct arch_specific_insn *ai = &site->ainsn;
	u16 image[KPROBE_SLOT_SIZE / sizeof(u16)];
	u32 ebreak = KPROBE_RISCV_EBREAK;
	kprobe_opcode_t *slot;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_RISCV_C_EBREAK;
	memcpy(image, &ai->opcode, ai->len);
	memcpy((u8 *)image + ai->len, &ebreak, sizeof(ebreak));

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	mutex_lock(&text_mutex);
	ret = patch_text_nosync(slot, image, sizeof(image));
	mutex_unlock(&text_mutex);
	if (ret) {
		kprobe_slot_free(slot);
		return ret;
	}
	ai->api.insn = slot;
	ai->api.restore = (unsigned long)site->addr + ai->len;
	return 0;
}

/**
 * arch_kprobe_prepare() - decode @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Jumps, branches and AUIPC are simulated (decode-insn.c says which);
 * system instructions, fences, C.EBREAK, instructions with an exception
 * fixup and LR/SC sequences are refused.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an address inside an instruction, -EINVAL for
 * an instruction that cannot be probed, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	probe_opcode_t insn;
	unsigned int len;
	int ret;

	kprobe_assert_mutex_held();
	if (!IS_ALIGNED(addr, IS_ENABLED(CONFIG_RISCV_ISA_C) ? 2 : 4))
		return -EILSEQ;
	ret = kprobe_riscv_check_place(addr, func);
	if (ret)
		return ret;
	if (search_exception_tables(addr))
		return -EINVAL;
	len = kprobe_riscv_read(addr, &insn);
	if (!len || kprobe_riscv_is_lr(insn, len))
		return -EINVAL;
	ai->opcode = insn;
	ai->len = len;
	ai->api.insn = NULL;
	ai->api.handler = NULL;
	ai->api.restore = 0;

	switch (riscv_probe_decode_insn(&insn, &ai->api)) {
	case INSN_GOOD_NO_SLOT:
		return 0;
	case INSN_GOOD:
		return kprobe_riscv_fill_slot(site);
	default:
		return -EINVAL;
	}
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
 * A traced function starts with ftrace's call site, which only ftrace
 * may rewrite; a probe on the function goes on the instruction after it,
 * where ra and sp are still those of the entry.
 *
 * Context: process context.
 * Return: the address to probe.
 */
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	if (KPROBE_RISCV_FTRACE_LEN && kprobe_ftrace_call_site(addr)) {
		if (!offset)
			offset = KPROBE_RISCV_FTRACE_LEN;
		*on_func_entry = offset == KPROBE_RISCV_FTRACE_LEN;
	} else {
		*on_func_entry = !offset;
	}
	return (kprobe_opcode_t *)(addr + offset);
}

/*
 * Text riscv never probes, besides what the core refuses everywhere
 * (the kprobes, noinstr, irq and softirq entry text, where do_trap_break()
 * and the exception entry live): the boot code before _stext, which also
 * starts secondary CPUs with the MMU off, and the entry text.
 */
static const struct kprobe_text_range kprobe_riscv_refused[] = {
	{ _start, _stext },
	{ __entry_text_start, __entry_text_end },
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_riscv_refused,
	.nr_sections = ARRAY_SIZE(kprobe_riscv_refused),
};
