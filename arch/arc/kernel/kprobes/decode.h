/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the ARC kprobes code needs to know about one instruction: how long
 * it is, and whether it may run away from its address.
 *
 * ARC code is a stream of 16-bit units.  The major opcode, bits 15:11 of
 * the first unit, says the length.  ARCv2 starts a 32-bit instruction at
 * majors 0 to 7 and a 16-bit one at 8 to 31; ARCompact (ARC600/700)
 * keeps 8 to 11 for 32-bit extension instructions, so its 16-bit ones
 * start at 12.  The first unit of a 32-bit instruction holds bits 31:16.
 * Either length may be followed by a 32-bit long immediate (limm), named
 * by register number 62 in a source operand; the 16-bit forms with a
 * high register field name it as 30 (ARCv2's 5-bit field) or 62
 * (ARCompact's 6-bit one).  Register 63 read as a source is PCL, the
 * instruction's own address rounded down to 4.
 *
 * The instruction set is the kernel's, CONFIG_ISA_ARCOMPACT or not.
 * Kept free of kernel headers but <linux/types.h> (and __kprobes from
 * <asm-generic/kprobes.h> in decode.c), so that the decoder can also be
 * built on a host, for either instruction set, and checked against a
 * disassembler (harness/arc-decode-check.py).
 */
#ifndef _ARC_KERNEL_KPROBES_DECODE_H
#define _ARC_KERNEL_KPROBES_DECODE_H

#include <linux/types.h>

#ifdef CONFIG_ISA_ARCOMPACT
#define KPROBE_ARC_COMPACT	1
#define KPROBE_ARC_LAST_32	0x0b	/* the last major of a 32-bit form */
#else
#define KPROBE_ARC_COMPACT	0
#define KPROBE_ARC_LAST_32	0x07
#endif

/* Does the instruction whose first unit is @hi have a second one? */
static inline bool kprobe_arc_is_32(u16 hi)
{
	return (hi >> 11) <= KPROBE_ARC_LAST_32;
}

/**
 * enum kprobe_arc_class - how an instruction can be run out of line
 * @KPROBE_ARC_COPY: it runs from a slot as it would in place
 * @KPROBE_ARC_FLOW: a branch, jump, call or loop set-up: where it goes
 *	depends on its address, or it leaves the slot
 * @KPROBE_ARC_PCREL: reads PCL, the address it runs at
 * @KPROBE_ARC_SYSTEM: traps, halts, returns from an exception, or changes
 *	the interrupt enable or the loop inhibit (flag, kflag, seti, clri)
 * @KPROBE_ARC_LLOCK: llock or llockd, the start of an exclusive pair
 * @KPROBE_ARC_SCOND: scond or scondd, its end
 * @KPROBE_ARC_UNKNOWN: an encoding the decoder does not know
 */
enum kprobe_arc_class {
	KPROBE_ARC_COPY,
	KPROBE_ARC_FLOW,
	KPROBE_ARC_PCREL,
	KPROBE_ARC_SYSTEM,
	KPROBE_ARC_LLOCK,
	KPROBE_ARC_SCOND,
	KPROBE_ARC_UNKNOWN,
};

/**
 * struct kprobe_arc_insn - one decoded instruction
 * @len: bytes, long immediate included: 2, 4, 6 or 8
 * @cls: see enum kprobe_arc_class
 * @delay: the instruction after it runs in its delay slot (.d forms)
 * @table: an unconditional jump through a register other than blink,
 *	the way a switch jumps through a table of offsets that the
 *	compiler puts right after the jump: what follows may be data
 */
struct kprobe_arc_insn {
	unsigned int len;
	enum kprobe_arc_class cls;
	bool delay;
	bool table;
};

void kprobe_arc_decode(u16 hi, u16 lo, struct kprobe_arc_insn *insn);

/**
 * struct kprobe_arc_branch - a branch, jump or call that the hit path
 *	evaluates instead of running it
 * @word: its first 32 bits (the first unit in bits 31:16), or its 16 bits
 * @limm: its long immediate, if it has one
 * @len: bytes, long immediate included
 * @dlen: bytes of the instruction in its delay slot, 0 if it has none
 */
struct kprobe_arc_branch {
	u32 word;
	u32 limm;
	u8 len;
	u8 dlen;
};

/* Reads register @reg of the probed context (see kprobe_arc_branch_ok()). */
typedef unsigned long (*kprobe_arc_reg_fn)(void *ctx, unsigned int reg);

bool kprobe_arc_branch_ok(const struct kprobe_arc_branch *br);
unsigned long kprobe_arc_branch_eval(const struct kprobe_arc_branch *br,
				     unsigned long pc, u32 status32,
				     kprobe_arc_reg_fn get, void *ctx,
				     bool *link);

#endif /* _ARC_KERNEL_KPROBES_DECODE_H */
