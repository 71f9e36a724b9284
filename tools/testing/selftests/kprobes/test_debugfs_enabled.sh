#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debugfs kprobes/enabled: 0 disarms every probe, 1 re-arms them and each
# probe keeps its own disabled state; anything else is refused.

. "$(dirname "$0")/kprobes_lib.sh"

FUNC=do_sys_openat2

ktap_print_header
kp_setup
ktap_set_plan 8

kp_check "enabled reads 1 at start" test "$(cat $KP_ENABLED)" = 1

kp_add "p:$KP_GROUP/on $FUNC" && kp_add "p:$KP_GROUP/off $FUNC" && kp_enable on

fires()
{
	local before after

	before=$(kp_hits "$1")
	kp_trigger_open 5
	after=$(kp_hits "$1")
	[ "$((after - before))" -ge 5 ] ||
		{ echo "$1: $before -> $after hits after 5 opens"; return 1; }
}

silent()
{
	local before after

	before=$(kp_hits "$1")
	kp_trigger_open 5
	after=$(kp_hits "$1")
	[ "$after" = "$before" ] || { echo "$1: $before -> $after hits while off"; return 1; }
}

kp_check "an enabled probe fires" fires on
echo 0 >$KP_ENABLED
kp_check "writing 0 makes enabled read 0" test "$(cat $KP_ENABLED)" = 0
kp_check "no probe fires while enabled is 0" silent on
for bad in 2 abc -1; do
	kp_check "writing '$bad' is refused with EINVAL and changes nothing" \
		kp_write_refused $KP_ENABLED "$bad"
done
echo 1 >$KP_ENABLED
per_probe_state()
{
	test "$(cat $KP_ENABLED)" = 1 || { echo "enabled reads $(cat $KP_ENABLED)"; return 1; }
	fires on || return 1
	silent off || return 1
	grep -qE " $FUNC\+$(kp_entry $FUNC) .*\[DISABLED\]" $KP_LIST ||
		{ echo "the disabled probe lost [DISABLED]:"; cat $KP_LIST; return 1; }
}
kp_check "writing 1 re-arms enabled probes and keeps disabled ones off" per_probe_state

ktap_finished
