#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Garbage written to the user-facing files of kprobes is refused with an
# error and changes nothing: tracefs kprobe_events (bad targets, offsets,
# fetch args, maxactive, names, bytes), debugfs kprobes/enabled and the
# debug.kprobes-optimization sysctl.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

FUNC=vfs_read

ktap_print_header
kp_setup
ktap_set_plan 6

# A probe that stays through the test, to see that nothing disturbs it.
kp_add "p:$KP_GROUP/keep do_sys_openat2" && kp_enable keep

# state - set STATE to what the bad writes must leave as it was; reads
# the files with builtins only (forks are slow under emulation)
STATE=
state()
{
	local events list enabled sysctl=none evdirs

	read -r -d '' events <$TRACEFS/kprobe_events
	read -r -d '' list <$KP_LIST
	# the optimizer may change [OPTIMIZED] at any time: leave it out
	list=${list//\[OPTIMIZED\]/}
	read -r enabled <$KP_ENABLED
	[ -r $KP_SYSCTL ] && read -r sysctl <$KP_SYSCTL
	evdirs=("$TRACEFS/events/$KP_GROUP"/*)
	STATE="$events
--
$list
--
enabled=$enabled sysctl=$sysctl events: ${evdirs[*]}"
}

# refused FILE LINE - writing LINE (printf format) to FILE in append mode
# fails and leaves the state as it was.  Not kprobes_lib.sh's
# kp_write_fails*(): they write with ">", which on kprobe_events removes
# every probe before the line is parsed, they write with echo where these
# lines need printf's escapes, and each wants one given errno, while the
# lines here are refused with different ones; and the state compared here
# is more than the file written.
refused()
{
	local before

	state
	before=$STATE
	# shellcheck disable=SC2059
	if { printf "$2" >>"$1"; } 2>/dev/null; then
		echo "writing '$2' to $1 succeeded"
		return 1
	fi
	state
	[ "$before" = "$STATE" ] && return 0
	echo "writing '$2' to $1 changed the state:"
	diff <(echo "$before") <(echo "$STATE")
	return 1
}

# Each line is refused (by trace_kprobe's parser or by register_kprobe).
# Not here: an address without a symbol (register_kprobe() says -ENOENT,
# as upstream does, and trace_kprobe keeps such a probe for a module that
# may load later) and an empty event name (trace_kprobe makes one up).
LONGNAME=$(printf 'x%.0s' $(seq 300))
BAD_EVENTS=(
	'p:kptest/bad\n'
	'p:kptest/bad no_such_function_kptest\n'
	"p:kptest/bad $FUNC+1\\n"
	"p:kptest/bad $FUNC+-8\\n"
	'p:kptest/bad jiffies\n'
	'p:kptest/bad kprobe_int3_handler\n'
	'p:kptest/bad kprobe_ftrace_handler\n'
	'p:kptest/bad get_kprobe\n'
	'p:kptest/bad kprobe_site_run_pre\n'
	"p:kptest/bad __pfx_$FUNC\\n"
	"q:kptest/bad $FUNC\\n"
	"p:kptest/bad $FUNC %%zz\\n"
	"p:kptest/bad $FUNC a=+0(%%di):nosuchtype\\n"
	"p:kptest/bad $FUNC a=\$arg0\\n"
	"p:kptest/bad $FUNC a=\$retval\\n"
	"p:kptest/bad $FUNC a=+0(+0(+0(+0(+0(%%di))))):u8 b=\$stack999999999\\n"
	"r100000:kptest/bad $FUNC\\n"
	"p:/bad $FUNC\\n"
	"p:kptest/1bad $FUNC\\n"
	"p:kptest/b-ad $FUNC\\n"
	"p:kptest/$LONGNAME $FUNC\\n"
	"p:kptest/bad $LONGNAME\\n"
	'-:kptest/no_such_event\n'
	'\001\002\377\376\n'
)

events()
{
	local line n=0 fail=0

	for line in "${BAD_EVENTS[@]}"; do
		n=$((n + 1))
		refused $TRACEFS/kprobe_events "$line" || fail=1
	done
	echo "$n lines written"
	return $fail
}
kp_check "kprobe_events: ${#BAD_EVENTS[@]} bad definitions refused, nothing changed" events

keep_fires()
{
	local before

	before=$(kp_hits keep)
	kp_trigger_open 3
	[ "$(kp_hits keep)" -ge $((before + 3)) ] ||
		{ echo "keep: $before -> $(kp_hits keep) hits after 3 opens"; return 1; }
}
kp_check "the probe that was there still fires" keep_fires

BAD_BOOLS=('2\n' 'abc\n' '-1\n' '\n' ' \n' '10\n' '1 \n' '0x1\n' 'yes\n' 'on\n'
	'\0011\n' '1\0000\n' "$LONGNAME\\n")

enabled_garbage()
{
	local v line fail=0

	for v in 1 0; do
		echo $v >$KP_ENABLED
		for line in "${BAD_BOOLS[@]}"; do
			refused $KP_ENABLED "$line" || fail=1
		done
	done
	echo 1 >$KP_ENABLED
	return $fail
}
kp_check "debugfs enabled: ${#BAD_BOOLS[@]} bad values refused in both states" enabled_garbage

BAD_INTS=('2\n' 'abc\n' '-1\n' '\n' ' \n' '1abc\n' '1.5\n'
	'99999999999999999999\n' '-99999999999999999999\n'
	'\0011\n' "$LONGNAME\\n")

sysctl_garbage()
{
	local v line fail=0

	for v in 1 0; do
		echo $v >$KP_SYSCTL
		for line in "${BAD_INTS[@]}"; do
			refused $KP_SYSCTL "$line" || fail=1
		done
	done
	echo 1 >$KP_SYSCTL
	return $fail
}
if [ -w $KP_SYSCTL ]; then
	kp_check "sysctl: ${#BAD_INTS[@]} bad values refused in both states" sysctl_garbage
else
	ktap_skip_reason "sysctl: bad values refused" "no $KP_SYSCTL in this kernel"
fi

kp_check "the probe still fires after all that" keep_fires
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
