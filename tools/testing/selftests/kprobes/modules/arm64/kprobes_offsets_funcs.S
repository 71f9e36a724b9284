/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 functions for the every-offset kprobes test (the x86 ones are in
 * ../kprobes_offsets_funcs.S).  Each holds a class of instructions that
 * kprobes cannot simply copy out of line:
 *
 *	kpt_off_literal	PC-relative loads (LDR and LDRSW literal, PRFM
 *			literal, FP/SIMD LDR literal), ADR and ADRP
 *	kpt_off_branch	B, BL, B.cond, CBZ, CBNZ, TBZ, TBNZ, BR, BLR, RET
 *	kpt_off_excl	LDXR/STXR and LDAXR/STLXR sequences
 *	kpt_off_hints	BTI, PACIASP, XPACLRI, NOP and AUTIASP hints
 *	kpt_off_fixup	a load with an exception-table entry
 *
 * Every function starts with "bti c" and every instruction is written
 * through a macro that records its offset, with flags, in the u16 table
 * FUNC_bounds (kprobes_offsets.h describes it):
 *
 *	kpt_ok	an instruction kprobes takes (stepped or simulated)
 *	kpt_no	one it must refuse (KPT_B_REFUSED): what arm64's decoder
 *		rejects (PRFM literal, the exclusives and what lies between
 *		them, AUTIASP, BRK) and what has an exception-table entry
 *	kpt_to	a branch target
 *	kpt_br	a branch, call or return (KPT_B_FIXED)
 *
 * and combinations of those (kpt_to_br, kpt_to_no, kpt_br_ind).
 *
 * The refusals follow arch/arm64/kernel/probes/decode-insn.c: LDR and
 * LDRSW literal, ADR, ADRP and the branches are simulated; PRFM literal
 * is PC-relative but neither stepped nor simulated.  An LDR literal into
 * an FP/SIMD register is PC-relative too, but decode-insn.c would step it
 * out of line, where it reads the wrong address: our arm64 port refuses
 * it (upstream 6.12 accepts it).  Among the hints only the
 * pointer-authentication "sign" and "strip" ones, BTI and NOP are stepped,
 * so AUTIASP is refused.
 */
#include <linux/linkage.h>
#include <asm/asm-extable.h>
#include <asm/brk-imm.h>

#include "kprobes_offsets.h"

.macro kpt_at func, flags, insn:vararg
.Lkpt_at_\@:
	\insn
	.pushsection .rodata.kpt_bounds, "a"
	.short	(.Lkpt_at_\@ - \func) | (\flags)
	.popsection
.endm

.macro kpt_ok func, insn:vararg
	kpt_at	\func, 0, \insn
.endm

.macro kpt_no func, insn:vararg
	kpt_at	\func, (KPT_B_REFUSED|KPT_B_FIXED), \insn
.endm

.macro kpt_to func, insn:vararg
	kpt_at	\func, KPT_B_TARGET, \insn
.endm

.macro kpt_br func, insn:vararg
	kpt_at	\func, KPT_B_FIXED, \insn
.endm

/* A branch, and an exclusive load, that are branch targets too. */
.macro kpt_to_br func, insn:vararg
	kpt_at	\func, (KPT_B_TARGET|KPT_B_FIXED), \insn
.endm

.macro kpt_to_no func, insn:vararg
	kpt_at	\func, (KPT_B_TARGET|KPT_B_REFUSED|KPT_B_FIXED), \insn
.endm

/* The indirect branch. */
.macro kpt_br_ind func, insn:vararg
	kpt_at	\func, (KPT_B_FIXED|KPT_B_INDIRECT), \insn
.endm

/* An exception-table entry that only moves the PC, no register is set. */
#define KPT_EXTABLE(insn, fixup)					\
	__ASM_EXTABLE_RAW(insn, fixup, EX_TYPE_KACCESS_ERR_ZERO,	\
			  EX_DATA_REG(ERR, xzr) | EX_DATA_REG(ZERO, xzr))

/* The bounds table is opened here and closed by kpt_end with the size. */
.macro kpt_begin func
	.pushsection .rodata.kpt_bounds, "a"
	.balign	2
SYM_DATA_START(\func\()_bounds)
	.popsection
SYM_START(\func, SYM_L_GLOBAL, SYM_A_ALIGN)
	kpt_ok	\func, bti c
.endm

.macro kpt_end func
.Lkpt_end_\func:
SYM_FUNC_END(\func)
	.pushsection .rodata.kpt_bounds, "a"
	.short	(.Lkpt_end_\func - \func) | KPT_B_END
