#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Error injection through our kprobes: fail_function makes a function
# marked ALLOW_ERROR_INJECTION return the error it is given, exactly as
# many times as asked, and the error reaches the process that made the
# call; bpftrace's override() does the same from a BPF program.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"
. "$(dirname "$0")/kprobes_clients_lib.sh"
. "$(dirname "$0")/kprobes_bpftrace_lib.sh"

FF=$DEBUGFS/fail_function
FUNC=kpc_target_fail
TIMES=3

ktap_print_header
kp_setup
if [ ! -d $FF ]; then
	ktap_skip_all "no $FF (CONFIG_FAIL_FUNCTION and CONFIG_FAULT_INJECTION_DEBUG_FS)"
	exit "$KSFT_SKIP"
fi
kpc_setup
trap 'echo "!$FUNC" >$FF/inject 2>/dev/null; kpc_teardown' EXIT
ktap_set_plan 8

# write_error VALUE - the error message of writing VALUE to the fail
# parameter, empty when the write succeeds
write_error()
{
	(echo "$1" >$KPC_PARAMS/fail) 2>&1 | sed 's/.*: //'
}

arm()
{
	echo $FUNC >$FF/inject || return 1
	# retval takes an unsigned 64-bit value: -ENOMEM in two's complement
	printf '%#x\n' -12 >$FF/$FUNC/retval &&
	echo 100 >$FF/probability && echo 1 >$FF/interval &&
	echo $TIMES >$FF/times && echo 0 >$FF/verbose && echo 0 >$FF/space || return 1
	expect_eq "probes on $FUNC in the debugfs list" \
		"$(kpc_listed " $FUNC\+$(kp_entry $FUNC) ")" 1
}
kp_check "fail_function: inject $FUNC with -ENOMEM, $TIMES times" arm

injected()
{
	local i ok

	ok=$(kp_param $KPC fail_ok)
	for i in $(seq $TIMES); do
		expect_eq "error of write $i" "$(write_error 5)" "Cannot allocate memory" ||
			return 1
	done
	expect_eq "calls that succeeded" "$(kp_param $KPC fail_ok)" "$ok"
}
kp_check "the first $TIMES writes fail with ENOMEM" injected

exhausted()
{
	local ok

	ok=$(kp_param $KPC fail_ok)
	expect_eq "error of the next write" "$(write_error 5)" "" &&
	expect_eq "calls that succeeded" "$(kp_param $KPC fail_ok)" $((ok + 5)) &&
	expect_eq "times left" "$(cat $FF/times)" 0
}
kp_check "then the injection is used up and 5 calls succeed" exhausted

removed()
{
	echo "!$FUNC" >$FF/inject || return 1
	echo -1 >$FF/times
	expect_eq "error of a write" "$(write_error 2)" "" &&
	expect_eq "probes on $FUNC in the debugfs list" "$(kpc_listed " $FUNC\+")" 0
}
kp_check "removing the injection removes its probe" removed

refused()
{
	kp_write_fails_with $FF/inject vfs_read "Numerical result out of range" ||
		{ echo "!vfs_read" >$FF/inject; return 1; }
	expect_eq "probes on vfs_read" "$(kpc_listed " vfs_read\+$(kp_entry vfs_read) ")" 0
}
kp_check "a function not marked for error injection is refused (ERANGE)" refused

# bpftrace: override() on a kprobe of the function, -EDOM for each call.
bt_override()
{
	local err edom

	bt_start "kprobe:$FUNC { @n = count(); override(-33); }" --unsafe ||
		return 1
	err=$(write_error 4)
	err="$err/$(write_error 4)"
	bt_stop || return 1
	edom="Numerical argument out of domain"
	expect_eq "errors of two writes" "$err" "$edom/$edom" &&
	expect_eq "@n" "$(bt_map n)" 2 &&
	expect_eq "error of a write after bpftrace exited" "$(write_error 1)" ""
}
if command -v bpftrace >/dev/null; then
	kpc_check "bpftrace override() makes the call fail with EDOM" bt_override
else
	ktap_skip_reason "bpftrace override() makes the call fail with EDOM" \
		"bpftrace is not installed on the host root"
fi

kp_check "no probe is left on $FUNC" sh -c "! grep -q ' $FUNC+' $KP_LIST"
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
