/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: no exception-table entries. */
#pragma once
#include <linux/types.h>
static inline const void *search_exception_tables(unsigned long addr)
{
	return NULL;
}
