#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make series`: our overlay as a git format-patch series against the
# pristine base, in $BUILD/series/ (see harness/series.py and
# harness/series/ for the steps).
. "$(dirname "$0")/common.sh"

# The series is made against the pristine base, which is the upstream tree.
"$KP_HARNESS/prepare.sh" upstream
lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT
kp_overlay_files >"$lists/ours"
kp_deleted_files >"$lists/deleted"
kp_log "series against Linux $(kp_base_version)"
python3 "$KP_HARNESS/series.py" "$KP_TOP" "$(kp_srcdir base)" \
	"$KP_BUILD/series-git" "$KP_BUILD/series" "$lists/ours" "$lists/deleted" |
	sed "s|^$KP_TOP/||"
kp_log "series written to ${KP_BUILD#"$KP_TOP"/}/series/"
