// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of arch/mips/kernel/kprobes/micromips.c (built with it,
 * against stubs/): funcs.S, assembled as microMIPS and linked at
 * TEXT_BASE, is the "kernel text"; table.h (table.py) says what the
 * decoder must make of each instruction.  For every halfword of every
 * function: kprobe_mm_prepare()'s verdict; at a plain instruction, the
 * slot image (the instruction, then the 32-bit break of the step end)
 * and the continuation after it; at a branch, jump or emulated
 * instruction, kprobe_mm_next() for each case: the continuation, with
 * the ISA bit, and the register it writes.  All of it twice: the second
 * time with the break of another site written over every other
 * instruction, which the decoder must see through.
 *
 * Usage: decoder-test FUNCS.BIN
 */
#include <stdio.h>
#include <stdlib.h>
#include <linux/kprobes.h>
#include <asm/ptrace.h>
#include "common.h"

#define TEXT_BASE	0x80001000UL

struct tcase {
	int nreg;
	int reg[2];
	long val[2];
	unsigned long next;
	int wreg;		/* -1: none */
	unsigned long wval;
};

struct tinsn {
	unsigned long addr, func;
	int len;
	const char *text;
	int prep;
	int ncase;
	struct tcase c[2];
};

#define T(addr, func, len, text, prep, ncase, ...) \
	{ addr, func, len, text, prep, ncase, __VA_ARGS__ },

static const struct tinsn table[] = {
#include "table.h"
};

static unsigned char text[4096], orig[4096];
static size_t text_len;

u16 host_read16(unsigned long addr, int *fail)
{
	u16 hw;

	if (addr < TEXT_BASE || addr + 2 > TEXT_BASE + text_len) {
		*fail = 1;
		return 0;
	}
	memcpy(&hw, text + (addr - TEXT_BASE), 2);
	return hw;
}

/* Sites armed in text[], for kprobe_site_lookup(). */
static struct kprobe_site armed[ARRAY_SIZE(table)];
static unsigned int nr_armed;

struct kprobe_site *kprobe_site_lookup(unsigned long addr)
{
	unsigned int i;

	for (i = 0; i < nr_armed; i++)
		if ((unsigned long)armed[i].addr == addr)
			return &armed[i];
	return NULL;
}

/* Write the probes' BREAK16 over every other instruction of table[]. */
static void arm_every_other(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(table); i += 2) {
		struct kprobe_site *site = &armed[nr_armed++];
		unsigned char *p = text + (table[i].addr - TEXT_BASE);
		u16 hw = KPROBE_MM_BP;

		site->addr = (kprobe_opcode_t *)table[i].addr;
		site->ainsn.insn = (u32)(p[0] | p[1] << 8) << 16;
		memcpy(p, &hw, 2);
	}
}

static u16 slot[KPROBE_SLOT_SIZE / 2];
static int slot_filled;

int kprobe_mips_install_slot(struct kprobe_site *site, const void *image)
{
	memcpy(slot, image, sizeof(slot));
	slot_filled = 1;
	site->ainsn.slot = (kprobe_opcode_t *)slot;
	return 0;
}

static int check_cases(const struct tinsn *t, struct kprobe_site *site)
{
	int i, r, bad = 0;

	for (i = 0; i < t->ncase; i++) {
		const struct tcase *c = &t->c[i];
		struct pt_regs regs = { { 0 } };
		unsigned long next;

		for (r = 0; r < c->nreg; r++)
			regs.regs[c->reg[r]] = c->val[r];
		next = kprobe_mm_next(site, &regs);
		if (next != c->next ||
		    (c->wreg >= 0 && regs.regs[c->wreg] != c->wval)) {
			printf("FAIL %lx %-24s case %d: next %lx (want %lx), $%d %lx (want %lx)\n",
			       t->addr, t->text, i, next, c->next, c->wreg,
			       c->wreg >= 0 ? regs.regs[c->wreg] : 0, c->wval);
			bad++;
		}
	}
	return bad;
}

static int check_plain(const struct tinsn *t, struct kprobe_site *site)
{
	struct pt_regs regs = { { 0 } };
	unsigned int n = t->len / 2;

	if (kprobe_mm_next(site, &regs) != ((t->addr + t->len) | 1) ||
	    !slot_filled || site->ainsn.copy_len != t->len ||
	    memcmp(slot, orig + (t->addr - TEXT_BASE), t->len) ||
	    slot[n] != KPROBE_MM_STEP_END_HI ||
	    slot[n + 1] != KPROBE_MM_STEP_END_LO) {
		printf("FAIL %lx %-24s: slot or continuation\n", t->addr, t->text);
		return 1;
	}
	return 0;
}

static int run(int *places, int *evals)
{
	unsigned int i, k;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(table); i++) {
		const struct tinsn *t = &table[i];

		for (k = 0; k < (unsigned int)t->len; k += 2) {
			struct kprobe_site site = {
				.addr = (kprobe_opcode_t *)(t->addr + k),
			};
			int want = k ? -EILSEQ : t->prep;
			int got;

			slot_filled = 0;
			got = kprobe_mm_prepare(&site, t->func);
			(*places)++;
			if (got != want) {
				printf("FAIL %lx+%u %-24s: prepare %d (want %d)\n",
				       t->addr, k, t->text, got, want);
				bad++;
				continue;
			}
			if (got)
				continue;
			if (site.ainsn.kind == KPROBE_MM_PLAIN) {
				bad += check_plain(t, &site);
			} else if (!t->ncase) {
				printf("FAIL %lx %-24s: kind %d, no case\n",
				       t->addr, t->text, site.ainsn.kind);
				bad++;
			}
			bad += check_cases(t, &site);
			*evals += t->ncase;
		}
	}
	return bad;
}

int main(int argc, char **argv)
{
	int places = 0, evals = 0, bad;
	FILE *f;

	f = argc == 2 ? fopen(argv[1], "rb") : NULL;
	if (!f) {
		fprintf(stderr, "usage: decoder-test FUNCS.BIN\n");
		return 2;
	}
	text_len = fread(text, 1, sizeof(text), f);
	fclose(f);
	memcpy(orig, text, text_len);

	bad = run(&places, &evals);
	arm_every_other();
	bad += run(&places, &evals);
	printf("micromips decoder: %d places, %d evaluations, %d failed\n",
	       places, evals, bad);
	return bad ? 1 : 0;
}
