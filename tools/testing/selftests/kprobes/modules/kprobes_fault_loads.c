// SPDX-License-Identifier: GPL-2.0
/*
 * x86's loads for the kprobes_fault suite (see kprobes_fault_loads.h).
 *
 * The fixable fault is a general protection fault.  On x86-64 a load
 * from a non-canonical address raises it.  32-bit x86 has no such
 * addresses: there the load is an "les" of a far pointer whose selector
 * lies past the end of the GDT.  The page fault is a load from a kernel
 * address never mapped (x86-64: canonical, in the guard hole below the
 * direct map; 32-bit: the hole at the top of the fixmap).
 *
 * The loads keep their address in %ecx/%rcx, the address after them in
 * %edx/%rdx and their result in %eax/%rax.
 */
#include <asm/asm.h>
#include <asm/segment.h>
#include <asm/trapnr.h>

#include "kprobes_fault_loads.h"

#ifdef CONFIG_X86_64
static const unsigned long kpt_good_word = KPT_GOOD_WORD;

const unsigned long kpt_fixable_addr = 0x8000000000000000UL;
const unsigned long kpt_unmapped_addr = 0xffff800000000000UL;
const unsigned long kpt_good_addr = (unsigned long)&kpt_good_word;

#define KPT_LOAD		"mov (%[src]), %[val]"
#define KPT_ADDR(label, reg)	"lea " label "(%%rip), " reg
#else
/*
 * A far pointer: "les" loads the offset into the register and the
 * selector into %es.  The good one names the selector %es holds in the
 * kernel anyway.
 */
struct kpt_far {
	u32 offset;
	u16 selector;
} __packed;

static const struct kpt_far kpt_bad_far = { 0, 0xfff8 };
static const struct kpt_far kpt_good_far = { KPT_GOOD_WORD, __USER_DS };

const unsigned long kpt_fixable_addr = (unsigned long)&kpt_bad_far;
const unsigned long kpt_unmapped_addr = 0xfffff000UL;
const unsigned long kpt_good_addr = (unsigned long)&kpt_good_far;

#define KPT_LOAD		"les (%[src]), %[val]"
#define KPT_ADDR(label, reg)	"mov $" label ", " reg
#endif

const bool kpt_step_load_has_extable = true;

noinline unsigned long kpt_bad_load(void)
{
	unsigned long val = 0, at, resume;

	asm volatile(KPT_ADDR("1f", "%[at]") "\n\t"
		     KPT_ADDR("2f", "%[resume]") "\n"
		     "1:\t" KPT_LOAD "\n"
		     "2:\n"
		     : [val] "+a" (val), [at] "=&c" (at), [resume] "=&d" (resume)
		     : [src] "S" (kpt_fixable_addr)
		     : "memory");
	return val;
}

noinline unsigned long kpt_step_load(unsigned long addr)
{
	unsigned long val = 0, at, resume;

	asm volatile(KPT_ADDR("kpt_step_load_insn", "%[at]") "\n\t"
		     KPT_ADDR("2f", "%[resume]") "\n"
		     ".globl kpt_step_load_insn\n"
		     "kpt_step_load_insn:\n\t"
		     KPT_LOAD "\n"
		     "2:\n"
		     _ASM_EXTABLE(kpt_step_load_insn, 2b)
		     : [val] "+a" (val), [at] "=&c" (at), [resume] "=&d" (resume)
		     : [src] "S" (addr)
		     : "memory");
	return val;
}

bool kpt_fault_at_load(struct pt_regs *regs)
{
	return regs->ip == regs->cx;
}

void kpt_fault_skip_load(struct pt_regs *regs)
{
	regs->ax = KPT_FIXED_UP;
	regs->ip = regs->dx;
}

bool kpt_trap_is_fixable(int trapnr)
{
	return trapnr == X86_TRAP_GP;
}

bool kpt_trap_is_page_fault(int trapnr)
{
	return trapnr == X86_TRAP_PF;
}
