// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Jump optimization on ARM kernels: an ARMED site's probe instruction is
 * replaced by a B into the site's detour buffer (opt_tmpl.S), which calls
 * kprobe_arm_opt_hit() without an exception.
 *
 * The B takes the place of the probed instruction alone, so no CPU can be
 * stopped inside the code it covers: a jump is written as soon as the
 * site is prepared (arch_kprobe_opt_needs_quiesce() is false), breakpoint
 * hits need not be sent to the detour meanwhile (they run the same
 * emulation of the instruction as the detour does), and putting the
 * breakpoint back is one write, after which there is no tail to restore.
 * The writes go through the same queue and stop_machine() batch as the
 * probe instructions (text.c): the architecture lets a CPU run a B that
 * another one rewrites only if the old instruction is a B or a NOP too.
 */
#include <linux/kprobes_arch.h>
#include <linux/kprobes_text.h>
#include <linux/string.h>

#include "core.h"
#include "text.h"

/* The reach of B: a signed 24-bit word offset from the B's address + 8. */
#define KPROBE_ARM_B_MIN	(-0x2000000L)
#define KPROBE_ARM_B_MAX	0x1fffffcL

/* The B at @from that reaches @to, or 0 if @to is out of its reach. */
static u32 kprobe_arm_b(unsigned long from, unsigned long to)
{
	long off = (long)to - (long)(from + 8);

	if (off < KPROBE_ARM_B_MIN || off > KPROBE_ARM_B_MAX)
		return 0;
	return 0xea000000 | (((unsigned long)off >> 2) & 0x00ffffff);
}

/* Build @site's detour buffer from the template. */
static int kprobe_arm_opt_build(struct kprobe_site *site)
{
	size_t size = kprobe_arm_opt_tmpl_end - kprobe_arm_opt_tmpl;
	size_t site_off = kprobe_arm_opt_tmpl_site - kprobe_arm_opt_tmpl;
	size_t addr_off = kprobe_arm_opt_tmpl_addr - kprobe_arm_opt_tmpl;
	u8 image[KPROBE_OPT_SLOT_SIZE];
	unsigned long lit;
	u8 *buf;
	int ret;

	BUILD_BUG_ON(KPROBE_OPT_SLOT_SIZE % 16);
	if (WARN_ON_ONCE(size > KPROBE_OPT_SLOT_SIZE))
		return -EINVAL;
	buf = kprobe_opt_slot_alloc();
	if (!buf)
		return -ENOMEM;
	if (!kprobe_arm_b((unsigned long)site->addr, (unsigned long)buf)) {
		kprobe_opt_slot_free(buf);
		return -ERANGE;
	}
	/* Built aside, then written into the read-only page at once. */
	memcpy(image, kprobe_arm_opt_tmpl, size);
	lit = (unsigned long)site;
	memcpy(image + site_off, &lit, sizeof(lit));
	lit = (unsigned long)site->addr;
	memcpy(image + addr_off, &lit, sizeof(lit));
	ret = kprobe_arm_slot_write(buf, image, size);
	if (ret) {
		kprobe_opt_slot_free(buf);
		return ret;
	}
	site->ainsn.detour = buf;
	return 0;
}

/**
 * arch_kprobe_opt_prepare() - get an ARMED site ready for its jump
 * @site: an ARMED breakpoint site
 *
 * Any instruction the probe instruction may sit on can be emulated from
 * the detour as well; the only refusal is a detour out of B's reach.
 *
 * Context: kprobe_mutex held, may sleep.
 * Return: 0, -ERANGE if the buffer is too far away, -ENOMEM.
 */
int arch_kprobe_opt_prepare(struct kprobe_site *site)
{
	kprobe_assert_mutex_held();
	if (site->ainsn.detour)
		return 0;
	return kprobe_arm_opt_build(site);
}

/**
 * arch_kprobe_opt_write_jump() - queue the B of a prepared site
 * @site: a prepared site
 *
 * Context: cpus_read_lock() and text_mutex held.
 */
void arch_kprobe_opt_write_jump(struct kprobe_site *site)
{
	unsigned long addr = (unsigned long)site->addr;

	kprobe_text_queue(site->addr,
			  kprobe_arm_b(addr, (unsigned long)site->ainsn.detour), 4);
}

/**
 * arch_kprobe_opt_release() - free the detour buffer of @site
 * @site: a site no CPU or task can be running in the detour of
 *
 * Context: process context.
 */
void arch_kprobe_opt_release(struct kprobe_site *site)
{
	if (site->ainsn.detour) {
		kprobe_opt_slot_free(site->ainsn.detour);
		site->ainsn.detour = NULL;
	}
}
