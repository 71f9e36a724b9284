/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: the port's real <asm/kprobes.h> and a minimal site. */
#pragma once
#include <linux/types.h>
#include <asm/kprobes.h>
struct kprobe_site {
	kprobe_opcode_t *addr;
	struct arch_specific_insn ainsn;
};
