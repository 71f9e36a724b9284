// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ARC instruction lengths and classes for kprobes (see decode.h), and
 * the evaluation of branches for the hit path, for ARCv2 or ARCompact,
 * whichever the kernel is built for.  Everything here is in
 * .kprobes.text (__kprobes): the hit path calls it, so it is never probed.
 *
 * Only what deciding "copy it to a slot, or refuse it" needs is decoded:
 * the major opcode, the operand format and the register fields that may
 * name a long immediate (62) or PCL (63).  The 32-bit formats of majors 4
 * to 7 share one layout:
 *
 *	31..27 major, 26..24 B low, 23..22 P, 21..16 sub-opcode,
 *	15 F, 14..12 B high, 11..6 C, 5..0 A
 *
 * where P says what the operands are: 0 "a = b op c", 1 "a = b op u6",
 * 2 "b = b op s12", 3 "b = b op c" (bit 5 clear) or "b = b op u6" (set),
 * under a condition.  Sub-opcode 0x2f is a one-operand group ("b = op c",
 * the operation in A), whose A == 0x3f holds the no-operand group (the
 * operation in B).  ARCompact shares these layouts and the 16-bit ones
 * but for the differences kprobe_arc_decode16() names; its majors 8 to 11
 * are 32-bit extension instructions, which are not decoded.
 */
#include <asm-generic/kprobes.h>

#include "decode.h"

/* Register numbers with a meaning of their own in operand fields. */
#define ARC_REG_LIMM		62
#define ARC_REG_PCL		63
#define ARC_REG16_LIMM		30	/* ARCv2's 5-bit h fields */
#define ARC_REG_BLINK		31

#define ARC_MAJOR_BCC		0x00
#define ARC_MAJOR_BLCC_BRCC	0x01
#define ARC_MAJOR_LD		0x02
#define ARC_MAJOR_ST		0x03
#define ARC_MAJOR_ALU		0x04
#define ARC_MAJOR_LAST_ALU	0x07

#define ARC_SUB_MOV		0x0a
#define ARC_SUB_J		0x20	/* to 0x23: j, j.d, jl, jl.d */
#define ARC_SUB_JL_D		0x23
#define ARC_SUB_BI		0x24
#define ARC_SUB_BIH		0x25
#define ARC_SUB_LP		0x28
#define ARC_SUB_FLAG		0x29	/* flag and kflag */
#define ARC_SUB_LR		0x2a
#define ARC_SUB_SOP		0x2f
#define ARC_SUB_LD_RR		0x30	/* to 0x37: ld a,[b,c] */
#define ARC_SUB_LD_RR_LAST	0x37

#define ARC_AUX_STATUS32		0x0a

#define ARC_SOP_LLOCK		0x10
#define ARC_SOP_SCOND		0x11
#define ARC_SOP_LLOCKD		0x12
#define ARC_SOP_SCONDD		0x13
#define ARC_SOP_ZOP		0x3f
#define ARC_ZOP_SYNC		3
#define ARC_ZOP_DMB		11

/* The state of one 32-bit decode: its source registers. */
struct kprobe_arc_srcs {
	bool limm;
	bool pcl;
};

static void __kprobes kprobe_arc_src(struct kprobe_arc_srcs *s,
				     unsigned int reg)
{
	if (reg == ARC_REG_LIMM)
		s->limm = true;
	else if (reg == ARC_REG_PCL)
		s->pcl = true;
}

/* Is C a register in format @p of @w (for P == 3: with bit 5 clear)? */
static bool __kprobes kprobe_arc_c_is_reg(unsigned int p, u32 w)
{
	return p == 0 || (p == 3 && !(w & 0x20));
}

/*
 * The immediate second operand of format @p (u6 in C for P == 1 and for
 * P == 3 with bit 5 set, s12 in C and A for P == 2), or -1 if it is a
 * register.
 */
static int __kprobes kprobe_arc_imm_operand(u32 w, unsigned int p,
					    unsigned int c)
{
	int s12;

	if (p == 1 || (p == 3 && (w & 0x20)))
		return c;
	if (p != 2)
		return -1;
	s12 = ((w & 0x3f) << 6) | c;
	return s12 & 0x800 ? s12 - 0x1000 : s12;
}

