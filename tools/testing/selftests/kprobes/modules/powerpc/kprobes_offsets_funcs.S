/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit powerpc (ELFv2) functions for the every-offset kprobes test (the
 * x86 ones are in ../kprobes_offsets_funcs.S).  Each holds a class of
 * instructions that kprobes cannot simply copy out of line, or must
 * refuse:
 *
 *	kpt_off_helper	ALU instructions, BLR, and a trap nobody reaches
 *	kpt_off_branch	B, BL (to another function and to a local
 *			subroutine), BC taken and not taken on two CR
 *			fields, BCTRL to an address made by ADDPCIS (POWER9),
 *			MFLR/MTLR around a stack frame
 *	kpt_off_cond	BCL 20,31 (the PC into LR), a conditional return
 *			(BEQLR), a conditional BCCTR (BLTCTR), a BDNZ loop
 *			over MTCTR/MFCTR
 *	kpt_off_larx	LDARX/STDCX. sequences, plain and with the EH hint
 *	kpt_off_mixed	loads and stores (with update too), record forms,
 *			MFCR/MTCRF, barriers, a cache hint, MFMSR; then
 *			SC, MTMSRD and RFID, which nobody reaches
 *	kpt_off_fixup	a load with an exception-table entry
 *
 * None of them uses the TOC pointer r2: each has one entry point, its
 * first word, where a probe on the function lands.
 *
 * Every instruction is written through kpt_at, which records its offset,
 * with flags, in the u16 table FUNC_bounds (kprobes_offsets.h describes
 * it).  The flags:
 *
 *	KPT_OK	an instruction kprobes takes (emulated or run out of line)
 *	KPT_NO	one it must refuse (KPT_B_REFUSED): a trap, what changes
 *		the MSR or leaves the kernel (SC, MTMSRD, RFID), a
 *		load-and-reserve and what follows it up to its
 *		store-conditional included
 *	KPT_TO	a branch target
 *	KPT_BR	a branch, call or return (KPT_B_FIXED)
 *	KPT_FL	the load that faults once per run and resumes at its
 *		exception-table fixup (KPT_B_FAULTS)
 *
 * and their combinations.  The jump of an optimized powerpc probe
 * replaces the probed instruction alone and its detour runs whatever the
 * trap would (KPT_OPT_ONE_INSN), so KPT_B_TARGET, KPT_B_FIXED and
 * KPT_B_INDIRECT only document here: every instruction kprobes takes
 * becomes a jump.
 */
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/ppc_asm.h>

#include "kprobes_offsets.h"

#define KPT_OK		0
#define KPT_NO		(KPT_B_REFUSED | KPT_B_FIXED)
#define KPT_TO		KPT_B_TARGET
#define KPT_BR		KPT_B_FIXED
#define KPT_TO_BR	(KPT_B_TARGET | KPT_B_FIXED)
#define KPT_TO_NO	(KPT_B_TARGET | KPT_B_REFUSED | KPT_B_FIXED)
#define KPT_BR_IND	(KPT_B_FIXED | KPT_B_INDIRECT)
#define KPT_FL		(KPT_B_FIXED | KPT_B_FAULTS)

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
.endm

.macro kpt_end func
.Lkpt_end_\func:
SYM_FUNC_END(\func)
	.pushsection .rodata.kpt_bounds, "a"
	.short	(.Lkpt_end_\func - \func) | KPT_B_END
SYM_DATA_END(\func\()_bounds)
	.popsection
.endm

	.text

/* long kpt_off_helper(long x): 2 * x + 1; a trap nobody reaches follows. */
kpt_begin kpt_off_helper
	kpt_at	kpt_off_helper, KPT_OK, add r3, r3, r3
	kpt_at	kpt_off_helper, KPT_OK, addi r3, r3, 1
	kpt_at	kpt_off_helper, KPT_BR, blr
	kpt_at	kpt_off_helper, KPT_NO, trap
kpt_end kpt_off_helper

