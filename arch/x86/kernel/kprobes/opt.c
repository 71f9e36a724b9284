// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86-64 jump optimization: the int3 of an ARMED site is replaced by a
 * "jmp rel32" into a detour buffer (layout in common.h) that calls the
 * probe handlers and then runs a copy of the instructions the jump covers.
 *
 * A site qualifies when the instructions covering the 5 bytes of the jump
 * all lie in the probed function, can run from the copy (boostable ones,
 * RIP-relative operands re-aimed, and nops), hold nothing another
 * subsystem patches, and when no instruction of the function jumps or
 * resumes after a fault into the middle of them, the function has no
 * indirect jump and no other probe sits among them.
 */
#include <linux/extable.h>
#include <linux/ftrace.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/kprobes_arch.h>
#include <linux/memory.h>
#include <linux/perf_event.h>
#include <linux/preempt.h>
#include <linux/static_call.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <asm/insn.h>
#include <asm/nospec-branch.h>
#include <asm/text-patching.h>

#include "common.h"

/* Bytes of the jump after its first one, which stays the breakpoint's. */

static_assert(KPROBE_OPT_COPY_OFFSET + KPROBE_OPT_MAX_LEN + JMP32_INSN_SIZE <=
	      KPROBE_OPT_SLOT_SIZE);

/*
 * The pre_handlers of a site without a lone probe, out of line: the usual
 * lone probe is then run with nothing to keep across its handler.
 */
static noinline int kprobe_x86_opt_run_list(struct kprobe_site *site,
					    struct pt_regs *regs)
{
	return kprobe_site_run_pre_list(site, regs);
}

NOKPROBE_SYMBOL(kprobe_x86_opt_run_list);

/**
 * kprobe_x86_opt_hit() - run the probes of an optimized site
 * @site: the site whose jump led here
 * @regs: the registers at site->addr, saved by the detour buffer
 *
 * Works like a breakpoint hit that needs no single-step, regs->ip one past
 * the probed address (the detour stored it).  A hit while this CPU already
 * handles a probe only counts a miss.  As in the ftrace path there is no
 * control block: current_kprobe marks this CPU busy.
 *
 * Context: detour buffer, interrupts as the probed code had them.
 * Return: non-zero if a pre_handler chose where execution resumes
 * (regs->ip): what that handler returned, which the detour tests as is.
 */
__visible notrace int kprobe_x86_opt_hit(struct kprobe_site *site,
					 struct pt_regs *regs)
{
	struct kprobe *lone;
	int moved = 0;

	/* The handlers and the per-CPU state must stay on this CPU. */
	preempt_disable();
	if (unlikely(kprobe_running())) {
		kprobe_site_missed(site);
		goto out;
	}
	kprobe_hit_begin();
	/* Pairs with smp_store_release() in kprobe_site_update_lone_locked(). */
	lone = READ_ONCE(site->lone);
	if (likely(lone))
		moved = kprobe_run_lone(lone, regs);
	else
		moved = kprobe_x86_opt_run_list(site, regs);
	/* current_kprobe was named by the handler stage above. */
	kprobe_hit_end_current();
out:
	preempt_enable();
	return moved;
}

NOKPROBE_SYMBOL(kprobe_x86_opt_hit);

/**
 * kprobe_x86_opt_calls_handlers() - is @func one that calls the handlers
 *	of an optimized site?
 * @func: the start of a function
 *
 * Context: any (kprobe_fault_handler()).
 * Return: true for kprobe_x86_opt_hit() and its out-of-line list walk.
 */
bool kprobe_x86_opt_calls_handlers(unsigned long func)
{
	return func == (unsigned long)kprobe_x86_opt_hit ||
	       func == (unsigned long)kprobe_x86_opt_run_list;
}

NOKPROBE_SYMBOL(kprobe_x86_opt_calls_handlers);

/* Does @insn at @pos branch to somewhere strictly inside (start, end)? */
static bool kprobe_opt_jumps_inside(struct insn *insn, unsigned long pos,
				    unsigned long start, unsigned long end)
{
	u8 op = insn->opcode.bytes[0];
	unsigned long target;

	switch (op) {
	case 0x70 ... 0x7f:		/* jcc rel8 */
	case 0xe0 ... 0xe3:		/* loop family, jrcxz */
	case 0xe9:			/* jmp rel32 */
	case 0xeb:			/* jmp rel8 */
		break;
	case 0x0f:
		if ((insn->opcode.bytes[1] & 0xf0) != 0x80)	/* jcc rel32 */
			return false;
		break;
	default:
		return false;
	}
	target = pos + insn->length + insn->immediate.value;
	return target > start && target < end;
}