/* Majors 4 to 7: ALU, jumps, loads with a register offset, aux access. */
static void __kprobes kprobe_arc_decode_alu(u32 w, unsigned int major,
					    struct kprobe_arc_insn *insn)
{
	unsigned int b = ((w >> 24) & 7) | (((w >> 12) & 7) << 3);
	unsigned int c = (w >> 6) & 0x3f;
	unsigned int a = w & 0x3f;
	unsigned int p = (w >> 22) & 3;
	unsigned int sub = (w >> 16) & 0x3f;
	struct kprobe_arc_srcs s = { };
	bool b_is_src = true;

	insn->cls = KPROBE_ARC_COPY;
	if (major == ARC_MAJOR_ALU) {
		switch (sub) {
		case ARC_SUB_J ... ARC_SUB_JL_D:
			insn->cls = KPROBE_ARC_FLOW;
			insn->delay = sub & 1;
			/* j [c] or j.al [c], c neither limm nor blink */
			insn->table = sub < ARC_SUB_J + 2 &&
				      kprobe_arc_c_is_reg(p, w) &&
				      (p == 0 || !(w & 0x1f)) &&
				      c != ARC_REG_LIMM && c != ARC_REG_BLINK;
			b_is_src = false;
			break;
		case ARC_SUB_BI:
		case ARC_SUB_BIH:
		case ARC_SUB_LP:
			insn->cls = KPROBE_ARC_FLOW;
			b_is_src = false;
			break;
		case ARC_SUB_FLAG:
			insn->cls = KPROBE_ARC_SYSTEM;
			b_is_src = false;
			break;
		case ARC_SUB_LR:
			/*
			 * The copy runs with interrupts off and the loop
			 * hardware inhibited: reading STATUS32 there would
			 * tell the probed code a wrong interrupt state.
			 */
			if (kprobe_arc_imm_operand(w, p, c) == ARC_AUX_STATUS32)
				insn->cls = KPROBE_ARC_SYSTEM;
			b_is_src = false;
			break;
		case ARC_SUB_MOV:
			b_is_src = false;
			break;
		case ARC_SUB_LD_RR ... ARC_SUB_LD_RR_LAST:
			/* P is the address write-back mode here: C is a register */
			kprobe_arc_src(&s, b);
			kprobe_arc_src(&s, c);
			goto out;
		}
	}
	if (sub == ARC_SUB_SOP) {
		b_is_src = false;
		if (a == ARC_SOP_ZOP) {
			/*
			 * Only the barriers of the no-operand group are
			 * copied; ARCompact has sync but no dmb.
			 */
			if (major != ARC_MAJOR_ALU ||
			    (b != ARC_ZOP_SYNC &&
			     (b != ARC_ZOP_DMB || KPROBE_ARC_COMPACT)))
				insn->cls = KPROBE_ARC_SYSTEM;
		} else if (major == ARC_MAJOR_ALU) {
			if (a == ARC_SOP_LLOCK || a == ARC_SOP_LLOCKD)
				insn->cls = KPROBE_ARC_LLOCK;
			else if (a == ARC_SOP_SCOND || a == ARC_SOP_SCONDD)
				insn->cls = KPROBE_ARC_SCOND;
		}
	}
	if (b_is_src)
		kprobe_arc_src(&s, b);
	if (kprobe_arc_c_is_reg(p, w))
		kprobe_arc_src(&s, c);
out:
	if (s.limm)
		insn->len += 4;
	if (s.pcl && insn->cls == KPROBE_ARC_COPY)
		insn->cls = KPROBE_ARC_PCREL;
}

static void __kprobes kprobe_arc_decode32(u32 w,
					  struct kprobe_arc_insn *insn)
{
	unsigned int major = w >> 27;
	unsigned int b = ((w >> 24) & 7) | (((w >> 12) & 7) << 3);
	unsigned int c = (w >> 6) & 0x3f;
	struct kprobe_arc_srcs s = { };

