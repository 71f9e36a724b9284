/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on 32-bit arm.
 *
 * At the entry of a kretprobed call the core saved lr and put the address
 * of kretprobe_trampoline in it, so the probed function's return lands
 * here with sp back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  Below the key the trampoline puts a frame
 * record, as a function's prologue would, that says "called from
 * kretprobe_trampoline" and is found through fp, so that a frame-pointer
 * unwinder walking up from a return handler asks
 * kretprobe_find_ret_addr() for the real return address; below that, a
 * struct pt_regs with every register (sp as the caller sees it after the
 * return, cpsr as it is now).  kretprobe_trampoline_handler(regs, key)
 * runs the handlers and leaves the real return address in regs' pc and
 * in the frame record (arch_kretprobe_fixup_return()).  The registers are
 * reloaded from pt_regs, so handlers may change them, and the last load
 * puts pc there and sp back at the key in one instruction.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>
#include <asm/unwind.h>

/* pt_regs, then the frame record; 8-byte aligned, as sp is at a return. */
#define KRP_RECORD_SIZE		16
#define KRP_FRAME_SIZE		(PT_REGS_SIZE + KRP_RECORD_SIZE)

	.text
	.align	2
ENTRY(kretprobe_trampoline)
 UNWIND(.fnstart)
 UNWIND(.cantunwind)
	sub	sp, sp, #KRP_FRAME_SIZE
	stmia	sp, {r0 - r12}
	add	r0, sp, #KRP_FRAME_SIZE		@ the key
	str	r0, [sp, #S_SP]
	str	lr, [sp, #S_LR]
	ldr	r1, =kretprobe_trampoline
	str	r1, [sp, #S_PC]

	/* The frame record ends just below the key (see asm/kprobes.h). */
#ifdef CONFIG_CC_IS_CLANG
	str	r11, [r0, #-8]
	str	r1, [r0, #-4]
	sub	r11, r0, #8
#else
	str	r11, [r0, #-16]
	str	r0, [r0, #-12]
	str	r1, [r0, #-8]
	str	r1, [r0, #-4]
	sub	r11, r0, #4
#endif

	mrs	r2, cpsr
	str	r2, [sp, #S_PSR]
	mov	r2, #-1
	str	r2, [sp, #S_OLD_R0]

	mov	r1, r0
	mov	r0, sp
	bl	kretprobe_trampoline_handler

	ldr	r1, [sp, #S_PSR]
	msr	cpsr_f, r1
	ldr	lr, [sp, #S_LR]
	ldmia	sp, {r0 - r12}
	add	sp, sp, #S_PC
	ldr	pc, [sp], #(KRP_FRAME_SIZE - S_PC)
	.ltorg
 UNWIND(.fnend)
ENDPROC(kretprobe_trampoline)
_ASM_NOKPROBE(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
