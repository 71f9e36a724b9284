/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The detour buffer of an optimized arm site, as a template that
 * opt.c copies into each site's buffer and completes with two literals.
 *
 * The site's B lands here with the probed registers.  The detour leaves
 * MAX_STACK_SIZE bytes below sp untouched, as __und_svc does, for an
 * emulated store below sp (a push), saves a struct pt_regs below them
 * (sp as it was, pc at the probed address, cpsr as it is now, ORIG_r0
 * -1 as an exception leaves it) and calls
 * kprobe_arm_opt_hit(site, regs) on an 8-byte aligned stack.  That runs
 * the handlers and emulates the instruction on pt_regs, so it may move
 * sp.  The detour then puts the resume address just below the new sp,
 * reloads every register, moves sp there and loads pc from it.  If the
 * instruction lowered sp so far (sub sp, sp, #n) that the resume address
 * would land on pt_regs, or below it, pt_regs is first moved down to
 * just below that word, sp leading: no word the detour still needs is
 * ever below sp, where an interrupt could overwrite it.
 *
 * Only ARM kernels optimize (Thumb-2 ones do not select HAVE_OPTPROBES).
 */
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>
#include <asm/probes.h>

#define KOPT_FRAME_SIZE		(PT_REGS_SIZE + MAX_STACK_SIZE)

	.text
	.arm
	.align	2
ENTRY(kprobe_arm_opt_tmpl)
	sub	sp, sp, #KOPT_FRAME_SIZE
	stmia	sp, {r0 - r12}
	add	r0, sp, #KOPT_FRAME_SIZE
	str	r0, [sp, #S_SP]
	str	lr, [sp, #S_LR]
	ldr	r0, kprobe_arm_opt_tmpl_addr
	str	r0, [sp, #S_PC]
	mrs	r0, cpsr
	str	r0, [sp, #S_PSR]
	mov	r0, #-1				@ no syscall, as in an exception's
	str	r0, [sp, #S_OLD_R0]

	mov	r4, sp				@ pt_regs, kept across the call
	bic	sp, sp, #7
	ldr	r0, kprobe_arm_opt_tmpl_site
	mov	r1, r4
	ldr	ip, kprobe_arm_opt_tmpl_fn
	bl_r	ip				@ blx where the CPU has it
	mov	sp, r4

	ldr	r0, [sp, #S_SP]
	sub	r0, r0, #4			@ the resume address goes here
	sub	r1, r0, #PT_REGS_SIZE		@ lowest pt_regs clear of it
	cmp	r1, sp
	bhs	2f
	mov	r2, sp				@ move pt_regs down to r1
	mov	sp, r1
	mov	r3, #0
1:	ldr	ip, [r2, r3]
	str	ip, [sp, r3]
	add	r3, r3, #4
	cmp	r3, #PT_REGS_SIZE
	blo	1b
2:	ldr	r1, [sp, #S_PSR]
	msr	cpsr_fs, r1			@ flags and GE, after the last compare
	ldr	r1, [sp, #S_PC]
	str	r1, [r0]			@ the resume address, below new sp
	str	r0, [sp, #S_SP]
	ldr	lr, [sp, #S_LR]
	ldmia	sp, {r0 - r12}
	ldr	sp, [sp, #S_SP]
	ldr	pc, [sp], #4

	/* Literals: the site and its address are filled in per buffer. */
	.globl	kprobe_arm_opt_tmpl_site
kprobe_arm_opt_tmpl_site:
	.word	0
	.globl	kprobe_arm_opt_tmpl_addr
kprobe_arm_opt_tmpl_addr:
	.word	0
kprobe_arm_opt_tmpl_fn:
	.word	kprobe_arm_opt_hit
	.globl	kprobe_arm_opt_tmpl_end
kprobe_arm_opt_tmpl_end:
ENDPROC(kprobe_arm_opt_tmpl)
_ASM_NOKPROBE(kprobe_arm_opt_tmpl)