	insn->len = 4;
	switch (major) {
	case ARC_MAJOR_BCC:
		insn->cls = KPROBE_ARC_FLOW;
		insn->delay = w & 0x20;
		return;
	case ARC_MAJOR_BLCC_BRCC:
		insn->cls = KPROBE_ARC_FLOW;
		insn->delay = w & 0x20;
		/* bit 16 set: brcc/bbit b,c (bit 4 clear) or b,u6 (set) */
		if (w & 0x10000) {
			kprobe_arc_src(&s, b);
			if (!(w & 0x10))
				kprobe_arc_src(&s, c);
		}
		break;
	case ARC_MAJOR_LD:
		insn->cls = KPROBE_ARC_COPY;
		kprobe_arc_src(&s, b);
		break;
	case ARC_MAJOR_ST:
		insn->cls = KPROBE_ARC_COPY;
		kprobe_arc_src(&s, b);
		/* bit 0 set: the value stored is a 6-bit immediate (ARCv2) */
		if (!(w & 1))
			kprobe_arc_src(&s, c);
		break;
	case ARC_MAJOR_ALU ... ARC_MAJOR_LAST_ALU:
		kprobe_arc_decode_alu(w, major, insn);
		return;
	default:
		/* ARCompact's extension majors: operands unknown */
		insn->cls = KPROBE_ARC_UNKNOWN;
		return;
	}
	if (s.limm)
		insn->len += 4;
	if (s.pcl && insn->cls == KPROBE_ARC_COPY)
		insn->cls = KPROBE_ARC_PCREL;
}

/* Major 0x0f with sub-opcode 0: j_s and friends, and the no-operand group. */
static void __kprobes kprobe_arc_decode_sop16(u16 hi,
					      struct kprobe_arc_insn *insn)
{
	switch ((hi >> 5) & 7) {
	case 0:		/* j_s [b] */
	case 1:		/* j_s.d [b] */
		insn->table = true;
		fallthrough;
	case 2:		/* jl_s [b] */
	case 3:		/* jl_s.d [b] */
		insn->cls = KPROBE_ARC_FLOW;
		insn->delay = (hi >> 5) & 1;
		return;
	case 6:		/* sub_s.ne b,b,b */
		insn->cls = KPROBE_ARC_COPY;
		return;
	case 7:
		break;
	default:
		insn->cls = KPROBE_ARC_UNKNOWN;
		return;
	}
	switch ((hi >> 8) & 7) {
	case 0:		/* nop_s */
		insn->cls = KPROBE_ARC_COPY;
		return;
	case 4:		/* jeq_s [blink] */
	case 5:		/* jne_s [blink] */
	case 6:		/* j_s [blink] */
		insn->cls = KPROBE_ARC_FLOW;
		return;
	case 7:		/* j_s.d [blink] */
		insn->cls = KPROBE_ARC_FLOW;
		insn->delay = true;
		return;
	default:	/* unimp_s, swi_s, ... */
		insn->cls = KPROBE_ARC_SYSTEM;
		return;
	}
}

/*
 * ARCompact's major 0x0e: add_s b,b,h, mov_s b,h, cmp_s b,h (h a source,
 * limm or PCL too) and mov_s h,b (h written: a write to PCL would jump),
 * with a 6-bit h field split over bits 2:0 (high) and 7:5 (low).
 */
static void __kprobes kprobe_arc_decode_h6(u16 hi,
					   struct kprobe_arc_insn *insn)
{
	unsigned int h = ((hi >> 5) & 7) | ((hi & 7) << 3);

	if (((hi >> 3) & 3) == 3) {
		if (h == ARC_REG_PCL || h == ARC_REG_LIMM)
			insn->cls = KPROBE_ARC_UNKNOWN;
		return;
	}
	if (h == ARC_REG_LIMM)
		insn->len += 4;
	else if (h == ARC_REG_PCL)
		insn->cls = KPROBE_ARC_PCREL;
}

