/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on s390.
 *
 * At the entry of a kretprobed call the core saved r14 and put the
 * address of kretprobe_trampoline in it, so the probed function's return
 * lands here with r15 back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  The trampoline
 *
 *  - stores its own address in the r14 slot of the register save area at
 *    the key, where the back-chain unwinder looks for the return address
 *    of the call that just returned (asm/unwind.h resolves it);
 *  - pushes a frame holding a struct pt_regs, back-chained to the key,
 *    and saves every register there (r15 as the key, the PSW with the
 *    current mask and the trampoline's address);
 *  - calls kretprobe_trampoline_handler(regs, key), which runs the
 *    handlers and leaves the real return address in pt_regs' r14 and in
 *    that save area slot (arch_kretprobe_fixup_return());
 *  - reloads the registers from pt_regs, so that handlers may change
 *    them, and returns through r14 as the real return would have.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/nospec-insn.h>
#include <asm/ptrace.h>

#define KRP_FRAME	(STACK_FRAME_OVERHEAD + __PT_SIZE)
#define KRP_REGS	STACK_FRAME_OVERHEAD
#define KRP_GPRS	(KRP_REGS + __PT_GPRS)
#define KRP_PSW		(KRP_REGS + __PT_PSW)

	GEN_BR_THUNK %r14

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
SYM_CODE_START(kretprobe_trampoline)
	stg	%r14,(__SF_GPRS+8*8)(%r15)
	lay	%r15,-KRP_FRAME(%r15)
	stmg	%r0,%r14,KRP_GPRS(%r15)
	lay	%r3,KRP_FRAME(%r15)
	stg	%r3,__SF_BACKCHAIN(%r15)
	stg	%r3,KRP_GPRS+15*8(%r15)
	epsw	%r4,%r5
	risbg	%r5,%r4,0,31,32
	stg	%r5,KRP_PSW(%r15)
	larl	%r1,kretprobe_trampoline
	stg	%r1,KRP_PSW+8(%r15)

	la	%r2,KRP_REGS(%r15)
	brasl	%r14,kretprobe_trampoline_handler

	lmg	%r0,%r14,KRP_GPRS(%r15)
	la	%r15,KRP_FRAME(%r15)
	BR_EX	%r14
SYM_CODE_END(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
