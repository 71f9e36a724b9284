/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private declarations of the arm64 kprobes code.
 *
 * Layout of one out-of-line slot (KPROBE_SLOT_SIZE bytes):
 *
 *	+0	copy of the probed instruction
 *	+4	BRK #KPROBES_BRK_SS_IMM (back to kprobe_ss_brk_handler())
 *	+8	BRK #KPROBES_BRK_SS_IMM filler
 */
#ifndef _ARM64_KERNEL_PROBES_COMMON_H
#define _ARM64_KERNEL_PROBES_COMMON_H

#include <linux/kprobes.h>

#endif /* _ARM64_KERNEL_PROBES_COMMON_H */