/*
 * An indirect jump may use a jump table that leads anywhere.  Compiled C
 * has none on kernels built with retpolines or IBT, but assembly may, so
 * every function is checked whatever the configuration.
 */
static bool kprobe_opt_indirect_jump(struct insn *insn)
{
	u8 op = insn->opcode.bytes[0];

	if (op == 0xea)
		return true;
	return op == 0xff && (X86_MODRM_REG(insn->modrm.value) & 6) == 4;
}

/*
 * Does a fault of the instruction at @pos resume strictly inside
 * (start, end)?  Relative exception-table entries store the fixup as an
 * offset from the field itself.
 */
static bool kprobe_opt_fixup_inside(unsigned long pos, unsigned long start,
				    unsigned long end)
{
	const struct exception_table_entry *e = search_exception_tables(pos);
	unsigned long fixup;

	if (!e)
		return false;
	fixup = (unsigned long)&e->fixup + e->fixup;
	return fixup > start && fixup < end;
}

/*
 * Decode the whole function around @addr and refuse it if anything could
 * enter the covered bytes (addr, addr + len) other than through @addr: a
 * branch, an exception fixup, or an indirect jump that may go anywhere.
 * The faulting instructions themselves are never among the covered ones,
 * see kprobe_opt_movable().
 */
static int kprobe_opt_check_function(unsigned long addr, unsigned int len)
{
	unsigned long size, off, pos, end;
	u8 buf[MAX_INSN_SIZE];
	struct insn insn;

	if (!kallsyms_lookup_size_offset(addr, &size, &off))
		return -EINVAL;
	end = addr - off + size;
	if (addr + len > end)
		return -EINVAL;

	for (pos = addr - off; pos < end; pos += insn.length) {
		if (kprobe_opt_fixup_inside(pos, addr, addr + len))
			return -EINVAL;
		if (kprobe_read_original(pos, buf) ||
		    insn_decode_kernel(&insn, buf) < 0)
			return -EINVAL;
		if (kprobe_opt_indirect_jump(&insn) ||
		    kprobe_opt_jumps_inside(&insn, pos, addr, addr + len))
			return -EINVAL;
	}
	return 0;
}

/* May the instruction at @pos run from the detour copy? */
static bool kprobe_opt_movable(struct insn *insn, unsigned long pos)
{
	struct arch_specific_insn ai = {};

	if (kprobe_x86_classify(insn, pos, &ai))
		return false;
	if (ai.kind == KPROBE_INSN_EMULATE)
		return ai.op == KPROBE_EMUL_NOP;
	return ai.kind == KPROBE_INSN_STEP && ai.boostable;
}

/*
 * Copy one covered instruction to @copy, which will run at @run_at,
 * re-aiming a RIP-relative operand.
 */
static int kprobe_opt_copy_insn(u8 *copy, struct insn *insn, const u8 *orig,
				unsigned long pos, unsigned long run_at)
{
	s64 disp;

	memcpy(copy, orig, insn->length);
	if (!insn_rip_relative(insn))
		return 0;
	disp = (s64)insn->displacement.value + (s64)(pos - run_at);
	if (disp != (s32)disp)
		return -EINVAL;
	put_unaligned((s32)disp, (s32 *)(copy + insn_offset_displacement(insn)));
	return 0;
}

/*
 * Fill @image (the future contents of @site's detour buffer) with the
 * copy of the covered instructions and the jump back after them, and
 * record how many bytes they take and the original jump tail.
 */
