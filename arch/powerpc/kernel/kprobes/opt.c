// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Jump optimization on powerpc: the trap of an ARMED site is replaced by
 * a relative branch ("b") into the site's detour buffer, which reaches
 * kprobe_ppc_opt_hit() (core.c) without an exception.
 *
 * The branch is one instruction word in place of the trap, written with
 * one aligned store: another CPU runs either the trap or the branch, and
 * both lead to the same hit.  Nothing but the probed instruction lies
 * under it, so a jump is written as soon as its site is prepared
 * (arch_kprobe_opt_needs_quiesce() is false), breakpoint hits are never
 * sent to the detour meanwhile, and putting the trap back is one write
 * with no tail to restore.  The hit through the detour emulates the
 * probed instruction or runs its slot copy exactly as the trap does, so
 * every instruction kprobes accepts can be optimized.
 *
 * The only limit is the reach of the branch, 32 MB either way.  A detour
 * buffer is a stub of a few instructions (below) that saves what it
 * needs and branches on to kprobe_ppc_opt_entry (opt_entry.S) in the
 * kernel's text, so only the stub has to be near the site.  Stubs of
 * sites in module text come from the detour pool (execmem, in the
 * vmalloc space where modules are); stubs of sites in the kernel's own
 * text come from an area reserved inside that text (opt.h), and either
 * source is tried for a site the other cannot reach.
 */
#include <linux/bitmap.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <asm/code-patching.h>
#include <asm/inst.h>
#include <asm/ppc-opcode.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/sections.h>
#include <asm/sstep.h>

#include "common.h"
#include "opt.h"

/*
 * The stub, for the site S and frame size F (the size of an interrupt
 * frame, whose struct pt_regs lies STACK_INT_FRAME_REGS above r1):
 *
 *	stdu	r1, -F(r1)		stwu on 32-bit
 *	std	r0, regs.gpr[0]
 *	std	r12, regs.gpr[12]
 *	mfctr	r0
 *	std	r0, regs.ctr
 *	r12 = S				5 instructions on 64-bit, 2 on 32-bit
 *	r0 = kprobe_ppc_opt_entry	as many
 *	mtctr	r0
 *	bctr
 */
#ifdef CONFIG_PPC64
#define KPROBE_PPC_IMM_WORDS	5
#define KPROBE_PPC_STL(r, off)	PPC_RAW_STD(r, 1, off)
#define KPROBE_PPC_PUSH		PPC_RAW_STDU(1, 1, -STACK_INT_FRAME_SIZE)
#else
#define KPROBE_PPC_IMM_WORDS	2
#define KPROBE_PPC_STL(r, off)	PPC_RAW_STW(r, 1, off)
#define KPROBE_PPC_PUSH		PPC_RAW_STWU(1, 1, -STACK_INT_FRAME_SIZE)
#endif
#define KPROBE_PPC_STUB_WORDS	(7 + 2 * KPROBE_PPC_IMM_WORDS)

static_assert(KPROBE_PPC_STUB_WORDS * sizeof(u32) <= KPROBE_OPT_SLOT_SIZE);

/* Where a field of the stub's struct pt_regs lies above the new r1. */
#define KPROBE_PPC_REGS_OFF(field)	\
	(STACK_INT_FRAME_REGS + offsetof(struct pt_regs, field))

/* Load @val into @reg: write the instructions at @w, return how many. */
static unsigned int kprobe_ppc_load_imm(u32 *w, unsigned int reg,
					unsigned long val)
{
#ifdef CONFIG_PPC64
	w[0] = PPC_RAW_LIS(reg, PPC_HIGHEST(val));
	w[1] = PPC_RAW_ORI(reg, reg, PPC_HIGHER(val));
	w[2] = PPC_RAW_SLDI(reg, reg, 32);
	w[3] = PPC_RAW_ORIS(reg, reg, PPC_HI(val));
	w[4] = PPC_RAW_ORI(reg, reg, PPC_LO(val));
#else
	w[0] = PPC_RAW_LIS(reg, PPC_HI(val));
	w[1] = PPC_RAW_ORI(reg, reg, PPC_LO(val));
#endif
	return KPROBE_PPC_IMM_WORDS;
}

/* The stub of @site, as KPROBE_PPC_STUB_WORDS instruction words. */
static void kprobe_ppc_opt_stub(u32 *w, struct kprobe_site *site)
{
	unsigned int n = 0;

	w[n++] = KPROBE_PPC_PUSH;
	w[n++] = KPROBE_PPC_STL(0, KPROBE_PPC_REGS_OFF(gpr[0]));
	w[n++] = KPROBE_PPC_STL(12, KPROBE_PPC_REGS_OFF(gpr[12]));
	w[n++] = PPC_RAW_MFSPR(0, SPRN_CTR);
	w[n++] = KPROBE_PPC_STL(0, KPROBE_PPC_REGS_OFF(ctr));
	n += kprobe_ppc_load_imm(w + n, 12, (unsigned long)site);
	n += kprobe_ppc_load_imm(w + n, 0,
				 (unsigned long)kprobe_ppc_opt_entry);
	w[n++] = PPC_RAW_MTCTR(0);
	w[n++] = PPC_RAW_BCTR();
	WARN_ON_ONCE(n != KPROBE_PPC_STUB_WORDS);
}

/* Stubs of kernel text sites: the area of opt_entry.S, cut in slots. */
#define KPROBE_PPC_AREA_SLOTS	(KPROBE_PPC_OPT_AREA_SIZE / KPROBE_OPT_SLOT_SIZE)

static DEFINE_MUTEX(kprobe_ppc_area_mutex);
static DECLARE_BITMAP(kprobe_ppc_area_used, KPROBE_PPC_AREA_SLOTS);

