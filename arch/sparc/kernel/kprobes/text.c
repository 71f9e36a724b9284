// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sparc64 probe sites: which instructions may be probed and how each is
 * run, their out-of-line slots, the traps written over them, and the code
 * sparc64 never probes.
 *
 * Kernel and module text are mapped writable on sparc64, and an aligned
 * word store is seen whole by every CPU: it runs the old or the new
 * instruction.  The instruction caches of other CPUs follow stores on
 * their own (UltraSPARC I and II snoop them, later CPUs are coherent), but
 * a CPU's own stores reach its instruction fetch only through a FLUSH of
 * the address written.  arch_kprobe_arm() and arch_kprobe_disarm() only
 * store and note the word; arch_kprobe_patch_sync() flushes the noted
 * words once per batch.
 */
#include <linux/bitops.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/cacheflush.h>
#include <asm/sections.h>

#include "common.h"

/* Instruction fields. */
#define SPARC_OP(insn)		((insn) >> 30)
#define SPARC_OP2(insn)		(((insn) >> 22) & 0x7)
#define SPARC_OP3(insn)		(((insn) >> 19) & 0x3f)
#define SPARC_RD(insn)		(((insn) >> 25) & 0x1f)
#define SPARC_RS1(insn)		(((insn) >> 14) & 0x1f)
#define SPARC_COND(insn)	(((insn) >> 25) & 0xf)
#define SPARC_ANNUL(insn)	(((insn) >> 29) & 0x1)

/* Format 0 (op 0): branches and sethi, by op2. */
#define SPARC_OP2_ILLTRAP	0
#define SPARC_OP2_BPCC		1
#define SPARC_OP2_BICC		2
#define SPARC_OP2_BPR		3
#define SPARC_OP2_SETHI		4
#define SPARC_OP2_FBPFCC	5
#define SPARC_OP2_FBFCC		6

/* The "always" condition of Bicc, BPcc, FBfcc and FBPfcc. */
#define SPARC_COND_ALWAYS	8

/* Format 2 (op 2), by op3: those that need a look. */
#define SPARC_OP3_RDASR		0x28	/* rs1 5 is rd %pc */
#define SPARC_OP3_RDHPR		0x29
#define SPARC_OP3_RDPR		0x2a
#define SPARC_OP3_SAVED		0x31	/* and restored */
#define SPARC_OP3_WRPR		0x32
#define SPARC_OP3_WRHPR		0x33
#define SPARC_OP3_JMPL		0x38
#define SPARC_OP3_RETURN	0x39
#define SPARC_OP3_TCC		0x3a
#define SPARC_OP3_DONE		0x3e	/* and retry */

#define SPARC_ASR_PC		5

/* Trap words written since the last sync; under text_mutex. */
static kprobe_opcode_t *kprobe_sparc_dirty[32];
static unsigned int kprobe_sparc_nr_dirty;

/* Make the noted words visible to this CPU's instruction fetch. */
static void kprobe_sparc_flush_dirty(void)
{
	unsigned int i;

	for (i = 0; i < kprobe_sparc_nr_dirty; i++)
		flushi(kprobe_sparc_dirty[i]);
	kprobe_sparc_nr_dirty = 0;
}

static void kprobe_sparc_write(kprobe_opcode_t *addr, kprobe_opcode_t word)
{
	lockdep_assert_held(&text_mutex);
	/* A batch longer than the list flushes as it goes. */
	if (kprobe_sparc_nr_dirty == ARRAY_SIZE(kprobe_sparc_dirty))
		kprobe_sparc_flush_dirty();
	WRITE_ONCE(*addr, word);
	kprobe_sparc_dirty[kprobe_sparc_nr_dirty++] = addr;
}

