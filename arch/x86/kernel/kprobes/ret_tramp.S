/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes.
 *
 * At the entry of a kretprobed call, kernel/kprobes/kretprobe.c saved the
 * return address and wrote the address of kretprobe_trampoline in its
 * place.  The probed function's RET therefore lands here, with the stack
 * pointer one word above that slot ("slot" below).
 *
 * The first instruction puts our own address back into the slot.  From the
 * next instruction on, the frame looks like an ordinary call of
 * kretprobe_trampoline, and its unwind hint says so: an unwinder that
 * walks through it reads the trampoline as the return address and asks
 * kretprobe_find_ret_addr() for the real one.  A struct pt_regs is built
 * under the slot and kretprobe_trampoline_handler(regs, slot) runs the
 * return handlers; it leaves the real return address in the slot.  The
 * registers are then reloaded from pt_regs, so a handler may change them,
 * and the final RET takes the slot.  The flags are not restored: no
 * caller expects them to survive a call.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>
#include <asm/unwind_hints.h>

#include "ptregs.S"

	.text
SYM_CODE_START(kretprobe_trampoline)
	/*
	 * No frame here to describe: an interrupt taken right here is
	 * unwound through its own register frame, whose ip (this address)
	 * the unwinder recovers with the slot just below the saved sp.
	 */
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR		/* reached by RET only */
#ifdef CONFIG_X86_64
	pushq	$kretprobe_trampoline	/* the slot */
	UNWIND_HINT_FUNC

	KPROBE_PUSH_PTREGS

	/*
	 * The stack pointer the caller will see is just above the slot;
	 * pushq %rsp saved the address of the pushed ss, two words lower.
	 */
	addq	$16, pt_regs_sp(%rsp)

	movq	%rsp, %rdi
	leaq	PTREGS_SIZE(%rsp), %rsi
	call	kretprobe_trampoline_handler

	KPROBE_POP_GPRS
	/* Drop orig_ax, ip, cs, flags, sp and ss; the slot is left. */
	addq	$6 * 8, %rsp
#else
	pushl	$kretprobe_trampoline	/* the slot */
	UNWIND_HINT_FUNC

	KPROBE_PUSH_PTREGS

	/* As above: the caller's stack pointer is two words up. */
	addl	$8, PT_OLDESP(%esp)

	/* regparm(3): regs in %eax, the slot's address in %edx. */
	movl	%esp, %eax
	leal	PTREGS_SIZE(%esp), %edx
	call	kretprobe_trampoline_handler

	KPROBE_POP_GPRS
	addl	$6 * 4, %esp
#endif
	RET
SYM_CODE_END(kretprobe_trampoline)
_ASM_NOKPROBE(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules. */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
