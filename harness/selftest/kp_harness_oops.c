// SPDX-License-Identifier: GPL-2.0
/*
 * Harness self-test: a module that oopses when loaded, to prove that a
 * kernel crash in the guest is reported as a crash with its text.
 */
#include <linux/module.h>

static int __init kp_harness_oops_init(void)
{
	pr_emerg("kp_harness_oops: crashing on purpose\n");
	BUG();
	return 0;
}
module_init(kp_harness_oops_init);

MODULE_DESCRIPTION("Crash on load, for the kprobes harness self-test");
MODULE_LICENSE("GPL");
