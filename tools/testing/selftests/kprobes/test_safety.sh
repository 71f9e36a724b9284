#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Races between probes and the rest of the kernel (KUnit suite
# kprobes_safety of kprobes_safety_kunit.ko): a handler on a CPU that is
# still coming online outlives no unregister_kprobe(); the first hit of
# an entry probe already knows it is on a function entry; the pending
# calls of a running task are not walked by unwinders; the pages of
# out-of-line copies run and cannot be written (suite kprobes_slot_pages);
# and (suite kprobes_safety_ours) a kretprobe's pool stays within its
# bounds and shrinks once the calls return, faults of interrupts and NMIs
# are not the handlers', and unwinders never read freed instances (both
# suites only on our kprobes).  Then, from user
# space: /proc/PID/stack of a task that keeps entering and leaving a
# kretprobed function, read in a tight loop while the kretprobe comes and
# goes, leaves the kernel log clean (KASAN and lockdep on the debug
# kernel).

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

STACK_SECONDS=8

ktap_print_header
kp_setup
kp_need_modules kprobes_safety_kunit
ktap_set_plan 6
trap 'kp_cleanup; kp_rmmod_quiet kprobes_safety_kunit' EXIT
kp_rmmod_quiet kprobes_safety_kunit
dmesg -C

kp_kunit_insmod kprobes_safety_kunit 2>&1 | sed 's/^/# /'
kp_kunit_suite kprobes_safety
for s in kprobes_slot_pages kprobes_safety_ours; do
	if [ -d $KP_KUNIT/$s ]; then
		kp_kunit_suite $s
	else
		ktap_skip_reason $s "built for a kernel without our kprobes interfaces"
	fi
done
kp_check "rmmod kprobes_safety_kunit" rmmod kprobes_safety_kunit

# stack_reads - a busy opener's stack read over and over while a
# kretprobe on the function it keeps calling is added and removed
stack_reads()
{
	local opener end reads=0 cycles=0

	( while :; do read -r _ </proc/version; done ) &
	opener=$!
	end=$((SECONDS + STACK_SECONDS))
	while [ $SECONDS -lt $end ]; do
		kp_add "r:$KP_GROUP/stk do_sys_openat2" && kp_enable stk ||
			{ kill $opener; return 1; }
		for _ in 1 2 3 4 5 6 7 8; do
			cat /proc/$opener/stack >/dev/null 2>&1
			reads=$((reads + 1))
		done
		kp_disable stk
		echo "-:$KP_GROUP/stk" >>$TRACEFS/kprobe_events || { kill $opener; return 1; }
		cycles=$((cycles + 1))
	done
	kill $opener
	wait $opener 2>/dev/null
	echo "$cycles kretprobe cycles, $reads stack reads"
	[ $cycles -gt 0 ]
}
if [ -r /proc/self/stack ]; then
	loop="/proc/PID/stack of a task in a kretprobed loop"
	kp_check "$loop, while the kretprobe comes and goes" stack_reads
else
	ktap_skip_reason "/proc/PID/stack of a task in a kretprobed loop" \
		"no /proc/PID/stack (CONFIG_STACKTRACE off)"
fi
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
