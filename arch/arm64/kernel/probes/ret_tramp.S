/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on arm64: a probed call's link
 * register was pointed here, so its RET lands on a BRK, whose handler
 * (kretprobe_brk_handler()) runs the return handlers and resumes at the
 * real return address.  The exception saves and restores every register
 * as a struct pt_regs, which handlers may change.  Nothing after the BRK
 * ever runs.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-bug.h>
#include <asm/assembler.h>
#include <asm/brk-imm.h>

	.text
SYM_CODE_START(kretprobe_trampoline)
	brk	#KRETPROBES_BRK_IMM
	ASM_BUG()
SYM_CODE_END(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
