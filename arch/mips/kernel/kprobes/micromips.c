// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Probes on a microMIPS kernel (CONFIG_CPU_MICROMIPS): its instructions
 * are one or two halfwords, the first halfword saying which, and code
 * addresses carry the ISA bit (bit 0) wherever the CPU takes them as a
 * pc: in the EPC, in ra, in function pointers, though not in kallsyms.
 *
 * A site is kept at its even address.  The break written there is a
 * 16-bit BREAK16 (KPROBE_MM_BP), so that it fits over both lengths; its
 * code has only four bits, so do_bp() hands it on as DIE_TRAP.  The copy
 * in a slot ends with a 32-bit BREAK BRK_KPROBE_SSTEPBP, which do_bp()
 * hands on as DIE_SSTEPBP, as for MIPS32 code.
 *
 * What the hit does with the probed instruction:
 *
 *	plain		copied to the slot and run there
 *	branch, jump	evaluated here (target, link register); only the
 *	(delay slot)	instruction of its 16- or 32-bit delay slot runs
 *			from the slot, or nothing if that is a nop
 *	compact branch,	emulated here entirely (BEQZC, BNEZC, JRC,
 *	ADDIUPC		JRADDIUSP, and ADDIUPC, whose result depends on
 *			where it runs)
 *
 * Refused: anything that traps or leaves the kernel, the coprocessor 0
 * operations and interrupt enables, LL/SC sequences, JALX (a switch to
 * MIPS32 code), the coprocessor and DSP branches, reserved encodings,
 * and any place inside an instruction or in a delay slot.
 */
#include <linux/bits.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/uaccess.h>
#include <asm/inst.h>
#include <asm/mipsregs.h>
#include <asm/ptrace.h>

#include "common.h"

/* The registers of the 3-bit fields of 16-bit instructions. */
static const u8 kprobe_mm_reg3[8] = { 16, 17, 2, 3, 4, 5, 6, 7 };

/* Major opcodes: the top six bits of the first halfword. */
static nokprobe_inline unsigned int kprobe_mm_major(u32 insn)
{
	return insn >> 26;
}

/* Bits 25..21 and 20..16 of a 32-bit instruction, 9..5 and 4..0 of a 16-bit. */
static nokprobe_inline unsigned int kprobe_mm_rt(u32 insn)
{
	return (insn >> 21) & 0x1f;
}

static nokprobe_inline unsigned int kprobe_mm_rs(u32 insn)
{
	return (insn >> 16) & 0x1f;
}

/* POOL32AXF's extended minor op, bits 15..6 of the second halfword. */
static inline unsigned int kprobe_mm_axf(u32 insn)
{
	return (insn >> 6) & 0x3ff;
}

/* The offset of a 32-bit branch: 16 bits of halfwords. */
static nokprobe_inline long kprobe_mm_off16(u32 insn)
{
	return (long)(s16)(insn & 0xffff) * 2;
}

/**
 * kprobe_mm_read() - read the instruction at @addr
 * @addr: an even kernel text address
 * @insn: set to the first halfword in bits 31..16, the second (of a
 *	32-bit instruction) in bits 15..0, the form branch.c uses too
 *
 * The break of another site, armed or left armed for reclaim, stands for
 * the first halfword it replaced.
 *
 * Context: kprobe_mutex held.
 * Return: its length (2 or 4), or 0 if the text cannot be read.
 */
unsigned int kprobe_mm_read(unsigned long addr, u32 *insn)
{
	struct kprobe_site *site;
	u16 hw0, hw1;

	kprobe_assert_mutex_held();
	if (get_kernel_nofault(hw0, (u16 *)addr))
		return 0;
	if (hw0 == KPROBE_MM_BP) {
		site = kprobe_site_lookup(addr);
		if (site)
			hw0 = site->ainsn.insn >> 16;
	}
	*insn = (u32)hw0 << 16;
	if (mm_insn_16bit(hw0))
		return 2;
	if (get_kernel_nofault(hw1, (u16 *)(addr + 2)))
		return 0;
	*insn |= hw1;
	return 4;
}

/* Bits 9..5 of a POOL16C instruction, the minor op of its jumps. */
static nokprobe_inline unsigned int kprobe_mm_16c_minor(u32 insn)
{
	return kprobe_mm_rt(insn);
}