static int kprobe_opt_build_copy(struct kprobe_site *site, u8 *image)
{
	unsigned long addr = (unsigned long)site->addr;
	unsigned long run_at = (unsigned long)site->ainsn.detour +
			       KPROBE_OPT_COPY_OFFSET;
	u8 *copy = image + KPROBE_OPT_COPY_OFFSET;
	u8 orig[KPROBE_OPT_MAX_LEN];
	unsigned int done = 0;
	u8 buf[MAX_INSN_SIZE];
	struct insn insn;
	long rel;

	while (done < JMP32_INSN_SIZE) {
		if (kprobe_read_original(addr + done, buf) ||
		    insn_decode_kernel(&insn, buf) < 0 ||
		    !kprobe_opt_movable(&insn, addr + done) ||
		    kprobe_opt_copy_insn(copy + done, &insn, buf, addr + done,
					 run_at + done))
			return -EINVAL;
		memcpy(orig + done, buf, insn.length);
		done += insn.length;
	}

	rel = (long)(addr + done) - (long)(run_at + done + JMP32_INSN_SIZE);
	if (rel != (s32)rel)
		return -EINVAL;
	copy[done] = JMP32_INSN_OPCODE;
	put_unaligned((s32)rel, (s32 *)(copy + done + 1));
	memcpy(site->ainsn.opt_tail, orig + INT3_INSN_SIZE, KPROBE_OPT_TAIL);
	site->ainsn.opt_len = done;
	return 0;
}

/*
 * The return of the "handler moved ip" exit (kprobe_opt_tmpl_ret): left a
 * "ret; int3" unless the return-thunk mitigations want every return to go
 * through x86_return_thunk, as apply_returns() does for the kernel's own
 * returns; objtool never sees the template, so this is where that rule is
 * kept.
 */
static int kprobe_opt_build_ret(unsigned long detour, u8 *image)
{
	size_t ret_at = kprobe_opt_tmpl_ret - kprobe_opt_tmpl;
	unsigned long at = detour + ret_at;
	long rel;

	if (!cpu_wants_rethunk_at((void *)at))
		return 0;
	rel = (long)x86_return_thunk - (long)(at + JMP32_INSN_SIZE);
	if (rel != (s32)rel)
		return -EINVAL;
	image[ret_at] = JMP32_INSN_OPCODE;
	put_unaligned((s32)rel, (s32 *)(image + ret_at + 1));
	return 0;
}

/* What replaces the 3-byte nop at kprobe_opt_tmpl_clac where SMAP is on. */
static const u8 kprobe_opt_clac[] = { 0x0f, 0x01, 0xca };

/* Fill @image with the template, bound to @site. */
static int kprobe_opt_build_tmpl(struct kprobe_site *site, u8 *image)
{
	unsigned long detour = (unsigned long)site->ainsn.detour;
	size_t call_at = kprobe_opt_tmpl_call - kprobe_opt_tmpl;
	size_t site_at = kprobe_opt_tmpl_site - kprobe_opt_tmpl;
	size_t ip_at = kprobe_opt_tmpl_ip - kprobe_opt_tmpl;
	size_t clac_at = kprobe_opt_tmpl_clac - kprobe_opt_tmpl;
	long ip = (long)site->addr + INT3_INSN_SIZE;
	unsigned long hit;
	long rel;

	if (WARN_ON_ONCE(kprobe_opt_tmpl_end - kprobe_opt_tmpl !=
			 KPROBE_OPT_COPY_OFFSET))
		return -EINVAL;
	memcpy(image, kprobe_opt_tmpl, KPROBE_OPT_COPY_OFFSET);
	/*
	 * push $imm32 of pt_regs->ip: one past the probed address, as for a
	 * breakpoint.  On 64-bit, kernel and module text lie in the top
	 * 2 GiB, where a sign-extended imm32 reaches; on 32-bit every
	 * address does.
	 */
	if (ip != (s32)ip)
		return -EINVAL;
	put_unaligned((s32)ip, (s32 *)(image + ip_at + 1));
	/* mov $site to the first argument register: movabs or movl. */
	put_unaligned((unsigned long)site,
		      (unsigned long *)(image + site_at + KPROBE_OPT_SITE_IMM));
	/*
	 * The probed code may be inside a user access window (AC set): the
	 * handlers run with SMAP enforced, as after an exception.  The
	 * detour puts the saved flags, AC included, back on the way out.
	 */
	if (boot_cpu_has(X86_FEATURE_SMAP))
		memcpy(image + clac_at, kprobe_opt_clac, sizeof(kprobe_opt_clac));
	/*
	 * Kept from being folded into "kprobe_x86_opt_hit - 5", an address
	 * inside the code before it, which objtool's IBT check would see as
	 * a pointer into the middle of a function.
	 */
	hit = (unsigned long)kprobe_x86_opt_hit;
	OPTIMIZER_HIDE_VAR(hit);
	rel = (long)hit - (long)(detour + call_at + CALL_INSN_SIZE);
	if (rel != (s32)rel)
		return -EINVAL;
	put_unaligned((s32)rel, (s32 *)(image + call_at + 1));
	return kprobe_opt_build_ret(detour, image);
}