SYM_DATA_END(\func\()_bounds)
	.popsection
.endm

	.pushsection .rodata, "a"
	.balign	8
SYM_DATA_START(kpt_off_table)
	.quad	1, 2, 4, 8, 16, 32, 64, 128
SYM_DATA_END(kpt_off_table)
	.popsection

	.text

/* long kpt_off_helper(long x): 2 * x + 1; a BRK nobody reaches follows. */
kpt_begin kpt_off_helper
	kpt_ok	kpt_off_helper, add x0, x0, x0
	kpt_ok	kpt_off_helper, add x0, x0, #1
	kpt_br	kpt_off_helper, ret
	kpt_no	kpt_off_helper, brk #BUG_BRK_IMM
kpt_end kpt_off_helper

/*
 * The literals of kpt_off_literal, in the text (LDR literal reaches 1 MiB
 * at most), before it: the loads look backwards.
 */
	.balign	8
SYM_DATA_START(kpt_off_pool)
	.quad	0x100000000		/* +0: LDR x */
	.long	0x80000000		/* +8: LDR w, zero-extended */
	.long	-5			/* +12: LDRSW, sign-extended */
	.quad	0x40			/* +16: through ADR */
SYM_DATA_END(kpt_off_pool)

/*
 * long kpt_off_literal(long x):
 * x + 0x100000000 + 0x80000000 - 5 + 0x40 + kpt_off_table[2] (4)
 */
