#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# boot.sh TREE VARIANT MODE - boot a built kernel in QEMU and run MODE
# (check, run or shell) in it.
#
# Builds the initramfs (busybox, the kernel's modules, the test payload),
# boots QEMU under TCG with the host's root shared read-only over 9p and a
# writable 9p share for results, enforces a wall-clock limit and writes the
# verdict to $BUILD/runs/TREE-VARIANT/verdict: pass, crash, timeout or fail
# (the guest stopped before it finished). The console is kept in
# console.log next to it. With ARCH=arm64 or i386 the guest's root is the
# Debian root of that architecture that harness/rootfs.sh builds, shared
# the same way, and the run directory is $BUILD/runs/TREE-ARCH-VARIANT.
# ARCH=riscv64 has no user space: harness/boot-kunit.sh boots it instead.
#
# Environment: SUITES (check mode), TEST (glob of case names),
# EXTRA_MODULES (.ko files to load first), EXTRA_SCRIPT (a bash script whose
# stdout is KTAP, run as suite "extra"), BOOT_TIMEOUT (seconds), QEMU_ACCEL,
# KERNEL_ARGS (more kernel command line), QEMU_EXTRA (more QEMU arguments),
# QEMU_CPU (the -cpu model: max, or host under KVM),
# EXTRA_FILES (copied to /kp/extra/files in the guest), RUN_DIR (instead of
# the default), LONG=1 (long stress runs: the guest reads /kp/long and the
# wall-clock limit grows by 15 minutes).
. "$(dirname "$0")/common.sh"

tree=$1
variant=$2
mode=$3
# No user space for this architecture's guest: only the KUnit suites
# built into the kernel run, at boot (harness/boot-kunit.sh).
if [ "$KP_KUNIT_ONLY" = 1 ]; then
	[ "$mode" = check ] ||
		kp_die "make $mode needs a user space in the guest, which ARCH=$KP_ARCH does not have (only make check, KUnit at boot)"
	exec "$KP_HARNESS/boot-kunit.sh" "$tree" "$variant"
fi
src=$(kp_srcdir "$tree")
obj=$(kp_objdir "$tree" "$variant")
mods=$(kp_moddir "$tree" "$variant")
run=${RUN_DIR:-$(kp_rundir "$tree" "$variant")}
kernel=$obj/$KP_IMAGE_PATH
[ -f "$kernel" ] || kp_die "$kernel not built"
# The guest's busybox (initramfs, ftracetest) must be of its architecture.
busybox=/bin/busybox
if [ "$KP_ARCH" != x86_64 ]; then
	"$KP_HARNESS/rootfs.sh" "$KP_ARCH"
	busybox=$KP_GUEST_ROOT/usr/bin/busybox
fi

rm -rf "$run"
mkdir -p "$run/out" "$run/root"
echo "$KP_SUITES" >"$run/suites"

