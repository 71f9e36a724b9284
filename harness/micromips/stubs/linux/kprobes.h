/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the port's real <asm/kprobes.h> and a minimal site. */
#pragma once
#include <linux/types.h>
#include <asm/kprobes.h>
struct kprobe_site {
	kprobe_opcode_t *addr;
	struct arch_specific_insn ainsn;
};

static inline void kprobe_assert_mutex_held(void)
{
}

/* decoder-test.c: the sites whose breaks it wrote into the text. */
struct kprobe_site *kprobe_site_lookup(unsigned long addr);
