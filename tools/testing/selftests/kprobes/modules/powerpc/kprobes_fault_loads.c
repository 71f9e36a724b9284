// SPDX-License-Identifier: GPL-2.0
/*
 * 64-bit powerpc's loads for the kprobes_fault suite (see
 * ../kprobes_fault_loads.h).
 *
 * powerpc offers a fault to kprobes first thing in its page fault
 * handler, with the trap number 11, whatever the address.  Both faulting
 * addresses are KPT_KERNEL_HOLE, a linear-mapping address far beyond the
 * guest's memory: a load from it is a data storage interrupt with either
 * MMU, and copy_from_kernel_nofault() takes it (powerpc lets it read
 * kernel addresses only).  A user address would do for the fixable
 * fault, but the kernel's user access protection would complain.
 *
 * powerpc kprobes take a load with an exception-table entry, so the
 * stepped load has one: a fault nobody fixes resumes after it.  The loads
 * keep their address in r9, the address after them in r10 and their
 * result in r11.
 */
#include <linux/compiler.h>
#include <linux/mm.h>

#include "kprobes_fault_loads.h"

#define KPT_KERNEL_HOLE		(PAGE_OFFSET + 0x400000000000UL)

static const unsigned long kpt_good_word = KPT_GOOD_WORD;

const unsigned long kpt_fixable_addr = KPT_KERNEL_HOLE;
const unsigned long kpt_unmapped_addr = KPT_KERNEL_HOLE;
const unsigned long kpt_good_addr = (unsigned long)&kpt_good_word;
const bool kpt_step_load_has_extable = true;

/* The page fault's trap number (do_page_fault() passes it to kprobes). */
#define KPT_PPC_PAGE_FAULT	11

noinline unsigned long kpt_step_load(unsigned long addr)
{
	register unsigned long at asm("r9");
	register unsigned long resume asm("r10");
	register unsigned long val asm("r11") = 0;

	asm volatile("bcl	20, 31, 1f\n"
		     "1:\tmflr	%[at]\n\t"
		     "addi	%[at], %[at], kpt_step_load_insn - 1b\n\t"
		     "addi	%[resume], %[at], 4\n"
		     ".globl	kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n\t"
		     "ld	%[val], 0(%[src])\n"
		     "2:\n\t"
		     ".pushsection __ex_table, \"a\"\n\t"
		     ".balign	4\n\t"
		     ".long	kpt_step_load_insn - .\n\t"
		     ".long	2b - .\n\t"
		     ".popsection\n"
		     : [val] "+r" (val), [at] "=&b" (at),
		       [resume] "=&r" (resume)
		     : [src] "b" (addr)
		     : "lr", "memory");
	return val;
}

noinline unsigned long kpt_bad_load(void)
{
	register unsigned long at asm("r9");
	register unsigned long resume asm("r10");
	register unsigned long val asm("r11") = 0;

	asm volatile("bcl	20, 31, 1f\n"
		     "1:\tmflr	%[at]\n\t"
		     "addi	%[at], %[at], 3f - 1b\n\t"
		     "addi	%[resume], %[at], 4\n"
		     "3:\tld	%[val], 0(%[src])\n"
		     : [val] "+r" (val), [at] "=&b" (at),
		       [resume] "=&r" (resume)
		     : [src] "b" (kpt_fixable_addr)
		     : "lr", "memory");
	return val;
}

bool kpt_fault_at_load(struct pt_regs *regs)
{
	return instruction_pointer(regs) == regs->gpr[9];
}

void kpt_fault_skip_load(struct pt_regs *regs)
{
	regs->gpr[11] = KPT_FIXED_UP;
	regs_set_return_ip(regs, regs->gpr[10]);
}

bool kpt_trap_is_fixable(int trapnr)
{
	return trapnr == KPT_PPC_PAGE_FAULT;
}

bool kpt_trap_is_page_fault(int trapnr)
{
	return trapnr == KPT_PPC_PAGE_FAULT;
}
