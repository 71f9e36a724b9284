#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The debug.kprobes_optimization sysctl: reads 0 or 1, takes 0 and 1,
# refuses anything else, and decides whether probes get [OPTIMIZED].

. "$(dirname "$0")/kprobes_lib.sh"

ktap_print_header
kp_setup
if [ ! -e $KP_SYSCTL ]; then
	ktap_skip_all "no $KP_SYSCTL: this kernel does not optimize probes"
	exit "$KSFT_SKIP"
fi
ktap_set_plan 8

kp_check "the sysctl reads 1 by default" test "$(cat $KP_SYSCTL)" = 1
echo 0 >$KP_SYSCTL
kp_check "writing 0 makes it read 0" test "$(cat $KP_SYSCTL)" = 0
echo 1 >$KP_SYSCTL
kp_check "writing 1 makes it read 1" test "$(cat $KP_SYSCTL)" = 1

refused_unchanged()
{
	kp_write_fails $KP_SYSCTL "$1" || return 1
	[ "$(cat $KP_SYSCTL)" = 1 ] || { echo "it reads $(cat $KP_SYSCTL)"; return 1; }
}
for bad in 2 -1 abc; do
	kp_check "writing '$bad' is refused with EINVAL and changes nothing" \
		refused_unchanged "$bad"
done

# Find a probe inside a function body that the optimizer takes: try the
# first offsets of a few functions; the kernel refuses offsets that are
# not instruction boundaries.
wait_flag()
{
	local want=$1 i

	for i in $(seq 50); do
		if grep -qE " $PLACE .*\[OPTIMIZED\]" $KP_LIST; then
			[ "$want" = yes ] && return 0
		else
			[ "$want" = no ] && return 0
		fi
		sleep 0.1
	done
	return 1
}

PLACE=
find_optimized()
{
	local f off

	for f in vfs_read vfs_write do_sys_openat2 ksys_read; do
		for off in $(seq 4 24); do
			kp_add "p:$KP_GROUP/opt $f+$off" >/dev/null 2>&1 || continue
			kp_enable opt
			PLACE="$f+0x$(printf '%x' "$off")"
			wait_flag yes && return 0
			kp_disable opt
			echo "-:$KP_GROUP/opt" >>$TRACEFS/kprobe_events
		done
	done
	echo "no probe at offsets 4-24 of vfs_read, vfs_write, do_sys_openat2, ksys_read got [OPTIMIZED]"
	return 1
}
kp_check "an enabled body probe becomes [OPTIMIZED]" find_optimized
if [ -n "$PLACE" ]; then
	echo 0 >$KP_SYSCTL
	kp_check "writing 0 unoptimizes it ($PLACE)" wait_flag no
else
	ktap_skip_reason "writing 0 unoptimizes it" "no optimized probe was found"
fi

ktap_finished
