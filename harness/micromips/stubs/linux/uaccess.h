/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: "kernel text" is the test's buffer (decoder-test.c). */
#pragma once
#include <linux/types.h>
u16 host_read16(unsigned long addr, int *fail);
#define get_kernel_nofault(dst, src) ({				\
	int __fail = 0;						\
	(dst) = host_read16((unsigned long)(src), &__fail);	\
	__fail; })