# --- initramfs ---------------------------------------------------------
root=$run/root
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,lib/modules,kp/bin,kp/extra/files}
mkdir -p "$root"/kp/selftests/kselftest
cp "$busybox" "$root/bin/busybox"
cp "$busybox" "$root/kp/bin/busybox"
cp "$KP_HARNESS/guest-init" "$root/init"
cp "$KP_HARNESS/guest-run.sh" "$root/kp/guest-run.sh"
chmod +x "$root/init" "$root/kp/guest-run.sh"
[ -d "$mods/lib/modules" ] && cp -a "$mods/lib/modules/." "$root/lib/modules/"
# Our kselftests always come from this project; the ftrace selftests from
# the tree under test (they are upstream's and we do not change them).
cp -a "$KP_TOP/tools/testing/selftests/kprobes" "$root/kp/selftests/"
# The kselftests' helper modules are built here, against the kernel that
# boots, and travel in the payload as kprobes/modules/*.ko.
if [ -f "$KP_TOP/tools/testing/selftests/kprobes/modules/Makefile" ]; then
	rm -rf "$run/selftest-modules"
	cp -r "$KP_TOP/tools/testing/selftests/kprobes/modules" "$run/selftest-modules"
	# The step's name (and so its log file) is the run's: make check
	# boots several guests at once.
	if [ "$KP_ARCH" = x86_64 ] || [ "$tree" = patched ]; then
		# Every module builds for every architecture our tree runs
		# on: one that does not is an error, not a skip.
		kp_step "build the kselftest modules for ${run##*/}" \
			kp_build_modules "$obj" "$run/selftest-modules"
	else
		# Upstream's kernel on another architecture: built one module
		# at a time, since not all of them build against upstream's
		# interface there; take the ones that build and name the
		# others (the tests that need them skip in the guest).
		# (A Kbuild file in the run's copy, read instead of the
		# Makefile, keeps only the module KP_ONLY names.)
		mods_list=$(sed -n 's/^obj-m += \(.*\)\.o$/\1/p' "$run/selftest-modules/Makefile")
		printf '%s\n' "include $run/selftest-modules/Makefile" \
			'obj-m := $(filter $(KP_ONLY).o,$(obj-m))' >"$run/selftest-modules/Kbuild"
		some_modules()
		{
			local m

			for m in $mods_list; do
				echo "== $m"
				kp_build_modules "$obj" "$run/selftest-modules" KP_ONLY="$m" \
					KBUILD_MODPOST_WARN=1 || echo "== $m does not build"
			done
		}
		kp_step "build the kselftest modules for ${run##*/} (those that build for $KP_ARCH)" \
			some_modules
		missing=$(for m in $mods_list; do
				[ -f "$run/selftest-modules/$m.ko" ] || echo "$m"
			done | tr '\n' ' ')
		[ -z "$missing" ] ||
			kp_log "kselftest modules that do not build for $KP_ARCH (see $KP_BUILD/logs/): $missing"
	fi
	rm -rf "$root/kp/selftests/kprobes/modules"
	mkdir -p "$root/kp/selftests/kprobes/modules"
	cp "$run/selftest-modules"/*.ko "$root/kp/selftests/kprobes/modules/" 2>/dev/null ||
		[ "$KP_ARCH" != x86_64 ]
	# and the user programs built beside them (kprobes_*_prog)
	for f in "$run/selftest-modules"/kprobes_*_prog; do
		if [ -x "$f" ]; then cp "$f" "$root/kp/selftests/kprobes/modules/"; fi
	done
fi
# The seeds' own example modules (test_seed_examples.sh), each built by
# the Makefile the seed prints, which runs "make -C KDIR M=its dir"; they
# travel beside the helper modules. Our kernel on x86-64 must build them
# all; elsewhere (upstream, whose API lacks jprobes and pid_uprobes, or
# another architecture's registers) the test skips those that do not.
# Only a guest that runs the kselftests needs them (not the harness
# self-test's boots).
seeds=$KP_TOP/tools/testing/selftests/kprobes/seeds
if [ -d "$seeds" ] && [[ " $KP_SUITES " == *" selftests "* ]]; then
	rm -rf "$run/seed-modules"
	cp -r "$seeds" "$run/seed-modules"
	build_seeds()
	{
		local d failed=

		for d in "$run/seed-modules"/*/; do
			[ -f "$d/Makefile" ] || continue
			echo "== ${d%/}"
			if [ "$KP_ARCH" = x86_64 ]; then
				make -C "$d" KDIR="$obj" -j"$KP_JOBS"
			else
				make -C "$d" KDIR="$obj" ARCH="$KP_KARCH" \
					CROSS_COMPILE="$KP_CROSS" -j"$KP_JOBS"
			fi || failed="$failed $(basename "$d")"
		done
		[ -z "$failed" ] && return 0
		echo "== not built:$failed"
		[ "$KP_ARCH" != x86_64 ] || [ "$tree" != patched ]
	}
	kp_step "build the seeds' example modules for ${run##*/}" build_seeds
	cp "$run/seed-modules"/*/*.ko "$root/kp/selftests/kprobes/modules/" 2>/dev/null || true
	missing=$(for d in "$run/seed-modules"/*/; do
			ls "$d"*.ko >/dev/null 2>&1 || basename "$d"
		done | tr '\n' ' ')
	[ -z "$missing" ] ||
		kp_log "seed examples that do not build for ${run##*/} (see $KP_BUILD/logs/): $missing"
fi
cp -a "$src/tools/testing/selftests/ftrace" "$root/kp/selftests/"
cp "$src/tools/testing/selftests/kselftest/ktap_helpers.sh" "$root/kp/selftests/kselftest/"
echo "$KP_SUITES" | tr ' ' '\n' | sed '/^$/d' >"$root/kp/suites"
echo "${TEST:-*}" >"$root/kp/test-glob"
echo "${LONG:-0}" >"$root/kp/long"
for m in ${EXTRA_MODULES:-}; do
	[ -f "$m" ] || kp_die "EXTRA_MODULES: no such file $m"
	cp "$m" "$root/kp/extra/"
done
for f in ${EXTRA_FILES:-}; do
	[ -f "$f" ] || kp_die "EXTRA_FILES: no such file $f"
	cp "$f" "$root/kp/extra/files/"
done
if [ -n "${EXTRA_SCRIPT:-}" ]; then
	[ -f "$EXTRA_SCRIPT" ] || kp_die "EXTRA_SCRIPT: no such file $EXTRA_SCRIPT"
	cp "$EXTRA_SCRIPT" "$root/kp/extra/script"
fi
(cd "$root" && find . | cpio -o -H newc -R 0:0 --quiet) >"$run/initramfs.cpio"

