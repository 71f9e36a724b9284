/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv version of ../kprobes_target_funcs.S: a refused function and its
 * hand-written ".part.0" piece, for the clone refusal of test_blacklist.sh.
 */
#include <linux/linkage.h>

	.text

/* int kpt_target_split(int x): x + 1, computed by its part */
SYM_FUNC_START(kpt_target_split)
	j	kpt_target_split.part.0
SYM_FUNC_END(kpt_target_split)

SYM_FUNC_START_LOCAL(kpt_target_split.part.0)
	addiw	a0, a0, 1
	ret
SYM_FUNC_END(kpt_target_split.part.0)
