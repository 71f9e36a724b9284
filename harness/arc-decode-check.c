// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host side of harness/arc-decode-check.py: runs the kprobes decoder of
 * arch/arc/kernel/kprobes/decode.c (built for ARCompact with
 * -DCONFIG_ISA_ARCOMPACT, else for ARCv2) over instructions read from
 * stdin, one a line: "PC UNIT1 UNIT2 UNIT3 UNIT4" in hex, the units
 * being the 16-bit words at PC, PC+2, ... (missing ones 0).  For each it
 * prints "LEN CLASS DELAY TABLE TARGET": TARGET is where a PC-relative
 * branch goes when taken, or "-".
 *
 * Built with stub <linux/types.h> and <asm-generic/kprobes.h> from the
 * script's temporary include directory, which come first in the path.
 */
#include <stdio.h>
#include <string.h>

#include "decode.c"

int main(void)
{
	unsigned int pc, u[4];
	char line[256];

	while (fgets(line, sizeof(line), stdin)) {
		struct kprobe_arc_insn insn;
		struct kprobe_arc_branch br = { 0 };
		struct kprobe_arc_flow f;

		memset(u, 0, sizeof(u));
		if (sscanf(line, "%x %x %x %x %x", &pc, &u[0], &u[1], &u[2],
			   &u[3]) < 2)
			continue;
		kprobe_arc_decode(u[0], u[1], &insn);
		printf("%u %d %d %d ", insn.len, insn.cls, insn.delay,
		       insn.table);
		if (insn.cls != KPROBE_ARC_FLOW) {
			printf("- -\n");
			continue;
		}
		br.len = insn.len;
		if (insn.len == 2) {
			br.word = u[0];
		} else {
			br.word = (u[0] << 16) | u[1];
			br.limm = (u[2] << 16) | u[3];
		}
		/* any delay slot length will do for kprobe_arc_branch_ok() */
		br.dlen = insn.delay ? 2 : 0;
		if (kprobe_arc_parse(&br, &f) && f.rel)
			printf("%x", (pc & ~3u) + (unsigned int)f.off);
		else
			printf("-");
		printf(" %d\n", kprobe_arc_branch_ok(&br));
	}
	return 0;
}