/*
 * long kpt_off_branch(long x): r = x >= 10 ? x - 10 : kpt_off_helper(x);
 * r += 100 if x is 0; r += 1000 if x is odd; r = -r if x < 0 (in a local
 * subroutine); then kpt_off_helper(r), called through the CTR with an
 * address computed from the one ADDPCIS gives.  The return address waits
 * in the caller's LR save word; r31 (x) in this frame.
 */
kpt_begin kpt_off_branch
	kpt_at	kpt_off_branch, KPT_OK, mflr r0
	kpt_at	kpt_off_branch, KPT_OK, std r0, 16(r1)
	kpt_at	kpt_off_branch, KPT_OK, stdu r1, -48(r1)
	kpt_at	kpt_off_branch, KPT_OK, std r31, 40(r1)
	kpt_at	kpt_off_branch, KPT_OK, mr r31, r3
	kpt_at	kpt_off_branch, KPT_OK, cmpdi r3, 10
	kpt_at	kpt_off_branch, KPT_BR, bge .Lkpt_br_big
	kpt_at	kpt_off_branch, KPT_BR, bl kpt_off_helper
	kpt_at	kpt_off_branch, KPT_BR, b .Lkpt_br_join
.Lkpt_br_big:
	kpt_at	kpt_off_branch, KPT_TO, addi r3, r3, -10
.Lkpt_br_join:
	kpt_at	kpt_off_branch, KPT_TO, cmpdi cr1, r31, 0
	kpt_at	kpt_off_branch, KPT_BR, bne cr1, .Lkpt_br_nonzero
	kpt_at	kpt_off_branch, KPT_OK, addi r3, r3, 100
.Lkpt_br_nonzero:
	kpt_at	kpt_off_branch, KPT_TO, andi. r9, r31, 1
	kpt_at	kpt_off_branch, KPT_BR, beq .Lkpt_br_even
	kpt_at	kpt_off_branch, KPT_OK, addi r3, r3, 1000
.Lkpt_br_even:
	kpt_at	kpt_off_branch, KPT_TO_BR, bge cr1, .Lkpt_br_tail
	ANNOTATE_INTRA_FUNCTION_CALL
	kpt_at	kpt_off_branch, KPT_BR, bl .Lkpt_br_negate
.Lkpt_br_tail:
	.machine push
	.machine power9
	kpt_at	kpt_off_branch, KPT_TO, addpcis r9, 0
	.machine pop
.Lkpt_br_pc:
	kpt_at	kpt_off_branch, KPT_OK, addi r9, r9, kpt_off_helper - .Lkpt_br_pc
	kpt_at	kpt_off_branch, KPT_OK, mtctr r9
	kpt_at	kpt_off_branch, KPT_BR, bctrl
	kpt_at	kpt_off_branch, KPT_OK, ld r31, 40(r1)
	kpt_at	kpt_off_branch, KPT_OK, addi r1, r1, 48
	kpt_at	kpt_off_branch, KPT_OK, ld r0, 16(r1)
	kpt_at	kpt_off_branch, KPT_OK, mtlr r0
	kpt_at	kpt_off_branch, KPT_BR, blr
.Lkpt_br_negate:
	kpt_at	kpt_off_branch, KPT_TO, neg r3, r3
	kpt_at	kpt_off_branch, KPT_BR, blr
kpt_end kpt_off_branch

/*
 * long kpt_off_cond(long n): -1 if n is 0 (a conditional return), -n if
 * n < 0 (a conditional branch through the CTR, whose address BCL 20,31
 * gives), else n + (n - 1) + ... + 1, counted down by BDNZ.  The BCL
 * takes the link register, so the return address waits in r0 meanwhile.
 */
kpt_begin kpt_off_cond
	kpt_at	kpt_off_cond, KPT_OK, mflr r0
	kpt_at	kpt_off_cond, KPT_OK, mr r4, r3
	kpt_at	kpt_off_cond, KPT_OK, li r3, -1
	kpt_at	kpt_off_cond, KPT_OK, cmpdi r4, 0
	kpt_at	kpt_off_cond, KPT_BR, beqlr
	kpt_at	kpt_off_cond, KPT_BR, bcl 20, 31, .Lkpt_cd_pc
