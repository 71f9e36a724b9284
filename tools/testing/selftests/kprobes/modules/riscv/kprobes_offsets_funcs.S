/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv functions for the every-offset kprobes test (the x86 ones are in
 * ../kprobes_offsets_funcs.S).  Each holds a class of instructions that
 * kprobes cannot simply copy out of line, or that tells 2-byte from
 * 4-byte instructions:
 *
 *	kpt_off_helper	two compressed instructions, C.JR, and a C.EBREAK
 *	kpt_off_pcrel	AUIPC with the loads and additions that use it
 *	kpt_off_branch	BGE, BEQ, BLT, C.BEQZ, C.BNEZ, C.J, JAL, JALR,
 *			C.JALR and C.JR (RET)
 *	kpt_off_lrsc	LR.D/SC.D sequences, plain and with AQ/RL
 *	kpt_off_mixed	compressed and full-size instructions side by side,
 *			a FENCE and a CSR read
 *	kpt_off_fixup	a load with an exception-table entry
 *
 * Every instruction is written through kpt_at (or kpt_at4, which keeps
 * it at 4 bytes where the assembler would compress it), which records its
 * offset, with flags, in the u16 table FUNC_bounds (kprobes_offsets.h
 * describes it).  The flags:
 *
 *	KPT_OK	an instruction kprobes takes (stepped or simulated)
 *	KPT_NO	one it must refuse (KPT_B_REFUSED): what riscv's decoder
 *		rejects (FENCE, system instructions, C.EBREAK), an LR, what
 *		follows it up to its SC included, and what has an
 *		exception-table entry
 *	KPT_TO	a branch target
 *	KPT_BR	a branch, jump, call or return (KPT_B_FIXED)
 *
 * and their combinations.  Linker relaxation is off: the offsets are
 * those the assembler computed.
 */
#include <linux/linkage.h>
#include <asm/asm-extable.h>

#include "kprobes_offsets.h"

	.option norelax

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

/* kpt_at for an instruction that must stay 4 bytes long. */
.macro kpt_at4 func, flags, insn:vararg
	.option push
	.option norvc
	kpt_at	\func, \flags, \insn
	.option pop
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

	.pushsection .rodata, "a"
	.balign	8
SYM_DATA_START(kpt_off_pool)
	.quad	0x100000000, -5, 7, 1
SYM_DATA_END(kpt_off_pool)
	.popsection

	.text

/* long kpt_off_helper(long x): 2 * x + 1; a C.EBREAK nobody reaches follows. */
kpt_begin kpt_off_helper
	kpt_at	kpt_off_helper, KPT_OK, c.add a0, a0
	kpt_at	kpt_off_helper, KPT_OK, c.addi a0, 1
	kpt_at	kpt_off_helper, KPT_BR, ret
	kpt_at	kpt_off_helper, KPT_NO, c.ebreak
kpt_end kpt_off_helper

/* long kpt_off_pcrel(long x): x + 0x100000000 - 5 + 7, from kpt_off_pool */
kpt_begin kpt_off_pcrel
.Lkpt_pc_pool:
	kpt_at	kpt_off_pcrel, KPT_OK, auipc a1, %pcrel_hi(kpt_off_pool)
	kpt_at4	kpt_off_pcrel, KPT_OK, addi a1, a1, %pcrel_lo(.Lkpt_pc_pool)
	kpt_at	kpt_off_pcrel, KPT_OK, c.ld a2, 0(a1)
	kpt_at	kpt_off_pcrel, KPT_OK, c.add a0, a2
	kpt_at4	kpt_off_pcrel, KPT_OK, ld a3, 8(a1)
	kpt_at	kpt_off_pcrel, KPT_OK, c.add a0, a3
.Lkpt_pc_third:
	kpt_at	kpt_off_pcrel, KPT_OK, auipc a4, %pcrel_hi(kpt_off_pool + 16)
	kpt_at	kpt_off_pcrel, KPT_OK, ld a5, %pcrel_lo(.Lkpt_pc_third)(a4)
	kpt_at	kpt_off_pcrel, KPT_OK, c.add a0, a5
	kpt_at	kpt_off_pcrel, KPT_BR, ret
kpt_end kpt_off_pcrel

/*
 * long kpt_off_branch(long x): r = x >= 10 ? x - 10 : kpt_off_helper(x);
 * r += 100 if x is 0; r += 1000 if x is odd; r = -r if x < 0; then
 * kpt_off_helper(r), called through a register.  Every kind of branch
 * decides a step; the indirect jump goes to the final call.
 */
kpt_begin kpt_off_branch
	kpt_at	kpt_off_branch, KPT_OK, c.addi sp, -16
	kpt_at	kpt_off_branch, KPT_OK, c.sdsp ra, 8(sp)
	kpt_at	kpt_off_branch, KPT_OK, c.sdsp s1, 0(sp)
	kpt_at	kpt_off_branch, KPT_OK, c.mv s1, a0
	kpt_at	kpt_off_branch, KPT_OK, c.li t0, 10
	kpt_at	kpt_off_branch, KPT_BR, bge a0, t0, .Lkpt_br_big
	kpt_at	kpt_off_branch, KPT_BR, jal ra, kpt_off_helper
	kpt_at	kpt_off_branch, KPT_BR, c.j .Lkpt_br_join
.Lkpt_br_big:
	kpt_at4	kpt_off_branch, KPT_TO, addi a0, a0, -10
.Lkpt_br_join:
	kpt_at	kpt_off_branch, KPT_TO_BR, c.beqz s1, .Lkpt_br_zero
	kpt_at	kpt_off_branch, KPT_BR, c.bnez s1, .Lkpt_br_nonzero
.Lkpt_br_zero:
	kpt_at	kpt_off_branch, KPT_TO, addi a0, a0, 100
.Lkpt_br_nonzero:
	kpt_at	kpt_off_branch, KPT_TO, andi t1, s1, 1
	kpt_at	kpt_off_branch, KPT_BR, beq t1, zero, .Lkpt_br_even
	kpt_at	kpt_off_branch, KPT_OK, addi a0, a0, 1000
.Lkpt_br_even:
	kpt_at	kpt_off_branch, KPT_TO_BR, blt s1, zero, .Lkpt_br_neg
.Lkpt_br_addr:
	kpt_at	kpt_off_branch, KPT_OK, auipc t3, %pcrel_hi(.Lkpt_br_tail)
	kpt_at	kpt_off_branch, KPT_OK, addi t3, t3, %pcrel_lo(.Lkpt_br_addr)
	kpt_at4	kpt_off_branch, KPT_BR_IND, jalr zero, 0(t3)
.Lkpt_br_neg:
	kpt_at	kpt_off_branch, KPT_TO, neg a0, a0
.Lkpt_br_tail:
	kpt_at	kpt_off_branch, KPT_TO, auipc t2, %pcrel_hi(kpt_off_helper)
	kpt_at	kpt_off_branch, KPT_OK, addi t2, t2, %pcrel_lo(.Lkpt_br_tail)
	kpt_at	kpt_off_branch, KPT_BR, c.jalr t2
	kpt_at	kpt_off_branch, KPT_OK, c.ldsp s1, 0(sp)
	kpt_at	kpt_off_branch, KPT_OK, c.ldsp ra, 8(sp)
	kpt_at	kpt_off_branch, KPT_OK, c.addi sp, 16
	kpt_at	kpt_off_branch, KPT_BR, c.jr ra
kpt_end kpt_off_branch

/*
 * long kpt_off_lrsc(long *p, long v): *p += v with LR.D/SC.D, then *p += 1
 * with LR.D.AQ/SC.D.RL; returns the new *p.  Every return from an
 * exception drops the reservation, so a breakpoint on an LR or between it
 * and its SC would make the SC fail for ever: kprobes refuses the whole
 * sequence, the SC included; the BNEZ after each SC may be probed.
 */
kpt_begin kpt_off_lrsc
	kpt_at	kpt_off_lrsc, KPT_OK, c.mv a2, a0
