/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on ARC.
 *
 * At the entry of a kretprobed call the core saved blink and put the
 * address of kretprobe_trampoline in it, so the probed function's
 * "j [blink]" lands here with sp back at its value on entry, which is
 * the call's key (arch_kretprobe_frame()).  The trampoline puts a struct
 * pt_regs below the key (the frame rounded up to 8 bytes), saves the
 * caller-saved registers there with gp, fp, r30 and blink, sp as the
 * key, ret as the trampoline and the current STATUS32 (r30 on ARCv2
 * only: ARCompact's r30 is ilink2, which its struct pt_regs leaves out
 * and compiled code does not use), calls
 * kretprobe_trampoline_handler(regs, key), which runs the handlers and
 * leaves the real return address in pt_regs' blink
 * (arch_kretprobe_fixup_return()), reloads those registers from pt_regs,
 * so that handlers may change them, and jumps to blink as the real
 * return would have.  r13 to r25 are preserved by the C code itself.
 *
 * The CFI says where the frame ends and that the saved blink (the
 * trampoline's own address) is the return address, so that the dwarf
 * unwinder gets from a handler through this frame to the key, where
 * arc_unwind_core() asks kretprobe_find_ret_addr() for the real one.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>

#define KRT_FRAME	((SZ_PT_REGS + 7) & ~7)

/*
 * Register n of r0 to r12 in struct pt_regs: ARCompact keeps r12 down to
 * r0 in consecutive words, ARCv2 r0 up to r11, and r12 apart.
 */
#ifdef CONFIG_ISA_ARCOMPACT
#define KRT_R(n)	(PT_r0 - 4 * (n))
#define KRT_R12		KRT_R(12)
#else
#define KRT_R(n)	(PT_r0 + 4 * (n))
#define KRT_R12		PT_r12
#endif

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
ENTRY_CFI(kretprobe_trampoline)
	sub	sp, sp, KRT_FRAME
	CFI_DEF_CFA_OFFSET	KRT_FRAME
	st	blink, [sp, PT_blink]
	CFI_OFFSET	blink, PT_blink - KRT_FRAME
	st	r0, [sp, KRT_R(0)]
	st	r1, [sp, KRT_R(1)]
	st	r2, [sp, KRT_R(2)]
	st	r3, [sp, KRT_R(3)]
	st	r4, [sp, KRT_R(4)]
	st	r5, [sp, KRT_R(5)]
	st	r6, [sp, KRT_R(6)]
	st	r7, [sp, KRT_R(7)]
	st	r8, [sp, KRT_R(8)]
	st	r9, [sp, KRT_R(9)]
	st	r10, [sp, KRT_R(10)]
	st	r11, [sp, KRT_R(11)]
	st	r12, [sp, KRT_R12]
	st	r26, [sp, PT_r26]
	st	fp, [sp, PT_fp]
#ifndef CONFIG_ISA_ARCOMPACT
	st	r30, [sp, PT_r30]
#endif
	add	r1, sp, KRT_FRAME
	st	r1, [sp, PT_sp]
	mov	r0, kretprobe_trampoline
	st	r0, [sp, PT_ret]
	lr	r0, [status32]
	st	r0, [sp, PT_status32]
	mov	r0, 0
	st	r0, [sp, PT_event]
	st	r0, [sp, PT_bta]

	mov	r0, sp
	bl	kretprobe_trampoline_handler

	ld	r0, [sp, KRT_R(0)]
	ld	r1, [sp, KRT_R(1)]
	ld	r2, [sp, KRT_R(2)]
	ld	r3, [sp, KRT_R(3)]
	ld	r4, [sp, KRT_R(4)]
	ld	r5, [sp, KRT_R(5)]
	ld	r6, [sp, KRT_R(6)]
	ld	r7, [sp, KRT_R(7)]
	ld	r8, [sp, KRT_R(8)]
	ld	r9, [sp, KRT_R(9)]
	ld	r10, [sp, KRT_R(10)]
	ld	r11, [sp, KRT_R(11)]
	ld	r12, [sp, KRT_R12]
	ld	r26, [sp, PT_r26]
	ld	fp, [sp, PT_fp]
#ifndef CONFIG_ISA_ARCOMPACT
	ld	r30, [sp, PT_r30]
#endif
	ld	blink, [sp, PT_blink]
	CFI_RESTORE	blink
	add	sp, sp, KRT_FRAME
	CFI_DEF_CFA_OFFSET	0
	j	[blink]
END_CFI(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
