/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The description of one probed C-SKY instruction, shared by kprobes and
 * uprobes: the decoder (arch/csky/kernel/probes/decode-insn.c) fills in
 * struct arch_probe_insn, and kprobes keeps it in its per-site data.
 */
#ifndef __ASM_CSKY_PROBES_H
#define __ASM_CSKY_PROBES_H

typedef u32 probe_opcode_t;
typedef void (probes_handler_t)(u32 opcode, long addr, struct pt_regs *regs);

/**
 * struct arch_probe_insn - what the decoder found out about an instruction
 * @insn: out-of-line copy to step, or NULL if it is simulated
 * @handler: simulation of an instruction that cannot run out of line
 *	(jumps, branches, calls, pc-relative loads), or NULL
 * @restore: where to continue after the out-of-line step, 0 if simulated
 */
struct arch_probe_insn {
	probe_opcode_t *insn;
	probes_handler_t *handler;
	unsigned long restore;
};

#ifdef CONFIG_KPROBES
typedef u32 kprobe_opcode_t;

/**
 * struct arch_specific_insn - C-SKY part of a struct kprobe_site
 * @api: the decoder's description; @api.insn is the site's slot
 * @opcode: the original instruction at the probed address: its first
 *	halfword in the low 16 bits, a 32-bit instruction's second one in
 *	the high 16 bits
 * @len: 2 or 4, the bytes of @opcode
 * @advance: the simulation leaves the pc alone (LRW): the hit moves it
 *	past the instruction
 */
struct arch_specific_insn {
	struct arch_probe_insn api;
	u32 opcode;
	u8 len;
	bool advance;
};
#endif

#endif /* __ASM_CSKY_PROBES_H */
