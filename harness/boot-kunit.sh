#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# boot-kunit.sh TREE VARIANT - boot a kernel whose guest has no user space
# (KP_KUNIT_ONLY, riscv64: Debian bookworm has no riscv64 packages; arm;
# ppc64le; and the architectures of `make arches`) and collect the KUnit
# suites it runs at boot. boot.sh and arch-kunit.sh hand over to it.
#
# The kernel is built with upstream's suites in
# (harness/configs/kunit-only.config), which KUnit runs before init starts.
# Our own KUnit modules that need nothing from user space but being loaded
# (KP_KUNIT_MODULES, built against the kernel as boot.sh builds them) go
# into an initramfs whose /init is harness/kunit-init.c, built with the
# kernel's nolibc: it loads them one after the other, each runs its
# suites as it loads, and powers the guest off. All the KTAP goes to the
# console; it is cut out of the console log into out/kunit.tap, and
# out/cpus, boot-seconds and verdict are written as boot.sh writes them,
# so that report.py reads the run like any other. The verdict is pass
# when every built-in suite reported, every module loaded and the guest
# powered off by itself.
#
# The machine, CPU, memory, console and image are the architecture's
# (KP_QEMU_* in common.sh and arches-settings.sh). Where the kernel's
# nolibc does not know the architecture (KP_NOLIBC=0) there is no /init:
# KUnit powers the guest off after its suites (kunit_shutdown=poweroff).
# A guest that reported everything but does not stop (a machine whose
# power-off QEMU does not see) is stopped by the harness 20 s later and
# noted in stopped-by-harness.
#
# Environment: as boot.sh (TEST, BOOT_TIMEOUT, QEMU_ACCEL, QEMU_CPU,
# KERNEL_ARGS, QEMU_EXTRA, RUN_DIR), KUNIT_LOADS (below), KUNIT_MODULES=none
# (no module of ours: `make arches`) and QEMU_SMP (vCPUs; the machine's,
# KP_QEMU_SMP or, for the debug variant, KP_QEMU_SMP_DEBUG).
. "$(dirname "$0")/common.sh"

tree=$1
variant=$2
obj=$(kp_objdir "$tree" "$variant")
run=${RUN_DIR:-$(kp_rundir "$tree" "$variant")}
kernel=$obj/$KP_IMAGE_PATH
[ -f "$kernel" ] || kp_die "$kernel not built"

src=$(kp_srcdir "$tree")
# Our KUnit modules that only need loading, in loading order (the others
# need a test script around them).
# kprobes_target is no KUnit module: kprobes_api_kunit probes it.
KP_KUNIT_MODULES="kprobes_target kprobes_api_kunit kprobes_offsets_kunit
kprobes_stress_kunit kprobes_context_kunit kprobes_safety_kunit kprobes_scale"

rm -rf "$run"
mkdir -p "$run/out" "$run/root/kp"
echo kunit >"$run/suites"

# --- the modules /init loads -------------------------------------------
# KUNIT_LOADS (make bench): the host's FILE.ko[:PARAMS] and -NAME (unload)
# words to hand to /init instead of our KUnit modules.
given_loads()
{
	local w f

	for w in $KUNIT_LOADS; do
		case $w in
		-*) loads="$loads $w" ;;
		*)
			f=${w%%:*}
			[ -f "$f" ] || kp_die "KUNIT_LOADS: no such file $f"
			cp "$f" "$run/root/kp/"
			loads="$loads /kp/${w##*/}"
			;;
		esac
	done
}

