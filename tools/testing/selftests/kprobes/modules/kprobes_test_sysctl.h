/* SPDX-License-Identifier: GPL-2.0 */
/* The jump-optimization sysctl, written by a test as an administrator would. */
#ifndef _KPROBES_TEST_SYSCTL_H
#define _KPROBES_TEST_SYSCTL_H

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/string.h>

#define KPT_OPT_SYSCTL		"/proc/sys/debug/kprobes-optimization"

/* Write @val to the sysctl's file; 0 or a negative errno. */
static inline int kpt_write_sysctl(const char *val)
{
	size_t len = strlen(val);
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(KPT_OPT_SYSCTL, O_WRONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_write(f, val, len, &pos);
	filp_close(f, NULL);
	if (n < 0)
		return n;
	return n == len ? 0 : -EIO;
}

#endif /* _KPROBES_TEST_SYSCTL_H */
