#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Everything at once, for a bounded time (60 s; 600 s when the harness runs
# with LONG=1, or KP_LONG=1): threads call probed functions and check what
# they return, while others add and remove kprobe_events probes and return
# probes on them, enable and disable them, flip debugfs kprobes/enabled and
# the optimization sysctl, unload and reload the module whose functions are
# probed, and take CPU 1 offline and online again.  Afterwards the knobs
# are back, no probe of ours is left, a fresh probe counts exactly, and
# the kernel log has no warning, lockdep, KASAN or kmemleak report.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

T=kprobes_target
TP=/sys/module/$T/parameters
CPU1=/sys/devices/system/cpu/cpu1/online
KMEMLEAK=$DEBUGFS/kmemleak
KP_LONG=${KP_LONG:-$(cat /kp/long 2>/dev/null)}
# The debug kernel (lockdep, KASAN, kmemleak; it has /proc/lockdep) runs
# the workers about 7 times slower: in 60 s its target worker finished
# between 2 and 9 checked runs, too few for the minimum below to tell a
# slow worker from a stuck one, so it gets twice the time.
DURATION=60
[ -e /proc/lockdep ] && DURATION=120
[ "${KP_LONG:-0}" = 1 ] && DURATION=600
W=/tmp/kp-stress-mix

ktap_print_header
kp_setup
kp_need_modules $T
ktap_set_plan 9
PIDS=()
stop_all()
{
	local p

	for p in "${PIDS[@]}"; do
		kill "$p" 2>/dev/null
	done
	wait 2>/dev/null
	PIDS=()
}
trap 'stop_all; [ -w $CPU1 ] && echo 1 >$CPU1; kp_cleanup; kp_rmmod_quiet $T' EXIT
kp_rmmod_quiet $T
rm -rf $W
mkdir -p $W
dmesg -C
[ -w $KMEMLEAK ] && echo clear >$KMEMLEAK

# The sum kpt_run_set computes for N calls with add_by 2 and mul_by 3.
expected_sum()
{
	echo $(($1 * ($1 - 1) / 2 + 2 * $1 + 3 * $1 * ($1 - 1) / 2))
}

# bump NAME - count an event of this worker in $W/NAME
bump()
{
	echo x >>"$W/$1"
}

# Calls the probed functions of the target and checks every result; the
# module may be gone for a while.
hit_target()
{
	local n want got gen

	while :; do
		n=$((RANDOM % 50 + 1))
		want=$(expected_sum $n)
		gen=$(generation)
		echo $n >$TP/run 2>/dev/null || continue
		got=$(cat $TP/result 2>/dev/null)
		# An unload or reload in between takes the result away or resets
		# it to 0, which no run computes: no verdict then.
		[ "$(generation)" = "$gen" ] || continue
		case $got in "" | 0) continue ;; esac
		bump target_runs
		[ "$got" = "$want" ] && continue
		bump target_wrong
		echo "run $n: $got, wanted $want" >>$W/wrong
	done
}

# Opens and reads files: do_sys_openat2 and vfs_read, which are probed.
hit_open()
{
	while :; do
		kp_trigger_open 20
		bump opens
	done
}

# Adds probes (entry, body, return, on the module and on the kernel),
# enables, disables and removes them again.
churn_events()
{
	local i off

	while :; do
		i=$((RANDOM % 4))
		off=$((RANDOM % 16 + 1))
		{
			echo "p:$KP_GROUP/e$i $T:kpt_target_add"
			echo "r:$KP_GROUP/r$i $T:kpt_target_mul \$retval"
			echo "p:$KP_GROUP/b$i $T:kpt_target_mul+$off"
			echo "p:$KP_GROUP/o$i vfs_read+$off"
		} | while read -r line; do
			echo "$line" >>$TRACEFS/kprobe_events 2>/dev/null
		done
		echo 1 >$TRACEFS/events/$KP_GROUP/enable 2>/dev/null
		bump churn
		sleep 0.$((RANDOM % 3))
		echo 0 >$TRACEFS/events/$KP_GROUP/e$i/enable 2>/dev/null
		for ev in e$i r$i b$i o$i; do
			echo 0 >$TRACEFS/events/$KP_GROUP/"$ev"/enable 2>/dev/null
			echo "-:$KP_GROUP/$ev" >>$TRACEFS/kprobe_events 2>/dev/null
		done
	done
}

toggle()
{
	local file=$1 name=$2

	while :; do
		echo 0 >"$file" && bump "$name"
		sleep 0.$((RANDOM % 5))
		echo 1 >"$file"
		sleep 0.$((RANDOM % 5 + 2))
	done
}

# generation - changes whenever the target may have been unloaded
generation()
{
	wc -l <$W/unloads 2>/dev/null
}

# Seconds the module stays loaded at least.  A debug kernel (lockdep, KASAN,
# kmemleak) is so slow that the target would hardly ever finish a run
# between two reloads otherwise.
STAY=1
[ -e /proc/lockdep ] && STAY=4

module_cycle()
{
	while :; do
		sleep $((RANDOM % 3 + STAY))
		bump unloads
		rmmod $T 2>/dev/null && bump rmmod
		sleep 0.$((RANDOM % 5))
		kp_insmod $T 2>/dev/null && bump insmod
	done
}

