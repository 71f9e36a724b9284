#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The harness tests itself: a failing case, a kernel crash and a hung guest
# must each make the report fail, named as such. Uses the default variant
# of the tree under test, and builds an out-of-tree module against
# `make kdir`'s tree on the way. Writes KTAP to $BUILD/runs/harness/out.
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
obj=$(kp_objdir "$tree" default)
res=$KP_BUILD/runs/harness
rm -rf "$res"
mkdir -p "$res/out"
echo harness >"$res/suites"
touch "$res/host-only"
tap=$res/out/harness.tap
t0=$(date +%s)

mod=$KP_BUILD/harness-selftest
rm -rf "$mod"
cp -r "$KP_HARNESS/selftest" "$mod"
kp_step "build the self-test module against $obj" make -C "$obj" M="$mod" modules

n=0
{ echo "KTAP version 1"; echo "1..4"; } >"$tap"
result()
{
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2" >>"$tap"
	else
		echo "not ok $n $2 # $3" >>"$tap"
	fi
}

# boot_case TAG VAR=VALUE... - boot with those settings; sets $verdict,
# $report (the report's output) and $report_rc
boot_case()
{
	local tag=$1 run
	shift
	run=$(kp_rundir "$tree" default)-harness-$tag
	env "$@" RUN_DIR="$run" SUITES=extra "$KP_HARNESS/boot.sh" "$tree" default check \
		>"$res/$tag.boot.log" 2>&1 || true
	verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
	report_rc=0
	report=$(python3 "$KP_HARNESS/report.py" "$run" 2>&1) || report_rc=$?
	printf '%s\n' "$report" >"$res/$tag.report.log"
}

# The checks below test exit codes themselves.
set +e
kp_log "harness self-test: 4 short boots"
boot_case pass EXTRA_SCRIPT="$KP_TOP/harness/selftest/passing.sh"
[ "$report_rc" = 0 ] && [ "$verdict" = pass ]
result $? "a passing suite passes" "verdict $verdict, report exit $report_rc"

boot_case fail EXTRA_SCRIPT="$KP_TOP/harness/selftest/failing.sh"
[ "$report_rc" != 0 ] && grep -q 'FAIL .*harness_deliberate_failure' <<<"$report"
result $? "a failing case fails the report, by name" \
	"report exit $report_rc; report: $(tail -n 1 <<<"$report")"

boot_case crash EXTRA_MODULES="$mod/kp_harness_oops.ko"
[ "$report_rc" != 0 ] && [ "$verdict" = crash ] &&
	grep -q 'kp_harness_oops_init' "$res/crash.boot.log"
result $? "a kernel crash is reported with its text" \
	"verdict $verdict, report exit $report_rc (see $res/crash.boot.log)"

boot_case hang EXTRA_SCRIPT="$KP_TOP/harness/selftest/hanging.sh" BOOT_TIMEOUT=30
[ "$report_rc" != 0 ] && [ "$verdict" = timeout ]
result $? "a hung guest is reported as a timeout" "verdict $verdict, report exit $report_rc"

echo "$(($(date +%s) - t0))" >"$res/out/harness.time"
kp_log "harness self-test done in $(cat "$res/out/harness.time") s"
echo pass >"$res/verdict"