/**
 * arch_kprobe_patch_sync() - make the words written so far run everywhere
 *
 * One FLUSH per word written: other CPUs need none.
 *
 * Context: cpus_read_lock() and text_mutex held, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	lockdep_assert_held(&text_mutex);
	kprobe_sparc_flush_dirty();
}

/**
 * arch_kprobe_arm() - write the "ta 0x70" of @site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	kprobe_sparc_write(site->addr, KPROBE_SPARC_BP);
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
	kprobe_sparc_write(site->addr, site->ainsn.insn);
}

/* A pc-relative branch of format 0 (not sethi, not illtrap)? */
static bool kprobe_sparc_is_branch(u32 insn)
{
	if (SPARC_OP(insn) != 0)
		return false;
	switch (SPARC_OP2(insn)) {
	case SPARC_OP2_BPCC:
	case SPARC_OP2_BICC:
	case SPARC_OP2_FBPFCC:
	case SPARC_OP2_FBFCC:
		return true;
	case SPARC_OP2_BPR:
		return !(insn & BIT(28));
	}
	return false;
}

/* Any instruction with a delay slot: branch, call, jmpl, return. */
static bool kprobe_sparc_is_dcti(u32 insn)
{
	if (SPARC_OP(insn) == 1 || kprobe_sparc_is_branch(insn))
		return true;
	return SPARC_OP(insn) == 2 &&
	       (SPARC_OP3(insn) == SPARC_OP3_JMPL ||
		SPARC_OP3(insn) == SPARC_OP3_RETURN);
}

/* The byte displacement of a branch, by its format. */
static long kprobe_sparc_branch_disp(u32 insn)
{
	switch (SPARC_OP2(insn)) {
	case SPARC_OP2_BICC:
	case SPARC_OP2_FBFCC:
		return sign_extend64(insn & 0x3fffff, 21) * 4;
	case SPARC_OP2_BPR:
		return sign_extend64(((insn >> 6) & 0xc000) | (insn & 0x3fff),
				     15) * 4;
	}
	return sign_extend64(insn & 0x7ffff, 18) * 4;
}

/*
 * Instructions of format 2 that must not run from a slot: traps and the
 * returns from them, the trap-level window bookkeeping, and every read or
 * write of a privileged or hyperprivileged register.  %pil among them: it
 * is raised while the copy runs and put back after it, so a read would
 * see the wrong level and a write would be undone.
 */
static bool kprobe_sparc_refused_op3(u32 insn)
{
	switch (SPARC_OP3(insn)) {
	case SPARC_OP3_RDHPR:
	case SPARC_OP3_RDPR:
	case SPARC_OP3_SAVED:
	case SPARC_OP3_WRPR:
	case SPARC_OP3_WRHPR:
	case SPARC_OP3_TCC:
	case SPARC_OP3_DONE:
		return true;
	}
	return false;
}

/*
 * Sort @insn into a kind (enum kprobe_sparc_kind) with its displacement
 * and link register.
 *
 * Return: 0, or -EINVAL for an instruction that cannot be probed.
 */
static int kprobe_sparc_decode(struct arch_specific_insn *ai, u32 insn)
{
	ai->insn = insn;
	ai->kind = KPROBE_SPARC_COPY;
	ai->disp = 0;
	ai->link = 0;

	switch (SPARC_OP(insn)) {
	case 0:
		if (kprobe_sparc_is_branch(insn)) {
			ai->disp = kprobe_sparc_branch_disp(insn);
			/*
			 * Branch always with annul: the copy would go to a
			 * target relative to the slot, and its delay slot never
			 * runs.  The handler goes to the real target itself.
			 */
			if (SPARC_OP2(insn) != SPARC_OP2_BPR &&
			    SPARC_COND(insn) == SPARC_COND_ALWAYS &&
			    SPARC_ANNUL(insn))
				ai->kind = KPROBE_SPARC_GOTO;
			else
				ai->kind = KPROBE_SPARC_BRANCH;
			return 0;
		}
		/* sethi (and nop); illtrap and the reserved op2 trap. */
		return SPARC_OP2(insn) == SPARC_OP2_SETHI ? 0 : -EINVAL;
	case 1:
		ai->kind = KPROBE_SPARC_CALL;
		ai->disp = sign_extend64(insn & 0x3fffffff, 29) * 4;
		ai->link = UREG_RETPC;
		return 0;
	case 2:
		if (kprobe_sparc_refused_op3(insn))
			return -EINVAL;
		if (SPARC_OP3(insn) == SPARC_OP3_JMPL ||
		    SPARC_OP3(insn) == SPARC_OP3_RETURN)
			ai->kind = KPROBE_SPARC_JUMP;
		if (SPARC_OP3(insn) == SPARC_OP3_JMPL ||
		    (SPARC_OP3(insn) == SPARC_OP3_RDASR &&
		     SPARC_RS1(insn) == SPARC_ASR_PC)) {
			/*
			 * Writes its own address: fixed up in pt_regs, which
			 * holds the globals and outs only; a local or in
			 * register lives in a register window.
			 */
			if (SPARC_RD(insn) >= 16)
				return -EINVAL;
			ai->link = SPARC_RD(insn);
		}
		return 0;
	}
	/* Format 3: loads, stores and atomics run from the slot as they are. */
	return 0;
}

