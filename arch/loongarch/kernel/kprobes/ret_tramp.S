/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on LoongArch.
 *
 * At the entry of a kretprobed call the core saved ra and put the address
 * of kretprobe_trampoline in it, so the probed function's "jr ra" lands
 * here with sp back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  The trampoline puts a struct pt_regs below
 * the key, saves the registers there (sp as the key, era as the
 * trampoline, prmd with the live interrupt enable and privilege level 0),
 * calls kretprobe_trampoline_handler(regs, key), which runs the handlers
 * and leaves the real return address in pt_regs' ra
 * (arch_kretprobe_fixup_return()), reloads the registers from pt_regs, so
 * that handlers may change them, and returns to ra as the real return
 * would have.
 *
 * u0 ($r21) holds this CPU's per-CPU offset: it is saved for the
 * handlers to read but not reloaded, since the task may have moved to
 * another CPU meanwhile.  The saved ra sits where the prologue unwinder
 * looks for it (st.d ra, sp, PT_R1 after the stack allocation): while
 * the handlers run it is the trampoline, which the unwinders resolve
 * with the key (asm/unwind.h), afterwards the real address.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/loongarch.h>
#include <asm/regdef.h>
#include <asm/unwind_hints.h>

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
SYM_CODE_START(kretprobe_trampoline)
	UNWIND_HINT_UNDEFINED
	addi.d	sp, sp, -PT_SIZE
	st.d	ra, sp, PT_R1
	st.d	tp, sp, PT_R2
	st.d	a0, sp, PT_R4
	st.d	a1, sp, PT_R5
	st.d	a2, sp, PT_R6
	st.d	a3, sp, PT_R7
	st.d	a4, sp, PT_R8
	st.d	a5, sp, PT_R9
	st.d	a6, sp, PT_R10
	st.d	a7, sp, PT_R11
	st.d	t0, sp, PT_R12
	st.d	t1, sp, PT_R13
	st.d	t2, sp, PT_R14
	st.d	t3, sp, PT_R15
	st.d	t4, sp, PT_R16
	st.d	t5, sp, PT_R17
	st.d	t6, sp, PT_R18
	st.d	t7, sp, PT_R19
	st.d	t8, sp, PT_R20
	st.d	u0, sp, PT_R21
	st.d	fp, sp, PT_R22
	st.d	s0, sp, PT_R23
	st.d	s1, sp, PT_R24
	st.d	s2, sp, PT_R25
	st.d	s3, sp, PT_R26
	st.d	s4, sp, PT_R27
	st.d	s5, sp, PT_R28
	st.d	s6, sp, PT_R29
	st.d	s7, sp, PT_R30
	st.d	s8, sp, PT_R31
	st.d	zero, sp, PT_R0
	addi.d	a1, sp, PT_SIZE
	st.d	a1, sp, PT_R3
	la.pcrel	t0, kretprobe_trampoline
	st.d	t0, sp, PT_ERA
	csrrd	t0, LOONGARCH_CSR_CRMD
	andi	t0, t0, CSR_CRMD_IE
	st.d	t0, sp, PT_PRMD

	move	a0, sp
	bl	kretprobe_trampoline_handler

	ld.d	tp, sp, PT_R2
	ld.d	a0, sp, PT_R4
	ld.d	a1, sp, PT_R5
	ld.d	a2, sp, PT_R6
	ld.d	a3, sp, PT_R7
	ld.d	a4, sp, PT_R8
	ld.d	a5, sp, PT_R9
	ld.d	a6, sp, PT_R10
	ld.d	a7, sp, PT_R11
	ld.d	t0, sp, PT_R12
	ld.d	t1, sp, PT_R13
	ld.d	t2, sp, PT_R14
	ld.d	t3, sp, PT_R15
	ld.d	t4, sp, PT_R16
	ld.d	t5, sp, PT_R17
	ld.d	t6, sp, PT_R18
	ld.d	t7, sp, PT_R19
	ld.d	t8, sp, PT_R20
	ld.d	fp, sp, PT_R22
	ld.d	s0, sp, PT_R23
	ld.d	s1, sp, PT_R24
	ld.d	s2, sp, PT_R25
	ld.d	s3, sp, PT_R26
	ld.d	s4, sp, PT_R27
	ld.d	s5, sp, PT_R28
	ld.d	s6, sp, PT_R29
	ld.d	s7, sp, PT_R30
	ld.d	s8, sp, PT_R31
	ld.d	ra, sp, PT_R1
	addi.d	sp, sp, PT_SIZE
	jr	ra
SYM_CODE_END(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
