/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The shared part of every powerpc detour, and the area of kernel text
 * that holds the detour buffers of probes in the kernel itself (opt.h).
 *
 * An optimized site is a relative branch into its detour buffer, a short
 * stub that opt.c writes for that site.  The stub pushes an interrupt-
 * sized frame, saves r0, r12 and the count register in its struct
 * pt_regs, loads the site's address into r12 and the address of
 * kprobe_ppc_opt_entry into the count register, and branches there.
 * This code, in the kernel's own text, then
 *
 *  - saves the other registers as an interrupt would (r1 as it was at the
 *    probed instruction; the MSR; on 64-bit the soft interrupt mask), and
 *    marks the frame as holding registers, for the stack unwinders;
 *  - calls kprobe_ppc_opt_hit(site, regs) with the kernel's TOC, which
 *    runs the same hit as the probe's trap and leaves in regs where and
 *    how to resume: at the next instruction, at a branch target, where a
 *    handler moved the nip, or in the site's slot to run its copy with
 *    interrupts masked.  It returns with MSR[EE] and MSR[RI] clear;
 *  - resumes like the kernel's return from an interrupt: nip and MSR go
 *    to SRR0 and SRR1, every register is reloaded from pt_regs (on
 *    64-bit r13 stays: it is the paca of the CPU the task now runs on)
 *    and rfid or rfi jumps back.  Only this path runs between the SRR
 *    writes and the return, all of it in bolted or pinned kernel text
 *    and on the kernel stack, so no interrupt can overwrite the SRRs;
 *    on 64-bit Book3S the paca is told that the SRRs no longer hold the
 *    registers of an interrupt being handled.
 *
 * When the probed instruction was a store with update of r1 (a function
 * opening its frame) whose new frame overlaps this one, emulate_step()
 * leaves the store of the back chain to whoever resumes, as the
 * interrupt return does: kprobe_ppc_opt_hit() returns non-zero and the
 * store is made once every register was reloaded, with a scratch
 * register parked where the interrupt return parks it.
 */
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/ppc_asm.h>
#include <asm/ptrace.h>
#include <asm/reg.h>

#include "opt.h"

#ifdef CONFIG_PPC_BOOK3S_64
#define KPROBE_PPC_RFI	rfid
#else
#define KPROBE_PPC_RFI	rfi
#endif

/* Park r9 while r1 is the new stack pointer; put it back. */
#if defined(CONFIG_PPC64)
#define KPROBE_PPC_PARK_R9	std	r9, PACA_EXGEN(r13)
#define KPROBE_PPC_UNPARK_R9	ld	r9, PACA_EXGEN(r13)
#elif defined(CONFIG_BOOKE)
#define KPROBE_PPC_PARK_R9	mtspr	SPRN_SPRG_WSCRATCH0, r9
#define KPROBE_PPC_UNPARK_R9	mfspr	r9, SPRN_SPRG_RSCRATCH0
#else
#define KPROBE_PPC_PARK_R9	mtspr	SPRN_SPRG_SCRATCH0, r9
#define KPROBE_PPC_UNPARK_R9	mfspr	r9, SPRN_SPRG_SCRATCH0
#endif

	.section ".kprobes.text", "ax"

/*
 * Entered from a detour stub: r1 points at the frame it pushed, r0, r12
 * and ctr are saved there, r12 holds the site.
 */
	.balign	16
	.globl	kprobe_ppc_opt_entry
kprobe_ppc_opt_entry:
	SAVE_GPRS(2, 11, r1)
	SAVE_GPRS(13, 31, r1)
	addi	r0, r1, INT_FRAME_SIZE
	PPC_STL	r0, GPR1(r1)
	mflr	r0
	PPC_STL	r0, _LINK(r1)
	mfcr	r0
	PPC_STL	r0, _CCR(r1)
	mfxer	r0
	PPC_STL	r0, _XER(r1)
	mfmsr	r0
	PPC_STL	r0, _MSR(r1)
	li	r0, 0x700		/* the program check of a probe's trap */
	PPC_STL	r0, _TRAP(r1)
	li	r0, 0
	PPC_STL	r0, ORIG_GPR3(r1)
	PPC_STL	r0, RESULT(r1)
	PPC_STL	r0, _DAR(r1)
	PPC_STL	r0, _DSISR(r1)
#ifdef CONFIG_PPC64
	lbz	r0, PACAIRQSOFTMASK(r13)
	std	r0, SOFTE(r1)
	LOAD_PACA_TOC()
#endif
	LOAD_REG_IMMEDIATE(r0, STACK_FRAME_REGS_MARKER)
	PPC_STL	r0, STACK_INT_FRAME_MARKER(r1)

	mr	r3, r12
	addi	r4, r1, STACK_INT_FRAME_REGS
	bl	CFUNC(kprobe_ppc_opt_hit)

	/* MSR[EE] and MSR[RI] are clear from here to the return. */
	PPC_LCMPI cr1, r3, 0
	PPC_LL	r11, _NIP(r1)
	PPC_LL	r12, _MSR(r1)
	mtspr	SPRN_SRR0, r11
	mtspr	SPRN_SRR1, r12
#ifdef CONFIG_PPC_BOOK3S_64
	li	r0, 0
	stb	r0, PACASRR_VALID(r13)
#endif
	PPC_LL	r3, _LINK(r1)
	PPC_LL	r4, _CTR(r1)
	PPC_LL	r5, _XER(r1)
	PPC_LL	r6, _CCR(r1)
	mtlr	r3
	mtctr	r4
	mtxer	r5
	li	r0, 0			/* no stale marker left below r1 */
	PPC_STL	r0, STACK_INT_FRAME_MARKER(r1)
	REST_GPRS(2, 5, r1)
	REST_GPRS(7, 12, r1)
#ifdef CONFIG_PPC64
	REST_GPRS(14, 31, r1)
#else
	REST_GPRS(13, 31, r1)
#endif
	bne-	cr1, 1f
	mtcr	r6
	REST_GPR(6, r1)
	REST_GPR(0, r1)
	REST_GPR(1, r1)
	KPROBE_PPC_RFI
	b	.

	/* The back chain store of an emulated "stdu r1" or "stwu r1". */
1:	mtcr	r6
	KPROBE_PPC_PARK_R9
	addi	r9, r1, INT_FRAME_SIZE
	REST_GPR(6, r1)
	REST_GPR(0, r1)
	REST_GPR(1, r1)
	PPC_STL	r9, 0(r1)
	KPROBE_PPC_UNPARK_R9
	KPROBE_PPC_RFI
	b	.

/*
 * The area opt.c cuts into detour buffers, written through the kernel's
 * text patching as the probes are.
 */
	.balign	128
	.globl	kprobe_ppc_opt_area
kprobe_ppc_opt_area:
	.space	KPROBE_PPC_OPT_AREA_SIZE
