#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make -s kdir`: make sure the kernel is built, then print its build
# directory (usable as KDIR: make -C KDIR M=DIR modules) on stdout.
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
variant=${VARIANT:-default}
obj=$(kp_objdir "$tree" "$variant")
if [ ! -f "$obj/Module.symvers" ] || [ "$tree" = patched ]; then
	"$KP_HARNESS/prepare.sh" "$tree" >&2
	"$KP_HARNESS/build.sh" "$tree" "$variant" >&2
fi
echo "$obj"
