/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit arm functions for the every-offset kprobes test (the x86 ones
 * are in ../kprobes_offsets_funcs.S), in ARM state: every instruction is
 * 4 bytes long and any of them may carry a condition.  Each function
 * holds a class of instructions that kprobes cannot simply run
 * elsewhere as they are:
 *
 *	kpt_off_helper	plain arithmetic, BX LR, and an UDF (BUG()'s)
 *	kpt_off_literal	loads through the PC (LDR, LDRH, LDRSB and LDRD
 *			literal), ADR, and a MOV that reads the PC
 *	kpt_off_branch	B, BL, B<cond>, BL<cond>, a jump table through
 *			ADD PC, BLX to a register, BX LR, POP {..., PC}
 *	kpt_off_excl	an LDREX/STREX exchange with barriers around it
 *	kpt_off_flags	instructions that set, read (MRS) or depend on the
 *			condition flags, CLZ, UBFX, MOVW/MOVT
 *	kpt_off_stack	MOV IP, SP, PUSH/POP, STRD/LDRD, LDM, stores with
 *			writeback to the stack
 *	kpt_off_subsp	SUB SP, SP, #n for n of 60, 64, 76, 80, 84, 128,
 *			132 and 256, and the ADDs back, with every
 *			register live: the detour of an optimized probe
 *			must keep the registers and the stack as they are
 *	kpt_off_sys	MRS of the mode, coprocessor reads and barriers
 *			run, system instructions only probed
 *	kpt_off_fixup	a load with an exception-table entry
 *
 * Every instruction is written through kpt_at, which records its offset,
 * with flags, in the u16 table FUNC_bounds (kprobes_offsets.h describes
 * it).  The flags:
 *
 *	KPT_OK	an instruction kprobes takes (simulated or emulated)
 *	KPT_NO	one it must refuse (KPT_B_REFUSED): what arm's decoder
 *		rejects (exclusives, barriers, coprocessor and system
 *		instructions, UDF, exception returns, user-mode loads and
 *		stores, stores at an offset from SP it cannot know) and what
 *		has an exception-table entry
 *	KPT_TO	a branch target
 *	KPT_BR	a branch, call or return, or what else writes the PC
 *		(KPT_B_FIXED)
 *
 * and their combinations.  A probe on a conditional instruction whose
 * condition fails may run no handler; every instruction kprobes takes is
 * run with its condition true by some input of kprobes_offsets_runs.c.
 * Literal pools sit between the functions, under symbols of their own.
 */
#include <linux/linkage.h>
#include <asm/unwind.h>

#include "kprobes_offsets.h"

#define KPT_OK		0
#define KPT_NO		(KPT_B_REFUSED | KPT_B_FIXED)
#define KPT_TO		KPT_B_TARGET
#define KPT_BR		KPT_B_FIXED
#define KPT_TO_BR	(KPT_B_TARGET | KPT_B_FIXED)
#define KPT_TO_NO	(KPT_B_TARGET | KPT_B_REFUSED | KPT_B_FIXED)
#define KPT_BR_IND	(KPT_B_FIXED | KPT_B_INDIRECT)

.macro kpt_at func, flags, insn:vararg
.Lkpt_at_\@:
	\insn
	.pushsection .rodata.kpt_bounds, "a"
	.short	(.Lkpt_at_\@ - \func) | (\flags)
	.popsection
.endm

/* The bounds table is opened here and closed by kpt_end with the size. */
.macro kpt_begin func
	.pushsection .rodata.kpt_bounds, "a"
	.balign	2
SYM_DATA_START(\func\()_bounds)
	.popsection
SYM_FUNC_START(\func)
UNWIND(	.fnstart)
.endm

.macro kpt_end func
.Lkpt_end_\func:
UNWIND(	.fnend)
SYM_FUNC_END(\func)
	.pushsection .rodata.kpt_bounds, "a"
	.short	(.Lkpt_end_\func - \func) | KPT_B_END
SYM_DATA_END(\func\()_bounds)
	.popsection
.endm

	.arm
	.text

/* long kpt_off_helper(long x): 2 * x + 1; an UDF nobody reaches follows. */
kpt_begin kpt_off_helper
	kpt_at	kpt_off_helper, KPT_OK, add r0, r0, r0
	kpt_at	kpt_off_helper, KPT_OK, add r0, r0, #1
	kpt_at	kpt_off_helper, KPT_BR, bx lr
	kpt_at	kpt_off_helper, KPT_NO, udf 18
kpt_end kpt_off_helper

/*
 * What kpt_off_literal loads, just before it: LDRH, LDRSB and LDRD reach
 * no more than 255 bytes from the PC.
 */
	.balign	8
SYM_DATA_START_LOCAL(kpt_off_pool)
	.long	0x12345678		/* +0: LDR */
	.short	0x8001, 0		/* +4: LDRH, zero-extended */
	.byte	0xf0, 0, 0, 0		/* +8: LDRSB, sign-extended: -16 */
	.long	0x40			/* +12: through ADR */
	.long	100, 200		/* +16: LDRD */
SYM_DATA_END(kpt_off_pool)

/*
 * long kpt_off_literal(long x):
 * x + 0x12345678 + 0x8001 - 16 + 0x40 + 100 + 200, plus 8, the distance
 * the PC reads ahead of the instruction that reads it.
 */
kpt_begin kpt_off_literal
	kpt_at	kpt_off_literal, KPT_OK, ldr r1, kpt_off_pool
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r1
	kpt_at	kpt_off_literal, KPT_OK, ldrh r2, kpt_off_pool + 4
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r2
	kpt_at	kpt_off_literal, KPT_OK, ldrsb r3, kpt_off_pool + 8
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r3
	kpt_at	kpt_off_literal, KPT_OK, adr r12, kpt_off_pool
	kpt_at	kpt_off_literal, KPT_OK, ldr r1, [r12, #12]
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r1
	kpt_at	kpt_off_literal, KPT_OK, ldrd r2, r3, kpt_off_pool + 16
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r2
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r3
.Lkpt_lit_pc:
	kpt_at	kpt_off_literal, KPT_OK, mov r1, pc
	kpt_at	kpt_off_literal, KPT_OK, adr r2, .Lkpt_lit_pc
	kpt_at	kpt_off_literal, KPT_OK, sub r1, r1, r2
	kpt_at	kpt_off_literal, KPT_OK, add r0, r0, r1
	kpt_at	kpt_off_literal, KPT_BR, bx lr
kpt_end kpt_off_literal

/*
 * long kpt_off_branch(long x): r = x >= 10 ? x - 10 : kpt_off_helper(x);
 * r += 100 if x is 0 (a conditional call of a piece at the end); r +=
 * 1000 if x is odd; r = -r if x < 0 (through a jump table: ADD PC reads
 * the PC 8 ahead, so the UDF after it is never reached); then
 * kpt_off_helper(r), called through a register.
 */
kpt_begin kpt_off_branch
	kpt_at	kpt_off_branch, KPT_OK, push {r4, lr}
UNWIND(	.save	{r4, lr})
	kpt_at	kpt_off_branch, KPT_OK, mov r4, r0
	kpt_at	kpt_off_branch, KPT_OK, cmp r0, #10
	kpt_at	kpt_off_branch, KPT_BR, bge .Lkpt_br_big
	kpt_at	kpt_off_branch, KPT_BR, bl kpt_off_helper
	kpt_at	kpt_off_branch, KPT_BR, b .Lkpt_br_join
.Lkpt_br_big:
	kpt_at	kpt_off_branch, KPT_TO, sub r0, r0, #10
.Lkpt_br_join:
	kpt_at	kpt_off_branch, KPT_TO, cmp r4, #0
	kpt_at	kpt_off_branch, KPT_BR, bleq .Lkpt_br_hundred
	kpt_at	kpt_off_branch, KPT_OK, tst r4, #1
	kpt_at	kpt_off_branch, KPT_OK, addne r0, r0, #1000
	kpt_at	kpt_off_branch, KPT_OK, lsr r2, r4, #31
	kpt_at	kpt_off_branch, KPT_BR_IND, add pc, pc, r2, lsl #2
	kpt_at	kpt_off_branch, KPT_NO, udf 18
	kpt_at	kpt_off_branch, KPT_TO_BR, b .Lkpt_br_tail
	kpt_at	kpt_off_branch, KPT_TO, rsb r0, r0, #0
.Lkpt_br_tail:
	kpt_at	kpt_off_branch, KPT_TO, movw r3, #:lower16:kpt_off_helper
	kpt_at	kpt_off_branch, KPT_OK, movt r3, #:upper16:kpt_off_helper
	kpt_at	kpt_off_branch, KPT_BR, blx r3
	kpt_at	kpt_off_branch, KPT_BR, pop {r4, pc}
.Lkpt_br_hundred:
	kpt_at	kpt_off_branch, KPT_TO, add r0, r0, #100
	kpt_at	kpt_off_branch, KPT_BR, bx lr
	/* Never run, only probed: an exception return. */
	kpt_at	kpt_off_branch, KPT_NO, movs pc, lr
kpt_end kpt_off_branch

/*
 * long kpt_off_excl(long *p, long v): exchanges *p and v with LDREX/STREX
 * and returns the old *p.  A breakpoint between an exclusive load and its
 * store would clear the exclusive monitor on its way back, and the store
 * would fail for ever; nothing separates the two here.  The STREX that
 * comes first, after CLREX, always fails, so that both ways out of the
 * BEQ that checks the store are taken.
 */
kpt_begin kpt_off_excl
	kpt_at	kpt_off_excl, KPT_OK, mov r3, r0
	kpt_at	kpt_off_excl, KPT_NO, dmb ish
	kpt_at	kpt_off_excl, KPT_NO, clrex
	kpt_at	kpt_off_excl, KPT_NO, strex r2, r1, [r3]
.Lkpt_ex_check:
	kpt_at	kpt_off_excl, KPT_TO, cmp r2, #0
	kpt_at	kpt_off_excl, KPT_BR, beq .Lkpt_ex_done
	kpt_at	kpt_off_excl, KPT_NO, ldrex r0, [r3]
	kpt_at	kpt_off_excl, KPT_NO, strex r2, r1, [r3]
	kpt_at	kpt_off_excl, KPT_BR, b .Lkpt_ex_check
.Lkpt_ex_done:
	kpt_at	kpt_off_excl, KPT_TO_NO, dmb ish
	kpt_at	kpt_off_excl, KPT_BR, bx lr
kpt_end kpt_off_excl

/*
 * long kpt_off_flags(long a, long b), with s = a + b (32 bits) and its
 * flags N, Z, C and V: ((s + C + (V ? 0x100 : 0) - (Z ? 0x200 : 0) +
 * (clz(a) << 16) + bits 11:4 of a) ^ 0x12345678) + 16 * NZCV.
 */
kpt_begin kpt_off_flags
	kpt_at	kpt_off_flags, KPT_OK, adds r2, r0, r1
	kpt_at	kpt_off_flags, KPT_OK, mrs r3, apsr
	kpt_at	kpt_off_flags, KPT_OK, lsr r3, r3, #28
	kpt_at	kpt_off_flags, KPT_OK, adc r2, r2, #0
	kpt_at	kpt_off_flags, KPT_OK, addvs r2, r2, #0x100
	kpt_at	kpt_off_flags, KPT_OK, subeq r2, r2, #0x200
	kpt_at	kpt_off_flags, KPT_OK, clz r12, r0
	kpt_at	kpt_off_flags, KPT_OK, add r2, r2, r12, lsl #16
	kpt_at	kpt_off_flags, KPT_OK, ubfx r12, r0, #4, #8
	kpt_at	kpt_off_flags, KPT_OK, add r2, r2, r12
	kpt_at	kpt_off_flags, KPT_OK, movw r12, #0x5678
	kpt_at	kpt_off_flags, KPT_OK, movt r12, #0x1234
	kpt_at	kpt_off_flags, KPT_OK, eor r2, r2, r12
	kpt_at	kpt_off_flags, KPT_OK, add r0, r2, r3, lsl #4
	kpt_at	kpt_off_flags, KPT_BR, bx lr
kpt_end kpt_off_flags

/*
 * long kpt_off_stack(long a, long b): 4 * a + 4 * b + 46, through the
 * stack: a, b, a and 7 stored in a frame of 16 bytes and loaded back at
 * once, a word pushed and popped, and the depth of the frames below the
 * entry's stack pointer (32 bytes).
 */
kpt_begin kpt_off_stack
	kpt_at	kpt_off_stack, KPT_OK, mov ip, sp
	kpt_at	kpt_off_stack, KPT_OK, push {r4, r5, fp, lr}
UNWIND(	.save	{r4, r5, fp, lr})
	kpt_at	kpt_off_stack, KPT_OK, sub sp, sp, #16
UNWIND(	.pad	#16)
	kpt_at	kpt_off_stack, KPT_OK, strd r0, r1, [sp]
	kpt_at	kpt_off_stack, KPT_OK, str r0, [sp, #8]
	kpt_at	kpt_off_stack, KPT_OK, mov r2, #7
	kpt_at	kpt_off_stack, KPT_OK, str r2, [sp, #12]
	kpt_at	kpt_off_stack, KPT_OK, ldm sp, {r2, r3, r4, r5}
	kpt_at	kpt_off_stack, KPT_OK, add r0, r2, r3
	kpt_at	kpt_off_stack, KPT_OK, add r0, r0, r4
	kpt_at	kpt_off_stack, KPT_OK, add r0, r0, r5
	kpt_at	kpt_off_stack, KPT_OK, ldrd r2, r3, [sp]
	kpt_at	kpt_off_stack, KPT_OK, add r0, r0, r3
	kpt_at	kpt_off_stack, KPT_OK, str r0, [sp, #-4]!
	kpt_at	kpt_off_stack, KPT_OK, ldmia sp!, {r1}
	kpt_at	kpt_off_stack, KPT_OK, add r0, r0, r1
	kpt_at	kpt_off_stack, KPT_OK, sub r1, ip, sp
	kpt_at	kpt_off_stack, KPT_OK, add r0, r0, r1
	kpt_at	kpt_off_stack, KPT_OK, add sp, sp, #16
	kpt_at	kpt_off_stack, KPT_BR, pop {r4, r5, fp, pc}
	/*
	 * Never run, only probed: a store to the stack at an offset kprobes
	 * cannot know.
	 */
	kpt_at	kpt_off_stack, KPT_NO, str r0, [sp, r1]
kpt_end kpt_off_stack

/*
 * long kpt_off_sys(long x): x + 0x13, the mode bits of the CPSR in the
 * kernel (SVC); a read of the main ID register and barriers, which
 * kprobes refuses, run on the way.
 */
kpt_begin kpt_off_sys
	kpt_at	kpt_off_sys, KPT_OK, mov r1, r0
	kpt_at	kpt_off_sys, KPT_NO, dmb ish
	kpt_at	kpt_off_sys, KPT_NO, mrc p15, 0, r2, c0, c0, 0
	kpt_at	kpt_off_sys, KPT_NO, isb
	kpt_at	kpt_off_sys, KPT_OK, mrs r3, cpsr
	kpt_at	kpt_off_sys, KPT_OK, and r3, r3, #0x1f
	kpt_at	kpt_off_sys, KPT_OK, add r0, r1, r3
	kpt_at	kpt_off_sys, KPT_BR, bx lr
	/* Never run, only probed. */
	kpt_at	kpt_off_sys, KPT_NO, svc 0
	kpt_at	kpt_off_sys, KPT_NO, cpsid i
	kpt_at	kpt_off_sys, KPT_NO, msr cpsr_c, r0
	kpt_at	kpt_off_sys, KPT_NO, ldm sp, {r0 - r3}^
	kpt_at	kpt_off_sys, KPT_NO, ldrt r0, [r1]
	kpt_at	kpt_off_sys, KPT_NO, bkpt 0
kpt_end kpt_off_sys

/* The word kpt_off_fixup reads instead of one that faults. */
	.balign	4
SYM_DATA_START_LOCAL(kpt_off_one)
	.long	1
SYM_DATA_END(kpt_off_one)

/*
 * long kpt_off_fixup(const long *p, long x): *p + x + 1, or x + 1 when
 * reading *p faults: the exception-table fixup goes back to the SUB,
 * which then has the load read kpt_off_one (1) instead.  The load itself
 * has the exception-table entry.
 */
kpt_begin kpt_off_fixup
	kpt_at	kpt_off_fixup, KPT_OK, add r2, r1, #2
.Lkpt_fx_again:
	kpt_at	kpt_off_fixup, KPT_TO, sub r2, r2, #1
	kpt_at	kpt_off_fixup, KPT_OK, mov r3, r0
	kpt_at	kpt_off_fixup, KPT_OK, adr r0, kpt_off_one
.Lkpt_fx_load:
	kpt_at	kpt_off_fixup, KPT_NO, ldr r12, [r3]
	kpt_at	kpt_off_fixup, KPT_OK, add r0, r2, r12
	kpt_at	kpt_off_fixup, KPT_BR, bx lr
	.pushsection __ex_table, "a"
	.balign	8
	.long	.Lkpt_fx_load, .Lkpt_fx_again
	.popsection
kpt_end kpt_off_fixup

/*
 * long kpt_off_subsp(long a, long b): with r2..r12 = a + 2..12, lr =
 * b + 14 and b stored in the frame, sp goes down and back up by 60, 64,
 * 76, 80, 84, 128, 132 and 256 bytes (the detour's struct pt_regs lies
 * 64 to 136 bytes below sp); then a + (b << 1) + (r2 << 2) + ... + (r12 << 12) +
 * (lr << 13) + (the stored word << 14), in 32 bits (kpt_subsp_sum() in
 * kprobes_offsets_runs.c).  A detour that wrote below the lowered sp
 * into its own saved registers changes one of them.
 */
kpt_begin kpt_off_subsp
	kpt_at	kpt_off_subsp, KPT_OK, push {r4 - r11, lr}
UNWIND(	.save	{r4 - r11, lr})
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #4
UNWIND(	.pad	#4)
	kpt_at	kpt_off_subsp, KPT_OK, str r1, [sp]
	kpt_at	kpt_off_subsp, KPT_OK, add r2, r0, #2
	kpt_at	kpt_off_subsp, KPT_OK, add r3, r0, #3
	kpt_at	kpt_off_subsp, KPT_OK, add r4, r0, #4
	kpt_at	kpt_off_subsp, KPT_OK, add r5, r0, #5
	kpt_at	kpt_off_subsp, KPT_OK, add r6, r0, #6
	kpt_at	kpt_off_subsp, KPT_OK, add r7, r0, #7
	kpt_at	kpt_off_subsp, KPT_OK, add r8, r0, #8
	kpt_at	kpt_off_subsp, KPT_OK, add r9, r0, #9
	kpt_at	kpt_off_subsp, KPT_OK, add r10, r0, #10
	kpt_at	kpt_off_subsp, KPT_OK, add r11, r0, #11
	kpt_at	kpt_off_subsp, KPT_OK, add ip, r0, #12
	kpt_at	kpt_off_subsp, KPT_OK, add lr, r1, #14
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #60
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #60
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #64
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #64
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #76
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #76
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #80
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #80
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #84
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #84
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #128
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #128
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #132
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #132
	kpt_at	kpt_off_subsp, KPT_OK, sub sp, sp, #256
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #256
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r1, lsl #1
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r2, lsl #2
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r3, lsl #3
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r4, lsl #4
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r5, lsl #5
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r6, lsl #6
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r7, lsl #7
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r8, lsl #8
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r9, lsl #9
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r10, lsl #10
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r11, lsl #11
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, ip, lsl #12
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, lr, lsl #13
	kpt_at	kpt_off_subsp, KPT_OK, ldr r1, [sp]
	kpt_at	kpt_off_subsp, KPT_OK, add r0, r0, r1, lsl #14
	kpt_at	kpt_off_subsp, KPT_OK, add sp, sp, #4
	kpt_at	kpt_off_subsp, KPT_BR, pop {r4 - r11, pc}
kpt_end kpt_off_subsp

/* long kpt_off_canary(long x): x + 3 (see kprobes_offsets.h). */
kpt_begin kpt_off_canary
	kpt_at	kpt_off_canary, KPT_OK, add r0, r0, #1
	kpt_at	kpt_off_canary, KPT_OK, add r0, r0, #2
	kpt_at	kpt_off_canary, KPT_BR, bx lr
kpt_end kpt_off_canary

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_off_text_end)
UNWIND(	.fnstart)
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_off_text_end)