/*
 * The 16-bit forms.  ARCompact has none at majors 8 to 11, a 6-bit h
 * field at 0x0e, and pop_s/push_s in group 6 and 7 of major 0x18, where
 * ARCv2 has leave_s and enter_s.
 */
static void __kprobes kprobe_arc_decode16(u16 hi,
					  struct kprobe_arc_insn *insn)
{
	unsigned int h = ((hi >> 5) & 7) | ((hi & 3) << 3);

	insn->len = 2;
	insn->cls = KPROBE_ARC_COPY;
	switch (hi >> 11) {
	case 0x0e:	/* add_s, mov_s, cmp_s with h */
		if (KPROBE_ARC_COMPACT) {
			kprobe_arc_decode_h6(hi, insn);
			return;
		}
		fallthrough;
	case 0x08:	/* mov_s g,h; ld_s r,[h,u5] */
		if (h == ARC_REG16_LIMM)
			insn->len += 4;
		return;
	case 0x0b:	/* jli_s, ei_s: through a table */
	case 0x1d:	/* breq_s, brne_s */
	case 0x1e:	/* b_s, bcc_s */
	case 0x1f:	/* bl_s */
		insn->cls = KPROBE_ARC_FLOW;
		return;
	case 0x0f:
		switch (hi & 0x1f) {
		case 0:
			kprobe_arc_decode_sop16(hi, insn);
			return;
		case 0x1e:	/* trap_s */
		case 0x1f:	/* brk_s */
			insn->cls = KPROBE_ARC_SYSTEM;
			return;
		}
		return;
	case 0x18:
		/* leave_s (group 6, bit 0 clear) with its pcl bit jumps */
		if (!KPROBE_ARC_COMPACT && ((hi >> 5) & 7) == 6 &&
		    !(hi & 1) && (hi & 0x400))
			insn->cls = KPROBE_ARC_FLOW;
		return;
	case 0x1a:	/* ld_s b,[pcl,u10] */
		insn->cls = KPROBE_ARC_PCREL;
		return;
	}
}

/**
 * kprobe_arc_decode() - length and class of one ARC instruction
 * @hi: its first 16-bit unit (at the lower address)
 * @lo: the unit after it, ignored for a 16-bit instruction
 * @insn: filled in
 */
void __kprobes kprobe_arc_decode(u16 hi, u16 lo, struct kprobe_arc_insn *insn)
{
	insn->delay = false;
	insn->table = false;
	if (kprobe_arc_is_32(hi))
		kprobe_arc_decode32(((u32)hi << 16) | lo, insn);
	else
		kprobe_arc_decode16(hi, insn);
}

/*
 * Branches, jumps and calls, evaluated by the hit path on the registers
 * of the probed context.  Targets of the relative forms are PCL, the
 * branch's address rounded down to 4, plus a signed offset scattered over
 * the encoding; the others name a register, a long immediate or a small
 * absolute address.
 */

/* STATUS32 flags the conditions test */
#define ARC_ST_V		0x100
#define ARC_ST_C		0x200
#define ARC_ST_N		0x400
#define ARC_ST_Z		0x800

/* The conditions of 32-bit forms; 16-bit forms map theirs onto these. */
enum {
	ARC_CC_AL, ARC_CC_EQ, ARC_CC_NE, ARC_CC_PL, ARC_CC_MI, ARC_CC_CS,
	ARC_CC_CC, ARC_CC_VS, ARC_CC_VC, ARC_CC_GT, ARC_CC_GE, ARC_CC_LT,
	ARC_CC_LE, ARC_CC_HI, ARC_CC_LS, ARC_CC_PNZ, ARC_CC_NR
};

/* The compares of brcc and bbit (bits 2:0), and none */
enum {
	ARC_BR_EQ, ARC_BR_NE, ARC_BR_LT, ARC_BR_GE, ARC_BR_LO, ARC_BR_HS,
	ARC_BR_BBIT0, ARC_BR_BBIT1, ARC_BR_NONE
};

/* An operand: a register number, or a value (@imm) */
struct kprobe_arc_opnd {
	bool imm;
	u32 val;
};

