/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A refused function and a piece of it under the name the compiler gives
 * split-off parts ("<function>.part.<n>"), written by hand so that every
 * build has one: kprobes_target_main.c puts kpt_target_split on the
 * blacklist with NOKPROBE_SYMBOL(), and a probe on its part must be
 * refused as well (test_blacklist.sh).
 */
#include <linux/linkage.h>

	.text

/* int kpt_target_split(int x): x + 1, computed by its part */
SYM_FUNC_START(kpt_target_split)
	jmp	kpt_target_split.part.0
SYM_FUNC_END(kpt_target_split)

SYM_FUNC_START_LOCAL(kpt_target_split.part.0)
#ifdef CONFIG_X86_64
	lea	1(%rdi), %eax
#else
	incl	%eax			/* regparm(3): x is in %eax */
#endif
	RET
SYM_FUNC_END(kpt_target_split.part.0)
