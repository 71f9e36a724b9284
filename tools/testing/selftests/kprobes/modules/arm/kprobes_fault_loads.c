// SPDX-License-Identifier: GPL-2.0
/*
 * 32-bit arm's loads for the kprobes_fault suite (see
 * ../kprobes_fault_loads.h).
 *
 * arm offers a fault to kprobes at the start of do_page_fault(), which
 * a data abort reaches for a translation fault on a page whose page
 * table exists (and for every translation fault below TASK_SIZE).  The
 * faulting address here is KPT_KERNEL_HOLE, a page of the reserved range
 * beside the vector and stub pages: the vectors' page table covers it,
 * nothing is ever mapped there, and copy_from_kernel_nofault() takes it
 * (arm refuses to let it read user addresses), so the same address serves
 * for the fixable fault and for the page fault.
 *
 * The trap number arm passes is the fault status register of the abort.
 *
 * The stepped load has no exception-table entry.  The loads keep their
 * address in r4, the address after them in r5 and their result in r6.
 */
#include "kprobes_fault_loads.h"

#define KPT_KERNEL_HOLE		0xffff2000UL

static const unsigned long kpt_good_word = KPT_GOOD_WORD;

const unsigned long kpt_fixable_addr = KPT_KERNEL_HOLE;
const unsigned long kpt_unmapped_addr = KPT_KERNEL_HOLE;
const unsigned long kpt_good_addr = (unsigned long)&kpt_good_word;
/* See the top: no exception-table entry, so false. */
const bool kpt_step_load_has_extable;

noinline unsigned long kpt_step_load(unsigned long addr)
{
	register unsigned long at asm("r4");
	register unsigned long resume asm("r5");
	register unsigned long val asm("r6") = 0;

	asm volatile("adr	%[at], 1f\n\t"
		     "adr	%[resume], 2f\n"
		     ".globl	kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n"
		     "1:\tldr	%[val], [%[src]]\n"
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
	return instruction_pointer(regs) == regs->ARM_r4;
}

void kpt_fault_skip_load(struct pt_regs *regs)
{
	regs->ARM_r6 = KPT_FIXED_UP;
	instruction_pointer_set(regs, regs->ARM_r5);
}

/*
 * Is the fault status @fsr that of a translation fault (no valid entry
 * for the address), at whatever level of the page tables?  The long
 * descriptor format (LPAE) has the status in bits 5:0, 0b0001LL for a
 * translation fault at level LL; the short one in bits 10 and 3:0,
 * 0b00101 for a section, 0b00111 for a page.
 */
static bool kpt_is_translation_fault(unsigned int fsr)
{
#ifdef CONFIG_ARM_LPAE
	return (fsr & 0x3c) == 0x04;
#else
	unsigned int fs = (fsr & 0xf) | ((fsr >> 6) & 0x10);

	return fs == 0x05 || fs == 0x07;
#endif
}

bool kpt_trap_is_fixable(int trapnr)
{
	return kpt_is_translation_fault(trapnr);
}

bool kpt_trap_is_page_fault(int trapnr)
{
	return kpt_is_translation_fault(trapnr);
}