/* POOL16C minors (bits 9..5) that are not plain. */
#define KPROBE_MM_16C_JR16	0x0c
#define KPROBE_MM_16C_JRC	0x0d
#define KPROBE_MM_16C_JALR16	0x0e
#define KPROBE_MM_16C_JALRS16	0x0f
#define KPROBE_MM_16C_BREAK16	0x14
#define KPROBE_MM_16C_SDBBP16	0x16
#define KPROBE_MM_16C_JRADDIUSP	0x18

/* POOL32AXF: TEQ, TGE, TGEU, TLT, TLTU and TNE, whatever their code. */
static bool kprobe_mm_axf_traps(unsigned int axf)
{
	switch (axf & 0x3f) {
	case 0x00: case 0x08: case 0x10: case 0x20: case 0x28: case 0x30:
		return true;
	}
	return false;
}

/*
 * POOL32A instructions that must not run from a slot: BREAK, the traps,
 * SYSCALL, SDBBP, the coprocessor 0 operations (moves to CP0 of any
 * register, reads of Status and EPC, TLB operations, ERET, DERET, WAIT)
 * and DI/EI, whose effect on the interrupt enable the hit undoes.
 */
static bool kprobe_mm_pool32a_refused(u32 insn)
{
	unsigned int axf = kprobe_mm_axf(insn);

	if ((insn & 0x3f) == KPROBE_MM_BREAK_MINOR)
		return true;
	if ((insn & 0x3f) != mm_pool32axf_op)
		return false;
	/* MTC0 keeps its select in bits 9..5, MFC0 likewise. */
	if (kprobe_mm_axf_traps(axf) || (axf & 0x1f) == mm_mtc0_op)
		return true;
	/* MFC0 (its rs: the CP0 register) of Status or EPC: kprobe_mips_traps(). */
	if ((axf & 0x1f) == mm_mfc0_op &&
	    (kprobe_mm_rs(insn) == 12 || kprobe_mm_rs(insn) == 14))
		return true;
	switch (axf) {
	case mm_tlbp_op: case mm_tlbr_op: case mm_tlbwi_op:
	case mm_tlbwr_op: case mm_di_op: case 0x15d /* EI */:
	case mm_syscall_op: case mm_wait_op: case mm_eret_op:
	case 0x38d /* DERET */: case 0x36d /* SDBBP */:
		return true;
	}
	return false;
}

/* Is POOL32A @insn one of JALR, JALR.HB, JALRS, JALRS.HB (JR is JALR)? */
static bool kprobe_mm_is_jalr(u32 insn)
{
	if ((insn & 0x3f) != mm_pool32axf_op)
		return false;
	switch (kprobe_mm_axf(insn)) {
	case mm_jalr_op: case mm_jalrhb_op: case mm_jalrs_op: case mm_jalrshb_op:
		return true;
	}
	return false;
}

/* POOL32C's function, bits 15..12: LL and SC. */
static bool kprobe_mm_is_ll(u32 insn)
{
	return kprobe_mm_major(insn) == mm_pool32c_op &&
	       ((insn >> 12) & 0xf) == mm_ll_func;
}

static bool kprobe_mm_is_sc(u32 insn)
{
	return kprobe_mm_major(insn) == mm_pool32c_op &&
	       ((insn >> 12) & 0xf) == mm_sc_func;
}

/**
 * kprobe_mm_classify() - what the hit does with @insn
 * @insn: an instruction as kprobe_mm_read() returns it
 *
 * Return: KPROBE_MM_PLAIN, KPROBE_MM_DELAY, KPROBE_MM_EMULATE or
 * KPROBE_MM_REFUSED.
 */
