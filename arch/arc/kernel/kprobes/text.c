// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ARC probe sites: which instructions may be probed, their out-of-line
 * slots, the breakpoints written over them, and the cache maintenance
 * that makes the writes run.
 *
 * Kernel text is written with plain aligned 16-bit stores (ARC maps it
 * untranslated and writable): another CPU fetches either the old or the
 * new unit.  The instruction caches are not coherent with the data
 * caches, so arch_kprobe_arm() and arch_kprobe_disarm() only queue their
 * stores, and the core's batched writer (kernel/kprobes/text_batch.c)
 * makes them, then writes the data cache back and invalidates the
 * instruction caches of every CPU once per batch.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/mm.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "common.h"
#include "decode.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write: a 16-bit unit, the breakpoint or an original one
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

static notrace void kprobe_arc_flush_caches(void *unused)
{
	flush_cache_all();
}
NOKPROBE_SYMBOL(kprobe_arc_flush_caches);

/**
 * arch_kprobe_text_flush() - make the units written run everywhere
 * @start: the first byte written
 * @end: the byte after the last
 *
 * A range of up to a page goes to flush_icache_range(), which writes the
 * data cache lines back and has every CPU invalidate its instruction
 * cache lines.  A wider one (a batch over the kernel and modules) would
 * make that flush the caches of this CPU only, so this CPU's data cache
 * is written back first and then every CPU flushes its caches whole.
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
notrace void arch_kprobe_text_flush(unsigned long start, unsigned long end)
{
	if (end - start <= PAGE_SIZE) {
		flush_icache_range(start, end);
		return;
	}
	preempt_disable();
	flush_cache_all();
	smp_call_function(kprobe_arc_flush_caches, NULL, 1);
	preempt_enable();
}
NOKPROBE_SYMBOL(arch_kprobe_text_flush);

/**
 * arch_kprobe_arm() - write the breakpoint of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, KPROBE_ARC_BP, sizeof(kprobe_opcode_t));
}

/**
 * arch_kprobe_disarm() - put the first 16 bits of @site's instruction back
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

/*
 * Decode the instruction at @pc; false if its text cannot be read.  The
 * breakpoint of another probe stands for the first unit it replaced.
 */
static bool kprobe_arc_read(unsigned long pc, struct kprobe_arc_insn *insn)
{
	struct kprobe_site *site;
	u16 hi, lo = 0;

	kprobe_assert_mutex_held();
	if (get_kernel_nofault(hi, (u16 *)pc))
		return false;
	if (hi == KPROBE_ARC_BP) {
		site = kprobe_site_lookup(pc);
		if (site)
			hi = site->ainsn.insn;
	}
	if (kprobe_arc_is_32(hi) && get_kernel_nofault(lo, (u16 *)(pc + 2)))
		return false;
	kprobe_arc_decode(hi, lo, insn);
	return true;
}

/*
 * Walk the function starting at @func up to @addr, decoding each
 * instruction: the only way to know where instructions start in a
 * variable-length stream.  A probe must start an instruction, must not
 * sit in a delay slot (the branch before it would run the breakpoint
 * there, and a slot cannot hold a delay slot), and must not sit between
 * an llock and its scond: the exception of the breakpoint clears the
 * lock flag, so the scond would fail every time and the loop around it
 * would never end.  The walk stops at a jump through a register: the
 * compiler may have put a switch's table of offsets after it, which does
 * not decode as instructions, so where they start again is unknown.
 *
 * Return: 0 with *@insn decoded at @addr, -EILSEQ if @addr lies inside
 * an instruction, -EINVAL for a delay slot, a locked sequence, an address
 * past a jump through a register, or text that cannot be read.
 */
static int kprobe_arc_check_place(unsigned long addr, unsigned long func,
				  struct kprobe_arc_insn *insn)
{
	bool delay = false, locked = false;
	unsigned long pc = func;

	if (!func || func > addr)
		return -EINVAL;
	for (;;) {
		if (!kprobe_arc_read(pc, insn))
			return -EINVAL;
		if (pc == addr)
			break;
		if (insn->table)
			return -EINVAL;
		if (insn->cls == KPROBE_ARC_LLOCK)
			locked = true;
		else if (insn->cls == KPROBE_ARC_SCOND)
			locked = false;
		delay = insn->delay;
		pc += insn->len;
		if (pc > addr)
			return -EILSEQ;
	}
	return delay || locked ? -EINVAL : 0;
}

