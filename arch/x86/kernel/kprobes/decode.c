// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sorting a probed x86-64 instruction into the way it will be run.
 *
 * Every instruction that may be probed falls in one of three groups:
 *
 *  - emulated: branches, calls and returns through an immediate or a
 *    register, the loop family, nops, and the instructions that read or
 *    write the interrupt flag.  The int3 handler computes their effect on
 *    the registers; the slot is never run.
 *  - single-stepped: everything else.  A copy runs in the slot with
 *    interrupts off and traps back on the int3 that follows it.  "call" and
 *    "jmp" through memory belong here in disguise: their copy is "push mem"
 *    and the branch is finished by the int3 handler.
 *  - boostable: single-stepped instructions that are known not to depend on
 *    their address or to touch control flow, IF or segment state.  When no
 *    post handler is registered their copy jumps straight back instead.
 *
 * Instructions that cannot be run away from home (software interrupts,
 * far transfers, system calls and returns, hlt, mov to a segment register,
 * transaction begin, VMX and swapgs) are refused with -EINVAL.
 */
#include <linux/errno.h>
#include <linux/extable.h>
#include <linux/kprobes_arch.h>
#include <linux/stddef.h>
#include <linux/unaligned.h>
#include <asm/ibt.h>
#include <asm/insn.h>
#include <asm/ptrace.h>

#include "common.h"

/*
 * pt_regs offset of each general purpose register, by encoding number;
 * 8 to 15 need REX.B, which only 64-bit code has.
 */
static const u16 kprobe_gpr_offset[16] = {
	[0] = offsetof(struct pt_regs, ax),	[1] = offsetof(struct pt_regs, cx),
	[2] = offsetof(struct pt_regs, dx),	[3] = offsetof(struct pt_regs, bx),
	[4] = offsetof(struct pt_regs, sp),	[5] = offsetof(struct pt_regs, bp),
	[6] = offsetof(struct pt_regs, si),	[7] = offsetof(struct pt_regs, di),
#ifdef CONFIG_X86_64
	[8] = offsetof(struct pt_regs, r8),	[9] = offsetof(struct pt_regs, r9),
	[10] = offsetof(struct pt_regs, r10),	[11] = offsetof(struct pt_regs, r11),
	[12] = offsetof(struct pt_regs, r12),	[13] = offsetof(struct pt_regs, r13),
	[14] = offsetof(struct pt_regs, r14),	[15] = offsetof(struct pt_regs, r15),
#endif
};

static bool kprobe_insn_has_prefix(struct insn *insn, insn_byte_t want)
{
	insn_byte_t prefix;
	int i;

	for_each_insn_prefix(insn, i, prefix) {
		if (prefix == want)
			return true;
	}
	return false;
}

static u8 kprobe_modrm(struct insn *insn)
{
	return insn->modrm.bytes[0];
}

/*
 * Record an emulated relative branch.  An operand-size prefix on a near
 * branch is treated differently by Intel and AMD, so such branches are
 * refused instead of guessed at.
 */
static int kprobe_set_branch(struct insn *insn, struct arch_specific_insn *ai,
			     u8 op, u8 cond)
{
	if (kprobe_insn_has_prefix(insn, 0x66))
		return -EINVAL;
	ai->kind = KPROBE_INSN_EMULATE;
	ai->op = op;
	ai->cond = cond;
	ai->disp = insn->immediate.value;
	return 0;
}

static void kprobe_set_emul(struct arch_specific_insn *ai, u8 op)
{
	ai->kind = KPROBE_INSN_EMULATE;
	ai->op = op;
}

/* The 0xff group: inc, dec, near and far call/jmp, push. */
static int kprobe_classify_grp5(struct insn *insn,
				struct arch_specific_insn *ai)
{
	u8 modrm = kprobe_modrm(insn);
	bool is_call;
	int reg;

	switch (X86_MODRM_REG(modrm)) {
	case 2:
		is_call = true;
		break;
	case 4:
		is_call = false;
		break;
	case 3:
	case 5:
		return -EINVAL;		/* far call / far jmp */
	default:
		return 0;		/* inc, dec, push: single-step */
	}
	if (kprobe_insn_has_prefix(insn, 0x66))
		return -EINVAL;

	if (X86_MODRM_MOD(modrm) != 3) {
		ai->kind = is_call ? KPROBE_INSN_CALL_MEM : KPROBE_INSN_JMP_MEM;
		return 0;
	}
	reg = X86_MODRM_RM(modrm);
	if (X86_REX_B(insn->rex_prefix.value))
		reg += 8;
	ai->reg = kprobe_gpr_offset[reg];
	kprobe_set_emul(ai, is_call ? KPROBE_EMUL_CALL_REG : KPROBE_EMUL_JMP_REG);
	return 0;
}