# Our KUnit modules, each built on its own: one that does not build is a
# failed case of the run.  (A Kbuild file in the run's copy, read instead
# of the Makefile, keeps only the modules KP_ONLY names.)
some_modules()
{
	local m

	for m in $KP_KUNIT_MODULES; do
		echo "== $m"
		kp_build_modules "$obj" "$mods" KP_ONLY="$m" ||
			echo "== $m does not build"
	done
}
our_modules()
{
	local m

	mods=$run/selftest-modules
	cp -r "$KP_TOP/tools/testing/selftests/kprobes/modules" "$mods"
	printf '%s\n' "include $mods/Makefile" \
		'obj-m := $(filter $(addsuffix .o,$(KP_ONLY)),$(obj-m))' >"$mods/Kbuild"
	kp_step "build our KUnit modules for ${run##*/}" some_modules
	for m in $KP_KUNIT_MODULES; do
		if [ ! -f "$mods/$m.ko" ]; then
			kp_log "$m does not build for $KP_ARCH (see $KP_BUILD/logs/): its suites do not run"
			missing="$missing $m"
			continue
		fi
		cp "$mods/$m.ko" "$run/root/kp/"
		loads="$loads /kp/$m.ko"
		# The parameters the module's kselftest script gives it.
		case $m in
		kprobes_stress_kunit)
			loads="$loads:cycles=3000,seconds=40,opt_seconds=20"
			# A round is two stop_machine()s: the emulated debug
			# kernel needs longer for the kept probe's 100 rounds.
			[ "$variant" = debug ] && loads="$loads,anchor_seconds=30"
			;;
		esac
	done
}

loads=
missing=
if [ -n "${KUNIT_LOADS:-}" ]; then
	given_loads
elif [ "${KUNIT_MODULES:-}" != none ]; then
	our_modules
fi

# --- /init, with nolibc against the kernel's UAPI headers ------------
build_init()
{
	"${KP_CROSS}gcc" -Os -static -nostdlib -fno-asynchronous-unwind-tables \
		-fno-stack-protector -I "$obj/usr/include" \
		-include "$src/tools/include/nolibc/nolibc.h" \
		-o "$run/root/init" "$KP_HARNESS/kunit-init.c" -lgcc
}
if [ "$KP_NOLIBC" = 1 ]; then
	kp_step "UAPI headers of ${run##*/}" \
		make -C "$src" O="$obj" ARCH="$KP_KARCH" CROSS_COMPILE="$KP_CROSS" headers
	kp_step "build the guest's /init (nolibc)" build_init
	(cd "$run/root" && find . | cpio -o -H newc -R 0:0 --quiet) >"$run/initramfs.cpio"
fi

case $variant in
debug) mem=$KP_QEMU_MEM_DEBUG smp=$KP_QEMU_SMP_DEBUG limit=${BOOT_TIMEOUT:-3000} ;;
*) mem=$KP_QEMU_MEM smp=$KP_QEMU_SMP limit=${BOOT_TIMEOUT:-900} ;;
esac
# Single-threaded TCG, as for every guest (see boot.sh).
accel=${QEMU_ACCEL:-tcg,thread=single}
cpu=${QEMU_CPU:-$KP_QEMU_CPU}
cmdline="${KP_EARLYCON:+$KP_EARLYCON }console=$KP_CONSOLE nokaslr panic=-1 oops=panic softlockup_panic=1"
[ -n "${TEST:-}" ] && cmdline="$cmdline kunit.filter_glob=*.${TEST}"
[ -n "${KERNEL_ARGS:-}" ] && cmdline="$cmdline $KERNEL_ARGS"
# No /init: KUnit powers off after its suites.
[ "$KP_NOLIBC" = 1 ] || cmdline="$cmdline kunit_shutdown=poweroff"
# What follows "--" is /init's: the modules to load.
[ "$KP_NOLIBC" = 1 ] && cmdline="$cmdline --$loads"
smp=${QEMU_SMP:-$smp}
[ "$smp" = 2 ] || echo "$smp" >"$run/smp"
# No disk: the kernel, and the initramfs with /init where there is one.
qemu=("$KP_QEMU" ${KP_QEMU_MACHINE:+-M "$KP_QEMU_MACHINE"} -accel "$accel"
	${cpu:+-cpu "$cpu"} -m "$mem" -smp "$smp" -no-reboot
	-kernel "$kernel" -append "$cmdline" -pidfile "$run/qemu.pid")
