// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LoongArch probe sites: which instructions may be probed, their
 * out-of-line slots, the breaks written over them, and the code LoongArch
 * never probes.
 *
 * Kernel text is reached through the direct mapping windows, module text
 * through pages the kernel may write: a site is written with one aligned
 * word store, so another CPU fetches either the old or the new word.  The
 * instruction caches are coherent with stores, but a CPU sees a changed
 * instruction only after an ibar (or an exception return) of its own.
 * arch_kprobe_arm() and arch_kprobe_disarm() only queue their stores;
 * the core's batched writer (kernel/kprobes/text_batch.c) makes them and
 * runs ibar on every CPU once per batch.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <asm/inst.h>
#include <asm/loongarch.h>

#include "common.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write: a break or an original word
 *
 * Context: text_mutex held.
 * Return: 0 or the error of larch_insn_write().
 */
notrace int arch_kprobe_text_poke(const struct kprobe_text_write *w)
{
	return larch_insn_write(w->addr, w->insn);
}
NOKPROBE_SYMBOL(arch_kprobe_text_poke);

static notrace void kprobe_la_ibar(void *unused)
{
	local_flush_icache_range(0, 0);
}
NOKPROBE_SYMBOL(kprobe_la_ibar);

/**
 * arch_kprobe_text_flush() - make the words written run everywhere
 * @start: the first byte written
 * @end: the byte after the last
 *
 * The caches are coherent; every CPU runs an ibar.
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
notrace void arch_kprobe_text_flush(unsigned long start, unsigned long end)
{
	flush_icache_range(start, end);
	on_each_cpu(kprobe_la_ibar, NULL, 1);
}
NOKPROBE_SYMBOL(arch_kprobe_text_flush);

/**
 * arch_kprobe_arm() - write the break of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, KPROBE_LA_BP, sizeof(u32));
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
	kprobe_text_queue(site->addr, site->ainsn.insn, sizeof(u32));
}

/* ll.w, ll.d and llacq.w/d open a linked sequence. */
static bool kprobe_la_is_ll(union loongarch_instruction insn)
{
	switch (insn.reg2i14_format.opcode) {
	case llw_op:
	case lld_op:
		return true;
	}
	return insn.reg2_format.opcode == llacqw_op ||
	       insn.reg2_format.opcode == llacqd_op;
}

/* sc.w, sc.d and screl.w/d close it (sc.q is refused on its own). */
static bool kprobe_la_is_sc(union loongarch_instruction insn)
{
	switch (insn.reg2i14_format.opcode) {
	case scw_op:
	case scd_op:
		return true;
	}
	return insn.reg2_format.opcode == screlw_op ||
	       insn.reg2_format.opcode == screld_op;
}

/*
 * Encodings the kernel's <asm/inst.h> has no names for, from the
 * LoongArch reference manual: the 17-bit major opcodes of break, dbcl,
 * syscall and hvcl (0x54 to 0x57, a 15-bit code below), of idle (a 15-bit
 * level below), ertn as a whole word, and the CSR group: bits 31..24 are
 * 0x04, rj says csrrd (0), csrwr (1) or csrxchg (any other), the CSR
 * number is in bits 23..10.
 */
#define KPROBE_LA_OP17(word)		((word) >> 15)
#define KPROBE_LA_OP17_BREAK		0x54
#define KPROBE_LA_OP17_HVCL		0x57
#define KPROBE_LA_OP17_IDLE		0xc91
#define KPROBE_LA_ERTN			0x06483800
#define KPROBE_LA_IS_CSR(word)		(((word) >> 24) == 0x04)
#define KPROBE_LA_CSR_NUM(word)		(((word) >> 10) & 0x3fff)

/*
 * Instructions that must not run from a slot: those that trap or leave
 * the kernel (break, dbcl, syscall, hvcl, ertn, idle), and any access
 * (csrrd, csrwr, csrxchg) to the CSRs the step itself uses: CRMD (the
 * interrupt enable, forced off during the step and put back after it: a
 * read there says interrupts are off, and writing that value back later
 * would leave them off), PRMD and ERA (the state of the exception that
 * returns into the slot, not the probed context's).
 */
