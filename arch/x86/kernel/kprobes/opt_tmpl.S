/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Code template of an optimized probe's detour buffer (layout in common.h).
 *
 * The template never runs where it is assembled: opt.c copies it into each
 * detour buffer and fills in the value of pt_regs->ip (the imm32 of the
 * push at kprobe_opt_tmpl_ip), the site pointer (the immediate of the
 * mov at kprobe_opt_tmpl_site) and the displacement of the call at
 * kprobe_opt_tmpl_call, and turns the nop at kprobe_opt_tmpl_clac into a
 * clac where SMAP is on.  It is therefore plain read-only data, which also
 * keeps objtool from treating it as kernel text.
 *
 * The probed site jumps to kprobe_opt_tmpl_entry, with the stack exactly
 * as the probed code had it.  A struct pt_regs is built below it; flags
 * are saved before anything can change them.  kprobe_x86_opt_hit() returns
 * non-zero if a handler chose where to resume: the branch goes back to the
 * stub at the start, which reloads the registers and returns to
 * pt_regs->ip, stored for it in the slot of pt_regs->ss, just below the
 * original stack.  That return is the one indirect branch of the template:
 * it is assembled as "ret; int3" padded to five bytes at
 * kprobe_opt_tmpl_ret, and opt.c turns it into "jmp x86_return_thunk"
 * where the return-thunk mitigations (retbleed, SRSO, ITS) ask for one,
 * as the BPF JIT does for the code it generates.
 * Otherwise the registers are reloaded and execution falls straight into
 * the copy of the covered instructions: the template is padded at the front
 * so that the copy starts at KPROBE_OPT_COPY_OFFSET, and the usual path
 * takes no jump of its own.
 */
#include <linux/linkage.h>

#include "ptregs.S"

/* Word offsets in struct pt_regs, as built below. */
#ifdef CONFIG_X86_64
#define KPROBE_OPT_IP	(16 * 8)
#define KPROBE_OPT_SP	(19 * 8)
#define KPROBE_OPT_SS	(20 * 8)
#else
#define KPROBE_OPT_IP	(12 * 4)
#define KPROBE_OPT_SP	(15 * 4)
#define KPROBE_OPT_SS	(16 * 4)
#endif

/* The copy of the covered instructions starts here (KPROBE_OPT_COPY_OFFSET). */
#define KPROBE_OPT_COPY	192

	.section .rodata, "a"
	.balign 16
	.globl	kprobe_opt_tmpl
	.globl	kprobe_opt_tmpl_entry
	.globl	kprobe_opt_tmpl_ip
	.globl	kprobe_opt_tmpl_clac
	.globl	kprobe_opt_tmpl_site
	.globl	kprobe_opt_tmpl_call
	.globl	kprobe_opt_tmpl_ret
	.globl	kprobe_opt_tmpl_end
kprobe_opt_tmpl:
	.space	KPROBE_OPT_COPY - (kprobe_opt_tmpl_end - .Lkprobe_opt_moved), 0xcc
.Lkprobe_opt_moved:
#ifdef CONFIG_X86_64
	movq	KPROBE_OPT_IP(%rsp), %rax
	movq	%rax, KPROBE_OPT_SS(%rsp)
	KPROBE_POP_GPRS
	leaq	3 * 8(%rsp), %rsp	/* orig_ax, ip, cs */
	popfq
	leaq	8(%rsp), %rsp		/* sp; ss now holds the new ip */
#else
	movl	KPROBE_OPT_IP(%esp), %eax
	movl	%eax, KPROBE_OPT_SS(%esp)
	KPROBE_POP_GPRS
	leal	3 * 4(%esp), %esp	/* orig_ax, ip, cs */
	popfl
	leal	4(%esp), %esp		/* sp; ss now holds the new ip */
#endif
kprobe_opt_tmpl_ret:
	.byte	0xc3, 0xcc, 0xcc, 0xcc, 0xcc	/* ret, or jmp rel32 from opt.c */
kprobe_opt_tmpl_entry:
	KPROBE_PUSH_PTREGS kprobe_opt_tmpl_ip
kprobe_opt_tmpl_clac:
	.byte	0x0f, 0x1f, 0x00	/* nopl (%eax); clac from opt.c with SMAP */
#ifdef CONFIG_X86_64
	addq	$8, KPROBE_OPT_SP(%rsp)
	movq	%rsp, %rsi
kprobe_opt_tmpl_site:
	movabsq	$0, %rdi
#else
	/* regparm(3): the site in %eax, regs in %edx. */
	addl	$4, KPROBE_OPT_SP(%esp)
	movl	%esp, %edx
kprobe_opt_tmpl_site:
	movl	$0, %eax
#endif
kprobe_opt_tmpl_call:
	.byte	0xe8			/* call rel32, filled in by opt.c */
	.long	0
	testl	%eax, %eax
	jnz	.Lkprobe_opt_moved
	KPROBE_POP_GPRS
#ifdef CONFIG_X86_64
	leaq	3 * 8(%rsp), %rsp	/* orig_ax, ip, cs */
	popfq
	leaq	2 * 8(%rsp), %rsp	/* sp, ss: back to the probed stack */
#else
	leal	3 * 4(%esp), %esp	/* orig_ax, ip, cs */
	popfl
	leal	2 * 4(%esp), %esp	/* sp, ss: back to the probed stack */
#endif
	/* Falls through into the copy, which opt.c writes here. */
kprobe_opt_tmpl_end:
