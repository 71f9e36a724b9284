// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SuperH probe sites: which instructions may be probed and how each is
 * run, their out-of-line slots, the traps written over them.
 *
 * SuperH instructions are 16 bits wide (SH-2A adds some 32-bit ones,
 * which are refused).  There is no hardware single step, so a probed
 * instruction runs from a slot followed by a second trap, unless the
 * handler can do its work directly:
 *
 *  - PC-relative loads (mov.w and mov.l @(disp,PC), mova) read the
 *    literal pool next to the probed address: its address is computed
 *    now, and the handler reads the literal and writes the destination
 *    register.
 *  - stc sr,Rn would read the interrupt mask the copy runs with: the
 *    handler copies the probed context's SR instead.
 *  - bt and bf are evaluated by the handler.
 *  - A branch with a delay slot (bra, bsr, braf, bsrf, jmp, jsr, rts,
 *    bt/s, bf/s) is evaluated by the handler on the registers as they
 *    are before the delay slot, as the CPU does, and its delay slot
 *    instruction runs from the slot (nothing runs for a nop).
 *
 * Kernel text is written with plain aligned halfword stores: another CPU
 * runs either the old or the new instruction.  arch_kprobe_arm() and
 * arch_kprobe_disarm() queue their stores; the core's batched writer
 * (kernel/kprobes/text_batch.c) makes them, then writes the data cache
 * back and invalidates the instruction caches over the range once per
 * batch.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/gfp.h>
#include <linux/irqflags.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>
#include <linux/processor.h>

#include "common.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write: an instruction, the trap or an original one
 *
 * Context: text_mutex held.
 * Return: 0.
 */
notrace int arch_kprobe_text_poke(const struct kprobe_text_write *w)
{
	WRITE_ONCE(*(kprobe_opcode_t *)w->addr, w->insn);
	return 0;
}
NOKPROBE_SYMBOL(arch_kprobe_text_poke);

/**
 * arch_kprobe_text_flush() - make the instructions written run everywhere
 * @start: the first byte written
 * @end: the byte after the last
 *
 * One flush of the caches for the whole range (flush_icache_range()
 * reaches every CPU).
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
notrace void arch_kprobe_text_flush(unsigned long start, unsigned long end)
{
	flush_icache_range(start, end);
}
NOKPROBE_SYMBOL(arch_kprobe_text_flush);

/**
 * arch_kprobe_arm() - write the trap of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, KPROBE_SH_BP, sizeof(kprobe_opcode_t));
}

/**
 * arch_kprobe_disarm() - put @site's instruction back
 * @site: an armed site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, site->ainsn.insn,
			  sizeof(kprobe_opcode_t));
}

/* Branches that execute the next instruction first (rte included). */
static bool kprobe_sh_is_delayed(kprobe_opcode_t insn)
{
	switch (insn & 0xf000) {
	case 0xa000:			/* bra */
	case 0xb000:			/* bsr */
		return true;
	}
	switch (insn & 0xff00) {
	case 0x8d00:			/* bt/s */
	case 0x8f00:			/* bf/s */
		return true;
	}
	switch (insn & 0xf0ff) {
	case 0x0003:			/* bsrf Rm */
	case 0x0023:			/* braf Rm */
	case 0x400b:			/* jsr @Rm */
	case 0x402b:			/* jmp @Rm */
		return true;
	}
	return insn == 0x000b || insn == 0x002b;	/* rts, rte */
}

/* bt and bf, the conditional branches without a delay slot. */
static bool kprobe_sh_is_cond(kprobe_opcode_t insn)
{
	return (insn & 0xfd00) == 0x8900;
}

/* mov.w @(disp,PC),Rn, mov.l @(disp,PC),Rn and mova @(disp,PC),R0. */
static bool kprobe_sh_is_pcrel(kprobe_opcode_t insn)
{
	return (insn & 0xf000) == 0x9000 || (insn & 0xf000) == 0xd000 ||
	       (insn & 0xff00) == 0xc700;
}

/* stc sr,Rn */
static bool kprobe_sh_is_stc_sr(kprobe_opcode_t insn)
{
	return (insn & 0xf0ff) == 0x0002;
}