/* What a branch does, taken apart */
struct kprobe_arc_flow {
	unsigned int cc;
	unsigned int cmp;
	struct kprobe_arc_opnd b, c;
	bool rel;
	s32 off;
	struct kprobe_arc_opnd dest;
	bool link;
};

static s32 __kprobes kprobe_arc_sext(u32 v, unsigned int bits)
{
	return (s32)(v << (32 - bits)) >> (32 - bits);
}

static struct kprobe_arc_opnd __kprobes kprobe_arc_reg(unsigned int reg,
						       u32 limm)
{
	struct kprobe_arc_opnd o = { .imm = reg == ARC_REG_LIMM, .val = reg };

	if (o.imm)
		o.val = limm;
	return o;
}

static struct kprobe_arc_opnd __kprobes kprobe_arc_imm(u32 val)
{
	struct kprobe_arc_opnd o = { .imm = true, .val = val };

	return o;
}

/* The 3-bit register fields of 16-bit forms: r0-r3, r12-r15 */
static unsigned int __kprobes kprobe_arc_reg16(unsigned int r)
{
	return r < 4 ? r : r + 8;
}

static const u8 kprobe_arc_cc16[8] = {
	ARC_CC_GT, ARC_CC_GE, ARC_CC_LT, ARC_CC_LE,
	ARC_CC_HI, ARC_CC_CC, ARC_CC_CS, ARC_CC_LS,
};

static bool __kprobes kprobe_arc_parse16(u32 w, struct kprobe_arc_flow *f)
{
	f->rel = true;
	switch (w >> 11) {
	case 0x1d:	/* breq_s, brne_s b,0,s8 */
		f->cmp = w & 0x80 ? ARC_BR_NE : ARC_BR_EQ;
		f->b = kprobe_arc_reg(kprobe_arc_reg16((w >> 8) & 7), 0);
		f->c = kprobe_arc_imm(0);
		f->off = kprobe_arc_sext(w & 0x7f, 7) * 2;
		return true;
	case 0x1e:	/* b_s, beq_s, bne_s s10; bcc_s s7 */
		switch ((w >> 9) & 3) {
		case 1:
			f->cc = ARC_CC_EQ;
			break;
		case 2:
			f->cc = ARC_CC_NE;
			break;
		case 3:
			f->cc = kprobe_arc_cc16[(w >> 6) & 7];
			f->off = kprobe_arc_sext(w & 0x3f, 6) * 2;
			return true;
		}
		f->off = kprobe_arc_sext(w & 0x1ff, 9) * 2;
		return true;
	case 0x1f:	/* bl_s s13 */
		f->off = kprobe_arc_sext(w & 0x7ff, 11) * 4;
		f->link = true;
		return true;
	case 0x0f:
		break;
	default:
		return false;
	}
	f->rel = false;
	if (w & 0x1f)
		return false;
	switch ((w >> 5) & 7) {
	case 0 ... 3:	/* j_s, j_s.d, jl_s, jl_s.d [b] */
		f->dest = kprobe_arc_reg(kprobe_arc_reg16((w >> 8) & 7), 0);
		f->link = w & 0x40;
		return true;
	case 7:
		break;
	default:
		return false;
	}
	switch ((w >> 8) & 7) {
	case 4:		/* jeq_s [blink] */
		f->cc = ARC_CC_EQ;
		break;
	case 5:		/* jne_s [blink] */
		f->cc = ARC_CC_NE;
		break;
	case 6:		/* j_s [blink] */
	case 7:		/* j_s.d [blink] */
		break;
	default:
		return false;
	}
	f->dest = kprobe_arc_reg(ARC_REG_BLINK, 0);
	return true;
}

/* The ten bits of an offset in bits 15:6, over the 21-bit forms' top */
static u32 __kprobes kprobe_arc_off_mid(u32 w)
{
	return ((w >> 6) & 0x3ff) << 11;
}

