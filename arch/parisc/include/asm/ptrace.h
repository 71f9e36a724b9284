/* SPDX-License-Identifier: GPL-2.0 */
/* written by Philipp Rumpf, Copyright (C) 1999 SuSE GmbH Nuernberg
** Copyright (C) 2000 Grant Grundler, Hewlett-Packard
*/
#ifndef _PARISC_PTRACE_H
#define _PARISC_PTRACE_H

#include <asm/assembly.h>
#include <uapi/asm/ptrace.h>

#define task_regs(task) ((struct pt_regs *) ((char *)(task) + TASK_REGS))

#define arch_has_single_step()	1
#define arch_has_block_step()	1

/* XXX should we use iaoq[1] or iaoq[0] ? */
#define user_mode(regs)			(((regs)->iaoq[0] & 3) != PRIV_KERNEL)
#define user_space(regs)		((regs)->iasq[1] != PRIV_KERNEL)
#define instruction_pointer(regs)	((regs)->iaoq[0] & ~3)
#define user_stack_pointer(regs)	((regs)->gr[30])
unsigned long profile_pc(struct pt_regs *);

static inline unsigned long regs_return_value(struct pt_regs *regs)
{
	return regs->gr[28];
}

static inline void instruction_pointer_set(struct pt_regs *regs,
						unsigned long val)
{
	regs->iaoq[0] = val;
	regs->iaoq[1] = val + 4;
}

/* Query offset/name of register from its name/offset */
extern int regs_query_register_offset(const char *name);
extern const char *regs_query_register_name(unsigned int offset);
#define MAX_REG_OFFSET (offsetof(struct pt_regs, ipsw))

#define kernel_stack_pointer(regs) ((regs)->gr[30])

static inline unsigned long regs_get_register(struct pt_regs *regs,
					      unsigned int offset)
{
	if (unlikely(offset > MAX_REG_OFFSET))
		return 0;
	return *(unsigned long *)((unsigned long)regs + offset);
}

unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n);
int regs_within_kernel_stack(struct pt_regs *regs, unsigned long addr);

/**
 * regs_get_kernel_argument() - the Nth word-sized argument of a call
 * @regs: registers at the first instruction of the called function
 * @n: argument number, from 0
 *
 * The PA-RISC stack grows upwards and the callee has not yet moved sp
 * past its frame, so the caller's argument words lie below sp, under its
 * 32-byte frame marker.  The 32-bit runtime passes words 0-3 in r26,
 * r25, r24 and r23 and keeps a slot for every word at sp - 36 - 4 * N:
 * the fifth is at sp - 52.  The 64-bit runtime passes eight words in
 * r26 down to r19; its further words are not read here.
 *
 * Return: the argument, or 0 for a word this does not read or one outside
 * the kernel stack.
 */
static inline unsigned long regs_get_kernel_argument(struct pt_regs *regs,
						     unsigned int n)
{
	unsigned long addr;

	if (n < (IS_ENABLED(CONFIG_64BIT) ? 8 : 4))
		return regs->gr[26 - n];
	if (IS_ENABLED(CONFIG_64BIT))
		return 0;
	addr = kernel_stack_pointer(regs) - 36 - 4 * n;
	if (!regs_within_kernel_stack(regs, addr))
		return 0;
	return *(unsigned long *)addr;
}

#endif
