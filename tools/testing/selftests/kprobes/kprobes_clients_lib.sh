#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Helpers for the real-client kselftests (test_clients_*.sh): the module
# kprobes_clients.ko whose functions they probe, value checks, and a
# process whose name no other process in the guest has, to filter on.
# Source it after kprobes_lib.sh and kprobes_modules_lib.sh.

KPC=kprobes_clients
KPC_PARAMS=/sys/module/$KPC/parameters
KPC_TMP=/tmp/kp-clients
# A copy of dd under a name of our own: its writes can be told apart.
KPC_DD=$KPC_TMP/kpc_dd

# kpc_setup - load kprobes_clients.ko and prepare $KPC_TMP
kpc_setup()
{
	kp_need_modules $KPC
	kp_rmmod_quiet $KPC
	kp_insmod $KPC || { ktap_exit_fail_msg "insmod $KPC failed"; }
	rm -rf $KPC_TMP
	mkdir -p $KPC_TMP
	cp "$(command -v dd)" $KPC_DD
	dmesg -C
}

kpc_teardown()
{
	kp_cleanup
	kp_rmmod_quiet $KPC
	rm -rf $KPC_TMP
}

# kpc_need CMD - skip the whole test when the client CMD is not installed
kpc_need()
{
	command -v "$1" >/dev/null && return 0
	ktap_skip_all "$1 is not installed on the host root the guest runs"
	exit "$KSFT_SKIP"
}

# kpc_writes N - N write(2) calls of kpc_dd and no other write by it
kpc_writes()
{
	$KPC_DD if=/dev/zero of=/dev/null bs=1 count="$1" status=none
}

# kpc_note TEXT - a diagnostic line printed after the case that made it
# (kp_check runs each case in a subshell and shows its output only when
# the case fails)
kpc_note()
{
	echo "# $*" >>$KPC_TMP/notes
}

# kpc_check DESC CMD... - kp_check, then the case's notes
kpc_check()
{
	: >$KPC_TMP/notes
	kp_check "$@"
	cat $KPC_TMP/notes
}

# kpc_ms_since T0 - milliseconds since T0 (from date +%s%N)
kpc_ms_since()
{
	echo $((($(date +%s%N) - $1) / 1000000))
}

# kpc_listed PATTERN - how many debugfs list lines match the ERE PATTERN
kpc_listed()
{
	grep -cE "$1" $KP_LIST
}
