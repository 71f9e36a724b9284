#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: build each config variant of the tree under test, boot it,
# run the suites in the guest, and report. First the harness tests itself
# (a failing case, a crash and a hang must be caught) unless HARNESS=0.
# Exits non-zero on any failure, crash or timeout.
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
variants=${VARIANTS:-default ibt debug}
suites=$KP_SUITES
# "docs" runs once on the host; the others run in each guest.
# shellcheck disable=SC2086
guest_suites=$(printf '%s\n' $suites | { grep -vx docs || true; } | tr '\n' ' ')
export SUITES=${guest_suites% }

"$KP_HARNESS/prepare.sh" "$tree"
kp_log "make check: Linux $(kp_base_version) $tree, variants: $variants, suites: $suites${TEST:+, tests: $TEST}"

runs=()
# The documentation build: about 30 s the first time, a few after.
# shellcheck disable=SC2086
if printf '%s\n' $suites | grep -qx docs && [ "$tree" = patched ]; then
	docs_run() {
		local res=$KP_BUILD/runs/docs msg t0 rc=0

		rm -rf "$res"
		mkdir -p "$res/out"
		echo docs >"$res/suites"
		touch "$res/host-only"
		t0=$(date +%s)
		msg=$("$KP_HARNESS/docs.sh" 2>&1) || rc=$?
		printf '%s\n' "$msg" >"$res/docs.log"
		{
			echo "KTAP version 1"
			echo "1..1"
			if [ $rc -eq 0 ]; then
				echo "ok 1 make htmldocs SPHINXDIRS=trace: no warning from our files"
			else
				echo "not ok 1 make htmldocs SPHINXDIRS=trace # $(tail -n 1 <<<"$msg" | sed 's/^\[[0-9:]*\] //')"
			fi
		} >"$res/out/docs.tap"
		echo $(($(date +%s) - t0)) >"$res/out/docs.time"
		runs+=("$res")
	}
	kp_log "docs: make htmldocs SPHINXDIRS=trace"
	docs_run
fi
[ -n "$guest_suites" ] || variants=
for v in $variants; do
	run=$(kp_rundir "$tree" "$v")
	if ! "$KP_HARNESS/build.sh" "$tree" "$v"; then
		rm -rf "$run"
		mkdir -p "$run"
		echo build-failed >"$run/verdict"
		echo "$suites" >"$run/suites"
	else
		if [ "$v" = default ] && [ "${HARNESS:-1}" != 0 ]; then
			kp_log "harness self-test: a failing case, a crash and a hang must be caught"
			"$KP_HARNESS/selftest.sh" || true
			runs+=("$KP_BUILD/runs/harness")
		fi
		"$KP_HARNESS/boot.sh" "$tree" "$v" check || true
	fi
	runs+=("$run")
done

kp_log "results (Linux $(kp_base_version), $tree tree):"
rc=0
python3 "$KP_HARNESS/report.py" "${runs[@]}" || rc=$?
kp_log "make check finished in $(kp_elapsed)"
exit $rc
