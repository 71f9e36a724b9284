# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared helpers for the kprobes harness scripts. Sourced, never run.
#
# Every script finds the project top, the build directory and the tools
# through the variables set here, and reports progress through kp_step so
# that long steps always print what they do and how long they took.

set -euo pipefail

KP_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KP_BUILD=${BUILD:-build}
case "$KP_BUILD" in
/*) ;;
*) KP_BUILD=$KP_TOP/$KP_BUILD ;;
esac
KP_HARNESS=$KP_TOP/harness
# What a kernel log must not contain: the one list, kept with the kselftests.
KP_LOG_PATTERNS=$KP_TOP/tools/testing/selftests/kprobes/kernel-log-patterns
KP_JOBS=${JOBS:-$(nproc)}
KP_TARBALL=${KP_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# The suites `make check` runs unless SUITES says otherwise: the guest
# suites, and "docs", which runs on the host (harness/docs.sh).
KP_SUITES=${SUITES:-selftests kunit ftrace docs}
KP_START=${KP_START:-$(date +%s)}
export KP_START

# The guest's architecture (ARCH=): x86_64 (the default), i386, arm64,
# riscv64, arm (32-bit, armhf) or ppc64le.
# KP_KARCH is the kernel's ARCH, KP_CROSS its CROSS_COMPILE, KP_IMAGE the
# boot image (target and path under the object directory), KP_GUEST_ROOT
# the directory the guest gets as its root over 9p: the host's / for
# x86_64, a root built from Debian's packages for ARCH otherwise
# (harness/rootfs.sh), none for riscv64 (Debian bookworm has no riscv64
# packages) and, for now, arm and ppc64le: their guests run the KUnit
# suites built into the kernel at boot, KP_KUNIT_ONLY=1. Build, module
# and run directories of another architecture than x86_64 carry its name
# (KP_ATAG): obj/upstream-arm64-default.
# KP_GUEST_ARCH, when set, wins over ARCH: it keeps the guest's name where
# ARCH was rewritten for the kernel (below), since two guests can share one
# kernel ARCH (ppc64le and ppc are both powerpc).
#
# How boot-kunit.sh boots a guest with no user space (riscv64, arm,
# ppc64le and the architectures of `make arches`): KP_QEMU_MACHINE, KP_QEMU_CPU,
# KP_QEMU_MEM, KP_QEMU_SMP, KP_QEMU_SERIAL, KP_QEMU_DISPLAY, KP_EARLYCON
# and KP_NOLIBC (see harness/arches-settings.sh), and for the debug
# variant KP_QEMU_MEM_DEBUG and KP_QEMU_SMP_DEBUG (by default
# KP_QEMU_SMP). KP_ARCH_PACKAGES: the Debian packages deps.sh adds for
# the architecture. KP_EXPECT_OPTS: what upstream offers of the kprobes
# options, for `make arches` (arches-settings.sh).
KP_ARCH=${KP_GUEST_ARCH:-${ARCH:-x86_64}}
KP_ARCHES_ALL="arm ppc64le ppc s390x mipsel micromips sh4 sparc64 parisc arc arc700 loongarch"
KP_BOARD_ONLY=0
KP_SYNTAX_ONLY=0
KP_KUNIT_ONLY=0
KP_ARCH_PACKAGES=
# KP_LLVM: where set (loongarch), the kernel is built with LLVM from that
# directory (make LLVM=KP_LLVM), not with KP_CROSS's gcc.
KP_LLVM=
# KP_USERCFLAGS: extra flags of the user programs built beside the
# selftest modules (USERCFLAGS of kbuild).
KP_USERCFLAGS=
KP_IMAGE_PATH=
KP_EXPECT_OPTS=
KP_QEMU_MACHINE='' KP_QEMU_CPU='' KP_QEMU_MEM=2G KP_QEMU_MEM_DEBUG=4G
KP_QEMU_SMP=2 KP_QEMU_SMP_DEBUG='' KP_EARLYCON=
KP_QEMU_SERIAL="-serial stdio" KP_QEMU_DISPLAY="-display none" KP_NOLIBC=1
case $KP_ARCH in
x86_64)
	KP_ARCH=x86_64 KP_KARCH=x86_64 KP_SRCARCH=x86 KP_CROSS=
	KP_IMAGE=bzImage KP_QEMU=qemu-system-x86_64 KP_CONSOLE=ttyS0 KP_ATAG=
	KP_GUEST_ROOT=/ ;;
i386 | i686)
	KP_ARCH=i386 KP_KARCH=i386 KP_SRCARCH=x86 KP_CROSS=
	KP_IMAGE=bzImage KP_QEMU=qemu-system-i386 KP_CONSOLE=ttyS0 KP_ATAG=-i386
	KP_GUEST_ROOT=$KP_BUILD/rootfs/i386
	# The selftests' user programs (kprobes_pid_prog) are built with
	# the host's gcc -m32: libc6-dev-i386 links /usr/include/bits, gnu
	# and sys to the bi-arch x86_64-linux-gnu headers, but asm/ only
	# gcc-multilib links, and that package removes the cross compilers.
	# The x86 UAPI asm headers there serve both word sizes.
	KP_USERCFLAGS="-idirafter /usr/include/x86_64-linux-gnu" ;;
arm64 | aarch64)
	KP_ARCH=arm64 KP_KARCH=arm64 KP_SRCARCH=arm64 KP_CROSS=aarch64-linux-gnu-
	KP_IMAGE=Image KP_QEMU=qemu-system-aarch64 KP_CONSOLE=ttyAMA0 KP_ATAG=-arm64
	KP_GUEST_ROOT=$KP_BUILD/rootfs/arm64 ;;
riscv64 | riscv)
	KP_ARCH=riscv64 KP_KARCH=riscv KP_SRCARCH=riscv KP_CROSS=riscv64-linux-gnu-
	KP_IMAGE=Image KP_QEMU=qemu-system-riscv64 KP_CONSOLE=ttyS0 KP_ATAG=-riscv64
	KP_GUEST_ROOT='' KP_ARCH_PACKAGES="gcc-riscv64-linux-gnu qemu-system-misc"
	KP_KUNIT_ONLY=1
	# The virt board with QEMU's OpenSBI as firmware; QEMU 7.2 has no
	# "max" riscv CPU, rv64 is its generic RV64GC. SBI's console shows
	# what happens before the 8250 is up.
	KP_QEMU_MACHINE=virt KP_QEMU_CPU=rv64 KP_EARLYCON=earlycon=sbi ;;
arm | armhf)
	# 32-bit arm (armhf: ARMv7, hard float), also one of `make arches`.
	# The virt board with a Cortex-A15 (ARMv7-A, no LPAE in this
	# kernel); QEMU loads the zImage itself, PSCI powers off. The PL011
	# console, early through its address on the board. Without LPAE the
	# kernel maps no more than about 760 MB of low memory: the guests get
	# less than that.
	#
	# Two vCPUs for the debug kernel, one for the default one. Freeing
	# a module's init text flushes the TLB page by page over hundreds of
	# MB (arm's flush_tlb_kernel_range() has no "flush all" cut-off),
	# each flush an inner-shareable one that single-threaded TCG makes
	# wait for the other vCPU's time slice. In the default kernel
	# (PREEMPT_NONE) that flush cannot be preempted, so a stop_machine()
	# (which arming probes uses) started meanwhile spins on the other
	# vCPU until it ends: over 20 minutes, twice in two tries
	# (2026-11-26). The preemptible debug kernel ran every case with two
	# in 332 s. QEMU_SMP=2 tries it anyway.
	KP_ARCH=arm KP_KARCH=arm KP_SRCARCH=arm KP_CROSS=arm-linux-gnueabihf-
	KP_IMAGE=zImage KP_QEMU=qemu-system-arm KP_CONSOLE=ttyAMA0 KP_ATAG=-arm
	KP_GUEST_ROOT='' KP_ARCH_PACKAGES="gcc-arm-linux-gnueabihf qemu-system-arm"
	KP_KUNIT_ONLY=1
	KP_QEMU_MACHINE=virt KP_QEMU_CPU=cortex-a15 KP_QEMU_MEM=512M
	KP_QEMU_MEM_DEBUG=736M KP_QEMU_SMP=1 KP_QEMU_SMP_DEBUG=2
	KP_EARLYCON=earlycon=pl011,0x09000000
	KP_EXPECT_OPTS="y y y -" ;;
ppc64le | powerpc64le)
	# 64-bit little-endian powerpc (ELFv2), also one of `make arches`.
	# QEMU's pSeries machine under SLOF, which loads the ELF vmlinux;
	# the hypervisor console hvc0, RTAS powers off. A POWER9 CPU (make
	# arches booted POWER8 before): the kernel then runs with the radix
	# MMU, which KASAN (the debug variant) needs on 64-bit Book3S, and
	# the test functions may use POWER9 instructions (addpcis). Two
	# vCPUs, 1 GB (4 GB for the debug kernel, KASAN).
	KP_ARCH=ppc64le KP_ATAG=-ppc64le KP_KARCH=powerpc KP_SRCARCH=powerpc
	KP_CROSS=powerpc64le-linux-gnu- KP_CONSOLE=hvc0
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux KP_QEMU=qemu-system-ppc64
	KP_GUEST_ROOT='' KP_ARCH_PACKAGES="gcc-powerpc64le-linux-gnu qemu-system-ppc"
	KP_KUNIT_ONLY=1
	KP_QEMU_MACHINE=pseries KP_QEMU_CPU=power9 KP_QEMU_MEM=1G
	KP_EXPECT_OPTS="y y y y" ;;
*)
	# The architectures without a port, built by `make arches`.
	. "$KP_HARNESS/arches-settings.sh" ;;
esac
[ -n "$KP_IMAGE_PATH" ] || KP_IMAGE_PATH=arch/$KP_SRCARCH/boot/$KP_IMAGE
KP_QEMU_SMP_DEBUG=${KP_QEMU_SMP_DEBUG:-$KP_QEMU_SMP}
# Those have no guest that runs our suites: nothing but `make arches`,
# `make series-check` and the steps they share with the other targets
# takes them.
if [ "$KP_BOARD_ONLY" = 1 ]; then
	case ${0##*/} in
	arches.sh | arch-kunit.sh | boot-kunit.sh | deps.sh | base.sh | overlay.sh | prepare.sh | \
	arc700-libgcc.sh | series.sh | series-check.sh) ;;
	*)
		printf 'error: ARCH=%s has no guest with our suites: only "make arches" and "make series-check" build it\n' "$KP_ARCH" >&2
		exit 1 ;;
	esac