/*
 * Is code in [addr, addr + len) patched by somebody other than kprobes?
 * Only the alternatives lookup wants text_mutex; the jump label and static
 * call lookups take locks that rank above text_mutex, so they run without it.
 */
static bool kprobe_opt_reserved(unsigned long addr, unsigned int len)
{
	void *start = (void *)addr, *last = (void *)(addr + len - 1);
	bool alt;

	mutex_lock(&text_mutex);
	alt = alternatives_text_reserved(start, last);
	mutex_unlock(&text_mutex);

	return alt || ftrace_text_reserved(start, last) ||
	       jump_label_text_reserved(start, last) ||
	       static_call_text_reserved(start, last);
}

/* Write the detour buffer of @site for the first time. */
static int kprobe_opt_build(struct kprobe_site *site)
{
	u8 image[KPROBE_OPT_SLOT_SIZE];
	int ret;

	site->ainsn.detour = kprobe_opt_slot_alloc();
	if (!site->ainsn.detour)
		return -ENOMEM;

	memset(image, INT3_INSN_OPCODE, sizeof(image));
	ret = kprobe_opt_build_copy(site, image);
	if (!ret)
		ret = kprobe_opt_build_tmpl(site, image);
	if (!ret && (kprobe_opt_reserved((unsigned long)site->addr,
					 site->ainsn.opt_len) ||
		     kprobe_opt_check_function((unsigned long)site->addr,
					       site->ainsn.opt_len)))
		ret = -EINVAL;
	if (ret) {
		kprobe_opt_slot_free(site->ainsn.detour);
		site->ainsn.detour = NULL;
		return ret;
	}

	mutex_lock(&text_mutex);
	text_poke(site->ainsn.detour, image, sizeof(image));
	mutex_unlock(&text_mutex);
	perf_event_text_poke(site->ainsn.detour, NULL, 0, image, sizeof(image));
	/* Other CPUs will run the new buffer: serialise them once. */
	text_poke_sync();
	return 0;
}

/* Is another live site inside the covered bytes, after the first one? */
static bool kprobe_opt_crowded(struct kprobe_site *site)
{
	unsigned long addr = (unsigned long)site->addr;
	unsigned int i;

	for (i = INT3_INSN_SIZE; i < site->ainsn.opt_len; i++) {
		if (kprobe_site_lookup(addr + i))
			return true;
	}
	return false;
}

/**
 * arch_kprobe_opt_prepare() - get an ARMED site ready for its jump
 * @site: an ARMED breakpoint site
 *
 * Builds the detour buffer the first time; a site whose code does not
 * qualify is remembered and never looked at again.  On success breakpoint
 * hits at @site resume in the detour copy from now on.
 *
 * Context: process context, kprobe_mutex held, text_mutex not held.
 * Return: 0; -EINVAL if the code does not qualify; -EBUSY while another
 * site sits among the covered instructions; -ENOMEM.
 */
int arch_kprobe_opt_prepare(struct kprobe_site *site)
{
	struct arch_specific_insn *ai = &site->ainsn;
	int ret;

	kprobe_assert_mutex_held();
	if (ai->opt_refused)
		return -EINVAL;
	if (!ai->detour) {
		/* Probes among the covered bytes are read through, see prepare.c. */
		ret = kprobe_opt_build(site);
		if (ret == -EINVAL)
			ai->opt_refused = true;
		if (ret)
			return ret;
	}
	if (kprobe_opt_crowded(site))
		return -EBUSY;
	/* The buffer is complete; pairs with kprobe_opt_resumes(). */
	smp_store_release(&ai->opt_ready, true);
	return 0;
}

/**
 * arch_kprobe_opt_cancel() - breakpoint hits resume in the original code
 * @site: a breakpoint site whose jump, if any, is already removed
 *
 * Context: kprobe_mutex held.
 */
void arch_kprobe_opt_cancel(struct kprobe_site *site)
{
	kprobe_assert_mutex_held();
	/* Either value is safe for readers now: no acquire/release pairing. */
	WRITE_ONCE(site->ainsn.opt_ready, false);
}

