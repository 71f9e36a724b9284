// SPDX-License-Identifier: GPL-2.0
/*
 * A probe-placement fuzzer for test_fuzz.sh.  Each write of "SYMBOL OFFSET"
 * to /sys/module/kprobes_fuzz/parameters/try registers a kprobe at
 * SYMBOL+OFFSET (by name, through the kernel's own lookup), keeps it for
 * about a millisecond while the kernel runs whatever it runs, and
 * unregisters it.  The script picks the pairs at random from
 * /proc/kallsyms, text and data symbols, offsets inside and past the end.
 *
 * Every attempt must end in one of two ways:
 *  - register_kprobe() fails with one of the errors its kernel-doc gives
 *    for a bad place: -EINVAL, -ENOENT or -EILSEQ; or
 *  - it succeeds and the probe is armed at once: the breakpoint (int3,
 *    or BRK on arm64) at its address, or an ftrace call site, or (if
 *    the optimizer already ran) a jump; every hit in that time sees the instruction pointer the
 *    kprobes contract promises (the probe address + 1 on x86, the
 *    probe address on arm64); after unregistering, no breakpoint is
 *    left at the address once the core's reclaim worker ran (within a
 *    second).
 * Anything else counts in "bad" and is logged with the place.  The
 * counters are read-only parameters; "reset" clears them.
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#ifdef CONFIG_ARM64
#include <asm/debug-monitors.h>
#endif

#define KPF_JMP32	0xe9	/* x86: the jump of an optimized probe */

/* Serialises the attempts: one fuzzed probe exists at a time. */
static DEFINE_MUTEX(kpf_lock);

static int kpf_tried, kpf_registered, kpf_int3, kpf_ftrace, kpf_optimized;
static int kpf_einval, kpf_enoent, kpf_eilseq, kpf_bad;
module_param_named(tried, kpf_tried, int, 0444);
module_param_named(registered, kpf_registered, int, 0444);
module_param_named(armed_break, kpf_int3, int, 0444);
module_param_named(armed_ftrace, kpf_ftrace, int, 0444);
module_param_named(armed_optimized, kpf_optimized, int, 0444);
module_param_named(einval, kpf_einval, int, 0444);
module_param_named(enoent, kpf_enoent, int, 0444);
module_param_named(eilseq, kpf_eilseq, int, 0444);
module_param_named(bad, kpf_bad, int, 0444);

/* Hits of the fuzzed probes, and those that saw a wrong address. */
static atomic_t kpf_hits = ATOMIC_INIT(0);
static atomic_t kpf_bad_ip = ATOMIC_INIT(0);

static int kpf_atomic_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(kp->arg));
}

static const struct kernel_param_ops kpf_atomic_ops = {
	.get = kpf_atomic_get,
};
module_param_cb(hits, &kpf_atomic_ops, &kpf_hits, 0444);
module_param_cb(bad_ip, &kpf_atomic_ops, &kpf_bad_ip, 0444);

/*
 * The instruction pointer a pre_handler sees, past the probe address: one
 * byte on x86 (just after the int3), none where the breakpoint leaves it
 * at the probed instruction (arm64).
 */
#define KPF_HIT_IP_PAST	(IS_ENABLED(CONFIG_X86) ? 1 : 0)

/* The address a hit of the current probe last saw instead of that one. */
static unsigned long kpf_wrong_ip;

static int kpf_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&kpf_hits);
	if (instruction_pointer(regs) !=
	    (unsigned long)p->addr + KPF_HIT_IP_PAST) {
		atomic_inc(&kpf_bad_ip);
		WRITE_ONCE(kpf_wrong_ip, instruction_pointer(regs));
	}
	return 0;
}

static void kpf_post(struct kprobe *p, struct pt_regs *regs,
		     unsigned long flags)
{
}

/* Count a failed registration; false if its error is not a documented one. */
static bool kpf_refused(int err)
{
	switch (err) {
	case -EINVAL:
		kpf_einval++;
		return true;
	case -ENOENT:
		kpf_enoent++;
		return true;
	case -EILSEQ:
		kpf_eilseq++;
		return true;
	}
	return false;
}

/*
 * Is the breakpoint kprobes writes at @addr: int3 on x86, BRK with the
 * kprobes immediate on arm64?  An architecture not listed here has no
 * answer, and every probe on it counts as not armed.
 */
