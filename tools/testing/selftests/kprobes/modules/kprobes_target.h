/* SPDX-License-Identifier: GPL-2.0 */
/* Functions of kprobes_target.ko written in assembly (kprobes_target_funcs.S). */
#ifndef _KPROBES_TARGET_H
#define _KPROBES_TARGET_H

/* x + 1; on the blacklist, and so is its part kpt_target_split.part.0. */
int kpt_target_split(int x);

#endif /* _KPROBES_TARGET_H */