fi
# Where ARCH= names the guest otherwise than the kernel does (riscv64 is the
# kernel's riscv, aarch64 its arm64), every make these scripts start must
# see the kernel's name, also through the MAKEFLAGS of `make ARCH=...`.
if [ "${ARCH:-$KP_KARCH}" != "$KP_KARCH" ]; then
	export ARCH=$KP_KARCH KP_GUEST_ARCH=$KP_ARCH
	MAKEFLAGS=$(printf '%s' "${MAKEFLAGS:-}" | sed -E "s/(^| )ARCH=[^ ]*/\1ARCH=$KP_KARCH/g")
	export MAKEFLAGS
fi
# KP_KUNIT_ONLY=1 (riscv64, arm, ppc64le and the architectures of `make
# arches`): no user space in the guest; the kernel runs its built-in KUnit
# suites at boot and the harness reads their KTAP from the console.
[ "$KP_BOARD_ONLY" = 1 ] && KP_KUNIT_ONLY=1
[ "$KP_KUNIT_ONLY" = 1 ] && KP_SUITES=${SUITES:-kunit}
# The variants make check runs by default on this architecture (ibt is
# x86-64's indirect branch tracking).
if [ "$KP_ARCH" = x86_64 ]; then
	KP_DEFAULT_VARIANTS="default ibt debug"
