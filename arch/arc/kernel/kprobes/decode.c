// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ARCv2 instruction lengths and classes for kprobes (see decode.h).
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
 * operation in B).
 */
#include "decode.h"

/* Register numbers with a meaning of their own in operand fields. */
#define ARC_REG_LIMM		62
#define ARC_REG_PCL		63
#define ARC_REG16_LIMM		30	/* 5-bit h fields of 16-bit forms */

#define ARC_MAJOR_BCC		0x00
#define ARC_MAJOR_BLCC_BRCC	0x01
#define ARC_MAJOR_LD		0x02
#define ARC_MAJOR_ST		0x03
#define ARC_MAJOR_ALU		0x04
#define ARC_MAJOR_LAST_32	0x07

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

static void kprobe_arc_src(struct kprobe_arc_srcs *s, unsigned int reg)
{
	if (reg == ARC_REG_LIMM)
		s->limm = true;
	else if (reg == ARC_REG_PCL)
		s->pcl = true;
}

/* Is C a register in format @p of @w (for P == 3: with bit 5 clear)? */
static bool kprobe_arc_c_is_reg(unsigned int p, u32 w)
{
	return p == 0 || (p == 3 && !(w & 0x20));
}

/* Majors 4 to 7: ALU, jumps, loads with a register offset, aux access. */
static void kprobe_arc_decode_alu(u32 w, unsigned int major,
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
		case ARC_SUB_MOV:
		case ARC_SUB_LR:
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
			/* only the barriers of the no-operand group are copied */
			if (major != ARC_MAJOR_ALU ||
			    (b != ARC_ZOP_SYNC && b != ARC_ZOP_DMB))
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

static void kprobe_arc_decode32(u32 w, struct kprobe_arc_insn *insn)
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
		/* bit 0 set: the value stored is a 6-bit immediate */
		if (!(w & 1))
			kprobe_arc_src(&s, c);
		break;
	default:
		kprobe_arc_decode_alu(w, major, insn);
		return;
	}
	if (s.limm)
		insn->len += 4;
	if (s.pcl && insn->cls == KPROBE_ARC_COPY)
		insn->cls = KPROBE_ARC_PCREL;
}

/* Major 0x0f with sub-opcode 0: j_s and friends, and the no-operand group. */
static void kprobe_arc_decode_sop16(u16 hi, struct kprobe_arc_insn *insn)
{
	switch ((hi >> 5) & 7) {
	case 0:		/* j_s [b] */
	case 2:		/* jl_s [b] */
		insn->cls = KPROBE_ARC_FLOW;
		return;
	case 1:		/* j_s.d [b] */
	case 3:		/* jl_s.d [b] */
		insn->cls = KPROBE_ARC_FLOW;
		insn->delay = true;
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

static void kprobe_arc_decode16(u16 hi, struct kprobe_arc_insn *insn)
{
	unsigned int h = ((hi >> 5) & 7) | ((hi & 3) << 3);

	insn->len = 2;
	insn->cls = KPROBE_ARC_COPY;
	switch (hi >> 11) {
	case 0x08:	/* mov_s g,h; ld_s r,[h,u5] */
	case 0x0e:	/* add_s, mov_s, cmp_s with h */
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
		if (((hi >> 5) & 7) == 6 && !(hi & 1) && (hi & 0x400))
			insn->cls = KPROBE_ARC_FLOW;
		return;
	case 0x1a:	/* ld_s b,[pcl,u10] */
		insn->cls = KPROBE_ARC_PCREL;
		return;
	}
}

/**
 * kprobe_arc_decode() - length and class of one ARCv2 instruction
 * @hi: its first 16-bit unit (at the lower address)
 * @lo: the unit after it, ignored for a 16-bit instruction
 * @insn: filled in
 */
void kprobe_arc_decode(u16 hi, u16 lo, struct kprobe_arc_insn *insn)
{
	insn->delay = false;
	if ((hi >> 11) <= ARC_MAJOR_LAST_32)
		kprobe_arc_decode32(((u32)hi << 16) | lo, insn);
	else
		kprobe_arc_decode16(hi, insn);
}
