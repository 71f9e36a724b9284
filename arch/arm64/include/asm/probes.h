/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The description of one probed arm64 instruction, shared by kprobes and
 * uprobes: the decoder (arch/arm64/kernel/probes/decode-insn.c) fills in
 * struct arch_probe_insn, and kprobes keeps it in its per-site data.
 *
 * The decoder's types below are those uprobes uses:
 * Copyright (C) 2013 Linaro Limited
 */
#ifndef _ARM_PROBES_H
#define _ARM_PROBES_H

#include <asm/insn.h>

typedef u32 probe_opcode_t;
typedef void (probes_handler_t)(u32 opcode, long addr, struct pt_regs *regs);

/**
 * struct arch_probe_insn - what the decoder found out about an instruction
 * @insn: out-of-line copy to single-step, or NULL if it is simulated
 * @pstate_cc: condition check of a conditional instruction, or NULL
 * @handler: simulation of an instruction that cannot run out of line
 *	(PC-relative ones), or NULL
 * @restore: where to continue after the out-of-line step, 0 if simulated
 */
struct arch_probe_insn {
	probe_opcode_t *insn;
	pstate_check_t *pstate_cc;
	probes_handler_t *handler;
	unsigned long restore;
};

#ifdef CONFIG_KPROBES
typedef u32 kprobe_opcode_t;

/**
 * struct arch_specific_insn - arm64 part of a struct kprobe_site
 * @api: the decoder's description; @api.insn is the site's slot
 * @opcode: the original instruction at the probed address
 */
struct arch_specific_insn {
	struct arch_probe_insn api;
	kprobe_opcode_t opcode;
};
#endif

#endif