kpt_begin kpt_off_literal
	kpt_ok	kpt_off_literal, ldr x1, kpt_off_pool
	kpt_ok	kpt_off_literal, add x0, x0, x1
	kpt_ok	kpt_off_literal, ldr w2, kpt_off_pool + 8
	kpt_ok	kpt_off_literal, add x0, x0, x2
	kpt_ok	kpt_off_literal, ldrsw x3, kpt_off_pool + 12
	kpt_ok	kpt_off_literal, add x0, x0, x3
	kpt_no	kpt_off_literal, prfm pldl1keep, kpt_off_pool
	kpt_ok	kpt_off_literal, adr x4, kpt_off_pool
	kpt_ok	kpt_off_literal, ldr x5, [x4, #16]
	kpt_ok	kpt_off_literal, add x0, x0, x5
	kpt_ok	kpt_off_literal, adrp x6, kpt_off_table
	kpt_ok	kpt_off_literal, add x6, x6, :lo12:kpt_off_table
	kpt_ok	kpt_off_literal, ldr x7, [x6, #16]
	kpt_ok	kpt_off_literal, add x0, x0, x7
	kpt_br	kpt_off_literal, ret
	/*
	 * Never run (they would overwrite the task's FP/SIMD registers),
	 * only probed: FP/SIMD literal loads of each size.
	 */
	kpt_no	kpt_off_literal, ldr s0, kpt_off_pool
	kpt_no	kpt_off_literal, ldr d0, kpt_off_pool
	kpt_no	kpt_off_literal, ldr q0, kpt_off_pool
kpt_end kpt_off_literal

/*
 * long kpt_off_branch(long x): r = x >= 10 ? x - 10 : kpt_off_helper(x);
 * r += 100 if x is 0; r += 1000 if x is odd; r = -r if x < 0; then
 * kpt_off_helper(r), called through a register.  Every kind of branch
 * decides a step, the indirect one lands on a "bti j".
 */
kpt_begin kpt_off_branch
	kpt_ok	kpt_off_branch, stp x29, x30, [sp, #-32]!
	kpt_ok	kpt_off_branch, mov x29, sp
	kpt_ok	kpt_off_branch, str x19, [sp, #16]
	kpt_ok	kpt_off_branch, mov x19, x0
	kpt_ok	kpt_off_branch, cmp x0, #10
	kpt_br	kpt_off_branch, b.ge .Lkpt_br_big
	kpt_br	kpt_off_branch, bl kpt_off_helper
	kpt_br	kpt_off_branch, b .Lkpt_br_join
.Lkpt_br_big:
	kpt_to	kpt_off_branch, sub x0, x0, #10
.Lkpt_br_join:
	kpt_to_br	kpt_off_branch, cbz x19, .Lkpt_br_zero
	kpt_br	kpt_off_branch, cbnz x19, .Lkpt_br_nonzero
.Lkpt_br_zero:
	kpt_to	kpt_off_branch, add x0, x0, #100
.Lkpt_br_nonzero:
	kpt_to_br	kpt_off_branch, tbz x19, #0, .Lkpt_br_even
	kpt_ok	kpt_off_branch, add x0, x0, #1000
.Lkpt_br_even:
	kpt_to_br	kpt_off_branch, tbnz x19, #63, .Lkpt_br_neg
	kpt_ok	kpt_off_branch, adr x1, .Lkpt_br_tail
	kpt_br_ind	kpt_off_branch, br x1
.Lkpt_br_neg:
	kpt_to	kpt_off_branch, neg x0, x0
.Lkpt_br_tail:
	kpt_to	kpt_off_branch, bti j
	kpt_ok	kpt_off_branch, adr x2, kpt_off_helper
	kpt_br	kpt_off_branch, blr x2
	kpt_ok	kpt_off_branch, ldr x19, [sp, #16]
	kpt_ok	kpt_off_branch, ldp x29, x30, [sp], #32
	kpt_br	kpt_off_branch, ret
kpt_end kpt_off_branch

/*
 * long kpt_off_excl(long *p, long v): *p += v with LDXR/STXR, then *p += 1
 * with LDAXR/STLXR; returns the new *p.  A breakpoint between an
 * exclusive load and its store would clear the exclusive monitor and the
 * store would fail for ever, so kprobes refuses the whole sequence; the
 * CBNZ after each store may be probed.
 */
kpt_begin kpt_off_excl
	kpt_ok	kpt_off_excl, mov x3, x0
.Lkpt_ex_add:
	kpt_to_no	kpt_off_excl, ldxr x2, [x3]
	kpt_no	kpt_off_excl, add x2, x2, x1
	kpt_no	kpt_off_excl, stxr w4, x2, [x3]
	kpt_br	kpt_off_excl, cbnz w4, .Lkpt_ex_add
.Lkpt_ex_inc:
	kpt_to_no	kpt_off_excl, ldaxr x5, [x3]
	kpt_no	kpt_off_excl, add x5, x5, #1
	kpt_no	kpt_off_excl, stlxr w4, x5, [x3]
	kpt_br	kpt_off_excl, cbnz w4, .Lkpt_ex_inc
	kpt_ok	kpt_off_excl, mov x0, x5
	kpt_br	kpt_off_excl, ret
kpt_end kpt_off_excl

/*
 * long kpt_off_hints(long x): kpt_off_helper(x), in the frame a kernel
 * built with pointer authentication gives a function.  Without keys (as
 * here) the PAC hints do nothing, but they decode all the same.
 */
kpt_begin kpt_off_hints
	kpt_ok	kpt_off_hints, hint #25			/* paciasp */
	kpt_ok	kpt_off_hints, stp x29, x30, [sp, #-16]!
	kpt_ok	kpt_off_hints, mov x29, sp
	kpt_br	kpt_off_hints, bl kpt_off_helper
	kpt_ok	kpt_off_hints, nop
	kpt_ok	kpt_off_hints, hint #7			/* xpaclri */
	kpt_ok	kpt_off_hints, ldp x29, x30, [sp], #16
	kpt_no	kpt_off_hints, hint #29			/* autiasp */
	kpt_br	kpt_off_hints, ret
kpt_end kpt_off_hints

/*
 * long kpt_off_fixup(const long *p, long x): *p + x + 1, or x + 1 when
 * reading *p faults: the exception-table fixup goes back to the "sub",
 * which then reads kpt_off_table[0] (1) instead.  The load itself has
 * the exception-table entry, which arm64 kprobes refuses to probe.
 */
kpt_begin kpt_off_fixup
	kpt_ok	kpt_off_fixup, add x2, x1, #2
.Lkpt_fx_again:
	kpt_to	kpt_off_fixup, sub x2, x2, #1
	kpt_ok	kpt_off_fixup, mov x3, x0
	kpt_ok	kpt_off_fixup, adrp x0, kpt_off_table
	kpt_ok	kpt_off_fixup, add x0, x0, :lo12:kpt_off_table
.Lkpt_fx_load:
	kpt_no	kpt_off_fixup, ldr x4, [x3]
	kpt_ok	kpt_off_fixup, add x0, x2, x4
	kpt_br	kpt_off_fixup, ret
	KPT_EXTABLE(.Lkpt_fx_load, .Lkpt_fx_again)
kpt_end kpt_off_fixup

/* long kpt_off_canary(long x): x + 3 (see kprobes_offsets.h). */
kpt_begin kpt_off_canary
	kpt_ok	kpt_off_canary, add x0, x0, #1
	kpt_ok	kpt_off_canary, add x0, x0, #2
	kpt_br	kpt_off_canary, ret
kpt_end kpt_off_canary

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_off_text_end)
	ret
SYM_FUNC_END(kpt_off_text_end)
