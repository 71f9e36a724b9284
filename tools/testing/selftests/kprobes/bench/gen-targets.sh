#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Usage: sh THIS_SCRIPT COUNT. Prints kpb_targets.h for kprobes_bench.c.
# It holds COUNT small noinline functions kpb_t0 .. kpb_t<COUNT-1>, each with
# its own body (so none is merged) and its own ftrace site at +0, and the
# table kpb_targets[] that references them all (so none is dropped).

set -e

count=${1:-10000}
case $count in
'' | *[!0-9]*)
	echo "usage: $0 COUNT" >&2
	exit 1
	;;
esac

# The tag is split so that checkpatch does not take it for this script's own.
awk -v n="$count" -v spdx="SPDX-License-Identifier" 'BEGIN {
	print "/* " spdx ": GPL-2.0 */"
	print "/* Generated at build time (" n " targets): do not edit. */"
	print "#ifndef KPB_TARGETS_H"
	print "#define KPB_TARGETS_H"
	for (i = 0; i < n; i++) {
		print ""
		print "static noinline int kpb_t" i "(int x)"
		print "{"
		print "\treturn x * 3 + " i ";"
		print "}"
	}
	print ""
	print "static int (*const kpb_targets[])(int) = {"
	for (i = 0; i < n; i++)
		print "\tkpb_t" i ","
	print "};"
	print ""
	print "#endif /* KPB_TARGETS_H */"
}'
