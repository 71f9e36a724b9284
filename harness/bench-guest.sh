#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The guest side of `make bench` (harness/bench.sh passes it as the extra
# script): load the benchmark module, keep its figures in
# /kp-out/bench.txt, and report one KTAP case.  /kp/extra/files/quick
# holds the module's quick= value (Y or N).
files=/kp/extra/files
quick=$(cat $files/quick 2>/dev/null || echo N)
out=/kp-out/bench.txt

echo "KTAP version 1"
echo "1..1"
dmesg -C
if ! insmod $files/kprobes_bench.ko quick="$quick"; then
	echo "not ok 1 kprobes_bench # insmod failed"
	exit 0
fi
dmesg | sed -n 's/.*kpbench: //p' >$out
rmmod kprobes_bench
# Second pass: the int3 path without jump optimization (hit.int3_boost).
opt=/proc/sys/debug/kprobes-optimization
saved=$(cat $opt 2>/dev/null)
[ -n "$saved" ] && echo 0 >$opt
dmesg -C
if insmod $files/kprobes_bench.ko quick="$quick" boost_only=1; then
	dmesg | sed -n 's/.*kpbench: //p' | grep -vx done >>$out
	rmmod kprobes_bench
else
	echo "error insmod boost_only=1 failed" >>$out
fi
[ -n "$saved" ] && echo "$saved" >$opt
if grep -qx done $out && ! grep -q '^error' $out; then
	echo "ok 1 kprobes_bench"
else
	echo "not ok 1 kprobes_bench # $(grep -m1 '^error' $out)"
fi
