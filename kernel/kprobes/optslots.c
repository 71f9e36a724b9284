// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Detour buffers of optimized probes.
 *
 * An optimized site jumps into a buffer of KPROBE_OPT_SLOT_SIZE bytes
 * that saves the registers, calls the probe handlers and runs a copy of
 * the instructions the jump covers.  These buffers are bigger than the
 * single-instruction slots, so they come from a pool of their own
 * (slots.c), whose pages /proc/kallsyms and perf name
 * "kprobe_optinsn_page".
 */
#include <kunit/visibility.h>
#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/mutex.h>

#include "internal.h"

/* Protects the detour pool's page list and the bitmaps of its pages. */
static DEFINE_MUTEX(kprobe_opt_pool_mutex);
static LIST_HEAD(kprobe_opt_pool_pages);
static struct kprobe_slot_pool kprobe_opt_pool = {
	.sym = "kprobe_optinsn_page",
	.slot_size = KPROBE_OPT_SLOT_SIZE,
	.mutex = &kprobe_opt_pool_mutex,
	.pages = &kprobe_opt_pool_pages,
};

static_assert(KPROBE_OPT_SLOT_SIZE % KPROBE_SLOT_ALIGN == 0 &&
	      KPROBE_OPT_SLOT_SIZE <= PAGE_SIZE);

/**
 * kprobe_opt_slot_alloc() - get a detour buffer
 *
 * Context: process context, may sleep.
 * Return: KPROBE_OPT_SLOT_SIZE bytes of executable memory, written with
 * text_poke() only, or NULL when out of memory.
 */
void *kprobe_opt_slot_alloc(void)
{
	return kprobe_slot_pool_alloc(&kprobe_opt_pool);
}
EXPORT_SYMBOL_IF_KUNIT(kprobe_opt_slot_alloc);

/**
 * kprobe_opt_slot_free() - give back a buffer from kprobe_opt_slot_alloc()
 * @slot: the buffer, which no CPU runs in any more; NULL is ignored
 *
 * Context: process context, may sleep.
 */
void kprobe_opt_slot_free(void *slot)
{
	kprobe_slot_pool_free(&kprobe_opt_pool, slot);
}
EXPORT_SYMBOL_IF_KUNIT(kprobe_opt_slot_free);

/**
 * is_kprobe_optinsn_slot() - is @addr inside a detour buffer page?
 * @addr: any address
 *
 * Context: any context, including NMI; takes no lock.
 * Return: true if @addr lies in a page of detour buffers.
 */
bool is_kprobe_optinsn_slot(unsigned long addr)
{
	return kprobe_slot_pool_contains(&kprobe_opt_pool, addr);
}

NOKPROBE_SYMBOL(is_kprobe_optinsn_slot);

/**
 * kprobe_opt_get_kallsym() - describe the @symnum-th detour page
 * @symnum: index of the page, from 0
 * @value: set to the page address
 * @type: set to 't'
 * @sym: set to "kprobe_optinsn_page" (a KSYM_NAME_LEN buffer)
 *
 * Context: process context.
 * Return: 0, or -ERANGE past the last page.
 */
int kprobe_opt_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *sym)
{
	return kprobe_slot_pool_kallsym(&kprobe_opt_pool, &symnum, value, type, sym);
}