/* Fill @site's slot with its instruction and the traps that end the step. */
static int kprobe_sparc_fill_slot(struct kprobe_site *site)
{
	u32 image[KPROBE_SLOT_SIZE / sizeof(u32)];
	kprobe_opcode_t *slot;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(image); i++)
		image[i] = KPROBE_SPARC_STEP_END;
	image[0] = site->ainsn.insn;

	slot = kprobe_slot_alloc();
	if (!slot)
		return -ENOMEM;
	memcpy(slot, image, sizeof(image));
	/* One FLUSH per doubleword. */
	for (i = 0; i < ARRAY_SIZE(image); i += 2)
		flushi(&slot[i]);
	site->ainsn.slot = slot;
	return 0;
}

/**
 * arch_kprobe_prepare() - check @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * Calls and branches that always go and annul their delay slot are done
 * by the trap handler; every other instruction runs from the slot.
 * Refused with -EINVAL: traps, illtrap, done and retry, the privileged
 * and hyperprivileged register accesses, jmpl and rd %pc into a window
 * register, and an instruction with a delay slot sitting in the delay
 * slot of another (the pair is not run in order from a slot).
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ for an unaligned address, -EINVAL, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	u32 insn, prev;
	int ret;

	if (!IS_ALIGNED(addr, sizeof(u32)))
		return -EILSEQ;
	if (get_kernel_nofault(insn, (u32 *)addr))
		return -EINVAL;
	ret = kprobe_sparc_decode(ai, insn);
	if (ret)
		return ret;
	if (kprobe_sparc_is_dcti(insn) && addr > func &&
	    (get_kernel_nofault(prev, (u32 *)(addr - 4)) ||
	     kprobe_sparc_is_dcti(prev)))
		return -EINVAL;
	ai->slot = NULL;
	if (ai->kind == KPROBE_SPARC_CALL || ai->kind == KPROBE_SPARC_GOTO)
		return 0;
	return kprobe_sparc_fill_slot(site);
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
 * head_64.S links first and holds, up to the end of the trap table, the
 * trap entry and return code (etrap, rtrap), window spill and fill
 * fixups, TLB miss handlers and interrupt vectors: code that runs at a
 * raised trap level or on the way into and out of every trap, where
 * another trap cannot be taken.  A secondary sun4v CPU starts in
 * hv_cpu_startup with the MMU off, running the kernel text at its
 * physical address, until it has installed the kernel's trap table: a
 * trap there never reaches kprobe_trap().  (The sun4u startup code,
 * sparc64_cpu_startup, lives in .data and is not probed anyway.)
 */
static const struct kprobe_text_range kprobe_sparc_refused[] = {
	{ _text, sparc64_ttable_tl0 + KPROBE_SPARC_TTABLE_SIZE },
#ifdef CONFIG_SMP
	{ hv_cpu_startup, hv_cpu_startup_end },
#endif
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_sparc_refused,
	.nr_sections = ARRAY_SIZE(kprobe_sparc_refused),
};
