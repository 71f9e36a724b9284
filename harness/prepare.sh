#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# prepare.sh TREE - packages, pristine base and (for "patched") the overlay.
. "$(dirname "$0")/common.sh"

"$KP_HARNESS/deps.sh"
"$KP_HARNESS/base.sh"
[ "$1" = patched ] && "$KP_HARNESS/overlay.sh"
exit 0
