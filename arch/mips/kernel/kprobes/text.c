// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MIPS probe sites: which instructions may be probed, their out-of-line
 * slots, the breaks written over them, and the code MIPS never probes.
 *
 * Kernel text is written with plain aligned word stores (on a microMIPS
 * kernel, halfword stores of an instruction's first halfword): another
 * CPU runs either the old or the new one.  arch_kprobe_arm() and
 * arch_kprobe_disarm() queue their stores; the core's batched writer
 * (kernel/kprobes/text_batch.c) makes them and then the range coherent
 * between the data and instruction caches of every CPU once per batch.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/ftrace.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>
#include <asm/branch.h>

#include "common.h"
#include "../probes-common.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: a word, or on a microMIPS kernel the first halfword of an
 *	instruction (only that changes, whatever the length)
 *
 * Context: text_mutex held.
 * Return: 0.
 */
notrace int arch_kprobe_text_poke(const struct kprobe_text_write *w)
{
	if (w->len == sizeof(u16))
		WRITE_ONCE(*(u16 *)w->addr, w->insn);
	else
		WRITE_ONCE(*(u32 *)w->addr, w->insn);
	return 0;
}
NOKPROBE_SYMBOL(arch_kprobe_text_poke);

/**
 * arch_kprobe_text_flush() - make the words written run everywhere
 * @start: the first byte written
 * @end: the byte after the last
 *
 * One flush of the instruction caches for the whole range: a range wider
 * than the cache flushes it all.
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
notrace void arch_kprobe_text_flush(unsigned long start, unsigned long end)
{
	flush_icache_range(start, end);
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
	if (IS_ENABLED(CONFIG_CPU_MICROMIPS))
		kprobe_text_queue(site->addr, KPROBE_MM_BP, sizeof(u16));
	else
		kprobe_text_queue(site->addr, KPROBE_MIPS_BP, sizeof(u32));
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
	if (IS_ENABLED(CONFIG_CPU_MICROMIPS))
		kprobe_text_queue(site->addr, site->ainsn.insn >> 16,
				  sizeof(u16));
	else
		kprobe_text_queue(site->addr, site->ainsn.insn, sizeof(u32));
}

/*
 * Read the instruction at @pc; the break of another site, armed or left
 * armed for reclaim, stands for the instruction it replaced.
 */
static int kprobe_mips_read(unsigned long pc, union mips_instruction *insn)
{
	struct kprobe_site *site;

	kprobe_assert_mutex_held();
	if (get_kernel_nofault(insn->word, (u32 *)pc))
		return -EFAULT;
	if (insn->word == KPROBE_MIPS_BP) {
		site = kprobe_site_lookup(pc);
		if (site)
			insn->word = site->ainsn.insn;
	}
	return 0;
}

/* LL and LLD: their own opcodes before R6, SPECIAL3 functions in R6. */
static bool kprobe_mips_is_ll(union mips_instruction insn)
{
	if (insn.i_format.opcode == spec3_op)
		return insn.spec3_format.func == ll6_op ||
		       insn.spec3_format.func == lld6_op;
	return insn.i_format.opcode == ll_op || insn.i_format.opcode == lld_op;
}

/* SC and SCD, likewise. */
static bool kprobe_mips_is_sc(union mips_instruction insn)
{
	if (insn.i_format.opcode == spec3_op)
		return insn.spec3_format.func == sc6_op ||
		       insn.spec3_format.func == scd6_op;
	return insn.i_format.opcode == sc_op || insn.i_format.opcode == scd_op;
}

/* R6's PC-relative group (ADDIUPC, AUIPC, LWPC, ...): wrong from a slot. */
static bool kprobe_mips_is_pcrel(union mips_instruction insn)
{
	return IS_ENABLED(CONFIG_CPU_MIPSR6) &&
	       insn.i_format.opcode == major_3b_op;
}

/* Branch-likely: the delay slot runs only when the branch is taken. */
static bool kprobe_mips_is_likely(union mips_instruction insn)
{
	switch (insn.i_format.opcode) {
	case beql_op: case bnel_op: case blezl_op: case bgtzl_op:
		return true;
	case bcond_op:
		switch (insn.i_format.rt) {
		case bltzl_op: case bgezl_op: case bltzall_op: case bgezall_op:
			return true;
		}
	}
	return false;
}

/*
 * Instructions that must not run from a slot: those that trap or leave
 * the kernel (syscall, break, sdbbp, the conditional traps), the
 * coprocessor 0 operations (eret, wait, TLB writes), and those that
 * change the interrupt enable (di, ei, mtc0 to Status) or read what the
 * step itself changes (mfc0 of Status and EPC).
 */
static bool kprobe_mips_traps(union mips_instruction insn)
{
	switch (insn.r_format.opcode) {
	case spec_op:
		switch (insn.r_format.func) {
		case syscall_op: case break_op:
		case tge_op: case tgeu_op: case tlt_op: case tltu_op:
		case teq_op: case tne_op:
			return true;
		}
		return false;
	case bcond_op:
		switch (insn.i_format.rt) {
		case tgei_op: case tgeiu_op: case tlti_op: case tltiu_op:
		case teqi_op: case tnei_op:
			return true;
		}
		return false;
	case spec2_op:
		return insn.r_format.func == sdbpp_op;
	case cop0_op:
		/* The CO bit: eret, deret, wait, tlbr, tlbwi, ... */
		if (insn.r_format.rs & 0x10)
			return true;
		/*
		 * di and ei (MFMC0), and writes to the Status register (12):
		 * the hit puts the interrupt enable of the probed context back
		 * after the step, undoing them.  Reads of Status too: the step
		 * runs with interrupts off, so the value read says so, and
		 * writing it back later would leave them off.  And reads of
		 * EPC (14), which holds the step's own exception state.
		 */
		if (insn.r_format.rs == mfmc0_op)
			return true;
		if (insn.r_format.rs == mtc_op || insn.r_format.rs == dmtc_op)
			return insn.r_format.rd == 12;
		if (insn.r_format.rs == mfc_op || insn.r_format.rs == dmfc_op)
			return insn.r_format.rd == 12 || insn.r_format.rd == 14;
		return false;
	}
	return false;
}

/*
 * Where may a probe go in the function starting at @func?  Walks its
 * instructions up to @addr.  A probe may not sit in a delay slot (the
 * branch before it would run the break as its slot), nor on an LL or
 * between it and its SC: every exception return clears the link bit, so
 * the SC would fail every time and the loop would never end.
 *
 * Return: 0, or -EINVAL if @addr is in a delay slot, on an LL/SC
 * sequence or past unreadable text.
 */
static int kprobe_mips_check_place(unsigned long addr, unsigned long func)
{
	union mips_instruction insn = { .word = 0 };
	bool linked = false;
	unsigned long pc;

	for (pc = func; pc < addr; pc += sizeof(u32)) {
		if (kprobe_mips_read(pc, &insn))
			return -EINVAL;
		if (kprobe_mips_is_ll(insn))
			linked = true;
		else if (kprobe_mips_is_sc(insn))
			linked = false;
	}
	if (addr > func && __insn_has_delay_slot(insn))
		return -EINVAL;
	return linked ? -EINVAL : 0;
}

/**
 * kprobe_mips_install_slot() - give @site a slot holding @image
 * @site: a site being prepared
 * @image: KPROBE_SLOT_SIZE bytes: the copy and the break that ends it
 *
 * Return: 0 or -ENOMEM.
 */
int kprobe_mips_install_slot(struct kprobe_site *site, const void *image)
{
	kprobe_opcode_t *slot;

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	memcpy(slot, image, KPROBE_SLOT_SIZE);
	flush_icache_range((unsigned long)slot,
			   (unsigned long)slot + KPROBE_SLOT_SIZE);
	site->ainsn.slot = slot;
	return 0;
}

/* Fill @site's slot with @word, then the break that ends the step. */
static int kprobe_mips_fill_slot(struct kprobe_site *site, u32 word)
{
	u32 image[KPROBE_SLOT_SIZE / sizeof(u32)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_MIPS_STEP_END;
	image[0] = word;
	return kprobe_mips_install_slot(site, image);
}

/* Is @insn one that kprobes cannot run, neither evaluated nor copied? */
static bool kprobe_mips_refused(union mips_instruction insn)
{
	return kprobe_mips_is_ll(insn) || kprobe_mips_is_sc(insn) ||
	       __insn_is_compact_branch(insn) || kprobe_mips_is_likely(insn) ||
	       kprobe_mips_traps(insn) || kprobe_mips_is_pcrel(insn);
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * A branch with a delay slot is evaluated in the break handler
 * (__compute_return_epc_for_insn()), and its delay slot instruction runs
 * from the slot; any other instruction runs from the slot itself.
 * Refused with -EINVAL: delay slots, LL/SC sequences, compact and likely
 * branches, instructions that trap or leave the kernel, R6's PC-relative
 * instructions, and a delay slot with an exception-table entry (its fault
 * would be looked up at the branch).
 *
 * A microMIPS kernel has its own rules, kprobe_mm_prepare().
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an unaligned address, -EINVAL, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	union mips_instruction insn, delay;
	int ret;

	if (IS_ENABLED(CONFIG_CPU_MICROMIPS))
		return kprobe_mm_prepare(site, func);
	if (!IS_ALIGNED(addr, sizeof(u32)))
		return -EILSEQ;
	ret = kprobe_mips_check_place(addr, func);
	if (ret)
		return ret;
	if (kprobe_mips_read(addr, &insn) || kprobe_mips_refused(insn))
		return -EINVAL;
	ai->insn = insn.word;
	ai->branch = __insn_has_delay_slot(insn);
	ai->slot = NULL;
	ai->len = sizeof(u32);
	ai->dlen = ai->branch ? sizeof(u32) : 0;
	ai->copy_len = sizeof(u32);
	if (!ai->branch)
		return kprobe_mips_fill_slot(site, insn.word);

	if (kprobe_mips_read(addr + 4, &delay) ||
	    kprobe_mips_refused(delay) || __insn_has_delay_slot(delay) ||
	    search_exception_tables(addr + 4))
		return -EINVAL;
	if (!delay.word)
		return 0;	/* a nop: nothing to run */
	return kprobe_mips_fill_slot(site, delay.word);
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
 * __compute_return_epc_for_insn() runs inside every hit on a branch; a
 * probe on it would nest without end.  ftrace_caller (with _mcount and
 * ftrace_call inside it) and ftrace_graph_caller hold words that ftrace
 * rewrites without looking at what is there: a break would be
 * overwritten, and its removal would later write back a stale call.
 */
static const void * const kprobe_mips_funcs[] = {
	__compute_return_epc_for_insn,
#ifdef CONFIG_DYNAMIC_FTRACE
	ftrace_caller,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	ftrace_graph_caller,
#endif
#endif
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.funcs = kprobe_mips_funcs,
	.nr_funcs = ARRAY_SIZE(kprobe_mips_funcs),
};

/**
 * arch_kprobe_refuses() - is @addr in code mips can never probe?
 * @addr: the address to probe
 *
 * ftrace knows a call site by its first word, which it rewrites between
 * a call and a nop (core kernel) or between the load of the tracer's
 * address and a branch over the site (module); 32-bit kernels rewrite the
 * word after it too.  That word is the delay slot of the call while
 * tracing is on, or of the branch while it is off: a break there would
 * run as a delay slot, and trap with the address of the call or branch.
 *
 * Return: true for the word after an ftrace call site's first.
 */
bool arch_kprobe_refuses(unsigned long addr)
{
	return IS_ENABLED(CONFIG_DYNAMIC_FTRACE) &&
	       kprobe_ftrace_call_site(addr - sizeof(u32));
}