/*
 * ldc, ldc.l, stc and stc.l of SR (the copy runs with its own interrupt
 * mask, which is put back afterwards), SSR, SPC and SGR (every exception,
 * the traps of a probe included, overwrites them), DBR, the DSP's MOD, RS
 * and RE (their repeat loop would not survive the detour), and of the
 * banked registers k0-k4: the exception entry code uses them as scratch,
 * so the probe's own trap replaces what they held (k2 is the exception
 * code that lookup_exception_vector() reads).  GBR, VBR, and k5-k7 (the
 * kernel keeps the interrupt mask and current's thread_info in k6 and
 * k7; "stc r7_bank,Rn" is how C code reads current) are fine.  stc sr,Rn
 * is handled by the caller.
 */
static bool kprobe_sh_is_system_cr(kprobe_opcode_t insn)
{
	unsigned int cr = (insn >> 4) & 0xf;

	switch (insn & 0xf00f) {
	case 0x0002:			/* stc CR,Rn */
	case 0x4003:			/* stc.l CR,@-Rn */
	case 0x4007:			/* ldc.l @Rm+,CR */
	case 0x400e:			/* ldc Rm,CR */
		if (cr >= 8)		/* Rn_BANK */
			return (cr & 7) <= 4;
		return cr != 1 && cr != 2;
	}
	switch (insn & 0xf0ff) {
	case 0x003a:			/* stc sgr,Rn */
	case 0x00fa:			/* stc dbr,Rn */
	case 0x4032:			/* stc.l sgr,@-Rn */
	case 0x40f2:			/* stc.l dbr,@-Rn */
	case 0x40f6:			/* ldc.l @Rm+,dbr */
	case 0x40fa:			/* ldc Rm,dbr */
		return true;
	}
	return false;
}

/*
 * The SH-DSP repeat loop setup: ldrs and ldre @(disp,PC), which would
 * read the slot's PC, and setrc #imm and setrc Rm.  Reserved on CPUs
 * without the DSP.
 */
static bool kprobe_sh_is_dsp_loop(kprobe_opcode_t insn)
{
	return (insn & 0xfd00) == 0x8c00 || (insn & 0xff00) == 0x8200 ||
	       (insn & 0xf0ff) == 0x4014;
}

/* SH-4A's movli.l and movco.l, the load-linked pair. */
static bool kprobe_sh_is_movli(kprobe_opcode_t insn)
{
	return (insn & 0xf0ff) == 0x0063;
}

static bool kprobe_sh_is_movco(kprobe_opcode_t insn)
{
	return (insn & 0xf0ff) == 0x0073;
}

/* SH-2A's branches without a delay slot: jsr/n, rts/n, rtv/n. */
static bool kprobe_sh_is_sh2a_branch(kprobe_opcode_t insn)
{
	if (!IS_ENABLED(CONFIG_CPU_SH2A))
		return false;
	return (insn & 0xf0ff) == 0x404b || insn == 0x006b ||
	       (insn & 0xf0ff) == 0x007b;
}

/*
 * Instructions that never run out of line: trapa, rte, sleep (it would
 * wait with interrupts masked), ldtlb (a TLB miss in a handler would
 * change the PTEH and PTEL it loads), the system control registers, the
 * movli.l/movco.l pair (every exception clears the link, so movco.l
 * would fail for ever), the DSP's repeat loop setup, SH-2A's 32-bit
 * instructions and delay-less branches.
 */
static bool kprobe_sh_refused(kprobe_opcode_t insn)
{
	return KPROBE_SH_IS_TRAPA(insn) || insn == 0x002b ||
	       insn == 0x001b || insn == 0x0038 ||
	       kprobe_sh_is_system_cr(insn) || kprobe_sh_is_movli(insn) ||
	       kprobe_sh_is_movco(insn) || kprobe_sh_is_dsp_loop(insn) ||
	       kprobe_sh_is_sh2a_branch(insn) ||
	       instruction_size(insn) != sizeof(kprobe_opcode_t);
}

/*
 * How far back to look for a movli.l that @addr could follow before its
 * movco.l; the kernel's sequences are a few instructions long.
 */
