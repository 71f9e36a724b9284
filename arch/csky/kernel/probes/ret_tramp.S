/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The return trampoline of kretprobes on C-SKY (abiv2).
 *
 * At the entry of a kretprobed call the core saved lr and put the address
 * of kretprobe_trampoline in it, so the probed function's return (RTS,
 * or POP with lr in its list) lands here with sp back at its value on
 * entry, which is the call's key (arch_kretprobe_frame()).  Below the key
 * the trampoline builds
 *
 *	key - 4		return address: kretprobe_trampoline
 *	key - 8		the caller's frame pointer (r8 as the callee left it)
 *	key - 8 - PT_FRAME_SIZE = sp	struct pt_regs
 *
 * and points r8 at the two words, the frame record of -mbacktrace code:
 * an unwinder walking up from the return handlers reads
 * kretprobe_trampoline as a return address in the record at key - 8 and
 * asks kretprobe_find_ret_addr() for the real one.  Every register goes
 * into pt_regs (the usp field, where a trap from kernel mode keeps the
 * stack pointer, as the key; sr as the live PSR, whose IE bit tells
 * whether interrupts are on), kretprobe_trampoline_handler(regs, key)
 * runs the handlers and leaves the real return address in pt_regs' lr
 * and in the frame record (arch_kretprobe_fixup_return()).  The
 * registers are reloaded from pt_regs, so handlers may change them, and
 * the trampoline returns to lr, as the real return would have.
 *
 * Stores and loads go through a0 as the base rather than by moving sp
 * over the frame: an interrupt taken meanwhile pushes its own frame just
 * below sp, which must not be the middle of this one.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>

/* pt_regs, then the frame record; both multiples of 8 bytes. */
#define KRP_FRAME_SIZE		(PT_FRAME_SIZE + 8)
#define KRP_RECORD_FP		PT_FRAME_SIZE
#define KRP_RECORD_RA		(PT_FRAME_SIZE + 4)
/* tls (r31) is the first word of pt_regs; cr14 follows rhi and rlo. */
#define KRP_TLS			0
#define KRP_CR14		(PT_RLO + 4)

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
ENTRY(kretprobe_trampoline)
	subi	sp, KRP_FRAME_SIZE
	stw	tls, (sp, KRP_TLS)
	stw	lr, (sp, PT_R15)
	stw	a0, (sp, PT_ORIG_AO)
	stw	a0, (sp, PT_A0)
	stw	a1, (sp, PT_A1)
	stw	a2, (sp, PT_A2)
	stw	a3, (sp, PT_A3)
	addi	a0, sp, PT_REGS0
	stm	r4-r13, (a0)
	addi	a0, sp, PT_R16
	stm	r16-r30, (a0)
#ifdef CONFIG_CPU_HAS_HILO
	mfhi	a0
	stw	a0, (sp, PT_RHI)
	mflo	a0
	stw	a0, (sp, PT_RLO)
	mfcr	a0, cr14
	stw	a0, (sp, KRP_CR14)
#endif
	mfcr	a0, psr
	stw	a0, (sp, PT_SR)

	/* The frame record, and r8 pointing at it. */
	lrw	a1, kretprobe_trampoline
	stw	a1, (sp, PT_PC)
	stw	a1, (sp, KRP_RECORD_RA)
	stw	r8, (sp, KRP_RECORD_FP)
	addi	r8, sp, KRP_RECORD_FP

	/* The key: sp as the caller sees it after the return. */
	addi	a1, sp, KRP_FRAME_SIZE
	stw	a1, (sp, PT_USP)
	mov	a0, sp
	jbsr	kretprobe_trampoline_handler

	ldw	lr, (sp, PT_R15)
#ifdef CONFIG_CPU_HAS_HILO
	ldw	a0, (sp, PT_RHI)
	mthi	a0
	ldw	a0, (sp, PT_RLO)
	mtlo	a0
	ldw	a0, (sp, KRP_CR14)
	mtcr	a0, cr14
#endif
	addi	a0, sp, PT_REGS0
	ldm	r4-r13, (a0)
	addi	a0, sp, PT_R16
	ldm	r16-r30, (a0)
	ldw	tls, (sp, KRP_TLS)
	ldw	a0, (sp, PT_A0)
	ldw	a1, (sp, PT_A1)
	ldw	a2, (sp, PT_A2)
	ldw	a3, (sp, PT_A3)
	addi	sp, KRP_FRAME_SIZE
	rts
ENDPROC(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
