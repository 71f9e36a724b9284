#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# arc700-libgcc.sh - the KP_PREBUILD of `make arches ARCHES=arc700`
# (harness/arches-settings.sh): builds harness/arc700-libgcc.c with
# -mcpu=arc700 into $BUILD/arc700-libgcc/libgcc.a, which the ARC700
# kernels of both trees link as their LIBGCC (Debian's arc-linux-gnu-gcc
# has a libgcc for ARC HS only; see the C file). Rebuilt when the source
# is newer than the archive.
. "$(dirname "$0")/common.sh"

dir=$KP_BUILD/arc700-libgcc
src=$KP_HARNESS/arc700-libgcc.c
[ "$dir/libgcc.a" -nt "$src" ] && exit 0
mkdir -p "$dir"
arc-linux-gnu-gcc -mcpu=arc700 -mno-millicode -O2 -Wall -Werror \
	-c "$src" -o "$dir/libgcc.o"
rm -f "$dir/libgcc.a"
arc-linux-gnu-ar rcs "$dir/libgcc.a" "$dir/libgcc.o"
kp_log "built $dir/libgcc.a"
