#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Running bpftrace from a kselftest under emulation: start it in the
# background and wait until its probes are attached, stop it so that it
# prints its maps, read those, and say where it is stuck when it is.
# Source it after kprobes_clients_lib.sh; the client tests that run
# bpftrace (test_clients_bpftrace.sh, test_clients_failfn.sh) share it.

BT_OUT=$KPC_TMP/bpftrace.out
BT_PID=

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

# bt_try PROG [OPTION...] - one attempt of bt_start
bt_try()
{
	local t0 end

	t0=$(date +%s%N)
	end=$(($(date +%s) + BT_ATTACH_S))
	bpftrace "${@:2}" -e "BEGIN { printf(\"@@attached\\n\"); } $1" \
		>$BT_OUT 2>&1 &
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

# bt_start PROG [OPTION...] - run bpftrace with the OPTIONs on PROG in the
# background and wait (at most BT_ATTACH_S: it compiles and loads under
# emulation) until its probes are attached.  bpftrace's start has once
# stalled for minutes in an otherwise passing run; one more attempt follows
# a stall, whose diagnostics are kept as notes of the case.  A stall inside
# the kernel would stall that too.
bt_start()
{
	bt_try "$@" >$BT_OUT.first 2>&1 && return 0
	sed 's/^/first attempt: /' $BT_OUT.first | while read -r l; do
		kpc_note "$l"
	done
	bt_try "$@"
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

# bt_map NAME - the value bpftrace printed for the scalar map @NAME
bt_map()
{
	sed -n "s/^@$1: //p" $BT_OUT
}
