// SPDX-License-Identifier: GPL-2.0
/*
 * riscv's loads for the kprobes_fault suite (see ../kprobes_fault_loads.h).
 *
 * riscv offers a kernel fault to kprobes at the start of its page fault
 * handler, before it looks at the address.  Both faulting addresses are
 * KPT_USER_HOLE, below mmap_min_addr, which no task ever maps: a kernel
 * load from it (without SUM) is a load page fault, fixable by a probe's
 * fault_handler like any other.
 *
 * riscv kprobes refuse an instruction with an exception-table entry, so
 * the stepped load has none.  The loads keep their address in t3, the
 * address after them in t4 and their result in t5.
 */
#include <asm/csr.h>

#include "kprobes_fault_loads.h"

#define KPT_USER_HOLE		0x10UL

static const unsigned long kpt_good_word = KPT_GOOD_WORD;

const unsigned long kpt_fixable_addr = KPT_USER_HOLE;
const unsigned long kpt_unmapped_addr = KPT_USER_HOLE;
const unsigned long kpt_good_addr = (unsigned long)&kpt_good_word;
/* See the top: no exception-table entry, so false. */
const bool kpt_step_load_has_extable;

noinline unsigned long kpt_step_load(unsigned long addr)
{
	register unsigned long at asm("t3");
	register unsigned long resume asm("t4");
	register unsigned long val asm("t5") = 0;

	asm volatile("lla	%[at], kpt_step_load_insn\n\t"
		     "lla	%[resume], 2f\n"
		     ".globl	kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n\t"
		     "ld	%[val], 0(%[src])\n"
		     "2:\n"
		     : [val] "+r" (val), [at] "=&r" (at),
		       [resume] "=&r" (resume)
		     : [src] "r" (addr)
		     : "memory");
	return val;
}

/* The stepped load has no exception-table entry here: it serves for both. */
noinline unsigned long kpt_bad_load(void)
{
	return kpt_step_load(kpt_fixable_addr);
}

bool kpt_fault_at_load(struct pt_regs *regs)
{
	return instruction_pointer(regs) == regs->t3;
}

void kpt_fault_skip_load(struct pt_regs *regs)
{
	regs->t5 = KPT_FIXED_UP;
	instruction_pointer_set(regs, regs->t4);
}

/* riscv passes scause as the trap number. */
bool kpt_trap_is_fixable(int trapnr)
{
	return trapnr == EXC_LOAD_PAGE_FAULT;
}

bool kpt_trap_is_page_fault(int trapnr)
{
	return trapnr == EXC_LOAD_PAGE_FAULT;
}
