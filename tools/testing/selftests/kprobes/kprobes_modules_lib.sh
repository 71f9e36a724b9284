#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Helpers for the kselftests that load the modules of modules/ (built by
# the harness against the running kernel). Source it after kprobes_lib.sh.

KP_MODULES=$KP_SELFTESTS/modules
KP_KUNIT=$DEBUGFS/kunit

# kp_need_modules NAME... - skip the whole test unless every NAME.ko exists
kp_need_modules()
{
	local m

	for m in "$@"; do
		if [ ! -f "$KP_MODULES/$m.ko" ]; then
			ktap_skip_all "$KP_MODULES/$m.ko was not built"
			exit "$KSFT_SKIP"
		fi
	done
}

# kp_insmod NAME [PARAM=VALUE...] - load modules/NAME.ko
kp_insmod()
{
	local m=$1

	shift
	insmod "$KP_MODULES/$m.ko" "$@"
}

# kp_kunit_insmod NAME [PARAM=VALUE...] - load a KUnit module and run all
# of its suites, whatever kunit.filter_glob the kernel was booted with
# (the harness narrows it to the cases TEST selects in its own suite)
kp_kunit_insmod()
{
	local glob=/sys/module/kunit/parameters/filter_glob old ret

	# Written without a newline: the kernel would keep it in the glob.
	old=$(cat $glob 2>/dev/null)
	[ -n "$old" ] && printf '*.*' >$glob
	kp_insmod "$@"
	ret=$?
	# "(null)" is the default, which means what '*.*' means.
	[ -n "$old" ] && [ "$old" != "(null)" ] && printf '%s' "$old" >$glob
	return $ret
}

# kp_loaded NAME - is module NAME loaded?
kp_loaded()
{
	[ -d "/sys/module/$1" ]
}

# kp_rmmod_quiet NAME... - unload what is loaded, for cleanup paths
kp_rmmod_quiet()
{
	local m

	for m in "$@"; do
		kp_loaded "$m" && rmmod "$m" 2>/dev/null
	done
	return 0
}

# kp_param MODULE PARAM - a module parameter's value
kp_param()
{
	cat "/sys/module/$1/parameters/$2"
}

# kp_kunit_suite SUITE - report a KUnit suite that ran at insmod as one
# test of ours, with its cases nested below it
kp_kunit_suite()
{
	local res=$KP_KUNIT/$1/results last

	if [ ! -r "$res" ]; then
		ktap_print_msg "no $res: the suite did not run"
		ktap_test_fail "$1"
		return
	fi
	# The file is a KTAP document with this suite as its only test.
	last=$(grep -E '^(not )?ok ' "$res" | tail -n 1)
	sed -n '3,$p' "$res" | grep -vxF -- "$last"
	case $last in
	"ok "*"# SKIP"*) ktap_test_skip "$1" ;;
	"ok "*) ktap_test_pass "$1" ;;
	*) ktap_test_fail "$1" ;;
	esac
}

# kp_log_clean - the kernel log has nothing the [crash] and [bad] lines of
# kernel-log-patterns (installed beside this file) name: no BUG, WARNING,
# Oops, fault, sanitizer or lockdep report
kp_log_clean()
{
	local patterns bad

	patterns=$(sed -n 's/^\[\(crash\|bad\)\] //p' \
		"$(dirname "${BASH_SOURCE[0]}")/kernel-log-patterns" | paste -sd'|')
	[ -n "$patterns" ] || { echo "kernel-log-patterns missing"; return 1; }
	bad=$(dmesg | grep -E "$patterns" | head -n 5)
	[ -z "$bad" ] || { echo "$bad"; return 1; }
}
