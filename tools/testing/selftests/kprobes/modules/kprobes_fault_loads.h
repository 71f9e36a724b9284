/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The loads the kprobes_fault suite (kprobes_api_fault.c) makes fault,
 * and what it needs to know about their faults.  Each architecture
 * writes them in its kprobes_fault_loads.c (x86's in this directory,
 * another's in the directory of its name).
 *
 * Every load leaves two registers set for the fault_handler: the
 * address of the load and the address after it.  The handler checks the
 * first against the instruction pointer and resumes at the second.
 */
#ifndef _KPROBES_FAULT_LOADS_H
#define _KPROBES_FAULT_LOADS_H

#include <linux/ptrace.h>
#include <linux/types.h>

/* What a fixed-up load "returns", and what kpt_good_addr holds. */
#define KPT_FIXED_UP		0x600dUL
#define KPT_GOOD_WORD		0x5eedUL

/*
 * kpt_fixable_addr: a load from it faults with a trap the kernel lets a
 *	probe's fault_handler fix up (kpt_trap_is_fixable());
 * kpt_unmapped_addr: a load from it is a page fault on an address no
 *	one maps (kpt_trap_is_page_fault());
 * kpt_good_addr: a load from it reads KPT_GOOD_WORD.
 */
extern const unsigned long kpt_fixable_addr;
extern const unsigned long kpt_unmapped_addr;
extern const unsigned long kpt_good_addr;

/*
 * kpt_step_load() loads from @addr at the global label
 * kpt_step_load_insn, for a probe to run that load out of line.  Where
 * kpt_step_load_has_extable is true the load has an exception-table
 * entry: a fault nobody else fixes resumes after it and returns 0.
 */
extern const bool kpt_step_load_has_extable;

/* A load from kpt_fixable_addr with no exception-table entry. */
unsigned long kpt_bad_load(void);
unsigned long kpt_step_load(unsigned long addr);

/* Did the fault hit the load whose registers @regs holds? */
bool kpt_fault_at_load(struct pt_regs *regs);
/* Make the load return KPT_FIXED_UP and resume after it. */
void kpt_fault_skip_load(struct pt_regs *regs);

bool kpt_trap_is_fixable(int trapnr);
bool kpt_trap_is_page_fault(int trapnr);

#endif /* _KPROBES_FAULT_LOADS_H */
