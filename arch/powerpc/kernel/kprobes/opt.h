/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What opt.c and opt_entry.S share: the size of the area of kernel text
 * that holds the detour buffers of probes in the kernel itself, and the
 * labels of opt_entry.S.  Safe to include from assembly.
 *
 * A probe's jump is one relative branch, which reaches 32 MB either way.
 * On 64-bit, module text and the pages of the detour pool lie in the
 * vmalloc space, far from the kernel's own text, so the kernel carries
 * this area inside its text for the probes there.
 */
#ifndef _POWERPC_KERNEL_KPROBES_OPT_H
#define _POWERPC_KERNEL_KPROBES_OPT_H

#define KPROBE_PPC_OPT_AREA_SIZE	0x10000

#ifndef __ASSEMBLY__
#include <linux/types.h>

struct kprobe_site;
struct pt_regs;

/* opt_entry.S: the area, and the code every detour branches to. */
extern char kprobe_ppc_opt_area[];
extern char kprobe_ppc_opt_entry[];

/* core.c, called by kprobe_ppc_opt_entry. */
unsigned long kprobe_ppc_opt_hit(struct kprobe_site *site,
				 struct pt_regs *regs);
#endif

#endif /* _POWERPC_KERNEL_KPROBES_OPT_H */
