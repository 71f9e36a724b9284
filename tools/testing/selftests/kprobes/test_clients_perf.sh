#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf, unmodified from the distribution, on our kprobes: perf probe adds
# a probe on a kernel function and one inside it (function+offset), perf
# stat and perf record count exactly the calls a command made, and perf
# probe -d removes both probes again.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"
. "$(dirname "$0")/kprobes_clients_lib.sh"

# write(2) goes through vfs_write once per call.
FUNC=vfs_write
WRITES=40
OFF=

ktap_print_header
kp_setup
kpc_need perf
kpc_setup
trap 'perf probe -q -d "probe:kpc_*" >/dev/null 2>&1; kpc_teardown' EXIT
ktap_set_plan 7

# The first instruction boundary inside FUNC after its entry (which follows
# an endbr64 in kernels built with IBT):
# the kernel accepts a probe only on a boundary, and the instruction after
# the entry runs once per call.
find_offset()
{
	local off

	for off in $(seq $(($(kp_entry $FUNC) + 1)) 24); do
		if kp_add "p:$KP_GROUP/kpc_off $FUNC+$off" >/dev/null 2>&1; then
			echo "-:$KP_GROUP/kpc_off" >>$TRACEFS/kprobe_events
			echo "$off"
			return 0
		fi
	done
	return 1
}
OFF=$(find_offset)

add_probes()
{
	local t0

	t0=$(date +%s%N)
	perf probe -q -a "kpc_entry=$FUNC" || return 1
	kpc_note "perf probe -a $FUNC took $(kpc_ms_since "$t0") ms"
	[ -n "$OFF" ] || { echo "no offset 1-24 of $FUNC is accepted"; return 1; }
	perf probe -q -a "kpc_off=$FUNC+$OFF" || return 1
	kpc_note "perf probe -a $FUNC+$OFF"
	perf probe -l 2>&1 | grep -q 'probe:kpc_entry' ||
		{ echo "perf probe -l:"; perf probe -l; return 1; }
	perf probe -l 2>&1 | grep -q 'probe:kpc_off'
}
kpc_check "perf probe -a $FUNC and $FUNC+offset" add_probes

listed()
{
	expect_eq "$FUNC's entry in the debugfs list" \
		"$(kpc_listed " $FUNC\+$(kp_entry $FUNC) ")" 1 &&
	expect_eq "$FUNC+$(printf '%#x' "$OFF") in the debugfs list" \
		"$(kpc_listed " $FUNC\+$(printf '%#x' "$OFF") ")" 1
}
kp_check "both probes are in the debugfs kprobes list" listed

# perf stat counts only the events of the command it runs.
stat_counts()
{
	local out

	out=$(perf stat -x, -e probe:kpc_entry -e probe:kpc_off -- \
		$KPC_DD if=/dev/zero of=/dev/null bs=1 count=$WRITES status=none 2>&1) ||
		{ echo "$out"; return 1; }
	echo "$out"
	expect_eq "probe:kpc_entry count" \
		"$(echo "$out" | awk -F, '$3 == "probe:kpc_entry" { print $1 }')" $WRITES &&
	expect_eq "probe:kpc_off count" \
		"$(echo "$out" | awk -F, '$3 == "probe:kpc_off" { print $1 }')" $WRITES
}
kpc_check "perf stat counts $WRITES hits on each probe" stat_counts

record_counts()
{
	local data=$KPC_TMP/perf.data

	perf record -q -o $data -e probe:kpc_entry -e probe:kpc_off -- \
		$KPC_DD if=/dev/zero of=/dev/null bs=1 count=$WRITES status=none ||
		return 1
	local events

	events=$(perf script -i $data -F event 2>/dev/null)
	expect_eq "recorded probe:kpc_entry samples" \
		"$(grep -c 'probe:kpc_entry' <<<"$events")" $WRITES &&
	expect_eq "recorded probe:kpc_off samples" \
		"$(grep -c 'probe:kpc_off' <<<"$events")" $WRITES
}
kpc_check "perf record records $WRITES samples of each probe" record_counts

# Outside perf the probes are idle: the kprobe_events copies are disabled.
idle()
{
	local before

	before=$(kp_hits kpc_entry)
	kpc_writes 5
	expect_eq "kprobe_profile hits of kpc_entry" "$(kp_hits kpc_entry)" "$before"
}
kp_check "no hits counted while no perf session uses the probes" idle

delete_probes()
{
	perf probe -q -d probe:kpc_entry -d probe:kpc_off || return 1
	expect_eq "perf probes in kprobe_events" "$(grep -c kpc_ $TRACEFS/kprobe_events)" 0 &&
	expect_eq "$FUNC probes in the debugfs list" "$(kpc_listed " $FUNC\+")" 0
}
kp_check "perf probe -d removes both" delete_probes

kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
