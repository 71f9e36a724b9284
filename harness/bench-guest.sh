#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The guest side of `make bench` (harness/bench.sh passes it as the extra
# script): load the benchmark module, keep its figures in
# /kp-out/bench.txt, add the per-process uprobe figures where the kernel
# has them, and report one KTAP case.  /kp/extra/files/quick
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
# Per-process uprobes (our kernel only): the kselftests' module and user
# program, which the guest payload carries, time a hit of each kind.
mods=/kp/selftests/kprobes/modules
if [ -f $mods/kprobes_pid_uprobe.ko ] && [ -x $mods/kprobes_pid_prog ]; then
	calls=20000
	[ "$quick" = Y ] && calls=2000
	if insmod $mods/kprobes_pid_uprobe.ko; then
		$mods/kprobes_pid_prog bench $calls >>$out
		rmmod kprobes_pid_uprobe
	else
		echo "error insmod kprobes_pid_uprobe failed" >>$out
	fi
fi
if grep -qx done $out && ! grep -q '^error' $out; then
	echo "ok 1 kprobes_bench"
else
	echo "not ok 1 kprobes_bench # $(grep -m1 '^error' $out)"
fi
