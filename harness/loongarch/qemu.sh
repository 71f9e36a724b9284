#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# qemu.sh QEMU-ARGS... - qemu-system-loongarch64 for `make arches`
# (KP_QEMU of loongarch in harness/arches-settings.sh).
#
# QEMU 7.2 starts an ELF vmlinux on its virt machine without firmware, but
# with no EFI system table and no device tree: the kernel would find no
# memory. Its built-in device tree (CONFIG_BUILTIN_DTB, which the kernel
# prefers) describes another board, whose devices are not there; so the
# guest is started halted under QEMU's gdb stub, harness/loongarch/virt.dts
# is written over the built-in tree (__dtb_start of the vmlinux given with
# -kernel; the CPU still runs with physical addresses then), and the guest
# goes on. QEMU is exec'ed, so that its pid is this script's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
llvm=${KP_LLVM:-/usr/lib/llvm-19/bin/}
kernel=
prev=
for a in "$@"; do
	[ "$prev" = -kernel ] && kernel=$a
	prev=$a
done
[ -n "$kernel" ] || { echo "qemu.sh: no -kernel" >&2; exit 1; }

obj=$(dirname "$kernel")
dtc=$obj/scripts/dtc/dtc
[ -x "$dtc" ] || dtc=dtc
tmp=$(mktemp -d)
"$dtc" -q -I dts -O dtb -o "$tmp/virt.dtb" "$here/virt.dts"
read -r start end < <("${llvm}llvm-nm" "$kernel" |
	awk '$3 == "__dtb_start" { s = $1 } $3 == "__dtb_end" { e = $1 }
	     END { print s, e }')
if [ -z "$start" ] || [ -z "$end" ]; then
	echo "qemu.sh: no built-in device tree in $kernel" >&2
	exit 1
fi
size=$(stat -c %s "$tmp/virt.dtb")
if [ $((0x$end - 0x$start)) -lt "$size" ]; then
	echo "qemu.sh: the built-in device tree of $kernel is smaller than virt.dts" >&2
	exit 1
fi
# The direct mapping window: physical = virtual with the top 16 bits off.
phys=$(printf '0x%x' $((0x$start & 0xffffffffffff)))
(python3 "$here/gdb-poke.py" "$tmp/gdb.sock" "$phys" "$tmp/virt.dtb"
 rm -rf "$tmp") &
exec qemu-system-loongarch64 "$@" -S -gdb "unix:$tmp/gdb.sock,server=on,wait=off"
