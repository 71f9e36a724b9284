#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The harness tests itself: a failing case, a kernel crash and a hung guest
# must each make the report fail, named as such. Uses the default variant
# of the tree under test, and builds an out-of-tree module against
# `make kdir`'s tree on the way. Then the kselftest helper modules must
# build against the untouched upstream base (every guest run builds them
# against the kernel it boots) and link against its Module.symvers: the
# base's default kernel is built for that ($BUILD/obj/upstream-default,
# the kernel of `make kdir UPSTREAM=1`). Writes KTAP to
# $BUILD/runs/harness/out.
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
kp_step "build the self-test module against $obj" kp_build_modules "$obj" "$mod"

n=0
{ echo "KTAP version 1"; echo "1..6"; } >"$tap"
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
kp_log "harness self-test: 5 short boots"
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

# Not the harness's own test, but it needs a guest that may oops: a
# kprobe handler oopses, and unregistration must still return.
boot_case handler-oops BOOT_TIMEOUT=300 EXTRA_FILES="$mod/kp_handler_oops.ko" \
	EXTRA_SCRIPT="$KP_TOP/harness/selftest/handler-oops.sh"
extra=$(kp_rundir "$tree" default)-harness-handler-oops/out/extra.tap
[ "$verdict" = crash ] && [ "$(grep -c '^ok ' "$extra" 2>/dev/null)" = 3 ]
result $? "after an oops in a kprobe handler, unregistration returns" \
	"verdict $verdict; $(grep -h '^not ok' "$extra" 2>/dev/null | head -n 1)"

boot_case hang EXTRA_SCRIPT="$KP_TOP/harness/selftest/hanging.sh" BOOT_TIMEOUT=30
[ "$report_rc" != 0 ] && [ "$verdict" = timeout ]
result $? "a hung guest is reported as a timeout" "verdict $verdict, report exit $report_rc"

# upstream_modules - build the kselftest modules against the base tree;
# sets $why on failure. Every .c and .S must compile and link against
# upstream's Module.symvers (modpost fails on a symbol upstream does not
# export), except the files the modules' Makefile adds only for our
# kernel ("-$(kpt-ours) +=" and "-$(kpt-pid) +=" lines).
upstream_modules()
{
	local dir=$res/upstream-modules obj
	local f b left_out missing=

	obj=$(kp_objdir upstream default)
	nice -n 10 "$KP_HARNESS/build.sh" upstream default \
		>"$res/upstream-build.log" 2>&1 ||
		{ why="the upstream kernel did not build (see $res/upstream-build.log)"; return 1; }
	rm -rf "$dir"
	cp -r "$KP_TOP/tools/testing/selftests/kprobes/modules" "$dir"
	kp_build_modules "$obj" "$dir" >"$res/upstream-modules.log" 2>&1 ||
		{ why="$(grep -m1 -E 'error:|ERROR:|Error [0-9]' "$res/upstream-modules.log" | sed "s|$dir/||") (see $res/upstream-modules.log)"; return 1; }
	# shellcheck disable=SC2016
	left_out=$(grep -E '^[a-z_]+-\$\(kpt-(ours|pid)\) *\+=' "$dir/Makefile" |
		   grep -oE '[A-Za-z0-9_]+\.o' | sed 's/\.o$//')
	for f in "$dir"/*.c "$dir"/*.S; do
		[ -f "$f" ] || continue
		b=$(basename "${f%.*}")
		grep -qxF "$b" <<<"$left_out" && continue
		# A user program (userprogs) is linked without a .o.
		[ -f "$dir/$b.o" ] || [ -x "$dir/$b" ] || missing="$missing ${f##*/}"
	done
	[ -z "$missing" ] || { why="not compiled:$missing"; return 1; }
}

why=
if [ "$KP_ARCH" = x86_64 ]; then
	kp_log "harness self-test: the kselftest modules against upstream"
	upstream_modules
	result $? "the kselftest modules build against upstream" "$why"
else
	# Checked against upstream on x86-64 only: boot.sh builds for the
	# guest's architecture the modules that build there.
	n=$((n + 1))
	echo "ok $n the kselftest modules build against upstream # SKIP x86_64 only so far (ARCH=$KP_ARCH)" >>"$tap"
fi

echo "$(($(date +%s) - t0))" >"$res/out/harness.time"
kp_log "harness self-test done in $(cat "$res/out/harness.time") s"
echo pass >"$res/verdict"