hotplug()
{
	while :; do
		sleep $((RANDOM % 3 + 2))
		echo 0 >$CPU1 && bump offline
		sleep 0.$((RANDOM % 5))
		echo 1 >$CPU1 || bump online_failed
	done
}

kp_check "insmod $T" kp_insmod $T
# The workers' own error messages (a file gone with its module, a probe
# refused at a mid-instruction offset) are expected and not shown.
hit_target 2>/dev/null & PIDS+=($!)
hit_open 2>/dev/null & PIDS+=($!)
churn_events 2>/dev/null & PIDS+=($!)
toggle $KP_ENABLED enabled_off 2>/dev/null & PIDS+=($!)
[ -w $KP_SYSCTL ] && { toggle $KP_SYSCTL sysctl_off 2>/dev/null & PIDS+=($!); }
module_cycle 2>/dev/null & PIDS+=($!)
if [ -w $CPU1 ]; then
	hotplug 2>/dev/null & PIDS+=($!)
else
	ktap_print_msg "no $CPU1: CPU hotplug not exercised"
fi
sleep $DURATION
stop_all
for f in target_runs target_wrong opens churn enabled_off sysctl_off rmmod insmod \
	offline online_failed; do
	ktap_print_msg "$f: $(cat $W/$f 2>/dev/null | wc -l)"
done

# The least each worker must have done.  The debug kernel (lockdep,
# KASAN; it has /proc/lockdep) runs the target program about 7 times
# slower under emulation: 67 runs in 60 s on the default kernel, 9 on the
# debug one, measured.
TARGET_MIN=10
[ -e /proc/lockdep ] && TARGET_MIN=3

counted()
{
	local f min n

	for f in target_runs:$TARGET_MIN opens:10 churn:5 rmmod:2 enabled_off:2; do
		min=${f#*:}
		f=${f%:*}
		n=$(cat "$W/$f" 2>/dev/null | wc -l)
		[ "$n" -gt "$min" ] ||
			{ echo "$f: $n, wanted more than $min"; return 1; }
	done
	if [ -w $CPU1 ]; then
		n=$(cat $W/offline 2>/dev/null | wc -l)
		[ "$n" -gt 2 ] ||
			{ echo "CPU 1 went offline only $n times"; return 1; }
	fi
}
kp_check "every worker made progress in $DURATION s" counted
right()
{
	[ ! -s $W/target_wrong ] || { head -n 5 $W/wrong; return 1; }
}
kp_check "every result of the probed functions was right" right
kp_check "CPU 1 came back online each time" test ! -s $W/online_failed

restored()
{
	echo 1 >$KP_ENABLED
	[ -w $KP_SYSCTL ] && echo 1 >$KP_SYSCTL
	[ -w $CPU1 ] && echo 1 >$CPU1
	kp_loaded $T || kp_insmod $T || return 1
	kp_cleanup
	[ "$(grep -c processor /proc/cpuinfo)" = 2 ] || [ ! -w $CPU1 ] ||
		{ echo "CPUs online: $(grep -c processor /proc/cpuinfo)"; return 1; }
	! grep -E "kpt_target|vfs_read\+0x([1-9a-f])" $KP_LIST ||
		{ echo "probes of ours left in the list"; return 1; }
}
kp_check "knobs restored, no probe of ours left" restored

exact()
{
	local want=40 got

	kp_add "p:$KP_GROUP/final $T:kpt_target_add" && kp_enable final || return 1
	echo $want >$TP/run || return 1
	got=$(kp_hits final)
	[ "$got" = "$want" ] || { echo "final: $got hits, wanted $want"; return 1; }
	[ "$(cat $TP/result)" = "$(expected_sum $want)" ]
}
kp_check "a fresh probe counts exactly 40 hits" exact
kp_check "rmmod $T" rmmod $T

# One line per object kmemleak reports (its report joined with " | ")
# whose allocation backtrace runs through kprobes or kretprobe code.
kprobe_leaks()
{
	awk '/^unreferenced object/ { if (b != "") print b; b = $0; next }
	     { b = b " | " $0 }
	     END { if (b != "") print b }' $KMEMLEAK | grep -Ei 'k(ret)?probe'
}

leaks()
{
	local ours all

	[ -w $KMEMLEAK ] || return 0
	# An object counts as leaked only after two scans found it orphaned.
	echo scan >$KMEMLEAK
	echo scan >$KMEMLEAK
	all=$(grep -c '^unreferenced object' $KMEMLEAK)
	ours=$(kprobe_leaks)
	[ -z "$ours" ] && return 0
	echo "kmemleak: $all unreferenced objects since the start, these allocated by kprobes code:"
	printf '%s\n' "$ours" | head -n 5 | sed 's/ | /\n    /g'
	return 1
}
if [ -w $KMEMLEAK ]; then
	kp_check "kmemleak finds no leak" leaks
else
	ktap_skip_reason "kmemleak finds no leak" \
		"no $KMEMLEAK (CONFIG_DEBUG_KMEMLEAK off in this variant)"
fi
kp_check "the kernel log has no BUG, WARNING, Oops, lockdep or KASAN report" kp_log_clean

ktap_finished
