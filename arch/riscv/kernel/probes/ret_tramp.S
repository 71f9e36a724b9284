/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on riscv.
 *
 * At the entry of a kretprobed call the core saved ra and put the address
 * of kretprobe_trampoline in it, so the probed function's RET lands here
 * with sp back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  Below the key the trampoline builds
 *
 *	key - 1 word	return address: kretprobe_trampoline
 *	key - 2 words	the caller's frame pointer (s0 as the callee left it)
 *	... padding ...
 *	sp		struct pt_regs
 *
 * and points s0 at the key, as a function's prologue would: an unwinder
 * walking up from the return handlers reads kretprobe_trampoline as a
 * return address with frame pointer "key" and asks
 * kretprobe_find_ret_addr() for the real one.  Every register goes into
 * pt_regs (sp as the caller sees it after the return, status with SPIE
 * telling whether interrupts are on), kretprobe_trampoline_handler(regs,
 * key) runs the handlers and leaves the real return address in pt_regs'
 * ra and in the frame record (arch_kretprobe_fixup_return()).  The
 * registers are reloaded from pt_regs, so handlers may change them, and
 * the trampoline jumps to ra, as the real return would have.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>
#include <asm/csr.h>

/* pt_regs, then the frame record; both multiples of 16 bytes. */
#define KRP_FRAME_SIZE		(PT_SIZE_ON_STACK + 16)
#define KRP_RECORD_RA		(KRP_FRAME_SIZE - SZREG)
#define KRP_RECORD_FP		(KRP_FRAME_SIZE - 2 * SZREG)

	.text
SYM_CODE_START(kretprobe_trampoline)
	addi	sp, sp, -KRP_FRAME_SIZE
	REG_S	x1, PT_RA(sp)
	REG_S	x3, PT_GP(sp)
	REG_S	x4, PT_TP(sp)
	REG_S	x5, PT_T0(sp)
	save_from_x6_to_x31

	/* The frame record, and s0 pointing just above it. */
	REG_S	s0, KRP_RECORD_FP(sp)
	lla	t0, kretprobe_trampoline
	REG_S	t0, KRP_RECORD_RA(sp)
	REG_S	t0, PT_EPC(sp)
	addi	s0, sp, KRP_FRAME_SIZE
	REG_S	s0, PT_SP(sp)

	/* SPIE says whether interrupts are on, as for a trap's pt_regs. */
	csrr	t0, CSR_STATUS
	andi	t1, t0, SR_IE
	slli	t1, t1, 4
	andi	t0, t0, ~SR_PIE
	or	t0, t0, t1
	REG_S	t0, PT_STATUS(sp)

	move	a0, sp
	move	a1, s0
	call	kretprobe_trampoline_handler

	REG_L	x1, PT_RA(sp)
	REG_L	x3, PT_GP(sp)
	REG_L	x4, PT_TP(sp)
	REG_L	x5, PT_T0(sp)
	restore_from_x6_to_x31
	addi	sp, sp, KRP_FRAME_SIZE
	jr	ra
SYM_CODE_END(kretprobe_trampoline)
ASM_NOKPROBE(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
