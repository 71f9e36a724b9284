// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 probe sites: which instructions may be probed, their out-of-line
 * slots, the BRK written over them, and the text arm64 never probes.
 *
 * Writes of BRKs and of the original instructions are queued and made in
 * one stop_machine() by arch_kprobe_patch_sync(): an arbitrary instruction
 * may not be replaced while another CPU might execute it, so every CPU is
 * held still and then resynchronised once per batch, not once per probe.
 */
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <asm/debug-monitors.h>
#include <asm/insn.h>
#include <asm/patching.h>
#include <asm/sections.h>

#include "common.h"
#include "decode-insn.h"
#include "simulate-insn.h"

/* Queued writes; only touched with text_mutex held. */
#define KPROBE_ARM64_QUEUE	64

static void *kprobe_arm64_addrs[KPROBE_ARM64_QUEUE];
static u32 kprobe_arm64_insns[KPROBE_ARM64_QUEUE];
static int kprobe_arm64_queued;

/**
 * arch_kprobe_patch_sync() - make every queued write, on every CPU at once
 *
 * Context: text_mutex held, may sleep.
 */
void arch_kprobe_patch_sync(void)
{
	lockdep_assert_held(&text_mutex);
	if (!kprobe_arm64_queued)
		return;
	/* Each CPU runs an ISB on the way out of stop_machine(). */
	WARN_ON_ONCE(aarch64_insn_patch_text(kprobe_arm64_addrs,
					     kprobe_arm64_insns,
					     kprobe_arm64_queued));
	kprobe_arm64_queued = 0;
}

static void kprobe_arm64_queue(void *addr, u32 insn)
{
	lockdep_assert_held(&text_mutex);
	if (kprobe_arm64_queued == KPROBE_ARM64_QUEUE)
		arch_kprobe_patch_sync();
	kprobe_arm64_addrs[kprobe_arm64_queued] = addr;
	kprobe_arm64_insns[kprobe_arm64_queued] = insn;
	kprobe_arm64_queued++;
}

/**
 * arch_kprobe_arm() - queue the BRK of @site
 * @site: a prepared site
 *
 * Context: text_mutex held; arch_kprobe_patch_sync() follows.
 */
void arch_kprobe_arm(struct kprobe_site *site)
{
	kprobe_arm64_queue(site->addr, BRK64_OPCODE_KPROBES);
}

/**
 * arch_kprobe_disarm() - queue the original instruction of @site
 * @site: an armed site
 *
 * Context: text_mutex held; arch_kprobe_patch_sync() follows.
 */
void arch_kprobe_disarm(struct kprobe_site *site)
{
	kprobe_arm64_queue(site->addr, site->ainsn.opcode);
}

/* Fill @site's slot: the instruction, then the BRK that ends the step. */
static int kprobe_arm64_fill_slot(struct kprobe_site *site)
{
	kprobe_opcode_t *slot = kprobe_slot_alloc();
	int i, ret;

	if (!slot)
		return -ENOMEM;
	ret = aarch64_insn_patch_text_nosync(slot, site->ainsn.opcode);
	/* The step's BRK, then BRKs up to the end of the slot. */
	for (i = 1; !ret && i < KPROBE_SLOT_SIZE / sizeof(*slot); i++)
		ret = aarch64_insn_patch_text_nosync(slot + i,
						     BRK64_OPCODE_KPROBES_SS);
	if (ret) {
		kprobe_slot_free(slot);
		return ret;
	}
	/*
	 * The BRK of the probe, taken before any CPU can reach the slot,
	 * is a context synchronisation event: no ISB is needed here.
	 */
	site->ainsn.api.insn = slot;
	site->ainsn.api.restore = (unsigned long)site->addr +
				  sizeof(kprobe_opcode_t);
	return 0;
}

/*
 * How far back from a probed address an exclusive load may open the
 * sequence the address would be in: 32 instructions, as far as arm64's
 * uprobes decoder has always looked.
 */
#define KPROBE_ARM64_EXCL_SCAN	32

/*
 * Would a BRK at @addr land between a load-exclusive and its
 * store-exclusive?  The exception clears the exclusive monitor, so the
 * store would fail every time and the sequence would never end.  Walks
 * back from the instruction before @addr, never past @func (the start of
 * the enclosing symbol, looked up by the core already) nor further than
 * KPROBE_ARM64_EXCL_SCAN instructions: a store-exclusive met first
 * closes any earlier sequence, a load-exclusive opens one.
 */