static bool __kprobes kprobe_arc_parse32(u32 w, u32 limm,
					 struct kprobe_arc_flow *f)
{
	unsigned int b = ((w >> 24) & 7) | (((w >> 12) & 7) << 3);
	unsigned int c = (w >> 6) & 0x3f;
	unsigned int sub = (w >> 16) & 0x3f;
	u32 off;

	f->rel = true;
	switch (w >> 27) {
	case ARC_MAJOR_BCC:
		off = (((w >> 17) & 0x3ff) << 1) | kprobe_arc_off_mid(w);
		if (w & 0x10000) {	/* b s25 */
			f->off = kprobe_arc_sext(off | ((w & 0xf) << 21), 25);
		} else {		/* bcc s21 */
			f->off = kprobe_arc_sext(off, 21);
			f->cc = w & 0x1f;
		}
		return true;
	case ARC_MAJOR_BLCC_BRCC:
		if (!(w & 0x10000)) {
			off = (((w >> 18) & 0x1ff) << 2) | kprobe_arc_off_mid(w);
			f->link = true;
			if (w & 0x20000) {	/* bl s25 */
				f->off = kprobe_arc_sext(off | ((w & 0xf) << 21),
							 25);
			} else {		/* blcc s21 */
				f->off = kprobe_arc_sext(off, 21);
				f->cc = w & 0x1f;
			}
			return true;
		}
		/* brcc, bbit b,c or b,u6 to s9 */
		f->cmp = w & 7;
		f->b = kprobe_arc_reg(b, limm);
		f->c = w & 0x10 ? kprobe_arc_imm(c) : kprobe_arc_reg(c, limm);
		f->off = kprobe_arc_sext((((w >> 17) & 0x7f) << 1) |
					 (((w >> 15) & 1) << 8), 9);
		return true;
	case ARC_MAJOR_ALU:
		break;
	default:
		return false;
	}
	/* j, j.d, jl, jl.d; not j.f, which also loads STATUS32 */
	if (sub < ARC_SUB_J || sub > ARC_SUB_JL_D || (w & 0x8000))
		return false;
	f->rel = false;
	f->link = sub & 2;
	switch ((w >> 22) & 3) {
	case 0:
		f->dest = kprobe_arc_reg(c, limm);
		break;
	case 1:
		f->dest = kprobe_arc_imm(c);
		break;
	case 2:
		f->dest = kprobe_arc_imm(kprobe_arc_sext(((w & 0x3f) << 6) | c,
							 12));
		break;
	case 3:
		f->cc = w & 0x1f;
		f->dest = w & 0x20 ? kprobe_arc_imm(c) : kprobe_arc_reg(c, limm);
		break;
	}
	return true;
}

static bool __kprobes kprobe_arc_parse(const struct kprobe_arc_branch *br,
				       struct kprobe_arc_flow *f)
{
	f->cc = ARC_CC_AL;
	f->cmp = ARC_BR_NONE;
	f->link = false;
	f->off = 0;
	f->b = kprobe_arc_imm(0);
	f->c = kprobe_arc_imm(0);
	f->dest = kprobe_arc_imm(0);
	if (br->len == 2)
		return kprobe_arc_parse16(br->word, f);
	return kprobe_arc_parse32(br->word, br->limm, f);
}

/*
 * Registers struct pt_regs holds: r0-r12, gp, fp, sp, blink, and r30 on
 * ARCv2 (on ARCompact r30 is ilink2, which it does not save).
 */
static bool __kprobes kprobe_arc_opnd_ok(struct kprobe_arc_opnd o)
{
	if (o.imm)
		return true;
	return o.val <= 12 || (o.val >= 26 && o.val <= 28) ||
	       (o.val == 30 && !KPROBE_ARC_COMPACT) || o.val == ARC_REG_BLINK;
}

/**
 * kprobe_arc_branch_ok() - can the hit path evaluate @br?
 * @br: a FLOW instruction with its long immediate and delay slot length
 *
 * Not: loop set-ups, table branches (bi, bih, jli_s, ei_s), leave_s,
 * j.f, conditions of extensions, operands outside struct pt_regs (r13 to
 * r25: the exception entry does not save them), and a call through blink
 * with a delay slot (a fault there runs the call again, with blink
 * already overwritten).
 *
 * Return: true if kprobe_arc_branch_eval() can tell where @br goes.
 */
