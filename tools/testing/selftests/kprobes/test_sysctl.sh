#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The debug.kprobes_optimization sysctl: reads 0 or 1, takes 0 and 1,
# refuses anything else, and decides whether probes get [OPTIMIZED].  Its
# two files (kprobes-optimization, and kprobes_optimization for sysctl(8)
# users) are one switch, and the exact commands kprobes.rst gives work.

. "$(dirname "$0")/kprobes_lib.sh"

ktap_print_header
kp_setup
if [ ! -e $KP_SYSCTL ]; then
	ktap_skip_all "no $KP_SYSCTL: this kernel does not optimize probes"
	exit "$KSFT_SKIP"
fi
ktap_set_plan 12

kp_check "the sysctl reads 1 by default" test "$(cat $KP_SYSCTL)" = 1
echo 0 >$KP_SYSCTL
kp_check "writing 0 makes it read 0" test "$(cat $KP_SYSCTL)" = 0
echo 1 >$KP_SYSCTL
kp_check "writing 1 makes it read 1" test "$(cat $KP_SYSCTL)" = 1

for bad in 2 -1 abc n; do
	kp_check "writing '$bad' is refused with EINVAL and changes nothing" \
		kp_write_refused $KP_SYSCTL "$bad"
done

ALIAS=/proc/sys/debug/kprobes_optimization
one_switch()
{
	echo 0 >$ALIAS || return 1
	expect_eq "$KP_SYSCTL after writing 0 to $ALIAS" "$(cat $KP_SYSCTL)" 0 || return 1
	echo 1 >$KP_SYSCTL || return 1
	expect_eq "$ALIAS after writing 1 to $KP_SYSCTL" "$(cat $ALIAS)" 1
}
kp_check "kprobes_optimization and kprobes-optimization are one switch" one_switch

# doc_commands NAME - "sysctl NAME=0", "sysctl NAME" and "sysctl NAME=1",
# as Documentation/trace/kprobes.rst prints them
doc_commands()
{
	sysctl "$1=0" >/dev/null || return 1
	expect_eq "sysctl $1" "$(sysctl "$1")" "$1 = 0" || return 1
	sysctl "$1=1" >/dev/null || return 1
	expect_eq "$KP_SYSCTL" "$(cat $KP_SYSCTL)" 1
}
if command -v sysctl >/dev/null; then
	for name in debug.kprobes_optimization debug.kprobes-optimization; do
		kp_check "sysctl $name=0, sysctl $name, sysctl $name=1" \
			doc_commands $name
	done
else
	for name in debug.kprobes_optimization debug.kprobes-optimization; do
		ktap_skip_reason "sysctl $name" "no sysctl(8) here"
	done
fi

# Put one probe inside the body of each of a few functions, at the first
# instruction boundary after the fentry call (the kernel refuses offsets
# that are not boundaries), and wait for the optimizer to take one of them.
# Probes are kept apart so that none sits inside another's jump.
FUNCS="vfs_read vfs_write ksys_read ksys_write do_sys_openat2 kernel_clone"

add_body_probes()
{
	local f off n=0

	for f in $FUNCS; do
		for off in $(seq 5 24); do
			if kp_add "p:$KP_GROUP/o_$f $f+$off" >/dev/null 2>&1; then
				kp_enable "o_$f"
				n=$((n + 1))
				break
			fi
		done
	done
	[ $n -gt 0 ] || { echo "no offset 5-24 of $FUNCS was accepted"; return 1; }
}

# wait_optimized yes|no - up to 30 s for some / no probe to be [OPTIMIZED]
wait_optimized()
{
	local i

	for i in $(seq 300); do
		if grep -q '\[OPTIMIZED\]' $KP_LIST; then
			[ "$1" = yes ] && return 0
		else
			[ "$1" = no ] && return 0
		fi
		sleep 0.1
	done
	echo "after 30 s:"
	cat $KP_LIST
	return 1
}

if add_body_probes; then
	kp_check "an enabled body probe becomes [OPTIMIZED]" wait_optimized yes
	echo 0 >$KP_SYSCTL
	kp_check "writing 0 unoptimizes every probe" wait_optimized no
else
	ktap_test_fail "an enabled body probe becomes [OPTIMIZED]"
	ktap_skip_reason "writing 0 unoptimizes every probe" "no body probe could be placed"
fi

ktap_finished