else
	KP_DEFAULT_VARIANTS="default debug"
fi

kp_elapsed()
{
	local s=$(($(date +%s) - KP_START))

	printf '%02d:%02d' $((s / 60)) $((s % 60))
}

# kp_log MESSAGE... - one progress line, prefixed with the elapsed time
kp_log()
{
	printf '[%s] %s\n' "$(kp_elapsed)" "$*" >&2
}

kp_die()
{
	printf '[%s] error: %s\n' "$(kp_elapsed)" "$*" >&2
	exit 1
}

# kp_step NAME CMD... - run CMD, print start and end of the step with its
# duration; the output of CMD goes to a log file that is shown on failure.
kp_step()
{
	local name=$1 t0 rc log
	shift
	mkdir -p "$KP_BUILD/logs"
	log=$KP_BUILD/logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_').log
	t0=$(date +%s)
	kp_log "$name ..."
	rc=0
	"$@" >"$log" 2>&1 || rc=$?
	if [ $rc -ne 0 ]; then
		tail -n 40 "$log" >&2
		kp_die "$name failed (exit $rc, full log: $log)"
	fi
	kp_log "$name done in $(($(date +%s) - t0)) s"
}

# kp_step_progress NAME COUNTFILE CMD... - kp_step for a kernel build:
# while CMD runs, say how many files it compiled (of about as many as the
# biggest build so far, remembered in COUNTFILE), the directory it is in
# and the time spent.  On a terminal the line is refreshed in place every
# 2 s; otherwise (logs, CI) a line is printed every minute.
kp_step_progress()
{
	local name=$1 count=$2 t0 rc log pid total n last every=60 shown
	shift 2
	mkdir -p "$KP_BUILD/logs"
	log=$KP_BUILD/logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_').log
	total=$(cat "$count" 2>/dev/null || true)
	[ -t 2 ] && every=2
	t0=$(date +%s)
	shown=$t0
	kp_log "$name ..."
	"$@" >"$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1 &
		wait $! || true
		kill -0 "$pid" 2>/dev/null || break
		[ $(($(date +%s) - shown)) -ge "$every" ] || continue
		shown=$(date +%s)
		n=$(grep -cE '^  (CC|AS)( \[M\])? ' "$log" || true)
		last=$(grep -E '^  (CC|AS)( \[M\])? ' "$log" | tail -n 1 | awk '{ print $NF }' || true)
		last="$n files compiled${total:+ of about $total}, in ${last%/*}/, $(($(date +%s) - t0)) s"
		if [ -t 2 ]; then
			printf '\r\033[K[%s] %s: %s' "$(kp_elapsed)" "$name" "$last" >&2
		else
			kp_log "$name: $last"
		fi
	done
	[ -t 2 ] && printf '\r\033[K' >&2
	rc=0
	wait "$pid" || rc=$?
	if [ $rc -ne 0 ]; then
		tail -n 40 "$log" >&2
		kp_die "$name failed (exit $rc, full log: $log)"
	fi
	n=$(grep -cE '^  (CC|AS)( \[M\])? ' "$log" || true)
	[ "$n" -gt "${total:-0}" ] && echo "$n" >"$count"
	kp_log "$name done in $(($(date +%s) - t0)) s ($n files compiled)"
}

