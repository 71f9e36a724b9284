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

N=37
DEPTH=20
WRITES=50
BT_OUT=$KPC_TMP/bpftrace.out
BT_PID=

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

# bt_where - where bpftrace is stuck: its state, kernel wait channel and
# kernel stack, and the probes registered meanwhile
bt_where()
{
	echo "bpftrace $(grep '^State' /proc/$BT_PID/status 2>/dev/null)," \
		"waiting in $(cat /proc/$BT_PID/wchan 2>/dev/null)"
	cat /proc/$BT_PID/stack 2>/dev/null
	echo "kprobes list:"
	cat $KP_LIST
}

# Real seconds bpftrace gets to attach, and to detach after SIGINT.
BT_ATTACH_S=120
BT_DETACH_S=60

# bt_try PROG - one attempt of bt_start
bt_try()
{
	local t0 end

	t0=$(date +%s%N)
	end=$(($(date +%s) + BT_ATTACH_S))
	bpftrace -e "BEGIN { printf(\"@@attached\\n\"); } $1" >$BT_OUT 2>&1 &
	BT_PID=$!
	while [ "$(date +%s)" -lt $end ]; do
		if grep -q '^@@attached' $BT_OUT; then
			kpc_note "attached in $(kpc_ms_since "$t0") ms: $1"
			return 0
		fi
		kill -0 $BT_PID 2>/dev/null || break
		sleep 0.1
	done
	echo "bpftrace did not attach within ${BT_ATTACH_S}s:"
	cat $BT_OUT
	bt_where
	bt_stop
	return 1
}

# bt_start PROG - run bpftrace on PROG in the background and wait (at most
# BT_ATTACH_S: it compiles and loads under emulation) until its probes are
# attached.  bpftrace's start has once stalled for minutes in an otherwise
# passing run; one more attempt follows a stall, whose diagnostics are kept
# as notes of the case.  A stall inside the kernel would stall that too.
bt_start()
{
	bt_try "$1" >$BT_OUT.first 2>&1 && return 0
	sed 's/^/first attempt: /' $BT_OUT.first | while read -r l; do
		kpc_note "$l"
	done
	bt_try "$1"
}

# bt_polling - is bpftrace asleep waiting for events (epoll)?
bt_polling()
{
	case $(cat /proc/$BT_PID/wchan 2>/dev/null) in
	*epoll* | ep_poll*) return 0 ;;
	esac
	return 1
}

# bt_polling_steadily - bpftrace spends 2 s in epoll_wait(), as in its main
# loop (woken every 100 ms), where a lost SIGINT leaves it.  One look is not
# enough: after a SIGINT that did arrive, it drains the events with one more
# short epoll_wait() before it detaches and prints, and a second SIGINT there
# ends it without its maps.
bt_polling_steadily()
{
	local polling=0

	for _ in $(seq 20); do
		bt_polling && polling=$((polling + 1))
		sleep 0.1
	done
	[ $polling -ge 16 ]
}

# bt_runs - how often bpftrace's BPF programs ran and were skipped as
# recursion, summed over all of them
bt_runs()
{
	local f n=0 runs=0 misses=0

	for f in "/proc/$BT_PID"/fdinfo/*; do
		grep -q '^prog_type' "$f" 2>/dev/null || continue
		n=$((n + 1))
		runs=$((runs + $(sed -n 's/^run_cnt:[[:space:]]*//p' "$f")))
		misses=$((misses + $(sed -n 's/^recursion_misses:[[:space:]]*//p' "$f")))
	done
	echo "$n bpf programs ran $runs times, $misses recursion misses"
}

# bt_stop - stop bpftrace (it prints its maps) and wait until it detached
bt_stop()
{
	local t0 end sent rc

	[ -n "$BT_PID" ] || return 0
	t0=$(date +%s%N)
	end=$(($(date +%s) + BT_DETACH_S))
	kill -INT $BT_PID 2>/dev/null
	sent=$(date +%s)
	while kill -0 $BT_PID 2>/dev/null && [ "$(date +%s)" -lt $end ]; do
		sleep 0.1
		# bpftrace 0.17 can take a SIGINT just before it blocks in
		# epoll_wait() and then sleep on (seen under emulation): it
		# exits, printing its maps, on the next one.  Only then:
		# while it detaches many probes it is busy elsewhere, and is
		# left alone.
		if [ $(($(date +%s) - sent)) -ge 5 ] && bt_polling_steadily; then
			kpc_note "SIGINT sent again after 5 s," \
				"in $(cat "/proc/$BT_PID/wchan" 2>/dev/null)"
			kill -INT $BT_PID 2>/dev/null
			sent=$(date +%s)
		fi
	done
	if kill -0 $BT_PID 2>/dev/null; then
		echo "bpftrace did not exit within ${BT_DETACH_S}s of SIGINT:"
		bt_where
		kill -KILL $BT_PID 2>/dev/null
		wait $BT_PID
		BT_PID=
		return 1
	fi
	rc=0
	wait $BT_PID || rc=$?
	kpc_note "detached in $(kpc_ms_since "$t0") ms, exit status $rc"
	BT_PID=
}

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

# bt_map NAME - the value bpftrace printed for the scalar map @NAME
bt_map()
{
	sed -n "s/^@$1: //p" $BT_OUT
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
