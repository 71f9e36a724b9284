#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make run`: build the patched kernel, boot it and show the kprobes
# samples firing. MODE=shell gives an interactive shell instead.
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
variant=${VARIANT:-default}
mode=${1:-run}

"$KP_HARNESS/prepare.sh" "$tree"
"$KP_HARNESS/build.sh" "$tree" "$variant"
"$KP_HARNESS/boot.sh" "$tree" "$variant" "$mode"