static bool kprobe_ppc_in_area(void *buf)
{
	return buf >= (void *)kprobe_ppc_opt_area &&
	       buf < (void *)kprobe_ppc_opt_area + KPROBE_PPC_OPT_AREA_SIZE;
}

static void *kprobe_ppc_area_alloc(void)
{
	unsigned long idx;

	guard(mutex)(&kprobe_ppc_area_mutex);
	idx = find_first_zero_bit(kprobe_ppc_area_used, KPROBE_PPC_AREA_SLOTS);
	if (idx >= KPROBE_PPC_AREA_SLOTS)
		return NULL;
	__set_bit(idx, kprobe_ppc_area_used);
	return kprobe_ppc_opt_area + idx * KPROBE_OPT_SLOT_SIZE;
}

static void kprobe_ppc_area_free(void *buf)
{
	unsigned long idx = ((char *)buf - kprobe_ppc_opt_area) /
			    KPROBE_OPT_SLOT_SIZE;

	guard(mutex)(&kprobe_ppc_area_mutex);
	__clear_bit(idx, kprobe_ppc_area_used);
}

static void kprobe_ppc_buf_free(void *buf)
{
	if (kprobe_ppc_in_area(buf))
		kprobe_ppc_area_free(buf);
	else
		kprobe_opt_slot_free(buf);
}

/* Can a branch at @site's address reach @buf? */
static bool kprobe_ppc_reaches(struct kprobe_site *site, void *buf)
{
	return buf && is_offset_in_branch_range((long)buf -
						(long)site->addr);
}

/*
 * A detour buffer within reach of @site, or NULL: from the area first
 * for a site in the kernel's text, from the pool first for the others.
 */
static void *kprobe_ppc_buf_near(struct kprobe_site *site)
{
	void *(*source[2])(void) = {
		kprobe_opt_slot_alloc, kprobe_ppc_area_alloc,
	};
	unsigned int first = !!core_kernel_text((unsigned long)site->addr);
	void *buf;
	int i;

	for (i = 0; i < 2; i++) {
		buf = source[first ^ i]();
		if (kprobe_ppc_reaches(site, buf))
			return buf;
		if (buf)
			kprobe_ppc_buf_free(buf);
	}
	return NULL;
}

/*
 * Sites the detour must leave as traps: on 64-bit the hit through it
 * ends in local_irq_restore(), whose out-of-line part would take the
 * detour again from its own first instructions, forever.
 */
static bool kprobe_ppc_opt_refused(unsigned long addr)
{
#ifdef CONFIG_PPC64
	void *fn = dereference_kernel_function_descriptor(arch_local_irq_restore);
	unsigned long func = (unsigned long)fn;
	unsigned long size, offset;

	if (kallsyms_lookup_size_offset(func, &size, &offset))
		return addr >= func - offset && addr < func - offset + size;
#endif
	return false;
}

/*
 * Only instructions that emulate_step() completes on registers alone are
 * run from the detour.  A load or store there would be emulated with
 * user access opened and closed by emulate_step() itself, outside any
 * interrupt: a probe inside a user_access_begin() window (filldir64,
 * the copy loops) would leave the window closed under the probed code,
 * whose next user access then takes a KUAP fault.  A trap hit does not
 * have the problem: interrupt exit puts the saved KUAP state back.
 */
static bool kprobe_ppc_opt_register_only(struct kprobe_site *site)
{
	struct instruction_op op;
	struct pt_regs regs = {};

	return analyse_instr(&op, &regs, site->ainsn.insn) == 1;
}

/**
 * arch_kprobe_opt_prepare() - get an ARMED site ready for its jump
 * @site: an ARMED breakpoint site
 *
 * Writes the site's stub into a buffer its branch can reach, once.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EINVAL for a site that must stay a trap, -ERANGE if no
 * buffer is within reach, or the error of the text write.
 */
int arch_kprobe_opt_prepare(struct kprobe_site *site)
{
	u32 stub[KPROBE_PPC_STUB_WORDS];
	void *buf;
	int ret;

	kprobe_assert_mutex_held();
	if (site->ainsn.detour)
		return 0;
	if (kprobe_ppc_opt_refused((unsigned long)site->addr) ||
	    !kprobe_ppc_opt_register_only(site))
		return -EINVAL;
	buf = kprobe_ppc_buf_near(site);
	if (!buf)
		return -ERANGE;
	kprobe_ppc_opt_stub(stub, site);
	mutex_lock(&text_mutex);
	ret = patch_instructions(buf, stub, sizeof(stub), false);
	mutex_unlock(&text_mutex);
	if (ret) {
		kprobe_ppc_buf_free(buf);
		return ret;
	}
	site->ainsn.detour = buf;
	return 0;
}

/**
 * arch_kprobe_opt_write_jump() - write the branch of a prepared site
 * @site: a prepared site
 *
 * The trap becomes the branch at once; arch_kprobe_opt_write_finish()
 * makes every CPU see it.
 *
 * Context: cpus_read_lock() and text_mutex held.
 */
void arch_kprobe_opt_write_jump(struct kprobe_site *site)
{
	ppc_inst_t branch;

	if (WARN_ON_ONCE(create_branch(&branch, site->addr,
				       (unsigned long)site->ainsn.detour, 0)))
		return;
	WARN_ON_ONCE(patch_instruction(site->addr, branch));
}

/**
 * arch_kprobe_opt_release() - free the detour buffer of @site
 * @site: a site no CPU or task can be running in the detour of
 *
 * Context: process context.
 */
void arch_kprobe_opt_release(struct kprobe_site *site)
{
	if (site->ainsn.detour) {
		kprobe_ppc_buf_free(site->ainsn.detour);
		site->ainsn.detour = NULL;
	}
}
