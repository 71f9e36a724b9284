// SPDX-License-Identifier: GPL-2.0
/*
 * Boot test of the microMIPS kprobes port, not part of any make target:
 * a late initcall that puts a kprobe (pre and post handler) on every
 * halfword of kpmm_func and kpmm_jr (../funcs.S), calls them with four
 * inputs and compares the results with those of unprobed calls, then
 * probes each through its function pointer (ISA bit set) and puts a
 * kretprobe on it.  Prints "kpmm: done: PASS" or "FAIL".
 *
 * How it was run (2026-11-27), since no gcc-built microMIPS kernel boots
 * under QEMU 7.2 (README): this file and ../funcs.S (the host test's
 * functions, as kpmm_funcs.S) copied into
 * build/src/patched/arch/mips/kernel/kprobes/ with
 * "obj-y += kpmm_funcs.o kpmm_test.o" added to its Makefile; the
 * .config of `make arches ARCHES=micromips TREES=patched` built with
 * clang 19 and the GNU assembler and linker,
 *   make ARCH=mips LLVM=/usr/lib/llvm-19/bin/ LLVM_IAS=0 \
 *	CROSS_COMPILE=mipsel-linux-gnu- LD=mipsel-linux-gnu-ld vmlinux
 * (clang saves registers with SWP, which QEMU 7.2 runs correctly; ld.lld
 * rejects the kernel's R_MICROMIPS_26_S1 relocations), with two local
 * changes to the base tree that are not ours to make: frame_info_init()
 * returns at once (get_frame_info() reads instructions through a
 * 4-aligned union pointer, clang merges two halfword loads into an
 * unaligned LW16 and the kernel dies), and the blake2s self-test of
 * lib/crypto/blake2s.c is skipped (it fails there and its WARN dies in
 * the same unwinder); booted with
 *   qemu-system-mipsel -M malta -cpu M14Kc -m 256M -kernel vmlinux \
 *	-append "console=ttyS0 panic=-1 oops=panic" -serial stdio
 */
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/printk.h>

long kpmm_func(long a);
long kpmm_jr(long a);

static int kpmm_hits, kpmm_posts, kpmm_rets;
static long kpmm_retval;

static int kpmm_pre(struct kprobe *p, struct pt_regs *regs)
{
	kpmm_hits++;
	return 0;
}

static void kpmm_post(struct kprobe *p, struct pt_regs *regs,
		      unsigned long flags)
{
	kpmm_posts++;
}

static int kpmm_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	kpmm_rets++;
	kpmm_retval = regs->regs[2];
	return 0;
}

static long kpmm_in[] = { 0, 5, -3, 1 };

static int __init kpmm_one(long (*fn)(long), const char *name)
{
	unsigned long start = (unsigned long)fn & ~1UL, size, off;
	long want[ARRAY_SIZE(kpmm_in)];
	int i, ret, bad = 0, ok = 0, refused = 0;
	struct kretprobe rp = { .handler = kpmm_ret };
	struct kprobe kp;

	if (!kallsyms_lookup_size_offset(start, &size, &off))
		return 1;
	for (i = 0; i < ARRAY_SIZE(kpmm_in); i++)
		want[i] = fn(kpmm_in[i]);
	for (off = 0; off < size; off += 2) {
		memset(&kp, 0, sizeof(kp));
		kp.addr = (void *)(start + off);
		kp.pre_handler = kpmm_pre;
		kp.post_handler = kpmm_post;
		ret = register_kprobe(&kp);
		if (ret) {
			pr_info("kpmm: %s+%lu refused %d\n", name, off, ret);
			refused++;
			continue;
		}
		kpmm_hits = 0;
		kpmm_posts = 0;
		for (i = 0; i < ARRAY_SIZE(kpmm_in); i++) {
			long got = fn(kpmm_in[i]);

			if (got != want[i]) {
				pr_err("kpmm: %s+%lu in %ld got %ld want %ld\n",
				       name, off, kpmm_in[i], got, want[i]);
				bad++;
			}
		}
		unregister_kprobe(&kp);
		ok++;
		pr_info("kpmm: %s+%lu hits %d posts %d\n", name, off,
			kpmm_hits, kpmm_posts);
	}
	/* By function pointer, ISA bit and all. */
	memset(&kp, 0, sizeof(kp));
	kp.addr = (void *)fn;
	kp.pre_handler = kpmm_pre;
	kpmm_hits = 0;
	ret = register_kprobe(&kp);
	if (!ret) {
		fn(1);
		pr_info("kpmm: %s by pointer at %px: hits %d\n", name, kp.addr,
			kpmm_hits);
		if (kpmm_hits != 1)
			bad++;
		unregister_kprobe(&kp);
	} else {
		pr_err("kpmm: %s by pointer refused %d\n", name, ret);
		bad++;
	}
	rp.kp.addr = (void *)fn;
	ret = register_kretprobe(&rp);
	if (!ret) {
		for (i = 0; i < ARRAY_SIZE(kpmm_in); i++) {
			long got = fn(kpmm_in[i]);

			if (got != want[i] || kpmm_retval != want[i]) {
				pr_err("kpmm: %s ret in %ld got %ld seen %ld\n",
				       name, kpmm_in[i], got, kpmm_retval);
				bad++;
			}
		}
		unregister_kretprobe(&rp);
		pr_info("kpmm: %s kretprobe %d returns\n", name, kpmm_rets);
		if (kpmm_rets != ARRAY_SIZE(kpmm_in))
			bad++;
		kpmm_rets = 0;
	} else {
		pr_err("kpmm: %s kretprobe refused %d\n", name, ret);
		bad++;
	}
	pr_info("kpmm: %s: %d probed, %d refused, %d bad\n", name, ok,
		refused, bad);
	return bad;
}

static int __init kpmm_test(void)
{
	int bad = kpmm_one(kpmm_func, "kpmm_func") + kpmm_one(kpmm_jr, "kpmm_jr");

	pr_info("kpmm: done: %s\n", bad ? "FAIL" : "PASS");
	return 0;
}
late_initcall(kpmm_test);
