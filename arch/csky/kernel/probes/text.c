// SPDX-License-Identifier: GPL-2.0-only
/*
 * C-SKY probe sites: which instructions may be probed, their out-of-line
 * slots, the breakpoints written over them, and probes on ftrace sites.
 *
 * Kernel text is mapped writable on C-SKY, but a CPU may be fetching the
 * halfword being rewritten and keeps stale lines in its instruction
 * cache: arch_kprobe_arm() and arch_kprobe_disarm() only queue their
 * writes, and the core's batched writer (kernel/kprobes/text_batch.c)
 * makes all of them in one stop_machine(), the data cache written back
 * after each and every CPU's instruction cache invalidated once per
 * batch, not once per probe.
 */
#include <linux/cacheflush.h>
#include <linux/extable.h>
#include <linux/ftrace.h>
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/memory.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/cache.h>
#include <asm/sections.h>
#include <asm/switch_to.h>
#include <asm/traps.h>

#include "common.h"
#include "decode-insn.h"
#include "simulate-insn.h"

/**
 * arch_kprobe_text_poke() - store one queued write
 * @w: the write: a halfword, the breakpoint or an original first one
 *
 * The halfword is written back from the data cache at once.
 *
 * Context: stop_machine(), interrupts off, the other CPUs waiting.
 * Return: 0 or -EFAULT.
 */
notrace int arch_kprobe_text_poke(const struct kprobe_text_write *w)
{
	unsigned long addr = (unsigned long)w->addr;
	u16 half = w->insn;
	int ret;

	ret = copy_to_kernel_nofault(w->addr, &half, sizeof(half));
	dcache_wb_range(addr, addr + sizeof(half));
	return ret;
}
NOKPROBE_SYMBOL(arch_kprobe_text_poke);

/**
 * arch_kprobe_text_refetch() - drop the instructions fetched before
 * @writer: unused: every CPU, the writer too, drops its instruction cache
 *
 * Context: stop_machine(), interrupts off.
 */
notrace void arch_kprobe_text_refetch(bool writer)
{
	local_icache_inv_all(NULL);
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
	kprobe_text_queue(site->addr, KPROBE_CSKY_BREAK, 2);
}

/**
 * arch_kprobe_disarm() - queue the original first halfword of @site
 * @site: an armed site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	kprobe_text_queue(site->addr, (u16)site->ainsn.opcode, 2);
}

/*
 * The ftrace call site of a traced function is seven halfwords: a NOP
 * (PUSH lr while traced), then the call ftrace records as the site's
 * address (BSR _mcount, or its MOVIH/ORI/JSR form), then NOPs up to the
 * end.  Only ftrace may rewrite them.  A probe on the recorded call is
 * hooked through kprobe_ftrace_handler() (the core's default
 * arch_kprobe_ftrace_site()): its handlers see regs->pc at the call and
 * regs->lr as ftrace_regs_caller saved it, the return address into the
 * traced function, where ftrace resumes whatever regs->pc says.
 */
#define KPROBE_CSKY_FTRACE_LEAD	2
#ifdef CONFIG_DYNAMIC_FTRACE
#define KPROBE_CSKY_FTRACE_LEN	MCOUNT_INSN_SIZE
#else
#define KPROBE_CSKY_FTRACE_LEN	0
#endif

/*
 * Is @addr one of those halfwords, other than the recorded call, which
 * the core hooks through ftrace (arch_kprobe_ftrace_site())?
 */
static bool kprobe_csky_in_ftrace_site(unsigned long addr)
{
#ifdef CONFIG_DYNAMIC_FTRACE
	unsigned long ip;

	if (kprobe_ftrace_call_site(addr + KPROBE_CSKY_FTRACE_LEAD))
		return true;
	ip = ftrace_location_range(addr, addr);
	return ip && ip != addr &&
	       addr < ip + KPROBE_CSKY_FTRACE_LEN - KPROBE_CSKY_FTRACE_LEAD;
#else
	return false;
#endif
}

/* Read the instruction at @addr: its bits in *@insn, its length returned. */
static unsigned int kprobe_csky_read(unsigned long addr, u32 *insn)
{
	u16 half[2];

	if (copy_from_kernel_nofault(&half[0], (void *)addr, sizeof(half[0])))
		return 0;
	if (kprobe_csky_insn_len(half[0]) == 2) {
		*insn = half[0];
		return 2;
	}
	if (copy_from_kernel_nofault(&half[1], (void *)(addr + 2),
				     sizeof(half[1])))
		return 0;
	*insn = half[0] | (u32)half[1] << 16;
	return 4;
}