/* pushf, popf, cli, sti: emulated, they would see or set the wrong IF. */
static int kprobe_classify_flags(struct insn *insn,
				 struct arch_specific_insn *ai, u8 op)
{
	/* The 16-bit forms of pushf and popf are not worth emulating. */
	if (kprobe_insn_has_prefix(insn, 0x66))
		return -EINVAL;

	switch (op) {
	case 0x9c:
		kprobe_set_emul(ai, KPROBE_EMUL_PUSHF);
		break;
	case 0x9d:
		kprobe_set_emul(ai, KPROBE_EMUL_POPF);
		break;
	case 0xfa:
		kprobe_set_emul(ai, KPROBE_EMUL_CLI);
		break;
	default:
		kprobe_set_emul(ai, KPROBE_EMUL_STI);
		break;
	}
	return 0;
}

/* Instructions without the 0x0f escape. */
static int kprobe_classify_onebyte(struct insn *insn,
				   struct arch_specific_insn *ai)
{
	u8 op = insn->opcode.bytes[0];

	switch (op) {
	case 0x70 ... 0x7f:
		return kprobe_set_branch(insn, ai, KPROBE_EMUL_JCC, op & 0xf);
	case 0xe0 ... 0xe3:
		/*
		 * Only the forms that count in the native-width register
		 * (rcx, ecx on 32-bit); the compiler emits no others.
		 */
		if (insn->addr_bytes != sizeof(long))
			return -EINVAL;
		return kprobe_set_branch(insn, ai, KPROBE_EMUL_LOOP, op & 3);
	case 0xe8:
		return kprobe_set_branch(insn, ai, KPROBE_EMUL_CALL, 0);
	case 0xe9:
	case 0xeb:
		return kprobe_set_branch(insn, ai, KPROBE_EMUL_JMP, 0);
	case 0xc2:
	case 0xc3:
		if (kprobe_insn_has_prefix(insn, 0x66))
			return -EINVAL;
		kprobe_set_emul(ai, KPROBE_EMUL_RET);
		ai->disp = op == 0xc2 ? (u16)insn->immediate.value : 0;
		return 0;
	case 0x9c:
	case 0x9d:
	case 0xfa:
	case 0xfb:
		return kprobe_classify_flags(insn, ai, op);
	case 0x90:
		/* With REX.B this is xchg %r8,%rax; with rep it is pause. */
		if (!insn->rex_prefix.nbytes && !kprobe_insn_has_prefix(insn, 0xf3))
			kprobe_set_emul(ai, KPROBE_EMUL_NOP);
		return 0;
	case 0xff:
		return kprobe_classify_grp5(insn, ai);
	case 0xc6:
	case 0xc7:
		/* xabort / xbegin: transactional control flow. */
		return kprobe_modrm(insn) == 0xf8 ? -EINVAL : 0;
	case 0x8e:			/* mov to a segment register */
	case 0x9a:			/* far call */
	case 0xca ... 0xcf:		/* far ret, int3, int, into, iret */
	case 0xea:			/* far jmp */
	case 0xf1:			/* int1 */
	case 0xf4:			/* hlt */
		return -EINVAL;
	}
	return 0;
}

/* Instructions behind the 0x0f escape (two and three byte opcodes). */
static int kprobe_classify_twobyte(struct insn *insn,
				   struct arch_specific_insn *ai)
{
	u8 op = insn->opcode.bytes[1];
	u8 modrm = kprobe_modrm(insn);

	if (insn->opcode.nbytes != 2)
		return 0;		/* 0f 38 / 0f 3a maps: no branches */

	switch (op) {
	case 0x80 ... 0x8f:
		return kprobe_set_branch(insn, ai, KPROBE_EMUL_JCC, op & 0xf);
	case 0x1f:
		kprobe_set_emul(ai, KPROBE_EMUL_NOP);
		return 0;
	case 0x01:
		/* VMX instructions and swapgs cannot run out of line. */
		if (X86_MODRM_MOD(modrm) == 3 &&
		    (X86_MODRM_REG(modrm) == 0 || modrm == 0xf8))
			return -EINVAL;
		return 0;
	case 0x1e:
		/* An indirect branch must still find its endbr64 with IBT. */
		if (IS_ENABLED(CONFIG_X86_KERNEL_IBT) && insn->length == 4 &&
		    is_endbr(get_unaligned((u32 *)insn->kaddr)))
			return -EINVAL;
		return 0;
	case 0x05:			/* syscall */
	case 0x07:			/* sysret */
	case 0x0b:			/* ud2 */
	case 0x34:			/* sysenter */
	case 0x35:			/* sysexit */
	case 0xa1:			/* pop %fs */
	case 0xa9:			/* pop %gs */
	case 0xaa:			/* rsm */
	case 0xb9:			/* ud1 */
	case 0xff:			/* ud0 */
		return -EINVAL;
	}
	return 0;
}

