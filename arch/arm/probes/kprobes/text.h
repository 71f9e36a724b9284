/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the arm kprobes files share beside the decoder's core.h: the queue
 * of text writes (text.c) that jump optimization (opt.c) uses as well.
 */
#ifndef _ARM_PROBES_KPROBES_TEXT_H
#define _ARM_PROBES_KPROBES_TEXT_H

#include <linux/types.h>

void kprobe_arm_queue(void *addr, u32 insn);

#endif /* _ARM_PROBES_KPROBES_TEXT_H */