/* Fill @site's slot with the @len bytes at @src, then unimp_s to the end. */
static int kprobe_arc_fill_slot(struct kprobe_site *site, unsigned long src,
				unsigned int len)
{
	kprobe_opcode_t image[KPROBE_SLOT_SIZE / sizeof(kprobe_opcode_t)];
	kprobe_opcode_t *slot;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_ARC_BP;
	if (copy_from_kernel_nofault(image, (void *)src, len))
		return -EINVAL;

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
 * A branch, jump or call at @addr: keep its encoding for the hit path to
 * evaluate, and copy its delay slot instruction, if it has one, to the
 * slot.  That instruction must be one a slot can run, and must have no
 * exception-table entry: a fault there is moved back to the branch, where
 * no fixup would be found.
 */
static int kprobe_arc_prepare_branch(struct kprobe_site *site,
				     unsigned long addr,
				     const struct kprobe_arc_insn *insn)
{
	struct arch_specific_insn *ai = &site->ainsn;
	struct kprobe_arc_branch br = { .len = insn->len };
	struct kprobe_arc_insn delay;
	u16 unit[4];

	if (copy_from_kernel_nofault(unit, (void *)addr, insn->len))
		return -EINVAL;
	if (insn->len == 2) {
		br.word = unit[0];
	} else {
		br.word = ((u32)unit[0] << 16) | unit[1];
		if (insn->len == 8)
			br.limm = ((u32)unit[2] << 16) | unit[3];
	}
	if (insn->delay) {
		if (!kprobe_arc_read(addr + insn->len, &delay) ||
		    delay.cls != KPROBE_ARC_COPY ||
		    search_exception_tables(addr + insn->len))
			return -EINVAL;
		br.dlen = delay.len;
	}
	if (!kprobe_arc_branch_ok(&br))
		return -EINVAL;

	ai->branch = true;
	ai->word = br.word;
	ai->limm = br.limm;
	ai->dlen = br.dlen;
	if (!br.dlen)
		return 0;
	return kprobe_arc_fill_slot(site, addr + insn->len, br.dlen);
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * An ordinary instruction runs from its slot, ended by unimp_s.  A
 * branch, jump or call is evaluated by the hit path (decode.c) and only
 * its delay slot instruction, if any, runs from the slot.  Refused with
 * -EINVAL: loop set-ups and table branches (lp, bi, bih, jli_s, ei_s),
 * leave_s that returns, j.f, branches on extension conditions or on r13
 * to r25 (the exception entry does not save them), a call through blink
 * with a delay slot, instructions that read PCL, those that trap, halt,
 * return from an exception, change the interrupt enable or read
 * STATUS32 (trap_s, swi, brk, sleep, rtie, flag, kflag, seti, clri,
 * unimp_s, lr of STATUS32), llock, scond and everything between them,
 * delay slots, and encodings the decoder does not know.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an odd address or one inside an instruction,
 * -EINVAL, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	struct kprobe_arc_insn insn;
	int ret;

	if (!IS_ALIGNED(addr, sizeof(kprobe_opcode_t)))
		return -EILSEQ;
	ret = kprobe_arc_check_place(addr, func, &insn);
	if (ret)
		return ret;
	if (get_kernel_nofault(ai->insn, site->addr))
		return -EINVAL;
	ai->len = insn.len;
	ai->slot = NULL;
	ai->branch = false;
	ai->dlen = 0;
	if (insn.cls == KPROBE_ARC_FLOW)
		return kprobe_arc_prepare_branch(site, addr, &insn);
	if (insn.cls != KPROBE_ARC_COPY)
		return -EINVAL;
	return kprobe_arc_fill_slot(site, addr, insn.len);
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
 * The assembly exception and interrupt entry code (entry.S,
 * entry-arcv2.S or entry-compact.S, mm/tlbex.S) is plain .text: a breakpoint there would be
 * taken again by the very code that handles it.  Each name covers the
 * code up to the next symbol, so the local labels are listed too.
 *
 * __switch_to (ctx_sw_asm.S) loads the next task's sp.  A hit holds a
 * preemption count until its step ends, and that count lives in the
 * thread_info at the base of the stack: stepped out of line, the load
 * would raise the count of one task and drop that of the other.
 */
static const char * const kprobe_arc_entry_syms[] = {
	"sys_clone_wrapper", "sys_clone3_wrapper", "ret_from_fork",
	"instr_service", "EV_MachineCheck", "EV_PrivilegeV", "EV_Extension",
	"tracesys", "tracesys_exit", "trap_with_param", "EV_Trap",
	"ret_from_exception", "resume_user_mode_begin", "resume_kernel_mode",
	"handle_interrupt", "EV_SWI", "EV_DivZero", "EV_DCError",
	"mem_service", "EV_Misaligned", "EV_TLBProtV", "restore_regs",
	"debug_marker_l1", "debug_marker_syscall", "debug_marker_ds",
	"EV_TLBMissI", "EV_TLBMissI_fast_ret", "EV_TLBMissD",
	"EV_TLBMissD_fast_ret", "do_slow_path_pf", "__switch_to",
	/* ARCompact's own */
	"handle_interrupt_level1", "handle_interrupt_level2",
	"not_level2_interrupt", "debug_marker_l2", "call_do_page_fault",
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.names = kprobe_arc_entry_syms,
	.nr_names = ARRAY_SIZE(kprobe_arc_entry_syms),
};
