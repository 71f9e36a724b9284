/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit powerpc version of ../kprobes_target_funcs.S: a refused function
 * and its hand-written ".part.0" piece, for the clone refusal of
 * test_blacklist.sh.  Neither uses the TOC pointer.
 */
#include <linux/linkage.h>
#include <asm/ppc_asm.h>

	.text

/* int kpt_target_split(int x): x + 1, computed by its part */
SYM_FUNC_START(kpt_target_split)
	b	kpt_target_split.part.0
SYM_FUNC_END(kpt_target_split)

SYM_FUNC_START_LOCAL(kpt_target_split.part.0)
	addi	r3, r3, 1
	extsw	r3, r3
	blr
SYM_FUNC_END(kpt_target_split.part.0)