static bool kprobe_boostable_onebyte(struct insn *insn)
{
	u8 op = insn->opcode.bytes[0];
	u8 reg = X86_MODRM_REG(kprobe_modrm(insn));

	/* add, or, adc, sbb, and, sub, xor, cmp in their six forms */
	if (op < 0x40)
		return (op & 7) < 6;

	switch (op) {
	case 0x40 ... 0x4f:		/* inc, dec (REX prefixes on 64-bit) */
	case 0x50 ... 0x5f:		/* push, pop */
	case 0x63:			/* movsxd */
	case 0x68 ... 0x6b:		/* push imm, imul imm */
	case 0x80 ... 0x8d:		/* group 1, test, xchg, mov, lea */
	case 0x90 ... 0x99:		/* xchg, cbw family, cwd family */
	case 0x9e ... 0x9f:		/* sahf, lahf */
	case 0xa0 ... 0xaf:		/* moffs mov, string operations */
	case 0xb0 ... 0xbf:		/* mov imm */
	case 0xc8 ... 0xc9:		/* enter, leave */
	case 0xf5:			/* cmc */
	case 0xf8 ... 0xf9:		/* clc, stc */
	case 0xfc ... 0xfd:		/* cld, std */
		return true;
	case 0x8f:			/* pop r/m */
	case 0xc6 ... 0xc7:		/* mov r/m, imm */
		return reg == 0;
	case 0xc0 ... 0xc1:
	case 0xd0 ... 0xd3:		/* shifts; /6 is reserved */
		return reg != 6;
	case 0xf6 ... 0xf7:		/* group 3; /1 is reserved */
		return reg != 1;
	case 0xfe:			/* inc, dec */
		return reg <= 1;
	case 0xff:			/* inc, dec, push */
		return reg <= 1 || reg == 6;
	}
	return false;
}

static bool kprobe_boostable_twobyte(struct insn *insn)
{
	if (insn->opcode.nbytes != 2)
		return false;

	switch (insn->opcode.bytes[1]) {
	case 0x0d:			/* prefetchw */
	case 0x18 ... 0x1f:		/* prefetch, hint nops */
	case 0x40 ... 0x4f:		/* cmovcc */
	case 0x90 ... 0x9f:		/* setcc */
	case 0xa3 ... 0xa5:		/* bt, shld */
	case 0xab ... 0xad:		/* bts, shrd */
	case 0xaf:			/* imul */
	case 0xb0 ... 0xb1:		/* cmpxchg */
	case 0xb3:			/* btr */
	case 0xb6 ... 0xb8:		/* movzx, popcnt */
	case 0xba ... 0xbf:		/* bt group, btc, bsf, bsr, movsx */
	case 0xc0 ... 0xc1:		/* xadd */
	case 0xc8 ... 0xcf:		/* bswap */
		return true;
	}
	return false;
}

static bool kprobe_boostable(struct insn *insn, unsigned long addr)
{
	/* A fault in a boosted copy would not find its exception fixup. */
	if (search_exception_tables(addr))
		return false;
	if (insn->vex_prefix.nbytes || kprobe_insn_has_prefix(insn, 0x67))
		return false;
	if (insn->opcode.bytes[0] == 0x0f)
		return kprobe_boostable_twobyte(insn);
	return kprobe_boostable_onebyte(insn);
}

/**
 * kprobe_x86_classify() - decide how a probed instruction will be run
 * @insn: the decoded original instruction
 * @addr: where the instruction lives
 * @ainsn: filled with the kind, emulation data and boostable flag
 *
 * Context: process context, kprobe_mutex held.
 * Return: 0, or -EINVAL if the instruction cannot be probed.
 */
int kprobe_x86_classify(struct insn *insn, unsigned long addr,
			struct arch_specific_insn *ainsn)
{
	int ret;

	kprobe_assert_mutex_held();
	if (insn_has_emulate_prefix(insn) || insn_masking_exception(insn) ||
	    insn_is_rex2(insn))
		return -EINVAL;

	ainsn->len = insn->length;
	ainsn->kind = KPROBE_INSN_STEP;
	ainsn->boostable = false;

	/* VEX and EVEX encode no branch or flag instruction. */
	if (insn->vex_prefix.nbytes)
		return 0;

	if (insn->opcode.bytes[0] == 0x0f)
		ret = kprobe_classify_twobyte(insn, ainsn);
	else
		ret = kprobe_classify_onebyte(insn, ainsn);
	if (ret)
		return ret;

	if (ainsn->kind == KPROBE_INSN_STEP)
		ainsn->boostable = kprobe_boostable(insn, addr);
	return 0;
}
