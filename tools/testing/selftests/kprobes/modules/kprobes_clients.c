// SPDX-License-Identifier: GPL-2.0
/*
 * Functions for the real-client selftests (test_clients_*.sh) to probe,
 * each called an exact number of times from a parameter write in
 * /sys/module/kprobes_clients/parameters/:
 *
 *  add       write N: kpc_target_add(i, 2) runs for i = 0 .. N-1 (from
 *            kpc_add_set); add_sum then holds the sum of what it returned.
 *  str       write a word: kpc_target_str() gets it as a kernel string
 *            and returns its length, kept in str_len.
 *  rec       write D: kpc_target_rec(D) recurses down to 0, so D + 1
 *            nested calls are pending at the deepest point; it returns D.
 *  fail      write N: kpc_target_fail() runs N times and the write fails
 *            with the first error it returns (it returns 0 unless an error
 *            is injected: it is marked ALLOW_ERROR_INJECTION); fail_ok
 *            counts the calls that returned 0.
 *
 * Nothing here is exported; the clients find the functions by name.
 */
#include <linux/compiler.h>
#include <linux/error-injection.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

static long kpc_add_sum;
module_param_named(add_sum, kpc_add_sum, long, 0444);
MODULE_PARM_DESC(add_sum, "sum of what kpc_target_add returned in the last run");

static int kpc_str_len = -1;
module_param_named(str_len, kpc_str_len, int, 0444);
MODULE_PARM_DESC(str_len, "what kpc_target_str returned last");

static int kpc_rec_result = -1;
module_param_named(rec_result, kpc_rec_result, int, 0444);
MODULE_PARM_DESC(rec_result, "what the outermost kpc_target_rec returned last");

static int kpc_fail_ok;
module_param_named(fail_ok, kpc_fail_ok, int, 0444);
MODULE_PARM_DESC(fail_ok, "calls of kpc_target_fail that returned 0");

/* Stored after each recursive call so that no call becomes a jump. */
static int kpc_rec_sink;

/*
 * The second operand of kpc_target_add, read at run time: with a constant
 * the compiler would call a specialised copy under another name.
 */
static int kpc_add_by = 2;

static noinline int kpc_target_add(int a, int b)
{
	return a + b;
}

static noinline int kpc_target_str(const char *s)
{
	return strlen(s);
}

static noinline int kpc_target_rec(int depth)
{
	int below;

	if (depth <= 0)
		return 0;
	below = kpc_target_rec(depth - 1);
	WRITE_ONCE(kpc_rec_sink, below);
	return below + 1;
}

/* Never set: kpc_target_fail returns an error only when one is injected. */
static int kpc_fail_ret;

/* Succeeds unless fail_function (or a BPF override) says otherwise. */
static noinline int kpc_target_fail(int n)
{
	return READ_ONCE(kpc_fail_ret) * n;
}
ALLOW_ERROR_INJECTION(kpc_target_fail, ERRNO);

static int kpc_add_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	long sum = 0;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		sum += kpc_target_add(i, READ_ONCE(kpc_add_by));
	WRITE_ONCE(kpc_add_sum, sum);
	return 0;
}

static int kpc_str_set(const char *val, const struct kernel_param *kp)
{
	char buf[64];

	strscpy(buf, val, sizeof(buf));
	strim(buf);
	WRITE_ONCE(kpc_str_len, kpc_target_str(buf));
	return 0;
}

static int kpc_rec_set(const char *val, const struct kernel_param *kp)
{
	unsigned int depth;
	int ret;

	ret = kstrtouint(val, 0, &depth);
	if (ret)
		return ret;
	if (depth > 1000)
		return -ERANGE;
	WRITE_ONCE(kpc_rec_result, kpc_target_rec(depth));
	return 0;
}

static int kpc_fail_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		ret = kpc_target_fail(i + 1);
		if (ret)
			return ret;
		kpc_fail_ok++;
	}
	return 0;
}

static const struct kernel_param_ops kpc_add_ops = { .set = kpc_add_set };
static const struct kernel_param_ops kpc_str_ops = { .set = kpc_str_set };
static const struct kernel_param_ops kpc_rec_ops = { .set = kpc_rec_set };
static const struct kernel_param_ops kpc_fail_ops = { .set = kpc_fail_set };
module_param_cb(add, &kpc_add_ops, NULL, 0200);
module_param_cb(str, &kpc_str_ops, NULL, 0200);
module_param_cb(rec, &kpc_rec_ops, NULL, 0200);
module_param_cb(fail, &kpc_fail_ops, NULL, 0200);
MODULE_PARM_DESC(add, "call kpc_target_add this many times");
MODULE_PARM_DESC(str, "pass this word to kpc_target_str");
MODULE_PARM_DESC(rec, "recurse kpc_target_rec this deep");
MODULE_PARM_DESC(fail, "call kpc_target_fail this many times");

MODULE_DESCRIPTION("Functions for the kprobes real-client selftests to probe");
MODULE_LICENSE("GPL");
