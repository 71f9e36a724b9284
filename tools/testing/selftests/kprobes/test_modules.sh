#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Probes and module life cycles, with kprobes_prober.ko (a kprobes client
# driven through its parameters) and kprobes_target.ko (probed functions):
# a module probing its own code unloads cleanly; a probe on another
# module's function is marked [GONE] when that module goes, can still be
# unregistered, and a new probe works once the module is back; a probe on
# the module's __init function fires during init and is refused after; a
# module's NOKPROBE_SYMBOL() functions are blacklisted while it is loaded.
# A probe on the __init function is refused as soon as the module is live,
# even while its init text is still in place (do_init_module() waiting for
# the module's async work): the text is freed right after.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

P=kprobes_prober
T=kprobes_target
PP=/sys/module/$P/parameters

ktap_print_header
kp_setup
kp_need_modules $P $T
ktap_set_plan 23
trap 'kp_cleanup; kp_rmmod_quiet $P $T' EXIT
kp_rmmod_quiet $P $T
dmesg -C

listed()
{
	grep -E "$1" $KP_LIST
}

self_probe()
{
	echo 5 >$PP/self_run || return 1
	expect_eq self_hits "$(kp_param $P self_hits)" 5
}

kp_check "insmod $P (a probe on its own function)" kp_insmod $P
# kpt_prober_self is not traced, so tracefs cannot say where its entry is:
# offset 0, or 4 past an endbr64 in kernels built with IBT.
kp_check "its probe is listed" listed "kpt_prober_self\+0x[04] +\[?$P\]? "
kp_check "its probe fires" self_probe

init_probed()
{
	expect_eq "registering on the __init function" "$(kp_param $P init_reg)" 0 &&
	expect_eq "init_calls of $T" "$(kp_param $T init_calls)" 1 &&
	expect_eq "hits during init" "$(kp_param $P init_hits)" 1 &&
	expect_eq "gone once init was over" "$(kp_param $P init_gone)" 1
}
kp_check "insmod $T" kp_insmod $T
kp_check "a probe on $T's __init function fires during init, then is gone" init_probed
kp_check "a probe on $T's __init function is refused after init" \
	kp_write_fails_with $PP/probe "$T:kpt_target_init_fn" "No such file or directory"

NOKP="kpt_target_nokprobe \\[$T\\]"
kp_check "$T's NOKPROBE_SYMBOL() function is on the blacklist" \
	grep -qP "\t$NOKP\$" $KP_BLACKLIST
kp_check "a probe on it is refused" \
	kp_add_fails_with "p:$KP_GROUP/nokp $T:kpt_target_nokprobe" "Invalid argument"

fires()
{
	echo 3 >/sys/module/$T/parameters/run || return 1
	expect_eq "$T result" "$(kp_param $T result)" 18 &&
	expect_eq "prober hits" "$(kp_param $P hits)" "$1" &&
	expect_eq "kptest/tadd hits" "$(kp_hits tadd)" "$2"
}
probe_target()
{
	echo "$T:kpt_target_mul" >$PP/probe &&
	kp_add "p:$KP_GROUP/tadd $T:kpt_target_add" &&
	kp_enable tadd
}
kp_check "probes on $T's functions by the prober and kprobe_events" probe_target
kp_check "they fire" fires 3 3

gone()
{
	rmmod $T || return 1
	expect_eq "prober's probe gone" "$(kp_param $P gone)" 1 || return 1
	[ "$(grep -c '\[GONE\]' $KP_LIST)" -ge 2 ] ||
		{ echo "fewer than two [GONE] probes in the list:"; cat $KP_LIST; return 1; }
}
kp_check "rmmod $T marks both probes [GONE]" gone
kp_check "$T's blacklist entries went with it" \
	sh -c "! grep -qP '\t$NOKP\$' $KP_BLACKLIST"

unregister_gone()
{
	local before after

	before=$(grep -c '\[GONE\]' $KP_LIST)
	echo - >$PP/probe || return 1
	after=$(grep -c '\[GONE\]' $KP_LIST)
	expect_eq "[GONE] probes after unregistering one" "$after" $((before - 1))
}
kp_check "a [GONE] probe can be unregistered" unregister_gone

kp_check "insmod $T again" kp_insmod $T
# kprobe_events brings its probe back by itself; the prober registers anew.
kp_check "a new probe on the reloaded $T registers" \
	sh -c "echo $T:kpt_target_mul >$PP/probe"
kp_check "both probes fire on the reloaded $T" fires 3 6
kp_check "no [GONE] probe is left" sh -c "! grep -q '\[GONE\]' $KP_LIST"

# held_live_refused PID - $T is being loaded (PID) with its init text held
# past LIVE; a probe on the __init function must then get ENOENT
held_live_refused()
{
	local i

	for i in $(seq 300); do
		[ "$(cat /sys/module/$T/initstate 2>/dev/null)" = live ] && break
		sleep 0.1
	done
	expect_eq "$T initstate" "$(cat /sys/module/$T/initstate 2>/dev/null)" live ||
		return 1
	kill -0 "$1" 2>/dev/null || { echo "insmod finished before the check"; return 1; }
	kp_write_fails_with $PP/probe "$T:kpt_target_init_fn" "No such file or directory"
}
rmmod $T
kp_insmod $T hold_init=1 >/dev/null 2>&1 &
hold_pid=$!
kp_check "a probe on $T's __init function is refused once $T is live, init text still held" \
	held_live_refused $hold_pid
echo 1 >/sys/module/$T/parameters/release_init
wait $hold_pid
hold_rc=$?
# Whatever was registered goes; the init text is freed meanwhile.
echo - >$PP/probe
sleep 0.05
kp_check "$T's held init finishes once released" \
	expect_eq "exit status of insmod $T hold_init=1" $hold_rc 0

kp_cleanup
kp_check "rmmod $P" rmmod $P
kp_check "$P left no probe behind" sh -c "! grep -q kpt_prober_self $KP_LIST"
kp_check "rmmod $T" rmmod $T
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
