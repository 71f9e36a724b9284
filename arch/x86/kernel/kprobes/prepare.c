// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Preparing a probed x86-64 address: proving that it starts an instruction
 * of the original code, and writing the out-of-line copies of that
 * instruction into the site's slot (layout in common.h).
 */
#include <linux/errno.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>
#include <asm/alternative.h>
#include <asm/insn.h>
#include <asm/nops.h>
#include <asm/text-patching.h>

#include "common.h"

/*
 * Decode the instruction at @addr into @insn, which keeps pointing into
 * @buf.  Walks from @func, the start of the enclosing symbol, so that an
 * address in the middle of an instruction is recognised.
 *
 * An instruction before @addr that cannot be read or decoded leaves the
 * boundary unproven: -EILSEQ, like landing inside an instruction.  An
 * instruction at @addr that cannot be read or decoded is on a boundary
 * but cannot be copied: -EINVAL.
 */
static int kprobe_decode_at(unsigned long addr, unsigned long func,
			    struct insn *insn, u8 *buf)
{
	unsigned long pos;
	bool bad;

	if (func > addr)
		return -EILSEQ;

	for (pos = func; ; pos += insn->length) {
		bad = kprobe_read_original(pos, buf) ||
		      insn_decode_kernel(insn, buf) < 0;
		if (pos == addr)
			return bad ? -EINVAL : 0;
		if (bad || pos + insn->length > addr)
			return -EILSEQ;
	}
}

/*
 * Re-aim a RIP-relative operand of the copy at @copy, which will run at
 * @run_at, so that it reaches what the original at @addr reached.
 */
static int kprobe_fix_rip(u8 *copy, struct insn *insn, unsigned long addr,
			  unsigned long run_at)
{
	s64 disp;

	if (!insn_rip_relative(insn))
		return 0;

	disp = (s64)insn->displacement.value + (s64)(addr - run_at);
	if (disp != (s32)disp)
		return -EINVAL;
	put_unaligned((s32)disp, (s32 *)(copy + insn_offset_displacement(insn)));
	return 0;
}

/*
 * Add the boost copy: the instruction followed by a jmp rel32 to the next
 * original instruction.  Without room for the jump the site just is not
 * boosted.
 */
static void kprobe_build_boost(struct kprobe_site *site, struct insn *insn,
			       const u8 *orig, u8 *buf)
{
	unsigned long run_at = kprobe_boost_copy(site);
	unsigned long jmp_at = run_at + site->ainsn.len;
	u8 *copy = buf + KPROBE_BOOST_OFFSET;
	long rel;

	rel = (long)(kprobe_next_ip(site) - (jmp_at + JMP32_INSN_SIZE));
	if (rel != (s32)rel) {
		site->ainsn.boostable = false;
		return;
	}

	memcpy(copy, orig, site->ainsn.len);
	if (kprobe_fix_rip(copy, insn, (unsigned long)site->addr, run_at)) {
		site->ainsn.boostable = false;
		return;
	}
	copy[site->ainsn.len] = JMP32_INSN_OPCODE;
	put_unaligned((s32)rel, (s32 *)(copy + site->ainsn.len + 1));
}

/*
 * Fill @buf with the slot image for @site: the step copy (followed by the
 * int3 of the filler), the boost copy if wanted, int3 everywhere else.
 */
static int kprobe_build_slot(struct kprobe_site *site, struct insn *insn,
			     const u8 *orig, u8 *buf)
{
	u8 *copy = buf + KPROBE_STEP_OFFSET;
	int modrm_at;

	memset(buf, INT3_INSN_OPCODE, KPROBE_SLOT_SIZE);
	memcpy(copy, orig, site->ainsn.len);

	/* "call/jmp *mem" become "push mem" (ff /6); same length, operands. */
	if (site->ainsn.kind == KPROBE_INSN_CALL_MEM ||
	    site->ainsn.kind == KPROBE_INSN_JMP_MEM) {
		modrm_at = insn_offset_modrm(insn);
		copy[modrm_at] = (copy[modrm_at] & ~0x38) | (6 << 3);
	}

	if (kprobe_fix_rip(copy, insn, (unsigned long)site->addr,
			   kprobe_step_copy(site)))
		return -EINVAL;

	if (site->ainsn.boostable)
		kprobe_build_boost(site, insn, orig, buf);
	return 0;
}

static int kprobe_install_slot(struct kprobe_site *site, struct insn *insn,
			       const u8 *orig)
{
	u8 image[KPROBE_SLOT_SIZE];
	int ret;

	ret = kprobe_build_slot(site, insn, orig, image);
	if (ret)
		return ret;

	mutex_lock(&text_mutex);
	if (alternatives_text_reserved(site->addr, site->addr)) {
		ret = -EINVAL;
	} else {
		perf_event_text_poke(site->ainsn.slot, NULL, 0, image,
				     KPROBE_SLOT_SIZE);
		text_poke(site->ainsn.slot, image, KPROBE_SLOT_SIZE);
	}
	mutex_unlock(&text_mutex);
	return ret;
}

/**
 * arch_kprobe_prepare() - check and copy the instruction at a new site
 * @site: the site; site->addr is set, site->ainsn is filled in here
 * @func: start of the function (symbol) holding site->addr
 *
 * Decodes the original instruction at site->addr, decides whether it is
 * emulated, single-stepped or boosted, takes a slot and writes the
 * out-of-line copies into it.
 *
 * Context: process context, kprobe_mutex held, text_mutex not held.
 * Return: 0; -EILSEQ if site->addr does not start an instruction; -EINVAL
 * if the instruction cannot be probed; -ENOMEM without a free slot.
 */
int arch_kprobe_prepare(struct kprobe_site *site, unsigned long func)
{
	unsigned long addr = (unsigned long)site->addr;
	u8 orig[MAX_INSN_SIZE];
	struct insn insn;
	int ret;

	kprobe_assert_mutex_held();
	/* Never an ftrace site: those have no ainsn (site.c does not call). */
	memset(&site->ainsn, 0, sizeof(site->ainsn));

	ret = kprobe_decode_at(addr, func, &insn, orig);
	if (ret)
		return ret;
	if (insn.opcode.bytes[0] == INT3_INSN_OPCODE)
		return -EINVAL;		/* somebody else's breakpoint */

	ret = kprobe_x86_classify(&insn, addr, &site->ainsn);
	if (ret)
		return ret;
	site->ainsn.opcode = orig[0];

	site->ainsn.slot = kprobe_slot_alloc();
	if (!site->ainsn.slot)
		return -ENOMEM;

	ret = kprobe_install_slot(site, &insn, orig);
	if (ret) {
		kprobe_slot_free(site->ainsn.slot);
		site->ainsn.slot = NULL;
	}
	return ret;
}

/**
 * arch_kprobe_release() - give back what arch_kprobe_prepare() took
 * @site: a prepared site that no CPU can be running in any more
 *
 * Context: process context, may sleep; no kprobes lock is needed and none
 * is held when the reclaim worker frees a dead site (nobody else can
 * reach it any more).
 */
void arch_kprobe_release(struct kprobe_site *site)
{
	if (!site->ainsn.slot)
		return;
	perf_event_text_poke(site->ainsn.slot, site->ainsn.slot,
			     KPROBE_SLOT_SIZE, NULL, 0);
	kprobe_slot_free(site->ainsn.slot);
	site->ainsn.slot = NULL;
}
