#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace, unmodified from the distribution, on our kprobes: kprobe and
# kretprobe one-liners count calls made an exact number of times, see
# arguments and return values, take stacks whose first frame is the real
# caller, survive recursion without missing returns, and attach to every
# vfs_* function at once.  Attach and detach times are printed.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"
. "$(dirname "$0")/kprobes_clients_lib.sh"
. "$(dirname "$0")/kprobes_bpftrace_lib.sh"

N=37
DEPTH=20
WRITES=50

ktap_print_header
kp_setup
kpc_need bpftrace
kpc_setup
# Count the runs of BPF programs (run_cnt in their fdinfo), for the notes
# of bt_misses and bt_runs.
BPF_STATS=/proc/sys/kernel/bpf_stats_enabled
BPF_STATS_WAS=$(cat $BPF_STATS 2>/dev/null || true)
[ -z "$BPF_STATS_WAS" ] || echo 1 >$BPF_STATS
trap 'bt_stop; [ -z "$BPF_STATS_WAS" ] || echo $BPF_STATS_WAS >$BPF_STATS; kpc_teardown' EXIT
ktap_set_plan 6

# bt_misses FUNC - note the kretprobe pool line of FUNC and the recursion
# misses of bpftrace's BPF programs, which explain a missing return
bt_misses()
{
	local f counts

	kpc_note "$(grep -w "$1" $DEBUGFS/kprobes/kretprobes)"
	for f in "/proc/$BT_PID"/fdinfo/*; do
		grep -q '^prog_type' "$f" 2>/dev/null || continue
		counts=$(grep -h '^run_cnt\|^recursion_misses' "$f" | tr '\n\t' '  ')
		kpc_note "bpf prog ${f##*/}: $counts"
	done
}

count_args()
{
	bt_start 'kprobe:kpc_target_add { @n = count(); @a = sum(arg0); @b = sum(arg1); }' ||
		return 1
	echo $N >$KPC_PARAMS/add
	bt_stop
	expect_eq "@n" "$(bt_map n)" $N &&
	expect_eq "@a (sum of first arguments)" "$(bt_map a)" $((N * (N - 1) / 2)) &&
	expect_eq "@b (sum of second arguments)" "$(bt_map b)" $((2 * N))
}
kpc_check "kprobe: counts $N calls and sees their arguments" count_args

return_values()
{
	bt_start 'kretprobe:kpc_target_add { @n = count(); @s = sum(retval); }' ||
		return 1
	echo $N >$KPC_PARAMS/add
	bt_stop
	expect_eq "@n" "$(bt_map n)" $N &&
	expect_eq "@s (sum of return values)" "$(bt_map s)" "$(kp_param $KPC add_sum)" &&
	expect_eq "add_sum" "$(kp_param $KPC add_sum)" $((N * (N - 1) / 2 + 2 * N))
}
kpc_check "kretprobe: $N returns and their values" return_values

# One stack, seen 5 times, whose first frame is the caller kpc_add_set.
ret_stack()
{
	local first frames

	bt_start 'kretprobe:kpc_target_add { @[kstack] = count(); }' || return 1
	echo 5 >$KPC_PARAMS/add
	bt_stop
	frames=$(sed -n '/^@\[$/,/^\]: /p' $BT_OUT)
	echo "$frames"
	expect_eq "distinct stacks" "$(grep -c '^@\[$' $BT_OUT)" 1 || return 1
	expect_eq "count of the stack" "$(sed -n 's/^\]: //p' $BT_OUT)" 5 || return 1
	first=$(echo "$frames" | sed -n '2s/^[[:space:]]*//p')
	[[ $first == kpc_add_set+* ]] ||
		{ echo "first frame is '$first', wanted kpc_add_set+..."; return 1; }
	! echo "$frames" | grep -qi trampoline ||
		{ echo "a trampoline shows in the stack"; return 1; }
}
kpc_check "kretprobe: kstack starts at the real caller" ret_stack

# kpc_target_rec recursing DEPTH deep: DEPTH + 1 returns, one per value.
recursion()
{
	local v

	bt_start 'kretprobe:kpc_target_rec { @[retval] = count(); }' || return 1
	echo $DEPTH >$KPC_PARAMS/rec
	bt_misses kpc_target_rec
	bt_stop
	expect_eq "rec_result" "$(kp_param $KPC rec_result)" $DEPTH || return 1
	for v in $(seq 0 $DEPTH); do
		expect_eq "returns of value $v" "$(bt_map "\\[$v\\]")" 1 ||
			{ cat $BT_OUT; return 1; }
	done
}
kpc_check "kretprobe: all $((DEPTH + 1)) returns of a $DEPTH-deep recursion" recursion

# Every vfs_* probe bpftrace attached is in the debugfs list while it runs
# and gone after; kpc_dd's WRITES writes are counted exactly.
wildcard()
{
	local attached listed

	bt_start 'kprobe:vfs_* /comm == "kpc_dd"/ { @[func] = count(); }' || return 1
	attached=$(sed -n 's/^Attaching \([0-9]*\) probes.*/\1/p' $BT_OUT)
	listed=$(kpc_listed ' k +vfs_[^ ]*\+0x[04] ')
	kpc_writes $WRITES
	kpc_note "after the writes: $(bt_runs)"
	bt_stop
	kpc_note "$((attached - 1)) vfs_* probes attached, $listed listed"
	[ "$attached" -gt 10 ] || { cat $BT_OUT; return 1; }
	if ! expect_eq "vfs_* probes in the debugfs list" "$listed" $((attached - 1)) ||
	   ! expect_eq "@[vfs_write]" "$(bt_map '\[vfs_write\]')" $WRITES; then
		sed -n '1,20p;$p' $BT_OUT
		return 1
	fi
	expect_eq "vfs_* probes left after detach" "$(kpc_listed ' k +vfs_')" 0
}
kpc_check "kprobe:vfs_* attaches, counts $WRITES writes exactly, detaches" wildcard

kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
