#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The samples/kprobes modules load, show up in the probe list, fire on
# the function they probe and leave no probe behind when unloaded.

. "$(dirname "$0")/kprobes_lib.sh"

FORKS=5

ktap_print_header
kp_setup
ktap_set_plan 9

# kp_log_count PATTERN - kernel log lines matching PATTERN since the log
# was last cleared (clearing keeps the ring buffer from wrapping mid-count)
kp_log_count()
{
	dmesg | grep -cE "$1"
}

forks()
{
	local i

	for i in $(seq "$FORKS"); do
		/bin/true
	done
}

# fired PATTERN - at least FORKS new log lines match PATTERN after FORKS forks
fired()
{
	local before after

	dmesg -C
	before=$(kp_log_count "$1")
	forks
	after=$(kp_log_count "$1")
	[ $((after - before)) -ge "$FORKS" ] ||
		{ echo "'$1': $before -> $after log lines after $FORKS forks"; return 1; }
}

kp_check "modprobe kprobe_example" modprobe kprobe_example
kp_check "kprobe_example's probe is listed on kernel_clone" \
	test -n "$(kp_list_line kernel_clone+0x0 k)"
kp_check "kprobe_example's handlers fire on fork" fired '<kernel_clone>'
kp_check "rmmod kprobe_example removes its probe" \
	sh -c 'rmmod kprobe_example && ! grep -q " k  kernel_clone+0x0 " '$KP_LIST

kp_check "modprobe kretprobe_example" modprobe kretprobe_example
kp_check "kretprobe_example's probe is listed as r on kernel_clone" \
	test -n "$(kp_list_line kernel_clone+0x0 r)"
kp_check "kretprobe_example reports kernel_clone returning" fired 'kernel_clone returned'
kp_check "rmmod kretprobe_example removes its probe" \
	sh -c 'rmmod kretprobe_example && ! grep -q " r  kernel_clone+0x0 " '$KP_LIST

# The symbol parameter moves the sample's probe to another function.
other()
{
	local before after

	modprobe kprobe_example symbol=$1 || return 1
	dmesg -C
	before=$(kp_log_count "<$1>")
	kp_trigger_open 5
	after=$(kp_log_count "<$1>")
	rmmod kprobe_example
	[ $((after - before)) -ge 5 ] ||
		{ echo "<$1>: $before -> $after log lines after 5 opens"; return 1; }
}
kp_check "kprobe_example symbol=do_sys_openat2 fires on open" other do_sys_openat2

ktap_finished