[ "$KP_NOLIBC" = 1 ] && qemu+=(-initrd "$run/initramfs.cpio")
# shellcheck disable=SC2206
qemu+=($KP_QEMU_DISPLAY ${QEMU_EXTRA:-})

# complete_ktap FILE - 1 when every top-level result the KTAP plan of the
# console log FILE announced has arrived
complete_ktap()
{
	sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$1" | tr -d '\r' |
		sed -n '/^KTAP version 1$/,$p' |
		awk '/^1\.\.[0-9]+$/ && !plan { plan = substr($0, 4) }
		     /^(ok|not ok) [0-9]+/ { n++ }
		     END { print (plan != "" && n + 0 >= plan + 0) ? 1 : 0 }'
}

# stop_when_done - stop a guest that has reported everything (and, with an
# /init, said so) but does not power off, 20 s after it has
stop_when_done()
{
	local done_at=

	while sleep 5; do
		[ -f "$run/qemu.pid" ] || continue
		kill -0 "$(cat "$run/qemu.pid")" 2>/dev/null || return 0
		if [ -z "$done_at" ]; then
			[ "$(complete_ktap "$run/console.log")" = 1 ] || continue
			[ "$KP_NOLIBC" = 1 ] && ! grep -q '^@@KP guest-exit' "$run/console.log" &&
				continue
			done_at=$(date +%s)
		elif [ $(($(date +%s) - done_at)) -ge 20 ]; then
			touch "$run/stopped-by-harness"
			kill "$(cat "$run/qemu.pid")" 2>/dev/null
			return 0
		fi
	done
}

kp_log "boot $tree$KP_ATAG-$variant (Linux $(kp_base_version)-$tree, $KP_ARCH, KUnit at boot, $accel, $smp vCPUs, limit ${limit}s)"
t0=$(date +%s)
rm -f "$run/qemu.pid" "$run/stopped-by-harness"
: >"$run/console.log"
stop_when_done &
watcher=$!
set +e +o pipefail
# shellcheck disable=SC2086
timeout -k 10 "$limit" "${qemu[@]}" $KP_QEMU_SERIAL </dev/null 2>&1 |
	tee "$run/console.log" |
	sed -un -e 's/^@@KP /  guest: /p' \
		-e 's/^\(\[[ 0-9.]*\] \)\{0,1\}    # Subtest: \(.*\)$/  guest: kunit: \2/p' >&2
rc=${PIPESTATUS[0]}
set -e -o pipefail
kill "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true
dt=$(($(date +%s) - t0))
echo "$dt" >"$run/boot-seconds"
log=$run/console.log

# The KTAP: from the first top-level "KTAP version 1" on, timestamps off.
sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$log" | tr -d '\r' |
	sed -n '/^KTAP version 1$/,$p' >"$run/out/kunit.tap"
# A module that did not build is a failed case of its own.
for m in $missing; do
	echo "not ok 0 $m # does not build for $KP_ARCH"
done >>"$run/out/kunit.tap"
echo "$dt" >"$run/out/kunit.time"
sed -nE 's/.*smp: Brought up [0-9]+ nodes?, ([0-9]+) CPUs?.*/\1/p' "$log" |
	head -n 1 >"$run/out/cpus"

# Every top-level result the plan announced arrived?
complete=$(complete_ktap "$log")
crash_re=$(sed -n 's/^\[crash\] //p' "$KP_LOG_PATTERNS" | paste -sd'|')
if grep -qE "$crash_re" "$log"; then
	verdict=crash
elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	verdict=timeout
elif [ "$complete" = 1 ] && { [ "$rc" -eq 0 ] || [ -f "$run/stopped-by-harness" ]; } &&
	{ [ "$KP_NOLIBC" = 0 ] || grep -q '^@@KP guest-exit 0' "$log"; }; then
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
