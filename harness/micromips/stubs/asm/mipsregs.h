/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the microMIPS length rule, as <asm/mipsregs.h> has it. */
#pragma once
#include <linux/types.h>
#define ST0_IE	1
static inline int mm_insn_16bit(u16 insn)
{
	u16 opcode = (insn >> 10) & 7;

	return opcode >= 1 && opcode <= 3;
}
