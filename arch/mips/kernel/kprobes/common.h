/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the MIPS kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	the instruction that runs out of line: the probed one, or
 *		the delay slot instruction of a probed branch
 *	+4	break BRK_KPROBE_SSTEPBP (back to the die notifier, which
 *		ends the step)
 *	+8	more of the same break, up to the end of the slot
 *
 * The breakpoint written over a probed instruction is
 * break BRK_KPROBE_BP.
 *
 * On a microMIPS kernel (micromips.c) the copy is one or two halfwords,
 * followed by the 32-bit microMIPS break BRK_KPROBE_SSTEPBP, and the
 * breakpoint of a probe is the 16-bit BREAK16 KPROBE_MM_BRK16_CODE.
 */
#ifndef _MIPS_KERNEL_KPROBES_COMMON_H
#define _MIPS_KERNEL_KPROBES_COMMON_H

#include <linux/kprobes_arch.h>
#include <asm/break.h>
#include <asm/inst.h>

/* "break code": SPECIAL with function 13, the code in bits 6 to 25. */
#define KPROBE_MIPS_BREAK(code)	(((code) << 6) | break_op)

#define KPROBE_MIPS_BP		KPROBE_MIPS_BREAK(BRK_KPROBE_BP)
#define KPROBE_MIPS_STEP_END	KPROBE_MIPS_BREAK(BRK_KPROBE_SSTEPBP)

/*
 * microMIPS: BREAK16 has a 4-bit code, which do_bp() passes on as
 * DIE_TRAP; this one is none of <asm/break.h>'s.  The 32-bit BREAK is
 * POOL32A minor 7 with the code in bits 25..16, the first halfword's low
 * ten bits.
 */
#define KPROBE_MM_BRK16_CODE	10
#define KPROBE_MM_BP		(0x4680 | KPROBE_MM_BRK16_CODE)
#define KPROBE_MM_STEP_END_HI	BRK_KPROBE_SSTEPBP
#define KPROBE_MM_BREAK_MINOR	0x07
#define KPROBE_MM_STEP_END_LO	KPROBE_MM_BREAK_MINOR

/* The ISA bit of a pc: set in every microMIPS code address the CPU takes. */
#define KPROBE_MIPS_ISA_BIT	(IS_ENABLED(CONFIG_CPU_MICROMIPS) ? 1UL : 0UL)

/* The probed or copied instruction at the pc of @regs, without the ISA bit. */
static inline unsigned long kprobe_mips_pc(struct pt_regs *regs)
{
	return regs->cp0_epc & ~KPROBE_MIPS_ISA_BIT;
}

int kprobe_mips_install_slot(struct kprobe_site *site, const void *image);

/* micromips.c, built for CONFIG_CPU_MICROMIPS only. */
unsigned int kprobe_mm_read(unsigned long addr, u32 *insn);
enum kprobe_mm_kind kprobe_mm_classify(u32 insn);
unsigned long kprobe_mm_next(struct kprobe_site *site, struct pt_regs *regs);
int kprobe_mm_prepare(struct kprobe_site *site, unsigned long func);

#endif /* _MIPS_KERNEL_KPROBES_COMMON_H */