.Lkpt_cd_pc:
	kpt_at	kpt_off_cond, KPT_TO, mflr r5
	kpt_at	kpt_off_cond, KPT_OK, mtlr r0
	kpt_at	kpt_off_cond, KPT_OK, addi r5, r5, .Lkpt_cd_neg - .Lkpt_cd_pc
	kpt_at	kpt_off_cond, KPT_OK, mtctr r5
	kpt_at	kpt_off_cond, KPT_BR_IND, bltctr
	kpt_at	kpt_off_cond, KPT_OK, mtctr r4
	kpt_at	kpt_off_cond, KPT_OK, li r3, 0
.Lkpt_cd_loop:
	kpt_at	kpt_off_cond, KPT_TO, mfctr r6
	kpt_at	kpt_off_cond, KPT_OK, add r3, r3, r6
	kpt_at	kpt_off_cond, KPT_BR, bdnz .Lkpt_cd_loop
	kpt_at	kpt_off_cond, KPT_BR, blr
.Lkpt_cd_neg:
	kpt_at	kpt_off_cond, KPT_TO, neg r3, r4
	kpt_at	kpt_off_cond, KPT_BR, blr
kpt_end kpt_off_cond

/*
 * long kpt_off_larx(long *p, long v): *p += v with LDARX/STDCX., then
 * *p += 1 with LDARX (EH set)/STDCX.; returns the new *p.  Every return
 * from an interrupt clears the reservation, so a trap on a LDARX or
 * between it and its STDCX. would make the STDCX. fail for ever: kprobes
 * refuses the whole sequence, the STDCX. included; the BNE after each may
 * be probed.
 */
kpt_begin kpt_off_larx
	kpt_at	kpt_off_larx, KPT_OK, mr r5, r3
.Lkpt_lx_add:
	kpt_at	kpt_off_larx, KPT_TO_NO, ldarx r6, 0, r5
	kpt_at	kpt_off_larx, KPT_NO, add r6, r6, r4
	kpt_at	kpt_off_larx, KPT_NO, stdcx. r6, 0, r5
	kpt_at	kpt_off_larx, KPT_BR, bne .Lkpt_lx_add
.Lkpt_lx_inc:
	kpt_at	kpt_off_larx, KPT_TO_NO, ldarx r6, 0, r5, 1
	kpt_at	kpt_off_larx, KPT_NO, addi r6, r6, 1
	kpt_at	kpt_off_larx, KPT_NO, stdcx. r6, 0, r5
	kpt_at	kpt_off_larx, KPT_BR, bne .Lkpt_lx_inc
	kpt_at	kpt_off_larx, KPT_OK, mr r3, r6
	kpt_at	kpt_off_larx, KPT_BR, blr
kpt_end kpt_off_larx

/*
 * long kpt_off_mixed(long a, long b): ((a + b) << 2) - 3 + (a ^ 5), through
 * the stack, the CR and the CTR; SC, MTMSRD and RFID follow the return.
 */
