#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Jump-optimized probes: a probe inside kernel_clone becomes [OPTIMIZED],
# fires on every fork while fork keeps working, goes back to a breakpoint
# when the sysctl is 0, when it is disabled and when a probe with a
# post_handler (kprobes_optpost.ko) joins it at the same address, and is
# optimized again once that probe is gone.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

FUNC=kernel_clone
EV=optfork
POST=kprobes_optpost

ktap_print_header
kp_setup
if [ ! -e "$KP_SYSCTL" ]; then
	ktap_skip_all "no $KP_SYSCTL: this kernel does not optimize probes"
	exit "$KSFT_SKIP"
fi
ktap_set_plan 10
trap 'kp_cleanup; kp_rmmod_quiet $POST' EXIT
kp_rmmod_quiet $POST
echo 1 >$KP_SYSCTL

# is_optimized SYM+OFF - is the kprobe_events probe there [OPTIMIZED]?
is_optimized()
{
	kp_list_line "$1" k | grep -q '\[OPTIMIZED\]'
}

# wait_state yes|no SYM+OFF [TENTHS] - wait for the probe to be (or not
# be) optimized, by default for up to 10 s
wait_state()
{
	local i

	for i in $(seq "${3:-100}"); do
		if is_optimized "$2"; then
			[ "$1" = yes ] && return 0
		else
			[ "$1" = no ] && return 0
		fi
		sleep 0.1
	done
	echo "after waiting:"
	cat $KP_LIST
	return 1
}

# Probe instruction boundaries past the fentry call until one is optimized.
OFF=
find_optimized()
{
	local off

	for off in $(seq 5 64); do
		kp_add "p:$KP_GROUP/$EV $FUNC+$off" >/dev/null 2>&1 || continue
		kp_enable $EV
		if wait_state yes "$FUNC+$(printf 0x%x "$off")" 30 >/dev/null; then
			OFF=$off
			return 0
		fi
		kp_disable $EV
		echo "-:$KP_GROUP/$EV" >>$TRACEFS/kprobe_events
	done
	echo "no offset 5-64 of $FUNC was optimized"
	return 1
}

# forks N - fork N children that must each report their own exit status
forks()
{
	local i

	for i in $(seq "$1"); do
		sh -c "exit $((i % 7))"
		[ $? -eq $((i % 7)) ] || { echo "child $i exited wrongly"; return 1; }
	done
	[ "$(sh -c 'echo $((6 * 7))')" = 42 ] || { echo "child output is wrong"; return 1; }
}

# fires N - N forks raise the hit count of the probe by at least N
fires()
{
	local before after

	before=$(kp_hits $EV)
	forks "$1" || return 1
	after=$(kp_hits $EV)
	[ $((after - before)) -ge "$1" ] ||
		{ echo "hits went from $before to $after for $1 forks"; return 1; }
}

post_joins()
{
	kp_insmod $POST sym=$FUNC off="$OFF" || return 1
	# Synchronous: no waiting allowed here.
	if is_optimized "$SYM"; then
		echo "still optimized with a post_handler at the same address:"
		cat $KP_LIST
		return 1
	fi
}

post_fires()
{
	local pre post

	fires 10 || return 1
	pre=$(kp_param $POST pre_hits)
	post=$(kp_param $POST post_hits)
	[ "$pre" -ge 10 ] && [ "$post" -ge 10 ] ||
		{ echo "pre_hits $pre, post_hits $post after 10 forks"; return 1; }
}

sysctl_off()
{
	echo 0 >$KP_SYSCTL
	! is_optimized "$SYM" || { echo "still optimized"; return 1; }
}

disabled_off()
{
	kp_disable $EV
	! is_optimized "$SYM" || { echo "a disabled probe is optimized"; return 1; }
}

# Not through kp_check: OFF must be set in this shell, not in a subshell.
if find_optimized >/tmp/kp_optprobes.$$ 2>&1; then
	ktap_test_pass "a probe inside $FUNC becomes [OPTIMIZED]"
	rm -f /tmp/kp_optprobes.$$
else
	sed 's/^/# /' /tmp/kp_optprobes.$$
	rm -f /tmp/kp_optprobes.$$
	ktap_test_fail "a probe inside $FUNC becomes [OPTIMIZED]"
	for t in "fires on every fork" "forks still work" "sysctl 0" \
		 "sysctl 1" "post_handler joins" "both fire" "back after rmmod" \
		 "disable" "disabled does not fire"; do
		ktap_skip_reason "$t" "no optimized probe"
	done
	ktap_finished
fi
SYM=$FUNC+$(printf 0x%x "$OFF")

kp_check "the optimized probe fires on every fork" fires 50
kp_check "forked children exit and print correctly" forks 20
kp_check "sysctl 0 unoptimizes it at once" sysctl_off
echo 1 >$KP_SYSCTL
kp_check "sysctl 1 optimizes it again" wait_state yes "$SYM"
if [ -f "$KP_MODULES/$POST.ko" ]; then
	kp_check "a post_handler probe at the same address unoptimizes it" post_joins
	kp_check "both probes fire through the breakpoint" post_fires
	kp_check "it is optimized again once that probe is gone" \
		eval "rmmod $POST && wait_state yes $SYM"
else
	for t in "post_handler joins" "both fire" "back after rmmod"; do
		ktap_skip_reason "$t" "$KP_MODULES/$POST.ko was not built"
	done
fi
kp_check "disabling the probe unoptimizes it" disabled_off
kp_check "the disabled probe does not fire" \
	eval "h=\$(kp_hits $EV); forks 5 && [ \"\$(kp_hits $EV)\" = \"\$h\" ]"

ktap_finished