static bool kpf_is_break(unsigned long addr)
{
#if defined(CONFIG_X86)
	u8 op;

	return !get_kernel_nofault(op, (u8 *)addr) && op == 0xcc;
#elif defined(CONFIG_ARM64)
	u32 insn;

	return !get_kernel_nofault(insn, (u32 *)addr) &&
	       le32_to_cpu((__force __le32)insn) == BRK64_OPCODE_KPROBES;
#else
	return false;
#endif
}

/* How a registered probe is armed; NULL if it is not. */
static const char *kpf_armed_as(struct kprobe *p)
{
	u8 op;

	if (get_kernel_nofault(op, (u8 *)p->addr))
		return NULL;
	if (kpf_is_break((unsigned long)p->addr)) {
		kpf_int3++;
		return "breakpoint";
	}
	/* The flags may have changed since the byte was read: read them now. */
	if (kprobe_ftrace(p)) {
		kpf_ftrace++;
		return "ftrace";
	}
	if (IS_ENABLED(CONFIG_X86) && kprobe_optimized(p) && op == KPF_JMP32) {
		kpf_optimized++;
		return "optimized";
	}
	return NULL;
}

/*
 * unregister_kprobe() of the last probe at an address may leave the site
 * armed without probes for a moment; the core's reclaim worker restores
 * the code a little later (kernel/kprobes/idle_reclaim.c).  Give it a second.
 */
#define KPF_RECLAIM_WAIT_MS	1000

static bool kpf_int3_gone(unsigned long addr)
{
	unsigned int waited;

	for (waited = 0; waited <= KPF_RECLAIM_WAIT_MS; waited += 5) {
		if (!kpf_is_break(addr))
			return true;
		usleep_range(5000, 6000);
	}
	return false;
}

static void kpf_attempt(const char *sym, unsigned int offset)
{
	struct kprobe *p;
	unsigned long addr;
	u32 flags;
	int ret;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return;
	p->symbol_name = sym;
	p->offset = offset;
	p->pre_handler = kpf_pre;
	/* Every other probe has a post_handler: single-step, no boosting. */
	if (kpf_tried & 1)
		p->post_handler = kpf_post;
	kpf_tried++;

	ret = register_kprobe(p);
	if (ret) {
		if (!kpf_refused(ret)) {
			kpf_bad++;
			pr_err("kprobes_fuzz: %s+%u: register_kprobe() returned %d\n",
			       sym, offset, ret);
		}
		goto out;
	}
	kpf_registered++;
	addr = (unsigned long)p->addr;
	if (!kpf_armed_as(p)) {
		kpf_bad++;
		pr_err("kprobes_fuzz: %s+%u (%pS): registered but not armed (flags %#x)\n",
		       sym, offset, p->addr, p->flags);
	}
	usleep_range(500, 1000);
	flags = p->flags;
	unregister_kprobe(p);
	if (READ_ONCE(kpf_wrong_ip)) {
		pr_err("kprobes_fuzz: %s+%u (%pS, flags %#x): a hit saw ip %pS\n",
		       sym, offset, (void *)addr, flags,
		       (void *)READ_ONCE(kpf_wrong_ip));
		WRITE_ONCE(kpf_wrong_ip, 0);
	}
	if (!kpf_int3_gone(addr)) {
		kpf_bad++;
		pr_err("kprobes_fuzz: %s+%u (%pS): breakpoint left after unregistering\n",
		       sym, offset, (void *)addr);
	}
out:
	kfree(p);
}

/* "try": one attempt at "SYMBOL OFFSET". */
static int kpf_try_set(const char *val, const struct kernel_param *kp)
{
	char sym[KSYM_NAME_LEN];
	unsigned int offset;

	if (sscanf(val, "%511s %u", sym, &offset) != 2)
		return -EINVAL;
	mutex_lock(&kpf_lock);
	kpf_attempt(sym, offset);
	mutex_unlock(&kpf_lock);
	return 0;
}

static const struct kernel_param_ops kpf_try_ops = {
	.set = kpf_try_set,
};
module_param_cb(try, &kpf_try_ops, NULL, 0200);
MODULE_PARM_DESC(try, "register, check and unregister a probe at \"SYMBOL OFFSET\"");

MODULE_DESCRIPTION("Registers kprobes at random places and checks each outcome");
MODULE_LICENSE("GPL");