/*
 * Instructions that can neither run from a slot nor be simulated:
 * 16-bit BKPT and its neighbours, the interrupt frame instructions
 * (NIE, NIR, IPUSH, IPOP) and USR_BKPT itself; JMPIX, 16 and 32-bit,
 * which jumps through a table and would never come back to the slot's
 * breakpoint; the 32-bit system group (RTE, RFI, TRAP, MFCR and MTCR,
 * PSRSET and PSRCLR, SYNC, IDLY, WAIT, DOZE, STOP...), whose effect on
 * the PSR or the exception state the step would undo or break; GRS,
 * which computes an address from the pc; and LDEX.W / STEX.W, whose
 * reservation the breakpoint exception would clear on every pass.
 */
static bool kprobe_csky_refused(u32 insn, unsigned int len)
{
	u16 first = insn & 0xffff, second = insn >> 16;

	if (len == 2)
		return (first & 0xfc00) == 0x0000 ||
		       (first & 0xfff8) == 0x1460 ||
		       (first & 0xf8fc) == 0x38e0;
	return (first & 0xfc00) == 0xc000 ||
	       (first & 0xffe0) == 0xe9e0 ||
	       (first & 0xfc1c) == 0xcc0c ||
	       ((first & 0xf800) == 0xd800 && (second & 0xf000) == 0x7000);
}

/*
 * How far back from a probed address an LDEX.W may open the sequence the
 * address would be in: 32 halfwords, well beyond the load-exclusive loops
 * of the kernel's atomics (LDEX.W, a compare, a branch, a move, STEX.W).
 */
#define KPROBE_CSKY_EXCL_SCAN	32

/*
 * Would a breakpoint at @addr land between an LDEX.W and its STEX.W?  The
 * breakpoint exception clears the reservation, as it does for a probe on
 * either of them, so the STEX.W would fail on every pass and the loop
 * would never end.  Mixed 16 and 32-bit code cannot be decoded backwards:
 * every halfword before @addr (back to @func, at most
 * KPROBE_CSKY_EXCL_SCAN of them) is tried as the start of a 32-bit
 * instruction that ends at or before @addr.  A STEX.W met first closes
 * any earlier sequence, an LDEX.W opens one.  A literal or the second
 * half of another instruction that looks like an LDEX.W only refuses a
 * probe that would have worked.
 */
static bool kprobe_csky_in_exclusive(unsigned long addr, unsigned long func)
{
	unsigned long pc;
	unsigned int n;
	u16 half[2];

	for (n = 2; n <= KPROBE_CSKY_EXCL_SCAN; n++) {
		pc = addr - 2 * n;
		if (pc < func ||
		    copy_from_kernel_nofault(half, (void *)pc, sizeof(half)))
			break;
		/* LDEX.W is 0xd800, STEX.W 0xdc00, both with sub-opcode 7 */
		if ((half[0] & 0xf800) == 0xd800 &&
		    (half[1] & 0xf000) == 0x7000)
			return (half[0] & 0xfc00) == 0xd800;
	}
	return false;
}

/*
 * Upstream's simulators sign-extend branch offsets from one bit too low:
 * they are right for 16-bit branches within +-512 bytes, 32-bit ones
 * within +-32 KiB and BSR within +-32 KiB.  Farther ones are refused
 * rather than sent to a wrong target.  The simulators of LRW, JMPI and
 * JSRI read pc-relative words; the hit gives them the pc rounded down to
 * a word, as the CPU computes those addresses.
 */
static bool kprobe_csky_sim_exact(u32 insn)
{
	long off;

	if (csky_insn_is_br16(insn) || csky_insn_is_bt16(insn) ||
	    csky_insn_is_bf16(insn)) {
		off = sign_extend32(insn & 0x3ff, 9);
		return off >= -256 && off < 256;
	}
	if (csky_insn_is_bsr32(insn)) {
		off = sign_extend32(((insn & 0x3ff) << 16) | (insn >> 16), 25);
		return off >= -16384 && off < 16384;
	}
	if (csky_insn_is_br32(insn) || csky_insn_is_bt32(insn) ||
	    csky_insn_is_bf32(insn) || csky_insn_is_bez32(insn) ||
	    csky_insn_is_bnez32(insn) || csky_insn_is_bnezad32(insn) ||
	    csky_insn_is_bhsz32(insn) || csky_insn_is_bhz32(insn) ||
	    csky_insn_is_blsz32(insn) || csky_insn_is_blz32(insn)) {
		off = sign_extend32(insn >> 16, 15);
		return off >= -16384 && off < 16384;
	}
	return true;
}

