#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# boot-kunit.sh TREE VARIANT - boot a kernel whose guest has no user space
# (KP_KUNIT_ONLY, riscv64: Debian bookworm has no riscv64 packages) and
# collect the KUnit suites it runs at boot. boot.sh hands over to it.
#
# The kernel is built with the suites in (harness/configs/kunit-only.config)
# and booted without an initramfs or a root file system: KUnit runs the
# suites before init would start, prints their KTAP on the console and
# powers the guest off (kunit_shutdown=poweroff). The KTAP is cut out of
# the console log into out/kunit.tap, and out/cpus, boot-seconds and
# verdict are written as boot.sh writes them, so that report.py reads the
# run like any other. The verdict is pass when every suite the KTAP
# announced reported and the guest powered off by itself.
#
# Environment: as boot.sh (TEST, BOOT_TIMEOUT, QEMU_ACCEL, QEMU_CPU,
# KERNEL_ARGS, QEMU_EXTRA, RUN_DIR).
. "$(dirname "$0")/common.sh"

tree=$1
variant=$2
obj=$(kp_objdir "$tree" "$variant")
run=${RUN_DIR:-$(kp_rundir "$tree" "$variant")}
kernel=$obj/$KP_IMAGE_PATH
[ -f "$kernel" ] || kp_die "$kernel not built"

rm -rf "$run"
mkdir -p "$run/out"
echo kunit >"$run/suites"

case $variant in
debug) mem=4G; limit=${BOOT_TIMEOUT:-3000} ;;
*) mem=2G; limit=${BOOT_TIMEOUT:-900} ;;
esac
# Single-threaded TCG, as for every guest (see boot.sh).
accel=${QEMU_ACCEL:-tcg,thread=single}
# QEMU 7.2 has no "max" riscv CPU; rv64 is its generic RV64GC.
cpu=${QEMU_CPU:-rv64}
cmdline="console=$KP_CONSOLE nokaslr panic=-1 oops=panic softlockup_panic=1 kunit_shutdown=poweroff"
[ -n "${TEST:-}" ] && cmdline="$cmdline kunit.filter_glob=*.${TEST}"
[ -n "${KERNEL_ARGS:-}" ] && cmdline="$cmdline $KERNEL_ARGS"
# The virt board with QEMU's OpenSBI as firmware; no disk, no initramfs.
qemu=("$KP_QEMU" -M virt -accel "$accel" -cpu "$cpu" -m "$mem" -smp 2
	-no-reboot -display none -kernel "$kernel" -append "$cmdline")
# shellcheck disable=SC2206
qemu+=(${QEMU_EXTRA:-})

kp_log "boot $tree$KP_ATAG-$variant (Linux $(kp_base_version)-$tree, $KP_ARCH, KUnit at boot, $accel, 2 vCPUs, limit ${limit}s)"
t0=$(date +%s)
set +e +o pipefail
timeout -k 10 "$limit" "${qemu[@]}" -serial stdio </dev/null 2>&1 |
	tee "$run/console.log" |
	sed -un 's/^\(\[[ 0-9.]*\] \)\{0,1\}\(    # Subtest: .*\)$/  guest: kunit:\2/p' >&2
rc=${PIPESTATUS[0]}
set -e -o pipefail
dt=$(($(date +%s) - t0))
echo "$dt" >"$run/boot-seconds"
log=$run/console.log

# The KTAP: from the first top-level "KTAP version 1" on, timestamps off.
sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$log" | tr -d '\r' |
	sed -n '/^KTAP version 1$/,$p' >"$run/out/kunit.tap"
echo "$dt" >"$run/out/kunit.time"
sed -nE 's/.*smp: Brought up [0-9]+ nodes?, ([0-9]+) CPUs?.*/\1/p' "$log" |
	head -n 1 >"$run/out/cpus"

# Every top-level result the plan announced arrived?
complete=$(awk '/^1\.\.[0-9]+$/ && !plan { plan = substr($0, 4) }
		/^(ok|not ok) [0-9]+/ { n++ }
		END { print (plan != "" && n >= plan) ? 1 : 0 }' "$run/out/kunit.tap")
crash_re=$(sed -n 's/^\[crash\] //p' "$KP_HARNESS/kernel-log-patterns" | paste -sd'|')
if grep -qE "$crash_re" "$log"; then
	verdict=crash
elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	verdict=timeout
elif [ "$rc" -eq 0 ] && [ "$complete" = 1 ]; then
	verdict=pass
else
	verdict=fail
fi
echo "$verdict" >"$run/verdict"
kp_log "boot $tree$KP_ATAG-$variant: $verdict after ${dt}s (console: $log)"
if [ "$verdict" = crash ]; then
	echo "---- kernel crash report ($tree$KP_ATAG-$variant) ----" >&2
	grep -m1 -E -B6 -A40 "$crash_re" "$log" | sed 's/^/  /' >&2
	echo "----" >&2
elif [ "$verdict" != pass ]; then
	echo "---- last console lines ($tree$KP_ATAG-$variant) ----" >&2
	tail -n 30 "$log" | sed 's/^/  /' >&2
fi
[ "$verdict" = pass ]