static bool kprobe_arm64_in_exclusive(const __le32 *addr, unsigned long func)
{
	const __le32 *p = addr;
	u32 insn;
	int n;

	for (n = 0; n < KPROBE_ARM64_EXCL_SCAN; n++) {
		if ((unsigned long)(p - 1) < func)
			break;
		insn = le32_to_cpu(READ_ONCE(*--p));
		if (aarch64_insn_is_store_ex(insn))
			return false;
		if (aarch64_insn_is_load_ex(insn))
			return true;
	}
	return false;
}

/*
 * LDR (literal) into an FP/SIMD register: PC-relative like the
 * general-purpose literal loads, but decode-insn.c neither simulates it
 * nor counts it as a literal load, so it would be stepped out of line and
 * read next to the slot.  Bits 29-24 are 0b011100 (V set).
 */
static bool kprobe_arm64_is_fp_literal(u32 insn)
{
	return (insn & 0x3f000000) == 0x1c000000;
}

/*
 * How the instruction of @site runs: simulated (PC-relative loads,
 * branches, ADR/ADRP; site->ainsn.api.handler set, no slot), stepped out
 * of line, or refused.  arm_probe_decode_insn() is the decoder arm64
 * shares with uprobes; literal loads are simulated for kprobes only.
 */
static enum probe_insn kprobe_arm64_decode(struct kprobe_site *site,
					   unsigned long func)
{
	struct arch_probe_insn *api = &site->ainsn.api;
	u32 insn = site->ainsn.opcode;
	enum probe_insn kind;

	api->handler = NULL;
	if (kprobe_arm64_is_fp_literal(insn))
		return INSN_REJECTED;
	if (aarch64_insn_is_ldr_lit(insn)) {
		api->handler = simulate_ldr_literal;
		kind = INSN_GOOD_NO_SLOT;
	} else if (aarch64_insn_is_ldrsw_lit(insn)) {
		api->handler = simulate_ldrsw_literal;
		kind = INSN_GOOD_NO_SLOT;
	} else {
		kind = arm_probe_decode_insn(insn, api);
	}
	if (kind != INSN_REJECTED &&
	    kprobe_arm64_in_exclusive((const __le32 *)site->addr, func))
		return INSN_REJECTED;
	return kind;
}

/**
 * arch_kprobe_prepare() - decode @site's instruction and give it a slot
 * @site: a new site
 * @func: start of the symbol holding site->addr
 *
 * PC-relative instructions are simulated (decode-insn.c says which);
 * exclusive load/store sequences, FP/SIMD literal loads,
 * exception-generating and system instructions are refused.
 *
 * Context: kprobe_mutex held.
 * Return: 0, -EILSEQ for a misaligned address, -EINVAL for an instruction
 * that cannot be probed, -ENOMEM.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	unsigned long addr = (unsigned long)site->addr;

	kprobe_assert_mutex_held();
	if (!IS_ALIGNED(addr, sizeof(kprobe_opcode_t)))
		return -EILSEQ;
	if (search_exception_tables(addr))
		return -EINVAL;
	site->ainsn.opcode = le32_to_cpu(READ_ONCE(*(__le32 *)addr));
	site->ainsn.api.insn = NULL;
	site->ainsn.api.restore = 0;

	switch (kprobe_arm64_decode(site, func)) {
	case INSN_GOOD_NO_SLOT:
		return 0;
	case INSN_GOOD:
		return kprobe_arm64_fill_slot(site);
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

/* Text that runs before the kernel's exception state is complete. */
static const struct kprobe_text_range kprobe_arm64_refused[] = {
	{ __entry_text_start, __entry_text_end },
	{ __irqentry_text_start, __irqentry_text_end },
	{ __idmap_text_start, __idmap_text_end },
	{ __hyp_text_start, __hyp_text_end },
	{ __hyp_idmap_text_start, __hyp_idmap_text_end },
};

const struct kprobe_arch_refusals kprobe_arch_refusals = {
	.sections = kprobe_arm64_refused,
	.nr_sections = ARRAY_SIZE(kprobe_arm64_refused),
};
