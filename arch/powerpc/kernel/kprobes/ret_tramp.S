/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampolines of powerpc: kretprobes' and rethook's (the
 * function exit hook of fprobe), which differ only in the C handler they
 * call.
 *
 * At the entry of a hooked call the return address in the link register
 * was saved and replaced by the trampoline's address, so the function's
 * final blr lands here with r1 back at its value on entry, which is the
 * call's key.  The trampoline
 *
 *  - pushes a frame holding a struct pt_regs, back-chained to the key;
 *  - saves every register there (r1 as the key, the nip and link as the
 *    trampoline, the condition, count and fixed-point exception registers,
 *    and the interrupt state: the MSR, and on 64-bit the soft mask);
 *  - stores its own address in the LR save word of the frame at the key,
 *    where a back-chain unwinder looks for the return address of the
 *    call that just returned;
 *  - calls HANDLER(regs, key) with the kernel's TOC (the probed function
 *    may have left a module's in r2), which runs the return handlers and
 *    leaves the real return address in regs->link and in that LR save
 *    word (arch_kretprobe_fixup_return(), arch_rethook_fixup_return());
 *  - reloads the registers from pt_regs, so that handlers may change
 *    them, and branches to the link register, as the real return would
 *    have.  r0 is volatile across a call: the caller expects nothing of it
 *    after the return, yet it too is restored.  On 64-bit, r13 (the paca
 *    of the CPU the task runs on) is left as it is.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/ppc_asm.h>
#include <asm/ptrace.h>

.macro	kp_ppc_ret_tramp name, handler
_GLOBAL(\name)
	PPC_STLU	r1, -SWITCH_FRAME_SIZE(r1)
	SAVE_GPR(0, r1)
	SAVE_GPRS(2, 31, r1)
	addi	r4, r1, SWITCH_FRAME_SIZE
	PPC_STL	r4, GPR1(r1)
#ifdef CONFIG_PPC64
	LOAD_PACA_TOC()
	lbz	r5, PACAIRQSOFTMASK(r13)
	std	r5, SOFTE(r1)
#endif
	LOAD_REG_ADDR(r3, DOTSYM(\name))
	PPC_STL	r3, _NIP(r1)
	PPC_STL	r3, _LINK(r1)
	PPC_STL	r3, PPC_LR_STKOFF(r4)
	mfmsr	r5
	PPC_STL	r5, _MSR(r1)
	mfctr	r5
	PPC_STL	r5, _CTR(r1)
	mfxer	r5
	PPC_STL	r5, _XER(r1)
	mfcr	r5
	PPC_STL	r5, _CCR(r1)

	addi	r3, r1, STACK_INT_FRAME_REGS
	bl	CFUNC(\handler)

	PPC_LL	r0, _LINK(r1)
	mtlr	r0
	PPC_LL	r0, _CTR(r1)
	mtctr	r0
	PPC_LL	r0, _XER(r1)
	mtxer	r0
	PPC_LL	r0, _CCR(r1)
	mtcr	r0
	REST_GPR(0, r1)
#ifdef CONFIG_PPC64
	/*
	 * r13 is not reloaded: it is this CPU's paca, and the task may have
	 * moved to another CPU while the handlers ran.
	 */
	REST_GPRS(2, 12, r1)
	REST_GPRS(14, 31, r1)
#else
	REST_GPRS(2, 31, r1)
#endif
	addi	r1, r1, SWITCH_FRAME_SIZE
	blr
_ASM_NOKPROBE_SYMBOL(\name)
.endm

	.text
#ifdef CONFIG_KRETPROBES
kp_ppc_ret_tramp kretprobe_trampoline, kretprobe_trampoline_handler
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
#endif

#ifdef CONFIG_RETHOOK
kp_ppc_ret_tramp arch_rethook_trampoline, rethook_trampoline_handler
#endif
