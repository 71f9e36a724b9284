#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tracefs kprobe_events and trace-cmd on our kprobes: fetch arguments
# ($argN, a string through a register, $retval) arrive in the trace with
# the right values, a return probe names the real return address, disable
# stops events, and kprobe_profile counts hits and misses exactly (a return
# probe with maxactive 2 on a function that recurses misses every nested
# return beyond the second).

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"
. "$(dirname "$0")/kprobes_clients_lib.sh"

N=3
DEPTH=9
WORD=kprobes-hello

ktap_print_header
kp_setup
kpc_setup
trap 'echo 1 >$TRACEFS/tracing_on; echo >$TRACEFS/trace; kpc_teardown' EXIT
ktap_set_plan 11

T=$KPC:kpc_target
add_events()
{
	kp_add "p:$KP_GROUP/add ${T}_add a=\$arg1:s32 b=\$arg2:s32" &&
	kp_add "r:$KP_GROUP/addret ${T}_add ret=\$retval:s32" &&
	kp_add "p:$KP_GROUP/str ${T}_str s=+0(\$arg1):string" &&
	kp_add "p:$KP_GROUP/rec ${T}_rec depth=\$arg1:s32" &&
	kp_add "r2:$KP_GROUP/recret ${T}_rec ret=\$retval:s32"
}
kp_check "kprobe_events takes \$arg1, +0(\$arg1):string, \$retval and r2" add_events

# trace_events - the events of our group in the trace buffer, tracing
# stopped first so that reading the buffer is not traced itself
trace_events()
{
	echo 0 >$TRACEFS/tracing_on
	grep -E " (add|addret|str|rec|recret): " $TRACEFS/trace
	echo 1 >$TRACEFS/tracing_on
}

run_traced()
{
	echo >$TRACEFS/trace
	echo 1 >$TRACEFS/events/$KP_GROUP/enable || return 1
	echo $N >$KPC_PARAMS/add && echo $WORD >$KPC_PARAMS/str
}
kp_check "enabling the events and calling the functions" run_traced

args()
{
	local got want i

	got=$(trace_events | sed -n 's/.* add: .*) \(a=.*\)$/\1/p')
	want=$(for i in $(seq 0 $((N - 1))); do echo "a=$i b=2"; done)
	expect_eq "add events" "$got" "$want"
}
kp_check "\$arg1 and \$arg2 of $N calls" args

retvals()
{
	local got want i

	got=$(trace_events | sed -n 's/.* addret: .* \(ret=.*\)$/\1/p')
	want=$(for i in $(seq 0 $((N - 1))); do echo "ret=$((i + 2))"; done)
	expect_eq "addret events" "$got" "$want"
}
kp_check "\$retval of $N returns" retvals

ret_site()
{
	local events ret

	events=$(trace_events | grep ' addret: ')
	echo "$events"
	expect_eq "return events" "$(echo "$events" | grep -c .)" $N &&
	ret="(kpc_add_set+0x[0-9a-f]*/0x[0-9a-f]* \[$KPC\] <- kpc_target_add)"
	expect_eq "return events naming kpc_add_set as the return address" \
		"$(echo "$events" | grep -c "$ret")" $N
}
kp_check "the return probe names the real return address" ret_site

string()
{
	expect_eq "str events" \
		"$(trace_events | sed -n 's/.* str: .* \(s=.*\)$/\1/p')" "s=\"$WORD\"" &&
	expect_eq "str_len" "$(kp_param $KPC str_len)" ${#WORD}
}
kp_check "+0(\$arg1):string fetches the string" string

# kprobe_profile: event hits misses
profile()
{
	awk -v ev="$1" '$1 == ev { print $2, $3 }' $TRACEFS/kprobe_profile
}

profile_counts()
{
	expect_eq "add hits/misses" "$(profile add)" "$N 0" &&
	expect_eq "addret hits/misses" "$(profile addret)" "$N 0" &&
	expect_eq "str hits/misses" "$(profile str)" "1 0"
}
kp_check "kprobe_profile: $N, $N and 1 hits, no misses" profile_counts

# DEPTH + 1 nested calls; at most 2 return instances, so 2 returns are
# seen and DEPTH - 1 missed.
misses()
{
	echo $DEPTH >$KPC_PARAMS/rec || return 1
	expect_eq "rec_result" "$(kp_param $KPC rec_result)" $DEPTH &&
	expect_eq "rec hits/misses" "$(profile rec)" "$((DEPTH + 1)) 0" &&
	expect_eq "recret hits/misses" "$(profile recret)" "2 $((DEPTH - 1))"
}
kp_check "kprobe_profile: r2 on a $DEPTH-deep recursion misses $((DEPTH - 1))" misses

disabled()
{
	local before

	echo 0 >$TRACEFS/events/$KP_GROUP/enable || return 1
	echo >$TRACEFS/trace
	before=$(profile add)
	echo $N >$KPC_PARAMS/add || return 1
	expect_eq "add hits/misses while disabled" "$(profile add)" "$before" &&
	expect_eq "events traced while disabled" "$(trace_events | wc -l)" 0 &&
	expect_eq "enabled probes on kpc_target_add" \
		"$(grep " kpc_target_add+$(kp_entry kpc_target_add) " $KP_LIST |
		   grep -vc '\[DISABLED\]')" 0
}
kp_check "disabled events neither fire nor trace" disabled

trace_cmd()
{
	local n

	command -v trace-cmd >/dev/null || { echo "trace-cmd is not installed"; return 1; }
	cd $KPC_TMP || return 1
	trace-cmd record -q -e $KP_GROUP:add -e $KP_GROUP:addret -o tc.dat \
		sh -c "echo 4 >$KPC_PARAMS/add" >tc.log 2>&1 || { cat tc.log; return 1; }
	n=$(trace-cmd report -i tc.dat 2>/dev/null | grep -c ' add: ')
	expect_eq "add events in trace-cmd report" "$n" 4 || return 1
	n=$(trace-cmd report -i tc.dat 2>/dev/null | grep -c ' addret: .* ret=')
	expect_eq "addret events in trace-cmd report" "$n" 4
}
if command -v trace-cmd >/dev/null; then
	kp_check "trace-cmd record sees 4 calls and 4 returns" trace_cmd
else
	ktap_skip_reason "trace-cmd record sees 4 calls and 4 returns" \
		"trace-cmd is not installed on the host root"
fi

removed()
{
	kp_cleanup
	expect_eq "kpc_target probes in the debugfs list" "$(kpc_listed ' kpc_target_')" 0
}
kp_check "removing the events removes their probes" removed

ktap_finished