kpt_begin kpt_off_mixed
	kpt_at	kpt_off_mixed, KPT_OK, stdu r1, -64(r1)
	kpt_at	kpt_off_mixed, KPT_OK, std r3, 32(r1)
	kpt_at	kpt_off_mixed, KPT_OK, add. r5, r3, r4
	kpt_at	kpt_off_mixed, KPT_OK, mfcr r6
	kpt_at	kpt_off_mixed, KPT_OK, mfmsr r7
	kpt_at	kpt_off_mixed, KPT_OK, sldi r5, r5, 2
	kpt_at	kpt_off_mixed, KPT_OK, lwsync
	kpt_at	kpt_off_mixed, KPT_OK, addi r8, r1, 40
	kpt_at	kpt_off_mixed, KPT_OK, stdu r5, 8(r8)
	kpt_at	kpt_off_mixed, KPT_OK, dcbt 0, r8
	kpt_at	kpt_off_mixed, KPT_OK, ld r9, 32(r1)
	kpt_at	kpt_off_mixed, KPT_OK, xori r9, r9, 5
	kpt_at	kpt_off_mixed, KPT_OK, mtctr r9
	kpt_at	kpt_off_mixed, KPT_OK, sync
	kpt_at	kpt_off_mixed, KPT_OK, addi r8, r1, 40
	kpt_at	kpt_off_mixed, KPT_OK, ldu r10, 8(r8)
	kpt_at	kpt_off_mixed, KPT_OK, addi r10, r10, -3
	kpt_at	kpt_off_mixed, KPT_OK, mfctr r11
	kpt_at	kpt_off_mixed, KPT_OK, isync
	kpt_at	kpt_off_mixed, KPT_OK, stw r4, 56(r1)
	kpt_at	kpt_off_mixed, KPT_OK, lwa r12, 56(r1)
	kpt_at	kpt_off_mixed, KPT_OK, mtcrf 0x80, r6
	kpt_at	kpt_off_mixed, KPT_OK, add r3, r10, r11
	kpt_at	kpt_off_mixed, KPT_OK, addi r1, r1, 64
	kpt_at	kpt_off_mixed, KPT_BR, blr
	kpt_at	kpt_off_mixed, KPT_NO, sc
	kpt_at	kpt_off_mixed, KPT_NO, mtmsrd r7, 1
	kpt_at	kpt_off_mixed, KPT_NO, rfid
kpt_end kpt_off_mixed

/*
 * long kpt_off_fixup(const long *p, long x): *p + x + 1, or x + 1 when
 * reading *p faults: the exception-table fixup goes back to the second
 * ADDI, which then has the load read the 1 stored in this frame instead.
 * powerpc kprobes take the load: emulate_step() declines it when the
 * access faults, and the fault of its out-of-line copy becomes one at the
 * load's own address, which the exception table knows.
 */
kpt_begin kpt_off_fixup
	kpt_at	kpt_off_fixup, KPT_OK, stdu r1, -48(r1)
	kpt_at	kpt_off_fixup, KPT_OK, li r7, 1
	kpt_at	kpt_off_fixup, KPT_OK, std r7, 32(r1)
	kpt_at	kpt_off_fixup, KPT_OK, addi r5, r4, 2
.Lkpt_fx_again:
	kpt_at	kpt_off_fixup, KPT_TO, addi r5, r5, -1
	kpt_at	kpt_off_fixup, KPT_OK, mr r6, r3
	kpt_at	kpt_off_fixup, KPT_OK, addi r3, r1, 32
.Lkpt_fx_load:
	kpt_at	kpt_off_fixup, KPT_FL, ld r7, 0(r6)
	kpt_at	kpt_off_fixup, KPT_OK, add r3, r5, r7
	kpt_at	kpt_off_fixup, KPT_OK, addi r1, r1, 48
	kpt_at	kpt_off_fixup, KPT_BR, blr
	.pushsection __ex_table, "a"
	.balign	4
	.long	.Lkpt_fx_load - .
	.long	.Lkpt_fx_again - .
	.popsection
kpt_end kpt_off_fixup

/* long kpt_off_canary(long x): x + 3 (see kprobes_offsets.h). */
kpt_begin kpt_off_canary
	kpt_at	kpt_off_canary, KPT_OK, addi r3, r3, 1
	kpt_at	kpt_off_canary, KPT_OK, addi r3, r3, 2
	kpt_at	kpt_off_canary, KPT_BR, blr
kpt_end kpt_off_canary

/*
 * Ends kallsyms' idea of the size of the function before it; 16 bytes, so
 * that the look for an ftrace call site at kpt_off_canary's entry stays
 * in this file.
 */
SYM_FUNC_START(kpt_off_text_end)
	blr
	nop
	nop
	nop
SYM_FUNC_END(kpt_off_text_end)