bool __kprobes kprobe_arc_branch_ok(const struct kprobe_arc_branch *br)
{
	struct kprobe_arc_flow f;

	if (!kprobe_arc_parse(br, &f) || f.cc >= ARC_CC_NR)
		return false;
	if (f.cmp != ARC_BR_NONE &&
	    (!kprobe_arc_opnd_ok(f.b) || !kprobe_arc_opnd_ok(f.c)))
		return false;
	if (!f.rel && !kprobe_arc_opnd_ok(f.dest))
		return false;
	return !(br->dlen && f.link && !f.rel && !f.dest.imm &&
		 f.dest.val == ARC_REG_BLINK);
}

static bool __kprobes kprobe_arc_cond(unsigned int cc, u32 st)
{
	bool z = st & ARC_ST_Z, n = st & ARC_ST_N;
	bool c = st & ARC_ST_C, v = st & ARC_ST_V;

	switch (cc) {
	case ARC_CC_EQ:
		return z;
	case ARC_CC_NE:
		return !z;
	case ARC_CC_PL:
		return !n;
	case ARC_CC_MI:
		return n;
	case ARC_CC_CS:
		return c;
	case ARC_CC_CC:
		return !c;
	case ARC_CC_VS:
		return v;
	case ARC_CC_VC:
		return !v;
	case ARC_CC_GT:
		return !z && n == v;
	case ARC_CC_GE:
		return n == v;
	case ARC_CC_LT:
		return n != v;
	case ARC_CC_LE:
		return z || n != v;
	case ARC_CC_HI:
		return !c && !z;
	case ARC_CC_LS:
		return c || z;
	case ARC_CC_PNZ:
		return !n && !z;
	}
	return true;
}

static u32 __kprobes kprobe_arc_value(struct kprobe_arc_opnd o,
				      kprobe_arc_reg_fn get, void *ctx)
{
	return o.imm ? o.val : get(ctx, o.val);
}

static bool __kprobes kprobe_arc_compare(unsigned int cmp, u32 b, u32 c)
{
	switch (cmp) {
	case ARC_BR_EQ:
		return b == c;
	case ARC_BR_NE:
		return b != c;
	case ARC_BR_LT:
		return (s32)b < (s32)c;
	case ARC_BR_GE:
		return (s32)b >= (s32)c;
	case ARC_BR_LO:
		return b < c;
	case ARC_BR_HS:
		return b >= c;
	case ARC_BR_BBIT0:
		return !(b & (1u << (c & 31)));
	default:	/* ARC_BR_BBIT1 */
		return b & (1u << (c & 31));
	}
}

/**
 * kprobe_arc_branch_eval() - where a branch goes
 * @br: a branch kprobe_arc_branch_ok() accepted
 * @pc: its address
 * @status32: STATUS32 of the probed context, for the flags
 * @get: reads a register of the probed context
 * @ctx: passed to @get
 * @link: set to whether the branch writes blink (with the address after
 *	it and its delay slot, which the caller stores)
 *
 * Return: the address execution goes on at after the branch and its
 * delay slot.
 */
unsigned long __kprobes
kprobe_arc_branch_eval(const struct kprobe_arc_branch *br, unsigned long pc,
		       u32 status32, kprobe_arc_reg_fn get, void *ctx, bool *link)
{
	struct kprobe_arc_flow f;
	bool taken;

	kprobe_arc_parse(br, &f);
	if (f.cmp != ARC_BR_NONE)
		taken = kprobe_arc_compare(f.cmp,
					   kprobe_arc_value(f.b, get, ctx),
					   kprobe_arc_value(f.c, get, ctx));
	else
		taken = kprobe_arc_cond(f.cc, status32);
	*link = taken && f.link;
	if (!taken)
		return pc + br->len + br->dlen;
	if (f.rel)
		return (pc & ~3UL) + f.off;
	return kprobe_arc_value(f.dest, get, ctx);
}
