/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit arm version of ../kprobes_target_funcs.S: a refused function and
 * its hand-written ".part.0" piece, for the clone refusal of
 * test_blacklist.sh.
 */
#include <linux/linkage.h>
#include <asm/unwind.h>

	.arm
	.text

/* int kpt_target_split(int x): x + 1, computed by its part */
SYM_FUNC_START(kpt_target_split)
UNWIND(	.fnstart)
	b	kpt_target_split.part.0
UNWIND(	.fnend)
SYM_FUNC_END(kpt_target_split)

SYM_FUNC_START_LOCAL(kpt_target_split.part.0)
UNWIND(	.fnstart)
	add	r0, r0, #1
	bx	lr
UNWIND(	.fnend)
SYM_FUNC_END(kpt_target_split.part.0)
