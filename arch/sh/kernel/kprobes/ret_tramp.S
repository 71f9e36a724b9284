/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on SuperH.
 *
 * At the entry of a kretprobed call the core saved PR and put the address
 * of kretprobe_trampoline in it, so the probed function's "rts" lands
 * here with r15 back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  The trampoline puts a struct pt_regs below
 * the key and saves the registers there (r15 as the key, pc as the
 * trampoline, tra as -1: no trap), calls
 * kretprobe_trampoline_handler(regs, key), which runs the handlers and
 * leaves the real return address in pt_regs' pr
 * (arch_kretprobe_fixup_return()), reloads the registers from pt_regs,
 * so that handlers may change them (SR excepted: its T bit is not kept
 * across calls and the rest is the kernel's), and returns through PR as
 * the real return would have.
 *
 * struct pt_regs is r0-r15, pc, pr, sr, gbr, mach, macl, tra: 23 words.
 */
#include <linux/export.h>
#include <linux/linkage.h>

#define KPROBE_SH_PT_SIZE	(23 * 4)
#define KPROBE_SH_PT_R15	(15 * 4)
#define KPROBE_SH_PT_PR		(17 * 4)

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
	.balign	4
ENTRY(kretprobe_trampoline)
	add	#-KPROBE_SH_PT_SIZE, r15
	mov.l	r0, @(0, r15)
	mov.l	r1, @(4, r15)
	mov.l	r2, @(8, r15)
	mov.l	r3, @(12, r15)
	mov.l	r4, @(16, r15)
	mov.l	r5, @(20, r15)
	mov.l	r6, @(24, r15)
	mov.l	r7, @(28, r15)
	mov.l	r8, @(32, r15)
	mov.l	r9, @(36, r15)
	mov.l	r10, @(40, r15)
	mov.l	r11, @(44, r15)
	mov.l	r12, @(48, r15)
	mov.l	r13, @(52, r15)
	mov.l	r14, @(56, r15)
	/* r5: the key, stored as r15; r1 fills the rest from the top down */
	mov	r15, r5
	add	#KPROBE_SH_PT_SIZE, r5
	mov.l	r5, @(KPROBE_SH_PT_R15, r15)
	mov	r5, r1
	mov	#-1, r0
	mov.l	r0, @-r1		/* tra */
	sts.l	macl, @-r1
	sts.l	mach, @-r1
	stc.l	gbr, @-r1
	stc.l	sr, @-r1
	sts.l	pr, @-r1
	mov.l	.Ltramp, r0
	mov.l	r0, @-r1		/* pc */

	mov.l	.Lhandler, r0
	jsr	@r0
	 mov	r15, r4

	/* pr, skip sr, then gbr, mach and macl */
	mov	r15, r1
	add	#KPROBE_SH_PT_PR, r1
	lds.l	@r1+, pr
	add	#4, r1
	ldc.l	@r1+, gbr
	lds.l	@r1+, mach
	lds.l	@r1+, macl
	mov.l	@(0, r15), r0
	mov.l	@(4, r15), r1
	mov.l	@(8, r15), r2
	mov.l	@(12, r15), r3
	mov.l	@(16, r15), r4
	mov.l	@(20, r15), r5
	mov.l	@(24, r15), r6
	mov.l	@(28, r15), r7
	mov.l	@(32, r15), r8
	mov.l	@(36, r15), r9
	mov.l	@(40, r15), r10
	mov.l	@(44, r15), r11
	mov.l	@(48, r15), r12
	mov.l	@(52, r15), r13
	mov.l	@(56, r15), r14
	rts
	 add	#KPROBE_SH_PT_SIZE, r15

	.balign	4
.Ltramp:
	.long	kretprobe_trampoline
.Lhandler:
	.long	kretprobe_trampoline_handler
ENDPROC(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
