/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by kprobes_offsets.c and kprobes_offsets_funcs.S: the functions
 * and the tables of their instruction boundaries.
 */
#ifndef _KPROBES_OFFSETS_H
#define _KPROBES_OFFSETS_H

/*
 * A bounds table is a u16 array: one entry per instruction, its offset in
 * the function, flagged KPT_B_REFUSED for an instruction kprobes must not
 * probe; the last entry is the function's size flagged KPT_B_END.
 */
#define KPT_B_END	0x4000
#define KPT_B_REFUSED	0x8000
#define KPT_B_OFFSET	0x0fff

#ifndef __ASSEMBLY__
#include <linux/types.h>

long kpt_off_helper(long x);
long kpt_off_sum(long n);
long kpt_off_switch(long sel, long x);
long kpt_off_calls(long x);
long kpt_off_string(char *dst, const char *src, long n);
long kpt_off_flags(long a, long b);
long kpt_off_frame(long x);

extern const u16 kpt_off_helper_bounds[], kpt_off_sum_bounds[];
extern const u16 kpt_off_switch_bounds[], kpt_off_calls_bounds[];
extern const u16 kpt_off_string_bounds[], kpt_off_flags_bounds[];
extern const u16 kpt_off_frame_bounds[];
extern long kpt_off_last;
#endif /* __ASSEMBLY__ */

#endif /* _KPROBES_OFFSETS_H */
