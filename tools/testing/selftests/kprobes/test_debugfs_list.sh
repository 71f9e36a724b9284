#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debugfs kprobes/list: one line per probe with its address, type, place,
# module and state flags, kept up to date as probes come and go.

. "$(dirname "$0")/kprobes_lib.sh"

FUNC=do_sys_openat2
MOD=trace_printk
MODFUNC=trace_printk_irq_work

ktap_print_header
kp_setup
ktap_set_plan 10

line_matches()
{
	local line

	line=$(kp_list_line "$1" "$2")
	[ -n "$line" ] || { echo "no '$2' line for $1 in the list:"; cat $KP_LIST; return 1; }
	echo "$line" | grep -qE "$3" || { echo "line '$line' does not match '$3'"; return 1; }
}

E=$(kp_entry $FUNC)
kp_check "kprobe_events accepts p:$KP_GROUP/entry $FUNC" kp_add "p:$KP_GROUP/entry $FUNC"
kp_check "a new probe is listed as k $FUNC+$E [DISABLED]" \
	line_matches "$FUNC+$E" k '\[DISABLED\]'

addr=$(kp_kallsyms_addr $FUNC)
check_addr()
{
	local got

	got=$(kp_list_line "$FUNC+$E" k | awk '{ print $1 }')
	# As wide as kallsyms prints addresses: 16 digits on 64-bit, 8 on 32.
	[ "$got" = "$(printf '%0*x' ${#addr} $((0x$addr + E)))" ] ||
		{ echo "list says $got, kallsyms says $addr (+$E)"; return 1; }
}
kp_check "the list shows the probe's address as /proc/kallsyms does (+$E)" check_addr

kp_enable entry
kp_check "enabling the event clears [DISABLED]" \
	line_matches "$FUNC+$E" k '^[0-9a-f]{'"${#addr}"'}  k  '"$FUNC"'\+'"$E"' +(\[FTRACE\])?$'

# With KPROBES_ON_FTRACE a probe on the fentry call uses ftrace; without
# it (arm64) the entry probe is a breakpoint like any other.
if [ $KP_FTRACE_ENTRY = 1 ]; then
	kp_check "a probe on a function entry is marked [FTRACE]" \
		line_matches "$FUNC+$E" k '\[FTRACE\]'
else
	kp_check "a probe on a function entry is a breakpoint (no [FTRACE])" \
		line_matches "$FUNC+$E" k '^[0-9a-f]+  k  [^ ]+ *$'
fi

kp_check "kprobe_events accepts r:$KP_GROUP/ret $FUNC" kp_add "r:$KP_GROUP/ret $FUNC"
kp_check "a return probe is listed with type r" line_matches "$FUNC+$E" r .

removed()
{
	kp_disable entry && echo "-:$KP_GROUP/entry" >>$TRACEFS/kprobe_events &&
	echo "-:$KP_GROUP/ret" >>$TRACEFS/kprobe_events || return 1
	if grep -qE " $FUNC\+$E " $KP_LIST; then
		echo "still listed:"; grep -E " $FUNC\+$E " $KP_LIST
		return 1
	fi
}
kp_check "removed probes leave the list" removed

if ! modprobe $MOD 2>/dev/null; then
	ktap_skip_reason "a probe in a module names the module" \
		"no $MOD module (CONFIG_SAMPLE_TRACE_PRINTK=m)"
	ktap_skip_reason "a probe in an unloaded module is [GONE]" "no $MOD module"
else
	kp_add "p:$KP_GROUP/inmod $MOD:$MODFUNC" >/dev/null
	ME=$(kp_entry $MODFUNC)
	kp_check "a probe in a module names the module" \
		line_matches "$MODFUNC+$ME" k " \[?$MOD\]? "
	# Once the module is gone its symbol is too: find the line by address.
	modaddr=$(kp_list_line "$MODFUNC+$ME" k | awk '{ print $1 }')
	rmmod $MOD
	gone()
	{
		grep -E "^$modaddr  k  .*\[GONE\]" $KP_LIST && return 0
		echo "no [GONE] line at ${modaddr:-?}:"
		cat $KP_LIST
		return 1
	}
	kp_check "a probe in an unloaded module is [GONE]" gone
fi

ktap_finished