enum kprobe_mm_kind kprobe_mm_classify(u32 insn)
{
	switch (kprobe_mm_major(insn)) {
	case mm_pool16c_op:
		switch (kprobe_mm_16c_minor(insn)) {
		case KPROBE_MM_16C_JR16:
		case KPROBE_MM_16C_JALR16:
		case KPROBE_MM_16C_JALRS16:
			return KPROBE_MM_DELAY;
		case KPROBE_MM_16C_JRC:
		case KPROBE_MM_16C_JRADDIUSP:
			return KPROBE_MM_EMULATE;
		}
		/* NOT, XOR, AND, OR, LWM16, SWM16, MFHI, MFLO: plain. */
		if (kprobe_mm_16c_minor(insn) < KPROBE_MM_16C_BREAK16)
			return KPROBE_MM_PLAIN;
		return KPROBE_MM_REFUSED;
	case mm_b16_op: case mm_beqz16_op: case mm_bnez16_op:
	case mm_beq32_op: case mm_bne32_op:
	case mm_j32_op: case mm_jal32_op: case mm_jals32_op:
		return KPROBE_MM_DELAY;
	case mm_addiupc_op:
		return KPROBE_MM_EMULATE;
	case mm_pool32a_op:
		if (kprobe_mm_is_jalr(insn))
			return KPROBE_MM_DELAY;
		return kprobe_mm_pool32a_refused(insn) ? KPROBE_MM_REFUSED :
							 KPROBE_MM_PLAIN;
	case mm_pool32i_op:
		switch (kprobe_mm_rt(insn)) {
		case mm_bltz_op: case mm_bltzal_op: case mm_bgez_op:
		case mm_bgezal_op: case mm_blez_op: case mm_bgtz_op:
		case mm_bltzals_op: case mm_bgezals_op:
			return KPROBE_MM_DELAY;
		case mm_beqzc_op: case mm_bnezc_op:
			return KPROBE_MM_EMULATE;
		case mm_lui_op: case mm_synci_op:
			return KPROBE_MM_PLAIN;
		}
		/* Traps, coprocessor and DSP branches, reserved. */
		return KPROBE_MM_REFUSED;
	case mm_pool32c_op:
		return kprobe_mm_is_ll(insn) || kprobe_mm_is_sc(insn) ?
		       KPROBE_MM_REFUSED : KPROBE_MM_PLAIN;
	case mm_jalx32_op:
	case mm_pool32s_op:
	case mm_reserved2_op: case mm_reserved3_op: case mm_reserved4_op:
	case mm_reserved5_op: case mm_reserved6_op: case mm_reserved7_op:
	case mm_reserved8_op: case mm_reserved11_op: case mm_reserved12_op:
		return KPROBE_MM_REFUSED;
	}
	return KPROBE_MM_PLAIN;
}

/*
 * The continuation of branch @insn at @pc (even) of length @len taken,
 * or not taken, with a delay slot of @dlen bytes (0: a compact branch).
 * Every result carries the ISA bit.
 */
static nokprobe_inline unsigned long kprobe_mm_cond(bool taken,
						    unsigned long pc,
						    unsigned int len,
						    unsigned int dlen, long off)
{
	if (taken)
		return (pc + len + off) | 1;
	return (pc + len + dlen) | 1;
}

/* 16-bit conditional branches: 7 bits of halfwords; B16: 10 bits. */
static nokprobe_inline long kprobe_mm_off7(u32 insn)
{
	return (long)sign_extend32((insn >> 16) & 0x7f, 6) * 2;
}

static nokprobe_inline long kprobe_mm_off10(u32 insn)
{
	return (long)sign_extend32((insn >> 16) & 0x3ff, 9) * 2;
}

/* POOL32I branches, compact or not: is the branch taken? */
static nokprobe_inline bool kprobe_mm_pool32i_taken(u32 insn, long val)
{
	switch (kprobe_mm_rt(insn)) {
	case mm_bltz_op: case mm_bltzal_op: case mm_bltzals_op:
		return val < 0;
	case mm_bgez_op: case mm_bgezal_op: case mm_bgezals_op:
		return val >= 0;
	case mm_blez_op:
		return val <= 0;
	case mm_bgtz_op:
		return val > 0;
	case mm_beqzc_op:
		return !val;
	default:	/* mm_bnezc_op */
		return val;
	}
}

/* Does the POOL32I branch @insn write ra? */
static nokprobe_inline bool kprobe_mm_pool32i_links(u32 insn)
{
	switch (kprobe_mm_rt(insn)) {
	case mm_bltzal_op: case mm_bltzals_op:
	case mm_bgezal_op: case mm_bgezals_op:
		return true;
	}
	return false;
}

/**
 * kprobe_mm_next() - evaluate @site's instruction on @regs
 * @site: a site of a microMIPS kernel
 * @regs: registers at the hit, as the pre handlers left them
 *
 * A plain instruction only moves past itself.  A branch or jump also
 * writes its link register; an emulated one does all it does.
 *
 * Context: the break handler, interrupts off.
 * Return: where to resume once the slot ran (or at once without a slot),
 * with the ISA bit set.
 */
