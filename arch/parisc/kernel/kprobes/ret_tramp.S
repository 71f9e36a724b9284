/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return trampoline of kretprobes on PA-RISC.
 *
 * At the entry of a kretprobed call the core saved rp and put the address
 * of kretprobe_trampoline in it, so the probed function's return lands
 * here with sp back at its value on entry, which is the call's key
 * (arch_kretprobe_frame()).  The stack grows upwards: the trampoline puts
 * a struct pt_regs at the key and its own frame above it, saves every
 * register there (sp as the key, the queue as the trampoline, the PSW
 * system mask in gr[0] as a trap would), calls
 * kretprobe_trampoline_handler(regs, key), which runs the handlers and
 * leaves the real return address in pt_regs' rp
 * (arch_kretprobe_fixup_return()), reloads the registers from pt_regs,
 * so that handlers may change them, and returns through rp as the real
 * return would have.  r1 is the assembler's scratch register; the caller
 * expects nothing of it after a call.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembly.h>

	/* Never probed: the core refuses the kprobes text. */
	.section .kprobes.text, "ax"
	.align	8
ENTRY_CFI(kretprobe_trampoline, caller, frame=PT_SZ_ALGN)
	copy	%sp, %r1
	/* pt_regs, then a whole frame for the call (frame marker, args). */
	ldo	PT_SZ_ALGN+FRAME_SIZE(%sp), %sp
	STREG	%r2, PT_GR2(%r1)
	STREG	%r3, PT_GR3(%r1)
	STREG	%r4, PT_GR4(%r1)
	STREG	%r5, PT_GR5(%r1)
	STREG	%r6, PT_GR6(%r1)
	STREG	%r7, PT_GR7(%r1)
	STREG	%r8, PT_GR8(%r1)
	STREG	%r9, PT_GR9(%r1)
	STREG	%r10, PT_GR10(%r1)
	STREG	%r11, PT_GR11(%r1)
	STREG	%r12, PT_GR12(%r1)
	STREG	%r13, PT_GR13(%r1)
	STREG	%r14, PT_GR14(%r1)
	STREG	%r15, PT_GR15(%r1)
	STREG	%r16, PT_GR16(%r1)
	STREG	%r17, PT_GR17(%r1)
	STREG	%r18, PT_GR18(%r1)
	STREG	%r19, PT_GR19(%r1)
	STREG	%r20, PT_GR20(%r1)
	STREG	%r21, PT_GR21(%r1)
	STREG	%r22, PT_GR22(%r1)
	STREG	%r23, PT_GR23(%r1)
	STREG	%r24, PT_GR24(%r1)
	STREG	%r25, PT_GR25(%r1)
	STREG	%r26, PT_GR26(%r1)
	STREG	%r27, PT_GR27(%r1)
	STREG	%r28, PT_GR28(%r1)
	STREG	%r29, PT_GR29(%r1)
	STREG	%r31, PT_GR31(%r1)
	STREG	%r1, PT_GR30(%r1)
	mfctl	%cr11, %r26
	STREG	%r26, PT_SAR(%r1)
	ssm	0, %r26
	STREG	%r26, PT_PSW(%r1)
	load32	kretprobe_trampoline, %r26
	STREG	%r26, PT_IAOQ0(%r1)
	ldo	4(%r26), %r26
	STREG	%r26, PT_IAOQ1(%r1)

	/* r3 keeps pt_regs across the call; it is in pt_regs already. */
	copy	%r1, %r3
	copy	%r1, %r26
	copy	%r1, %r25
	load32	kretprobe_trampoline_handler, %r22
	load32	.Lkrp_back, %r2
#ifdef CONFIG_64BIT
	loadgp
	ldo	-16(%sp), %r29
	bve	(%r22)
#else
	bv	%r0(%r22)
#endif
	nop
.Lkrp_back:
	copy	%r3, %r1
	LDREG	PT_SAR(%r1), %r2
	mtctl	%r2, %cr11
	LDREG	PT_GR2(%r1), %r2
	LDREG	PT_GR3(%r1), %r3
	LDREG	PT_GR4(%r1), %r4
	LDREG	PT_GR5(%r1), %r5
	LDREG	PT_GR6(%r1), %r6
	LDREG	PT_GR7(%r1), %r7
	LDREG	PT_GR8(%r1), %r8
	LDREG	PT_GR9(%r1), %r9
	LDREG	PT_GR10(%r1), %r10
	LDREG	PT_GR11(%r1), %r11
	LDREG	PT_GR12(%r1), %r12
	LDREG	PT_GR13(%r1), %r13
	LDREG	PT_GR14(%r1), %r14
	LDREG	PT_GR15(%r1), %r15
	LDREG	PT_GR16(%r1), %r16
	LDREG	PT_GR17(%r1), %r17
	LDREG	PT_GR18(%r1), %r18
	LDREG	PT_GR19(%r1), %r19
	LDREG	PT_GR20(%r1), %r20
	LDREG	PT_GR21(%r1), %r21
	LDREG	PT_GR22(%r1), %r22
	LDREG	PT_GR23(%r1), %r23
	LDREG	PT_GR24(%r1), %r24
	LDREG	PT_GR25(%r1), %r25
	LDREG	PT_GR26(%r1), %r26
	LDREG	PT_GR27(%r1), %r27
	LDREG	PT_GR28(%r1), %r28
	LDREG	PT_GR29(%r1), %r29
	LDREG	PT_GR31(%r1), %r31
#ifdef CONFIG_64BIT
	bve	(%r2)
#else
	bv	%r0(%r2)
#endif
	copy	%r1, %sp
ENDPROC_CFI(kretprobe_trampoline)
/* For is_kretprobe_trampoline() in modules (unwinders, tests). */
EXPORT_SYMBOL_GPL(kretprobe_trampoline)