.Lkpt_lr_add:
	kpt_at	kpt_off_lrsc, KPT_TO_NO, lr.d t0, (a2)
	kpt_at4	kpt_off_lrsc, KPT_NO, add t0, t0, a1
	kpt_at	kpt_off_lrsc, KPT_NO, sc.d t1, t0, (a2)
	kpt_at	kpt_off_lrsc, KPT_BR, bnez t1, .Lkpt_lr_add
.Lkpt_lr_inc:
	kpt_at	kpt_off_lrsc, KPT_TO_NO, lr.d.aq t0, (a2)
	kpt_at	kpt_off_lrsc, KPT_NO, c.addi t0, 1
	kpt_at	kpt_off_lrsc, KPT_NO, sc.d.rl t1, t0, (a2)
	kpt_at	kpt_off_lrsc, KPT_BR, bnez t1, .Lkpt_lr_inc
	kpt_at	kpt_off_lrsc, KPT_OK, c.mv a0, t0
	kpt_at	kpt_off_lrsc, KPT_BR, ret
kpt_end kpt_off_lrsc

/* long kpt_off_mixed(long a, long b): ((a + b) << 2) - 3 + (a ^ 5) */
kpt_begin kpt_off_mixed
	kpt_at	kpt_off_mixed, KPT_OK, c.mv a2, a0
	kpt_at	kpt_off_mixed, KPT_OK, add a3, a0, a1
	kpt_at	kpt_off_mixed, KPT_NO, fence rw, rw
	kpt_at	kpt_off_mixed, KPT_OK, c.slli a3, 2
	kpt_at4	kpt_off_mixed, KPT_OK, addi a3, a3, -3
	kpt_at	kpt_off_mixed, KPT_NO, csrr a5, sstatus
	kpt_at	kpt_off_mixed, KPT_OK, xori a4, a2, 5
	kpt_at	kpt_off_mixed, KPT_OK, c.add a3, a4
	kpt_at4	kpt_off_mixed, KPT_OK, add a0, a3, zero
	kpt_at	kpt_off_mixed, KPT_BR, ret
kpt_end kpt_off_mixed

/*
 * long kpt_off_fixup(const long *p, long x): *p + x + 1, or x + 1 when
 * reading *p faults: the exception-table fixup goes back to the first
 * ADDI, which then has the load read kpt_off_pool[3] (1) instead.  The
 * load itself has the exception-table entry, which riscv kprobes refuses
 * to probe.
 */
kpt_begin kpt_off_fixup
	kpt_at	kpt_off_fixup, KPT_OK, addi a2, a1, 2
.Lkpt_fx_again:
	kpt_at	kpt_off_fixup, KPT_TO, c.addi a2, -1
	kpt_at	kpt_off_fixup, KPT_OK, c.mv a3, a0
.Lkpt_fx_one:
	kpt_at	kpt_off_fixup, KPT_OK, auipc a0, %pcrel_hi(kpt_off_pool + 24)
	kpt_at	kpt_off_fixup, KPT_OK, addi a0, a0, %pcrel_lo(.Lkpt_fx_one)
.Lkpt_fx_load:
	kpt_at4	kpt_off_fixup, KPT_NO, ld a4, 0(a3)
	kpt_at	kpt_off_fixup, KPT_OK, add a0, a2, a4
	kpt_at	kpt_off_fixup, KPT_BR, ret
	_asm_extable .Lkpt_fx_load, .Lkpt_fx_again
kpt_end kpt_off_fixup

/* long kpt_off_canary(long x): x + 3 (see kprobes_offsets.h). */
kpt_begin kpt_off_canary
	kpt_at	kpt_off_canary, KPT_OK, c.addi a0, 1
	kpt_at	kpt_off_canary, KPT_OK, c.addi a0, 2
	kpt_at	kpt_off_canary, KPT_BR, ret
kpt_end kpt_off_canary

/* Ends kallsyms' idea of the size of the function before it. */
SYM_FUNC_START(kpt_off_text_end)
	ret
SYM_FUNC_END(kpt_off_text_end)
