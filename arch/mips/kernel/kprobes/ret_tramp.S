/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on MIPS.
 *
 * At the entry of a kretprobed call the core saved ra and put the address
 * of kretprobe_trampoline in it, so the probed function's "jr ra" lands
 * here with sp back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  The trampoline puts a struct pt_regs below
 * the key (on 32-bit kernels its first eight words are the argument save
 * area the called function may use), saves every register there (sp as
 * the key, epc as the trampoline, the status with its interrupt enable),
 * calls kretprobe_trampoline_handler(regs, key), which runs the handlers
 * and leaves the real return address in pt_regs' ra
 * (arch_kretprobe_fixup_return()), reloads the registers from pt_regs,
 * so that handlers may change them, and returns to ra as the real return
 * would have.  k0 and k1 belong to the exception code and are left alone.
 */
#include <linux/export.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>
#include <asm/mipsregs.h>
#include <asm/regdef.h>

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
	.set	push
	.set	noat
NESTED(kretprobe_trampoline, PT_SIZE, ra)
	PTR_ADDIU	sp, sp, -PT_SIZE
	LONG_S	$1, PT_R1(sp)
	LONG_S	$2, PT_R2(sp)
	LONG_S	$3, PT_R3(sp)
	LONG_S	$4, PT_R4(sp)
	LONG_S	$5, PT_R5(sp)
	LONG_S	$6, PT_R6(sp)
	LONG_S	$7, PT_R7(sp)
	LONG_S	$8, PT_R8(sp)
	LONG_S	$9, PT_R9(sp)
	LONG_S	$10, PT_R10(sp)
	LONG_S	$11, PT_R11(sp)
	LONG_S	$12, PT_R12(sp)
	LONG_S	$13, PT_R13(sp)
	LONG_S	$14, PT_R14(sp)
	LONG_S	$15, PT_R15(sp)
	LONG_S	$16, PT_R16(sp)
	LONG_S	$17, PT_R17(sp)
	LONG_S	$18, PT_R18(sp)
	LONG_S	$19, PT_R19(sp)
	LONG_S	$20, PT_R20(sp)
	LONG_S	$21, PT_R21(sp)
	LONG_S	$22, PT_R22(sp)
	LONG_S	$23, PT_R23(sp)
	LONG_S	$24, PT_R24(sp)
	LONG_S	$25, PT_R25(sp)
	LONG_S	$28, PT_R28(sp)
	LONG_S	$30, PT_R30(sp)
	LONG_S	$31, PT_R31(sp)
	LONG_S	zero, PT_R0(sp)
#ifndef CONFIG_CPU_MIPSR6
	mfhi	t0
	LONG_S	t0, PT_HI(sp)
	mflo	t0
	LONG_S	t0, PT_LO(sp)
#endif
	PTR_ADDIU	a1, sp, PT_SIZE
	LONG_S	a1, PT_R29(sp)
	PTR_LA	t0, kretprobe_trampoline
	LONG_S	t0, PT_EPC(sp)
	mfc0	t0, CP0_STATUS
	LONG_S	t0, PT_STATUS(sp)

	move	a0, sp
	jal	kretprobe_trampoline_handler

#ifndef CONFIG_CPU_MIPSR6
	LONG_L	t0, PT_HI(sp)
	mthi	t0
	LONG_L	t0, PT_LO(sp)
	mtlo	t0
#endif
	LONG_L	$1, PT_R1(sp)
	LONG_L	$2, PT_R2(sp)
	LONG_L	$3, PT_R3(sp)
	LONG_L	$4, PT_R4(sp)
	LONG_L	$5, PT_R5(sp)
	LONG_L	$6, PT_R6(sp)
	LONG_L	$7, PT_R7(sp)
	LONG_L	$8, PT_R8(sp)
	LONG_L	$9, PT_R9(sp)
	LONG_L	$10, PT_R10(sp)
	LONG_L	$11, PT_R11(sp)
	LONG_L	$12, PT_R12(sp)
	LONG_L	$13, PT_R13(sp)
	LONG_L	$14, PT_R14(sp)
	LONG_L	$15, PT_R15(sp)
	LONG_L	$16, PT_R16(sp)
	LONG_L	$17, PT_R17(sp)
	LONG_L	$18, PT_R18(sp)
	LONG_L	$19, PT_R19(sp)
	LONG_L	$20, PT_R20(sp)
	LONG_L	$21, PT_R21(sp)
	LONG_L	$22, PT_R22(sp)
	LONG_L	$23, PT_R23(sp)
	LONG_L	$24, PT_R24(sp)
	LONG_L	$25, PT_R25(sp)
	LONG_L	$28, PT_R28(sp)
	LONG_L	$30, PT_R30(sp)
	LONG_L	$31, PT_R31(sp)
	PTR_ADDIU	sp, sp, PT_SIZE
	jr	ra
	END(kretprobe_trampoline)
	.set	pop
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