unsigned long kprobe_mm_next(struct kprobe_site *site, struct pt_regs *regs)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long pc = (unsigned long)site->addr;
	unsigned long link = (pc + ai->len + ai->dlen) | 1;
	unsigned long *r = regs->regs;
	u32 insn = ai->insn;
	unsigned long next;
	long val;

	switch (ai->kind) {
	case KPROBE_MM_PLAIN:
		return (pc + ai->len) | 1;
	case KPROBE_MM_REFUSED:
		break;
	case KPROBE_MM_DELAY:
	case KPROBE_MM_EMULATE:
		switch (kprobe_mm_major(insn)) {
		case mm_pool16c_op:
			next = r[kprobe_mm_rs(insn)];
			switch (kprobe_mm_16c_minor(insn)) {
			case KPROBE_MM_16C_JALR16:
			case KPROBE_MM_16C_JALRS16:
				r[31] = link;
				break;
			case KPROBE_MM_16C_JRADDIUSP:
				next = r[31];
				r[29] += kprobe_mm_rs(insn) * 4;
				break;
			}
			return next;
		case mm_b16_op:
			return kprobe_mm_cond(true, pc, 2, 0, kprobe_mm_off10(insn));
		case mm_beqz16_op:
		case mm_bnez16_op:
			val = r[kprobe_mm_reg3[(insn >> 23) & 7]];
			return kprobe_mm_cond(!val == (kprobe_mm_major(insn) == mm_beqz16_op),
					      pc, 2, ai->dlen, kprobe_mm_off7(insn));
		case mm_beq32_op:
		case mm_bne32_op:
			return kprobe_mm_cond((r[kprobe_mm_rt(insn)] == r[kprobe_mm_rs(insn)]) ==
					      (kprobe_mm_major(insn) == mm_beq32_op),
					      pc, 4, ai->dlen, kprobe_mm_off16(insn));
		case mm_j32_op:
		case mm_jal32_op:
		case mm_jals32_op:
			/* In the 128 MB region of the delay slot. */
			next = ((pc + 4) & ~(BIT(27) - 1)) |
			       ((insn & (BIT(26) - 1)) << 1) | 1;
			if (kprobe_mm_major(insn) != mm_j32_op)
				r[31] = link;
			return next;
		case mm_addiupc_op:
			val = sign_extend32(insn & (BIT(23) - 1), 22);
			r[kprobe_mm_reg3[(insn >> 23) & 7]] = (pc & ~3UL) + val * 4;
			return (pc + 4) | 1;
		case mm_pool32a_op:	/* JALR and friends */
			next = r[kprobe_mm_rs(insn)];
			if (kprobe_mm_rt(insn))
				r[kprobe_mm_rt(insn)] = link;
			return next;
		case mm_pool32i_op:
			val = r[kprobe_mm_rs(insn)];
			if (kprobe_mm_pool32i_links(insn))
				r[31] = link;
			return kprobe_mm_cond(kprobe_mm_pool32i_taken(insn, val),
					      pc, 4, ai->dlen, kprobe_mm_off16(insn));
		}
		break;
	}
	/* Not reached: prepare refused anything else. */
	return (pc + ai->len + ai->dlen) | 1;
}

NOKPROBE_SYMBOL(kprobe_mm_next);

/*
 * Does @insn have a delay slot?  The refused branches too (JALX, the
 * coprocessor and DSP branches): a break in their delay slot would be
 * taken with the EPC at the branch.
 */
static bool kprobe_mm_has_delay(u32 insn)
{
	if (kprobe_mm_classify(insn) == KPROBE_MM_DELAY ||
	    kprobe_mm_major(insn) == mm_jalx32_op)
		return true;
	if (kprobe_mm_major(insn) != mm_pool32i_op)
		return false;
	switch (kprobe_mm_rt(insn)) {
	case mm_bc2f_op: case mm_bc2t_op: case mm_bposge64_op:
	case mm_bposge32_op: case mm_bc1f_op: case mm_bc1t_op:
		return true;
	}
	return false;
}

/*
 * Walk the function at @func up to @addr, one instruction at a time: a
 * probe must start an instruction, not sit in a delay slot, nor on an LL
 * or between it and its SC.
 */
