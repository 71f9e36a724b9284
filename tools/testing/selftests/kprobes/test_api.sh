#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kprobes API, through the KUnit suites of kprobes_api_kunit.ko:
# kprobes_api (registration and its errors, handler order and counts,
# redirection, recursion, batches, disabling), kprobes_kretprobe,
# kprobes_kretprobe_tasks and, on our kernels (whose struct kprobe has a
# fault_handler), kprobes_fault and kprobes_jprobe. Probes also go on kprobes_target.ko,
# another module. Then the kernel log must name, once, the probed function
# whose call did not return through the kretprobe trampoline, and the
# debugfs kretprobes file must show a kretprobe's pool and misses by cause.
# Then the cases that need /proc/kallsyms: no probe on kprobes' own
# instruction slots, nor on __pfx_/__cfi_ padding, nor (without kprobes
# on ftrace) as a breakpoint on ftrace's call site.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

SUITES="kprobes_api kprobes_kretprobe kprobes_kretprobe_tasks kprobes_fault kprobes_jprobe"

ktap_print_header
kp_setup
kp_need_modules kprobes_target kprobes_prober kprobes_api_kunit
ktap_set_plan 14
trap 'kp_cleanup; kp_rmmod_quiet kprobes_api_kunit kprobes_prober kprobes_target' EXIT
kp_rmmod_quiet kprobes_api_kunit kprobes_prober kprobes_target
dmesg -C

kp_check "insmod kprobes_target" kp_insmod kprobes_target
kp_kunit_insmod kprobes_api_kunit 2>&1 | sed 's/^/# /'
for s in $SUITES; do
	if [ "$s" = kprobes_fault ] && [ "$(kp_param kprobes_target fault_handler)" = N ]; then
		ktap_skip_reason "$s" "struct kprobe has no fault_handler here"
	elif [ "$s" = kprobes_jprobe ] && [ "$(kp_param kprobes_target fault_handler)" = N ]; then
		ktap_skip_reason "$s" "upstream kernels have no jprobes"
	elif [ "$s" = kprobes_fault ] && [ ! -d "$KP_KUNIT/$s" ]; then
		ktap_skip_reason "$s" "its faults are x86's, not ported to $(uname -m)"
	else
		kp_kunit_suite "$s"
	fi
done
kp_rmmod_quiet kprobes_api_kunit

# kprobes_kretprobe's unreturned case left two calls of kpt_api_abandoned
# behind: one report.
unreturned_once()
{
	local n

	n=$(dmesg | grep -c 'kretprobe on kpt_api_abandoned.*did not return through the trampoline')
	[ "$n" = 1 ] || { echo "$n reports, wanted 1"; dmesg | tail -n 20; return 1; }
}
if [ "$(kp_param kprobes_target fault_handler)" = N ]; then
	ktap_skip_reason "an unreturned kretprobe call is reported once" "not this kernel's message"
else
	kp_check "an unreturned kretprobe call is reported once" unreturned_once
fi

# A kprobe_events return probe with maxactive 2, hit 3 times: the line
# of the kretprobes file shows its cap, its pool and no miss.  Its pool is
# the cap plus the reserve that lets it use per-CPU caches, 9 instances
# per possible CPU (small here: kprobes.rst, "Instances").
kretprobes_file()
{
	local line hits want total f=$DEBUGFS/kprobes/kretprobes

	[ -r $f ] || { echo "no $f"; return 1; }
	kp_add "r2:$KP_GROUP/kret kprobes_target:kpt_target_add" || return 1
	kp_enable kret || return 1
	echo 3 >/sys/module/kprobes_target/parameters/run || return 1
	line=$(grep 'kpt_target_add' $f)
	hits=$(kp_hits kret)
	kp_cleanup
	echo "$line"
	[ "$hits" = 3 ] || { echo "$hits hits, wanted 3"; return 1; }
	total=$((2 + 9 * $(kp_possible_cpus)))
	want="maxactive=2 pending=0 free=$total total=$total missed_cap=0 missed_nomem=0"
	want="$want missed_atomic=0 missed_recursion=0 unreturned=0"
	want="$want kpt_target_add [kprobes_target]"
	[ "$line" = "$want" ]
}
if [ "$(kp_param kprobes_target fault_handler)" = N ]; then
	ktap_skip_reason "the kretprobes debugfs file shows a kretprobe" "not this kernel's file"
else
	kp_check "the kretprobes debugfs file shows a kretprobe" kretprobes_file
fi

# A breakpoint probe (kpt_target_mul is notrace, which kprobe_events
# refuses, so through the prober) makes sure that a slot page exists.
slot_refused()
{
	local slot err want

	echo kprobes_target:kpt_target_mul >/sys/module/kprobes_prober/parameters/probe ||
		return 1
	slot=$(awk '$3 == "kprobe_insn_page" { print $1; exit }' /proc/kallsyms)
	[ -n "$slot" ] || { echo "no kprobe_insn_page in /proc/kallsyms"; return 1; }
	# Upstream finds no symbol there (ENOENT); ours refuses it (EINVAL).
	want="Invalid argument"
	[ "$(kp_param kprobes_target fault_handler)" = N ] && want="No such file or directory"
	if err=$(kp_add "p:$KP_GROUP/slot 0x$slot"); then
		echo "a probe on the slot page at 0x$slot was accepted"
		return 1
	fi
	case $err in
	*"$want"*) return 0 ;;
	*) echo "probe on slot 0x$slot: $err (wanted $want)"; return 1 ;;
	esac
}
kp_check "insmod kprobes_prober" kp_insmod kprobes_prober
kp_check "a probe on an instruction slot page is refused" slot_refused
kp_cleanup

pfx=$(awk '$3 ~ /^__(pfx|cfi)_/ && NF == 3 { print $3; exit }' /proc/kallsyms)
if [ -z "$pfx" ]; then
	ktap_skip_reason "a probe on a __pfx_/__cfi_ symbol is refused" \
		"this kernel has no such symbols"
else
	kp_check "a probe on $pfx is refused" kp_write_fails $TRACEFS/kprobe_events \
		"p:$KP_GROUP/pfx $pfx"
fi
kp_cleanup

# Where kprobes cannot go through ftrace (arm64), the call site ftrace
# patches takes no breakpoint either: -EINVAL.
ftrace_site="a breakpoint probe on ftrace's call site in vfs_read is refused"
if [ $KP_FTRACE_ENTRY = 1 ]; then
	ktap_skip_reason "$ftrace_site" "kprobes go through ftrace there on $(uname -m)"
elif ! off=$(kp_ftrace_off vfs_read); then
	ktap_skip_reason "$ftrace_site" "vfs_read has no ftrace call site in this kernel"
else
	kp_check "$ftrace_site (+$off)" kp_write_fails $TRACEFS/kprobe_events \
		"p:$KP_GROUP/ftsite vfs_read+$off"
fi
kp_cleanup

kp_check "rmmod kprobes_prober kprobes_target" rmmod kprobes_prober kprobes_target
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