# --- QEMU --------------------------------------------------------------
# The debug guest took about 1600 s alone; make check runs it next to
# kernel builds and another guest, which slow it down: 3000 s.
case $variant in
debug) mem=4G; limit=${BOOT_TIMEOUT:-3000} ;;
*) mem=2G; limit=${BOOT_TIMEOUT:-900} ;;
esac
[ "$mode" = shell ] && limit=${BOOT_TIMEOUT:-86400}
[ "${LONG:-0}" = 1 ] && [ -z "${BOOT_TIMEOUT:-}" ] && limit=$((limit + 900))
# KVM only where the host CPU really offers virtualization: on machines
# with /dev/kvm but no vmx/svm flag, KVM guests hang after the BIOS.
# Otherwise single-threaded TCG: multi-threaded TCG crashed stress tests
# that patch code on one vCPU while the other runs it.
accel=tcg,thread=single
if [ "$KP_SRCARCH" = x86 ] && [ -r /dev/kvm ] && [ -w /dev/kvm ] &&
   grep -qwE 'vmx|svm' /proc/cpuinfo; then
	accel=kvm
fi
accel=${QEMU_ACCEL:-$accel}
cpu=max
[ "${accel%%,*}" = kvm ] && cpu=host
cmdline="console=$KP_CONSOLE nokaslr panic=-1 oops=panic softlockup_panic=1 kp.mode=$mode"
[ "$mode" = check ] || cmdline="$cmdline loglevel=4"
[ -n "${TEST:-}" ] && cmdline="$cmdline kunit.filter_glob=kprobes_test.${TEST}"
[ -n "${KERNEL_ARGS:-}" ] && cmdline="$cmdline $KERNEL_ARGS"

# arm64: the virt board (device tree, PSCI, GICv2, PCIe); -cpu max with
# QEMU's cheap pointer-authentication algorithm instead of QARMA5.
[ "$KP_ARCH" = arm64 ] && [ "$cpu" = max ] && cpu=max,pauth-impdef=on
# i386: TCG's max CPU is an AMD family 6, which a 32-bit kernel takes for
# an Athlon not certified for SMP (a WARNING and a taint); Intel's is not.
[ "$KP_ARCH" = i386 ] && [ "$cpu" = max ] && cpu=max,vendor=GenuineIntel
cpu=${QEMU_CPU:-$cpu}
case $KP_ARCH in
arm64)
	machine=(-M virt -accel "$accel" -cpu "$cpu" -m "$mem" -smp 2) ;;
*)
	machine=(-accel "$accel" -cpu "$cpu" -m "$mem" -smp "2,sockets=2" -vga none) ;;
esac
qemu=("$KP_QEMU" "${machine[@]}" -no-reboot -display none
	-kernel "$kernel" -initrd "$run/initramfs.cpio" -append "$cmdline"
	-fsdev local,id=hostroot,path="$KP_GUEST_ROOT",readonly=on,security_model=none,multidevs=remap
	-device virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot
	-fsdev local,id=kpout,path="$run/out",security_model=none
	-device virtio-9p-pci,fsdev=kpout,mount_tag=kpout)
# shellcheck disable=SC2206
qemu+=(${QEMU_EXTRA:-})

kp_log "boot $tree$KP_ATAG-$variant (Linux $(kp_base_version)-$tree, ${KP_ATAG:+$KP_ARCH, }$accel, 2 vCPUs, limit ${limit}s)"
t0=$(date +%s)
rc=0
set +e +o pipefail
if [ "$mode" = shell ]; then
	"${qemu[@]}" -serial mon:stdio
	exit $?
elif [ "$mode" = run ]; then
	# The demo's own output is shown from the guest's start on; the
	# kernel prints only warnings and worse to the console (loglevel=4).
	timeout -k 10 "$limit" "${qemu[@]}" -serial stdio </dev/null 2>&1 |
		tee "$run/console.log" | sed -un '/@@KP guest-up/,${s/^@@KP /guest: /;p}'
	rc=${PIPESTATUS[0]}
else
	timeout -k 10 "$limit" "${qemu[@]}" -serial stdio </dev/null 2>&1 |
		tee "$run/console.log" | sed -un 's/^@@KP /  guest: /p' >&2
	rc=${PIPESTATUS[0]}
fi
set -e -o pipefail
dt=$(($(date +%s) - t0))
echo "$dt" >"$run/boot-seconds"

# --- verdict -----------------------------------------------------------
log=$run/console.log
# The [crash] lines of the kernel-log-patterns file, as one ERE.
crash_re=$(sed -n 's/^\[crash\] //p' "$KP_LOG_PATTERNS" | paste -sd'|')
if grep -qE "$crash_re" "$log"; then
	verdict=crash
elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	verdict=timeout
elif grep -q '^@@KP guest-exit 0' "$log"; then
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