static int kprobe_mm_check_place(unsigned long addr, unsigned long func)
{
	bool linked = false, delay = false;
	unsigned long pc = func & ~1UL;
	unsigned int len;
	u32 insn;

	while (pc < addr) {
		len = kprobe_mm_read(pc, &insn);
		if (!len)
			return -EINVAL;
		delay = kprobe_mm_has_delay(insn);
		if (kprobe_mm_is_ll(insn))
			linked = true;
		else if (kprobe_mm_is_sc(insn))
			linked = false;
		pc += len;
	}
	if (pc != addr)
		return -EILSEQ;
	return delay || linked ? -EINVAL : 0;
}

/* A nop of either length: a delay slot with nothing to run. */
static bool kprobe_mm_is_nop(u32 insn, unsigned int len)
{
	return len == 2 ? insn >> 16 == MM_NOP16 : !insn;
}

/*
 * Give @site a slot holding @insn (@len bytes) followed by the break that
 * ends the step.  The 32-bit break is two halfwords, the code in the
 * first one's low ten bits, as do_bp() reads it back.
 */
static int kprobe_mm_fill_slot(struct kprobe_site *site, u32 insn,
			       unsigned int len)
{
	u16 image[KPROBE_SLOT_SIZE / sizeof(u16)];
	unsigned int i = 0;

	image[i++] = insn >> 16;
	if (len == 4)
		image[i++] = insn;
	while (i + 1 < ARRAY_SIZE(image)) {
		image[i++] = KPROBE_MM_STEP_END_HI;
		image[i++] = KPROBE_MM_STEP_END_LO;
	}
	if (i < ARRAY_SIZE(image))
		image[i] = KPROBE_MM_BP;
	site->ainsn.copy_len = len;
	return kprobe_mips_install_slot(site, image);
}

/**
 * kprobe_mm_prepare() - arch_kprobe_prepare() of a microMIPS kernel
 * @site: a new site, at an even address
 * @func: start of the symbol holding site->addr
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -EILSEQ if site->addr does not start an instruction,
 * -EINVAL for what cannot be probed (see the top of this file), -ENOMEM.
 */
int kprobe_mm_prepare(struct kprobe_site *site, unsigned long func)
{
	struct arch_specific_insn *ai = &site->ainsn;
	unsigned long addr = (unsigned long)site->addr;
	unsigned int len, dlen;
	u32 insn, delay;
	int ret;

	if (addr & 1)
		return -EILSEQ;
	ret = kprobe_mm_check_place(addr, func);
	if (ret)
		return ret;
	len = kprobe_mm_read(addr, &insn);
	if (!len)
		return -EINVAL;
	ai->insn = insn;
	ai->len = len;
	ai->dlen = 0;
	ai->slot = NULL;
	ai->kind = kprobe_mm_classify(insn);
	ai->branch = ai->kind != KPROBE_MM_PLAIN;

	switch (ai->kind) {
	case KPROBE_MM_REFUSED:
		return -EINVAL;
	case KPROBE_MM_PLAIN:
		return kprobe_mm_fill_slot(site, insn, len);
	case KPROBE_MM_EMULATE:
		return 0;
	case KPROBE_MM_DELAY:
		break;
	}
	dlen = kprobe_mm_read(addr + len, &delay);
	if (!dlen || kprobe_mm_classify(delay) != KPROBE_MM_PLAIN ||
	    search_exception_tables(addr + len))
		return -EINVAL;
	ai->dlen = dlen;
	if (kprobe_mm_is_nop(delay, dlen))
		return 0;
	return kprobe_mm_fill_slot(site, delay, dlen);
}

/**
 * arch_kprobe_adjust_addr() - the address to probe on a microMIPS kernel
 * @addr: address of the symbol
 * @offset: offset into the symbol
 * @on_func_entry: set to whether the result is the function's entry
 *
 * A function pointer carries the ISA bit, kallsyms does not: both name
 * the same instruction, whose site is at the even address.
 *
 * Context: process context.
 * Return: @addr + @offset without the ISA bit.
 */
kprobe_opcode_t *arch_kprobe_adjust_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	unsigned long target = (addr + offset) & ~1UL;

	*on_func_entry = target == (addr & ~1UL);
	return (kprobe_opcode_t *)target;
}