# kp_build_modules OBJDIR MODDIR [MAKE ARGS...] - build the out-of-tree
# modules in MODDIR against the kernel tree built (or prepared) in OBJDIR
kp_build_modules()
{
	local obj=$1 dir=$2

	shift 2
	if [ "$KP_ARCH" = x86_64 ]; then
		make -C "$obj" M="$dir" -j"$KP_JOBS" "$@" modules
	else
		make -C "$obj" M="$dir" ARCH="$KP_KARCH" CROSS_COMPILE="$KP_CROSS" \
			${KP_USERCFLAGS:+USERCFLAGS="$KP_USERCFLAGS"} \
			-j"$KP_JOBS" "$@" modules
	fi
}

# kp_check_variant VARIANT - refuse a variant that makes no sense on ARCH
kp_check_variant()
{
	if [ "$1" = ibt ] && [ "$KP_ARCH" != x86_64 ]; then
		kp_die "the ibt variant is x86-64's indirect branch tracking: not for ARCH=$KP_ARCH (variants here: $KP_DEFAULT_VARIANTS, rt)"
	fi
	return 0
}

# kp_sudo CMD... - run CMD as root, through sudo when we are not root
kp_sudo()
{
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}

# Tree and variant naming.  The extracted Debian source is the "base"
# ($BUILD/src/base).  TREE is "patched" (the base with our overlay,
# $BUILD/src/patched) or "upstream" (the base itself, built as it is);
# VARIANT names a config: "default", or one of harness/configs/*.config
# (ibt, debug, rt).
kp_tree()
{
	if [ -n "${UPSTREAM:-}" ] && [ "${UPSTREAM}" != 0 ]; then
		echo upstream
	else
		echo patched
	fi
}

# The upstream tree is the pristine base itself.
kp_srcdir()
{
	case $1 in
	upstream) echo "$KP_BUILD/src/base" ;;
	*) echo "$KP_BUILD/src/$1" ;;
	esac
}
kp_objdir()  { echo "$KP_BUILD/obj/$1$KP_ATAG-$2"; }
kp_moddir()  { echo "$KP_BUILD/mods/$1$KP_ATAG-$2"; }
kp_rundir()  { echo "$KP_BUILD/runs/$1$KP_ATAG-$2"; }
kp_base_version() { cat "$KP_BUILD/src/base/.kp-version" 2>/dev/null || echo unknown; }

# kp_kprobes_opts CONFIG - which of KPROBES KRETPROBES OPTPROBES
# KPROBES_ON_FTRACE the kernel .config CONFIG sets, as "y y - -"
kp_kprobes_opts()
{
	local o out=

	for o in KPROBES KRETPROBES OPTPROBES KPROBES_ON_FTRACE; do
		if grep -qx "CONFIG_$o=y" "$1"; then out+="y "; else out+="- "; fi
	done
	echo "${out% }"
}

# kp_overlay_files - the files of ours that land in the kernel tree, one
# path per line relative to the project top, sorted
kp_overlay_files()
{
	local dirs="kernel arch include samples Documentation lib
		    tools/testing/selftests/kprobes MAINTAINERS"

	(
		cd "$KP_TOP" || exit
		# shellcheck disable=SC2086
		if git rev-parse --git-dir >/dev/null 2>&1; then
			git ls-files --cached --others --exclude-standard -- $dirs
		else
			find $dirs -type f 2>/dev/null || true
		fi | while read -r f; do [ -f "$f" ] && echo "$f"; done | sort -u
	)
}

# kp_deleted_files - upstream files our series removes (harness/deleted-files)
kp_deleted_files()
{
	local list=$KP_HARNESS/deleted-files

	[ -f "$list" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$list" | sort -u
}
