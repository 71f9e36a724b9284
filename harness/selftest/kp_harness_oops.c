// SPDX-License-Identifier: GPL-2.0
/*
 * Harness self-test: a module that oopses when loaded, to prove that a
 * kernel crash in the guest is reported as a crash with its text.
 */
#include <linux/module.h>

/* Where the module writes; unmapped unless the loader says otherwise. */
static unsigned long target;
module_param(target, ulong, 0444);
MODULE_PARM_DESC(target, "address to write to (default: 0, which oopses)");

static int __init kp_harness_oops_init(void)
{
	pr_emerg("kp_harness_oops: writing to %#lx on purpose\n", target);
	WRITE_ONCE(*(int *)target, 1);
	return 0;
}
module_init(kp_harness_oops_init);

MODULE_DESCRIPTION("Crash on load, for the kprobes harness self-test");
MODULE_LICENSE("GPL");
