/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the arm kprobes files share beside the decoder's core.h: the
 * writer of slot pages (text.c), which jump optimization (opt.c) uses as
 * well, and the labels of the detour template (opt_tmpl.S).
 */
#ifndef _ARM_PROBES_KPROBES_TEXT_H
#define _ARM_PROBES_KPROBES_TEXT_H

#include <linux/types.h>

int kprobe_arm_slot_write(void *dst, const void *src, size_t len);

/* The detour template: its start, its two literals and its end. */
extern const char kprobe_arm_opt_tmpl[];
extern const char kprobe_arm_opt_tmpl_site[];
extern const char kprobe_arm_opt_tmpl_addr[];
extern const char kprobe_arm_opt_tmpl_end[];

#endif /* _ARM_PROBES_KPROBES_TEXT_H */