#define KPROBE_SH_LINK_WINDOW	8

/*
 * Can a trap go at @addr, in the function starting at @func?  Not in a
 * delay slot (a trapa there is an illegal slot instruction), nor between
 * a movli.l and its movco.l.  Literal pools sit between instructions, so
 * the halfwords before @addr may be data that looks like either: then
 * the probe is refused though it would have been safe.
 *
 * Return: 0, or -EINVAL.
 */
static int kprobe_sh_check_place(unsigned long addr, unsigned long func)
{
	kprobe_opcode_t insn;
	unsigned long pc;
	unsigned int n;

	if (addr <= func)
		return 0;
	if (get_kernel_nofault(insn, (kprobe_opcode_t *)(addr - 2)) ||
	    kprobe_sh_is_delayed(insn))
		return -EINVAL;
	for (n = 0, pc = addr - 2; n < KPROBE_SH_LINK_WINDOW && pc >= func;
	     n++, pc -= 2) {
		if (get_kernel_nofault(insn, (kprobe_opcode_t *)pc))
			return -EINVAL;
		if (kprobe_sh_is_movco(insn))
			return 0;
		if (kprobe_sh_is_movli(insn))
			return -EINVAL;
	}
	return 0;
}

/* Fill @site's slot with @insn, then the trap that ends the step. */
static int kprobe_sh_fill_slot(struct kprobe_site *site, kprobe_opcode_t insn)
{
	kprobe_opcode_t image[KPROBE_SLOT_SIZE / sizeof(kprobe_opcode_t)];
	kprobe_opcode_t *slot;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_SH_STEP_END;
	image[0] = insn;

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	memcpy(slot, image, sizeof(image));
	flush_icache_range((unsigned long)slot,
			   (unsigned long)slot + sizeof(image));
	site->ainsn.slot = slot;
	return 0;
}

/*
 * The address a PC-relative instruction at @addr uses: what mova writes,
 * or where the loads find their literal (read by the hit, not now: the
 * literal may change while the probe is armed, as dynamic ftrace does to
 * the mcount call's).  PC reads as @addr + 4, rounded down to 4 bytes for
 * the long forms.
 */
static int kprobe_sh_pcrel_addr(unsigned long addr, kprobe_opcode_t insn,
				unsigned long *value)
{
	unsigned long disp = insn & 0xff;
	u32 word;
	u16 half;

	if ((insn & 0xf000) == 0x9000) {		/* mov.w */
		*value = addr + 4 + disp * 2;
		return get_kernel_nofault(half, (u16 *)*value) ? -EINVAL : 0;
	}
	*value = (addr & ~3UL) + 4 + disp * 4;
	if ((insn & 0xff00) == 0xc700)			/* mova */
		return 0;
	return get_kernel_nofault(word, (u32 *)*value) ? -EINVAL : 0;
}

/*
 * A branch with a delay slot: its delay slot instruction must be one
 * that runs from a slot as it would after the branch (not PC-relative,
 * which reads the branch's PC, not another branch, not refused, and
 * without an exception-table entry, whose fault would be looked up at
 * the branch).  A nop needs no slot.
 */
static int kprobe_sh_prepare_delayed(struct kprobe_site *site)
{
	unsigned long next = (unsigned long)site->addr + 2;
	kprobe_opcode_t insn;

	if (site->ainsn.insn == 0x002b)			/* rte */
		return -EINVAL;
	if (get_kernel_nofault(insn, (kprobe_opcode_t *)next) ||
	    kprobe_sh_refused(insn) || kprobe_sh_is_delayed(insn) ||
	    kprobe_sh_is_cond(insn) || kprobe_sh_is_pcrel(insn) ||
	    kprobe_sh_is_stc_sr(insn) || search_exception_tables(next))
		return -EINVAL;
	site->ainsn.kind = KPROBE_SH_DELAYED;
	if (insn == KPROBE_SH_NOP)
		return 0;
	return kprobe_sh_fill_slot(site, insn);
}