static bool kprobe_la_traps(union loongarch_instruction insn)
{
	u32 word = insn.word;
	u32 op = KPROBE_LA_OP17(word);

	if (op >= KPROBE_LA_OP17_BREAK && op <= KPROBE_LA_OP17_HVCL)
		return true;
	if (op == KPROBE_LA_OP17_IDLE || word == KPROBE_LA_ERTN)
		return true;
	if (KPROBE_LA_IS_CSR(word)) {
		switch (KPROBE_LA_CSR_NUM(word)) {
		case LOONGARCH_CSR_CRMD:
		case LOONGARCH_CSR_PRMD:
		case LOONGARCH_CSR_ERA:
			return true;
		}
	}
	return false;
}

/*
 * Is @insn one that kprobes cannot run, neither computed nor copied?
 * insns_not_supported() (shared with uprobes) refuses the atomics, the
 * linked loads and stores and the FP condition branches.
 */
static bool kprobe_la_refused(union loongarch_instruction insn)
{
	return kprobe_la_traps(insn) || insns_not_supported(insn);
}

/*
 * May a probe go at @addr in the function starting at @func?  Walks its
 * instructions up to @addr: a probe between a linked load and its store
 * conditional would make the store fail every time, since the ertn that
 * returns from the break clears LLBit, and the loop would never end.
 *
 * Return: 0, or -EINVAL inside a linked sequence or past unreadable text.
 */
static int kprobe_la_check_place(unsigned long addr, unsigned long func)
{
	union loongarch_instruction insn;
	bool linked = false;
	unsigned long pc;

	for (pc = func; pc < addr; pc += LOONGARCH_INSN_SIZE) {
		if (get_kernel_nofault(insn.word, (u32 *)pc))
			return -EINVAL;
		if (kprobe_la_is_ll(insn))
			linked = true;
		else if (kprobe_la_is_sc(insn))
			linked = false;
	}
	return linked ? -EINVAL : 0;
}

/* Fill @site's slot with its instruction, then the breaks that end it. */
static int kprobe_la_fill_slot(struct kprobe_site *site)
{
	u32 image[KPROBE_SLOT_SIZE / sizeof(u32)];
	kprobe_opcode_t *slot;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_LA_STEP_END;
	image[0] = site->ainsn.insn;

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	memcpy(slot, image, sizeof(image));
	flush_icache_range((unsigned long)slot,
			   (unsigned long)slot + sizeof(image));
	site->ainsn.slot = slot;
	return 0;
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Branches and PC-relative instructions are computed by the break handler
 * (arch_simulate_insn()) and get no slot; any other instruction runs from
 * the slot.  Refused with -EINVAL: instructions that trap or leave the
 * kernel, accesses to CRMD, PRMD or ERA, atomics, linked loads and stores
 * and the sequences between them, and the FP condition branches.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an unaligned address, -EINVAL, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	unsigned long addr = (unsigned long)site->addr;
	union loongarch_instruction insn;
	int ret;

	if (!IS_ALIGNED(addr, LOONGARCH_INSN_SIZE))
		return -EILSEQ;
	ret = kprobe_la_check_place(addr, func);
	if (ret)
		return ret;
	if (get_kernel_nofault(insn.word, (u32 *)addr) ||
	    kprobe_la_refused(insn))
		return -EINVAL;
	site->ainsn.insn = insn.word;
	site->ainsn.slot = NULL;
	if (insns_need_simulation(insn))
		return 0;
	return kprobe_la_fill_slot(site);
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
 * arch_kprobe_refuses() - is @addr in code LoongArch can never probe?
 * @addr: the address to probe
 *
 * ftrace's call site is two words, and ftrace knows it by the first: the
 * second, the call itself, is rewritten whenever tracing changes and
 * must not carry a break.
 *
 * Return: true for the second word of an ftrace call site.
 */
bool arch_kprobe_refuses(unsigned long addr)
{
	return IS_ENABLED(CONFIG_DYNAMIC_FTRACE) &&
	       kprobe_ftrace_call_site(addr - LOONGARCH_INSN_SIZE);
}

/*
 * arch_simulate_insn() and the helpers it calls run inside every hit on a
 * branch or PC-relative instruction; a probe on them would nest without
 * end.
 */
static const void * const kprobe_la_funcs[] = {
	arch_simulate_insn,
	simu_pc,
	simu_branch,
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.funcs = kprobe_la_funcs,
	.nr_funcs = ARRAY_SIZE(kprobe_la_funcs),
};
