#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: build each config variant of the tree under test, boot it,
# run the suites in the guest, and report. First the harness tests itself
# (a failing case, a crash and a hang must be caught) unless HARNESS=0.
# Exits non-zero on any failure, crash or timeout.
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
variants=${VARIANTS:-default debug}
suites=$KP_SUITES
export SUITES=$suites

"$KP_HARNESS/prepare.sh" "$tree"
kp_log "make check: Linux $(kp_base_version) $tree, variants: $variants, suites: $suites${TEST:+, tests: $TEST}"

runs=()
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
