// SPDX-License-Identifier: GPL-2.0
/*
 * arm64's loads for the kprobes_fault suite (see ../kprobes_fault_loads.h).
 *
 * arm64 offers a kernel fault to kprobes from do_page_fault(), which
 * handles the translation faults of the lower half of the address space
 * (user addresses; the kernel's own unmapped addresses go straight to the
 * exception table).  So both faulting addresses are KPT_USER_HOLE, below
 * mmap_min_addr, which no task ever maps, and the fixable fault is the
 * same data abort as the page fault.
 *
 * arm64 kprobes refuse an instruction with an exception-table entry, so
 * the stepped load has none.  The loads keep their address in x9, the
 * address after them in x10 and their result in x11.
 */
#include <asm/esr.h>

#include "kprobes_fault_loads.h"

#define KPT_USER_HOLE		0x10UL
#define KPT_REG_AT		9
#define KPT_REG_RESUME		10
#define KPT_REG_VAL		11

static const unsigned long kpt_good_word = KPT_GOOD_WORD;

const unsigned long kpt_fixable_addr = KPT_USER_HOLE;
const unsigned long kpt_unmapped_addr = KPT_USER_HOLE;
const unsigned long kpt_good_addr = (unsigned long)&kpt_good_word;
/* See the top: no exception-table entry, so false. */
const bool kpt_step_load_has_extable;

noinline unsigned long kpt_step_load(unsigned long addr)
{
	register unsigned long at asm("x9");
	register unsigned long resume asm("x10");
	register unsigned long val asm("x11") = 0;

	asm volatile("adr	%[at], kpt_step_load_insn\n\t"
		     "adr	%[resume], 2f\n"
		     ".globl	kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n\t"
		     "ldr	%[val], [%[src]]\n"
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
	return instruction_pointer(regs) == regs->regs[KPT_REG_AT];
}

void kpt_fault_skip_load(struct pt_regs *regs)
{
	regs->regs[KPT_REG_VAL] = KPT_FIXED_UP;
	instruction_pointer_set(regs, regs->regs[KPT_REG_RESUME]);
}

/* arm64 passes the ESR as the trap number, truncated to an int. */
static bool kpt_is_kernel_dabt(int trapnr)
{
	return ESR_ELx_EC((unsigned int)trapnr) == ESR_ELx_EC_DABT_CUR;
}

bool kpt_trap_is_fixable(int trapnr)
{
	return kpt_is_kernel_dabt(trapnr);
}

bool kpt_trap_is_page_fault(int trapnr)
{
	return kpt_is_kernel_dabt(trapnr);
}