/**
 * arch_kprobe_opt_needs_quiesce() - may code be stopped inside the jump?
 * @site: a prepared site
 *
 * Execution can only stop on instruction boundaries; a jump that replaces
 * the probed instruction alone has none inside it.
 *
 * Context: kprobe_mutex held.
 * Return: true if the jump covers more than one instruction.
 */
bool arch_kprobe_opt_needs_quiesce(struct kprobe_site *site)
{
	kprobe_assert_mutex_held();
	return site->ainsn.opt_len != site->ainsn.len;
}

/**
 * arch_kprobe_opt_covers() - does the jump of @site cover @addr?
 * @site: a prepared or optimized site
 * @addr: an address
 *
 * Context: kprobe_mutex held.
 * Return: true if @addr is one of the covered bytes after the first.
 */
bool arch_kprobe_opt_covers(struct kprobe_site *site, unsigned long addr)
{
	unsigned long start = (unsigned long)site->addr;

	kprobe_assert_mutex_held();
	return site->ainsn.detour && addr > start &&
	       addr < start + site->ainsn.opt_len;
}

/**
 * arch_kprobe_opt_write_jump() - queue the jump of a prepared site
 * @site: a prepared site no CPU runs the covered instructions of
 *
 * Context: process context, text_mutex held.
 */
void arch_kprobe_opt_write_jump(struct kprobe_site *site)
{
	u8 old[JMP32_INSN_SIZE] = { INT3_INSN_OPCODE };
	u8 jmp[JMP32_INSN_SIZE];
	s32 rel;

	lockdep_assert_held(&text_mutex);
	rel = (long)site->ainsn.detour +
	      (long)(kprobe_opt_tmpl_entry - kprobe_opt_tmpl) -
	      ((long)site->addr + JMP32_INSN_SIZE);
	jmp[0] = JMP32_INSN_OPCODE;
	put_unaligned(rel, (s32 *)(jmp + 1));
	memcpy(old + INT3_INSN_SIZE, site->ainsn.opt_tail, KPROBE_OPT_TAIL);
	perf_event_text_poke(site->addr, old, sizeof(old), jmp, sizeof(jmp));
	text_poke_queue(site->addr, jmp, sizeof(jmp), NULL);
}

/**
 * arch_kprobe_opt_write_finish() - write every jump queued so far
 *
 * Context: process context, text_mutex held.
 */
void arch_kprobe_opt_write_finish(void)
{
	lockdep_assert_held(&text_mutex);
	text_poke_finish();
}

/**
 * arch_kprobe_opt_restore_break() - turn the jump of @site back into int3
 * @site: an OPTIMIZED site
 *
 * Context: process context, text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_opt_restore_break(struct kprobe_site *site)
{
	u8 int3 = INT3_INSN_OPCODE;

	lockdep_assert_held(&text_mutex);
	text_poke(site->addr, &int3, INT3_INSN_SIZE);
}

/**
 * arch_kprobe_opt_restore_tail() - put back the bytes after the int3
 * @site: an OPTIMIZED site whose int3 is back and synchronised
 *
 * Context: process context, text_mutex held; arch_kprobe_patch_sync()
 * follows.
 */
void arch_kprobe_opt_restore_tail(struct kprobe_site *site)
{
	u8 *tail = site->addr + INT3_INSN_SIZE;
	u8 cur[KPROBE_OPT_TAIL];

	lockdep_assert_held(&text_mutex);
	memcpy(cur, tail, sizeof(cur));
	perf_event_text_poke(tail, cur, sizeof(cur), site->ainsn.opt_tail,
			     KPROBE_OPT_TAIL);
	text_poke(tail, site->ainsn.opt_tail, KPROBE_OPT_TAIL);
}

/**
 * arch_kprobe_opt_release() - free the detour buffer of @site
 * @site: a dead site no CPU can be running in
 *
 * Context: process context; may sleep.
 */
void arch_kprobe_opt_release(struct kprobe_site *site)
{
	if (!site->ainsn.detour)
		return;
	perf_event_text_poke(site->ainsn.detour, site->ainsn.detour,
			     KPROBE_OPT_SLOT_SIZE, NULL, 0);
	kprobe_opt_slot_free(site->ainsn.detour);
	site->ainsn.detour = NULL;
}
