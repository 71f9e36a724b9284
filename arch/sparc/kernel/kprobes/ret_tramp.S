/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on sparc64.
 *
 * At the entry of a kretprobed call the core saved %o7 + 8 and made %o7
 * point 8 bytes before kretprobe_trampoline, so the probed function's
 * "retl" or "ret; restore" lands here in its caller's register window,
 * with %sp back at its value on entry: unbiased, the call's key
 * (arch_kretprobe_frame()).  The trampoline takes a register window of
 * its own with room for a struct pt_regs above the save area, so the
 * caller's outs are its ins; it saves the globals and those ins there,
 * with tstate built as a trap would (%pstate in bits 8 to 19, %pil in
 * 20 to 23, %ccr in 32 to 39; no trap frame magic, so unwinders take it
 * for an ordinary frame) and tpc at the trampoline, and calls
 * kretprobe_trampoline_handler(regs, key).  That runs the handlers and
 * leaves the real return address, less 8, in pt_regs' %i7
 * (arch_kretprobe_fixup_return()).  The trampoline reloads the registers
 * handlers may change, and returns through %i7 with "ret; restore" as
 * the probed function would have.  %g4, %g5 and %g6 hold the current task,
 * the per-CPU offset and the thread info, which the kernel keeps right
 * itself: they are saved for the handlers to read, never reloaded.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/head.h>
#include <asm/ptrace.h>

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
	.align	32
ENTRY(kretprobe_trampoline)
	save	%sp, -(STACKFRAME_SZ + TRACEREG_SZ), %sp
	stx	%g0, [%sp + PTREGS_OFF + PT_V9_G0]
	stx	%g1, [%sp + PTREGS_OFF + PT_V9_G1]
	stx	%g2, [%sp + PTREGS_OFF + PT_V9_G2]
	stx	%g3, [%sp + PTREGS_OFF + PT_V9_G3]
	stx	%g4, [%sp + PTREGS_OFF + PT_V9_G4]
	stx	%g5, [%sp + PTREGS_OFF + PT_V9_G5]
	stx	%g6, [%sp + PTREGS_OFF + PT_V9_G6]
	stx	%g7, [%sp + PTREGS_OFF + PT_V9_G7]
	stx	%i0, [%sp + PTREGS_OFF + PT_V9_I0]
	stx	%i1, [%sp + PTREGS_OFF + PT_V9_I1]
	stx	%i2, [%sp + PTREGS_OFF + PT_V9_I2]
	stx	%i3, [%sp + PTREGS_OFF + PT_V9_I3]
	stx	%i4, [%sp + PTREGS_OFF + PT_V9_I4]
	stx	%i5, [%sp + PTREGS_OFF + PT_V9_I5]
	stx	%i6, [%sp + PTREGS_OFF + PT_V9_I6]
	stx	%i7, [%sp + PTREGS_OFF + PT_V9_I7]

	rdpr	%pstate, %l0
	sllx	%l0, 8, %l0
	rdpr	%pil, %l1
	sllx	%l1, 20, %l1
	or	%l0, %l1, %l0
	rd	%ccr, %l1
	sllx	%l1, 32, %l1
	or	%l0, %l1, %l0
	stx	%l0, [%sp + PTREGS_OFF + PT_V9_TSTATE]
	sethi	%hi(kretprobe_trampoline), %l0
	or	%l0, %lo(kretprobe_trampoline), %l0
	stx	%l0, [%sp + PTREGS_OFF + PT_V9_TPC]
	add	%l0, 4, %l0
	stx	%l0, [%sp + PTREGS_OFF + PT_V9_TNPC]
	rd	%y, %l0
	st	%l0, [%sp + PTREGS_OFF + PT_V9_Y]
	st	%g0, [%sp + PTREGS_OFF + PT_V9_MAGIC]

	/* The key: the caller's %sp, our %fp, without the bias. */
	add	%sp, PTREGS_OFF, %o0
	call	kretprobe_trampoline_handler
	 add	%fp, STACK_BIAS, %o1

	ld	[%sp + PTREGS_OFF + PT_V9_Y], %l0
	wr	%l0, 0, %y
	ldx	[%sp + PTREGS_OFF + PT_V9_G1], %g1
	ldx	[%sp + PTREGS_OFF + PT_V9_G2], %g2
	ldx	[%sp + PTREGS_OFF + PT_V9_G3], %g3
	ldx	[%sp + PTREGS_OFF + PT_V9_G7], %g7
	ldx	[%sp + PTREGS_OFF + PT_V9_I0], %i0
	ldx	[%sp + PTREGS_OFF + PT_V9_I1], %i1
	ldx	[%sp + PTREGS_OFF + PT_V9_I2], %i2
	ldx	[%sp + PTREGS_OFF + PT_V9_I3], %i3
	ldx	[%sp + PTREGS_OFF + PT_V9_I4], %i4
	ldx	[%sp + PTREGS_OFF + PT_V9_I5], %i5
	ldx	[%sp + PTREGS_OFF + PT_V9_I7], %i7
	ret
	 restore
ENDPROC(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