/**
 * arch_kprobe_prepare() - check @site's instruction and say how it runs
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Most instructions run from a slot; PC-relative loads, stc sr,Rn, bt
 * and bf are done by the handler; a branch with a delay slot is
 * evaluated by the handler and its delay slot instruction runs from the
 * slot.  Refused with -EINVAL: delay slots, movli.l/movco.l windows,
 * trapa, rte, sleep, ldtlb, accesses to SR (but stc sr,Rn), SSR, SPC,
 * SGR, DBR, MOD, RS, RE and k0-k4, the DSP's repeat loop setup, SH-2A's
 * 32-bit instructions and delay-less branches, and branches whose delay
 * slot instruction cannot run out of line.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an odd address, -EINVAL, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	kprobe_opcode_t insn;
	int ret;

	if (!IS_ALIGNED(addr, sizeof(kprobe_opcode_t)))
		return -EILSEQ;
	ret = kprobe_sh_check_place(addr, func);
	if (ret)
		return ret;
	if (get_kernel_nofault(insn, site->addr))
		return -EINVAL;
	ai->insn = insn;
	ai->slot = NULL;
	ai->value = 0;
	ai->reg = kprobe_sh_reg8(insn);

	if (kprobe_sh_is_delayed(insn))
		return kprobe_sh_prepare_delayed(site);
	if (kprobe_sh_is_cond(insn)) {
		ai->kind = KPROBE_SH_COND;
		return 0;
	}
	if (kprobe_sh_is_pcrel(insn)) {
		ai->kind = KPROBE_SH_LOAD;
		if ((insn & 0xff00) == 0xc700)		/* mova writes r0 */
			ai->reg = 0;
		return kprobe_sh_pcrel_addr(addr, insn, &ai->value);
	}
	if (kprobe_sh_is_stc_sr(insn)) {
		ai->kind = KPROBE_SH_STC_SR;
		return 0;
	}
	if (kprobe_sh_refused(insn))
		return -EINVAL;
	ai->kind = KPROBE_SH_COPY;
	return kprobe_sh_fill_slot(site, insn);
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
 * A page of the kernel's linear mapping: SuperH has no execute
 * permission to grant, and in the untranslated P1 segment fetching a
 * copy never takes a TLB miss.
 *
 * Context: process context, may sleep.
 * Return: the page, or NULL.
 */
void *arch_kprobe_page_alloc(void)
{
	return (void *)__get_free_page(GFP_KERNEL);
}

/**
 * arch_kprobe_page_free() - free a page of arch_kprobe_page_alloc()
 * @page: the page
 *
 * Context: process context.
 */
void arch_kprobe_page_free(void *page)
{
	free_page((unsigned long)page);
}

/*
 * What a probe trap runs through.  The exception entry and exit code
 * (entry.o of SH-3 and SH-4, from tlb_miss_load, or restore_regs without
 * an MMU, to the rts and delay slot of exception_none, in plain .text)
 * runs with the block bit set or on the exception registers, where a
 * trapa resets the CPU or loses the state.  debug_trap_handler() runs
 * before the notifier of every probe trap, and the out-of-line interrupt
 * flag helpers inside it: a probe on either would trap for ever.
 * breakpoint_trap_handler() reads the exception code from k2 and hands
 * it to the UBC and kgdb notifiers, which test it: a probe trap ahead of
 * that read would replace it with its own.
 */
static const struct kprobe_text_range kprobe_sh_sections[] = {
#if defined(CONFIG_CPU_SH3) || defined(CONFIG_CPU_SH4)
#ifdef CONFIG_MMU
	{ tlb_miss_load, exception_none + 4 },
#else
	{ restore_regs, exception_none + 4 },
#endif
#endif
};

static const void * const kprobe_sh_funcs[] = {
	debug_trap_handler,
	arch_local_irq_restore,
	arch_local_save_flags,
#ifdef CONFIG_HAVE_HW_BREAKPOINT
	breakpoint_trap_handler,
#endif
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_sh_sections,
	.nr_sections = ARRAY_SIZE(kprobe_sh_sections),
	.funcs = kprobe_sh_funcs,
	.nr_funcs = ARRAY_SIZE(kprobe_sh_funcs),
};
