/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The description of one probed riscv instruction, shared by kprobes and
 * uprobes: the decoder (arch/riscv/kernel/probes/decode-insn.c) fills in
 * struct arch_probe_insn, and kprobes keeps it in its per-site data.
 */
#ifndef _ASM_RISCV_PROBES_H
#define _ASM_RISCV_PROBES_H

typedef u32 probe_opcode_t;
typedef bool (probes_handler_t)(u32 opcode, unsigned long addr,
			       struct pt_regs *regs);

/**
 * struct arch_probe_insn - what the decoder found out about an instruction
 * @insn: out-of-line copy to step, or NULL if it is simulated
 * @handler: simulation of an instruction that cannot run out of line
 *	(jumps, branches, AUIPC), or NULL
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
 * struct arch_specific_insn - riscv part of a struct kprobe_site
 * @api: the decoder's description; @api.insn is the site's slot
 * @opcode: the original instruction at the probed address, in its low
 *	@len bytes
 * @len: 2 for a compressed instruction, 4 otherwise
 */
struct arch_specific_insn {
	struct arch_probe_insn api;
	kprobe_opcode_t opcode;
	u8 len;
};
#endif

#endif /* _ASM_RISCV_PROBES_H */
