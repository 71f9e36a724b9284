#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Usage: sh THIS_SCRIPT COUNT. Prints kps_targets.h for kprobes_scale.c:
# COUNT small noinline functions kps_fn_0 .. kps_fn_<COUNT-1>, kps_fn_i
# returning x * 3 + 1000 + i (a constant that needs 32 bits, so that all
# of them have the same instruction layout), each with its own ftrace
# call site at its entry, and the table kps_fns[] of them all.

set -e

count=${1:-2000}
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
	print "#ifndef KPS_TARGETS_H"
	print "#define KPS_TARGETS_H"
	print ""
	print "#define KPS_NR_FNS " n
	for (i = 0; i < n; i++) {
		print ""
		print "static noinline int kps_fn_" i "(int x)"
		print "{"
		print "\treturn x * 3 + " (1000 + i) ";"
		print "}"
	}
	print ""
	print "static int (*const kps_fns[KPS_NR_FNS])(int) = {"
	for (i = 0; i < n; i++)
		print "\tkps_fn_" i ","
	print "};"
	print ""
	print "#endif /* KPS_TARGETS_H */"
}'
