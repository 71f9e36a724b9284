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
 * key, ret as the trampoline and the current STATUS32, calls
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

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
ENTRY_CFI(kretprobe_trampoline)
	sub	sp, sp, KRT_FRAME
	CFI_DEF_CFA_OFFSET	KRT_FRAME
	st	blink, [sp, PT_blink]
	CFI_OFFSET	blink, PT_blink - KRT_FRAME
	st	r0, [sp, PT_r0]
	st	r1, [sp, PT_r0 + 4]
	st	r2, [sp, PT_r0 + 8]
	st	r3, [sp, PT_r0 + 12]
	st	r4, [sp, PT_r0 + 16]
	st	r5, [sp, PT_r0 + 20]
	st	r6, [sp, PT_r0 + 24]
	st	r7, [sp, PT_r0 + 28]
	st	r8, [sp, PT_r0 + 32]
	st	r9, [sp, PT_r0 + 36]
	st	r10, [sp, PT_r0 + 40]
	st	r11, [sp, PT_r0 + 44]
	st	r12, [sp, PT_r12]
	st	r26, [sp, PT_r26]
	st	fp, [sp, PT_fp]
	st	r30, [sp, PT_r30]
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

	ld	r0, [sp, PT_r0]
	ld	r1, [sp, PT_r0 + 4]
	ld	r2, [sp, PT_r0 + 8]
	ld	r3, [sp, PT_r0 + 12]
	ld	r4, [sp, PT_r0 + 16]
	ld	r5, [sp, PT_r0 + 20]
	ld	r6, [sp, PT_r0 + 24]
	ld	r7, [sp, PT_r0 + 28]
	ld	r8, [sp, PT_r0 + 32]
	ld	r9, [sp, PT_r0 + 36]
	ld	r10, [sp, PT_r0 + 40]
	ld	r11, [sp, PT_r0 + 44]
	ld	r12, [sp, PT_r12]
	ld	r26, [sp, PT_r26]
	ld	fp, [sp, PT_fp]
	ld	r30, [sp, PT_r30]
	ld	blink, [sp, PT_blink]
	CFI_RESTORE	blink
	add	sp, sp, KRT_FRAME
	CFI_DEF_CFA_OFFSET	0
	j	[blink]
END_CFI(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
