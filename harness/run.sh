#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# run.sh [run|shell] - `make run`: build the kernel of the tree under
# test (ours, or upstream's with UPSTREAM=1), boot it and show the kprobes
# samples firing; `make shell` (argument "shell") gives an interactive
# shell in the guest instead.
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
variant=${VARIANT:-default}
mode=${1:-run}
kp_check_variant "$variant"

"$KP_HARNESS/prepare.sh" "$tree"
"$KP_HARNESS/build.sh" "$tree" "$variant"
"$KP_HARNESS/boot.sh" "$tree" "$variant" "$mode"
