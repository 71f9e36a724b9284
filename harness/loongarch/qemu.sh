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
#
# With -smp N, the tree gets N CPU nodes (virt.dts has the boot CPU's),
# and CPUs 1 to N-1, which QEMU 7.2 starts at the kernel's entry point
# too, are sent instead to harness/loongarch/secondary.S, put at
# 0x80000 (low memory that virt.dts leaves out, below QEMU's own device
# tree at 1 MB), where they wait for the kernel to start them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
llvm=${KP_LLVM:-/usr/lib/llvm-19/bin/}
kernel=
smp=1
prev=
for a in "$@"; do
	[ "$prev" = -kernel ] && kernel=$a
	[ "$prev" = -smp ] && smp=${a%%,*} smp=${smp#cpus=}
	prev=$a
done
[ -n "$kernel" ] || { echo "qemu.sh: no -kernel" >&2; exit 1; }
case $smp in
[1-9] | [1-9][0-9]) ;;
*) echo "qemu.sh: -smp $smp: give the number of CPUs first" >&2; exit 1 ;;
esac

obj=$(dirname "$kernel")
dtc=$obj/scripts/dtc/dtc
[ -x "$dtc" ] || dtc=dtc
tmp=$(mktemp -d)
{
	cat "$here/virt.dts"
	for ((i = 1; i < smp; i++)); do
		printf '/ { cpus { cpu@%x { compatible = "loongson,la464"; device_type = "cpu"; reg = <%#x>; }; }; };\n' "$i" "$i"
	done
} | "$dtc" -q -I dts -O dtb -o "$tmp/virt.dtb" -
pokes=()
if [ "$smp" -gt 1 ]; then
	"${llvm}llvm-mc" -triple=loongarch64 -mattr=+d -filetype=obj \
		-o "$tmp/secondary.o" "$here/secondary.S"
	"${llvm}llvm-objcopy" -O binary -j .text "$tmp/secondary.o" "$tmp/secondary.bin"
	pokes+=(0x80000="$tmp/secondary.bin")
	for ((i = 1; i < smp; i++)); do
		pokes+=("$i@0x80000")
	done
fi
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
(python3 "$here/gdb-poke.py" "$tmp/gdb.sock" "$phys=$tmp/virt.dtb" "${pokes[@]}"
 rm -rf "$tmp") &
exec qemu-system-loongarch64 "$@" -S -gdb "unix:$tmp/gdb.sock,server=on,wait=off"