/* Fill @site's slot: the instruction, then the breakpoint that ends it. */
static int kprobe_csky_fill_slot(struct kprobe_site *site)
{
	struct arch_specific_insn *ai = &site->ainsn;
	u16 image[KPROBE_SLOT_SIZE / sizeof(u16)];
	kprobe_opcode_t *slot;
	unsigned long start;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_CSKY_BREAK;
	image[0] = ai->opcode & 0xffff;
	if (ai->len == 4)
		image[1] = ai->opcode >> 16;

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	if (copy_to_kernel_nofault(slot, image, sizeof(image))) {
		kprobe_slot_free(slot);
		return -EFAULT;
	}
	start = (unsigned long)slot;
	flush_icache_range(start, start + sizeof(image));
	ai->api.insn = slot;
	ai->api.restore = (unsigned long)site->addr + ai->len;
	return 0;
}

/**
 * arch_kprobe_prepare() - decode @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Branches, jumps, calls, LRW, JMPI, JSRI and POP are simulated
 * (decode-insn.c says which); the instructions kprobe_csky_refused()
 * names, instructions between an LDEX.W and its STEX.W, branches too far
 * for the simulator, the halfwords of an ftrace call site and
 * instructions with an exception fixup are refused.
 * C-SKY text mixes code with the literal pools LRW reads, so no walk from
 * @func can tell where instructions start: an address is taken to start
 * one if it is halfword aligned.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an odd address, -EINVAL for an instruction that
 * cannot be probed, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	probe_opcode_t insn;
	unsigned int len;

	kprobe_assert_mutex_held();
	if (!IS_ALIGNED(addr, 2))
		return -EILSEQ;
	if (kprobe_csky_in_ftrace_site(addr) || search_exception_tables(addr))
		return -EINVAL;
	len = kprobe_csky_read(addr, &insn);
	if (!len || kprobe_csky_refused(insn, len) ||
	    kprobe_csky_in_exclusive(addr, func))
		return -EINVAL;
	ai->opcode = insn;
	ai->len = len;
	ai->advance = false;
	ai->api.insn = NULL;
	ai->api.handler = NULL;
	ai->api.restore = 0;

	switch (csky_probe_decode_insn(&insn, &ai->api)) {
	case INSN_GOOD_NO_SLOT:
		if (!kprobe_csky_sim_exact(insn))
			return -EINVAL;
		ai->advance = ai->api.handler == simulate_lrw16 ||
			      ai->api.handler == simulate_lrw32;
		return 0;
	case INSN_GOOD:
		return kprobe_csky_fill_slot(site);
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
 * csky-gcc puts ftrace's call site after the prologue (as mcount.S
 * says), so a probe on a function is normally a breakpoint on its first
 * instruction.  Should a function start with the call site, whose
 * halfwords only ftrace may rewrite, the probe goes on the instruction
 * after it, where lr and sp are still those of the entry (_mcount gives
 * back the lr the site pushed).
 *
 * Context: process context.
 * Return: the address to probe.
 */
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	unsigned long past = KPROBE_CSKY_FTRACE_LEN;

	if (past && kprobe_ftrace_call_site(addr + KPROBE_CSKY_FTRACE_LEAD)) {
		if (!offset)
			offset = past;
		*on_func_entry = offset == past;
	} else {
		*on_func_entry = !offset;
	}
	return (kprobe_opcode_t *)(addr + offset);
}

/* The exception entry and exit code (entry.S, atomic.S). */
asmlinkage void csky_pagefault(void);
asmlinkage void csky_cmpxchg(void);
#ifdef CONFIG_CPU_HAS_LDSTEX
#define kprobe_csky_cmpxchg_last	csky_cmpxchg
#else
asmlinkage void csky_cmpxchg_stw(void);
#define kprobe_csky_cmpxchg_last	csky_cmpxchg_stw
#endif

/*
 * Text C-SKY never probes, besides what the core refuses everywhere (the
 * kprobes, noinstr, irq and softirq entry text): the boot code before
 * _stext, which also starts secondary CPUs with the MMU off, the table of
 * 128 exception vectors (addresses, not code) that starts .text at
 * vec_base, and the exception entry and exit code, which C-SKY keeps in plain .text: a
 * breakpoint there would take an exception while EPC and EPSR still
 * hold those of the one being entered or left.  entry.S runs from
 * csky_pagefault to the end of __switch_to, atomic.S's trap handler from
 * csky_cmpxchg to the end of its last symbol.
 */
static const struct kprobe_text_range kprobe_csky_sections[] = {
	{ _start, _stext },
	{ (const char *)vec_base, (const char *)&vec_base[128] },
};

static const struct kprobe_text_span kprobe_csky_spans[] = {
	{ csky_pagefault, __switch_to },
	{ csky_cmpxchg, kprobe_csky_cmpxchg_last },
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_csky_sections,
	.nr_sections = ARRAY_SIZE(kprobe_csky_sections),
	.spans = kprobe_csky_spans,
	.nr_spans = ARRAY_SIZE(kprobe_csky_spans),
};
