/* SPDX-License-Identifier: GPL-2.0 */
/* kallsyms' view of a test function, to check hand-written code's layout. */
#ifndef _KPROBES_TEST_SYM_H
#define _KPROBES_TEST_SYM_H

#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/string.h>

/* Functions of the .S files start 16-byte aligned, padded with NOPs. */
#define KPT_FUNC_ALIGN	16

/*
 * The size kallsyms gives the function @name at @addr, or 0 if @addr is
 * not where @name starts.  kallsyms measures up to the next symbol, so
 * the alignment padding after the code counts too.
 */
static inline unsigned long kpt_sym_size(void *addr, const char *name)
{
	char sym[KSYM_SYMBOL_LEN], num[24];
	size_t len = strlen(name);
	unsigned long size;

	sprint_symbol(sym, (unsigned long)addr);
	if (strncmp(sym, name, len) || !strstarts(sym + len, "+0x0/0x"))
		return 0;
	strscpy(num, sym + len + strlen("+0x0/0x"), sizeof(num));
	num[strcspn(num, " ")] = '\0';
	if (kstrtoul(num, 16, &size))
		return 0;
	return size;
}

#endif /* _KPROBES_TEST_SYM_H */
