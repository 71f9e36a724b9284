/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the files of kprobes_api_kunit.ko: the probed functions of
 * kprobes_api_funcs.S and helpers that tie a probe's lifetime to a test.
 */
#ifndef _KPROBES_API_H
#define _KPROBES_API_H

#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/kstrtox.h>
#include <linux/string.h>

#include "kprobes_test_arch.h"

/*
 * Layout of kpt_api_add/sub/xor: a copy of the first argument, then the
 * operation, then the return.  On x86 "mov %rdi,%rax" and the ALU op are
 * 3 bytes long, and an endbr64 comes first in kernels built with IBT
 * (ENDBR_INSN_SIZE is 0 otherwise); on arm64 the 4-byte instructions
 * follow a "bti c"; riscv's, 32-bit arm's (ARM state) and powerpc's are 4
 * bytes long from the start.
 */
#if defined(CONFIG_ARM64)
#define KPT_INSN0		4
#define KPT_INSN1		8
#define KPT_INSN2		12
#elif defined(CONFIG_RISCV) || defined(CONFIG_ARM) || defined(CONFIG_PPC)
#define KPT_INSN0		0
#define KPT_INSN1		4
#define KPT_INSN2		8
#else
#define KPT_INSN0		(ENDBR_INSN_SIZE + 0)
#define KPT_INSN1		(ENDBR_INSN_SIZE + 3)
#define KPT_INSN2		(ENDBR_INSN_SIZE + 6)
#endif

/*
 * Registering a registered probe again by address is refused; upstream
 * also WARNs about it, which a clean kernel log cannot have.
 */
#ifdef KPROBES_TEST_UPSTREAM
#define KPT_REREG_BY_ADDR	false
#else
#define KPT_REREG_BY_ADDR	true
#endif

/*
 * The handlers of several probes on one address run in registration
 * order; upstream runs them newest first.
 */
#ifdef KPROBES_TEST_UPSTREAM
#define KPT_NEWEST_FIRST	true
#else
#define KPT_NEWEST_FIRST	false
#endif

/* Another module, loaded by the test script before this one. */
#define KPT_TARGET		"kprobes_target"

long kpt_api_add(long a, long b);
long kpt_api_sub(long a, long b);
long kpt_api_xor(long a, long b);
long kpt_api_depth(long n);
long kpt_api_wrap_escape(long v);
long kpt_api_escape(long v);
long kpt_api_abandoned(long v);

/*
 * Address @off bytes into the function @fn.  Computed at run time: a
 * constant "fn + off" would be a pointer into the middle of a function,
 * which objtool warns about in kernels built with IBT.
 */
static inline kprobe_opcode_t *kpt_at(long (*fn)(long, long), unsigned int off)
{
	unsigned long addr = (unsigned long)fn;

	OPTIMIZER_HIDE_VAR(addr);
	return (kprobe_opcode_t *)(addr + off);
}

/*
 * The function a probe registered on its entry sits in, to call it:
 * kprobes may have moved the probe past the function's first words (the
 * endbr64 of kernels built with IBT; on powerpc the global entry and the
 * "mflr r0" before ftrace's call site), which a call must not skip.
 * Found from the probe's address through kallsyms, as the function may
 * be another module's.
 */
static inline void *kpt_probed_func(const struct kprobe *kp)
{
	char sym[KSYM_SYMBOL_LEN], *off, *end;
	unsigned long skip;

	sprint_symbol(sym, (unsigned long)kp->addr);
	off = strchr(sym, '+');
	end = off ? strchr(off, '/') : NULL;
	if (!end)
		return kp->addr;
	*end = '\0';
	if (kstrtoul(off + 1, 16, &skip))
		return kp->addr;
	return (void *)((unsigned long)kp->addr - skip);
}

/*
 * Is @addr the kretprobe trampoline (its first byte, the return address
 * a probed call was given)?  Told by its name, ours or upstream's, at
 * offset 0: is_kretprobe_trampoline() needs the trampoline's symbol,
 * which only x86 exports to modules.
 */
static inline bool kpt_is_trampoline(unsigned long addr)
{
	char name[KSYM_SYMBOL_LEN];

	sprint_symbol(name, addr);
	return str_has_prefix(name, "kretprobe_trampoline+0x0/") ||
	       str_has_prefix(name, "__kretprobe_trampoline+0x0/");
}

int kpt_register(struct kunit *test, struct kprobe *kp);
void kpt_unregister(struct kunit *test, struct kprobe *kp);
int kpt_register_ret(struct kunit *test, struct kretprobe *rp);
void kpt_unregister_ret(struct kunit *test, struct kretprobe *rp);

#endif /* _KPROBES_API_H */
