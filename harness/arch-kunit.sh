#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# arch-kunit.sh TREE - one row of `make arches` (harness/arches.sh) for the
# architecture ARCH= names (one of KP_ARCHES_ALL, harness/arches-settings.sh):
#
#   1. its cross compiler and QEMU, installed on first use (deps.sh);
#   2. tinyconfig + kunit-only.config + arches.config + arch-ARCH.config,
#      resolved by allnoconfig in $BUILD/obj/TREE-ARCH-kunit; every option
#      asked for must take, except the kprobes ones, which are recorded;
#   3. the kernel image, built with ccache;
#   4. where QEMU 7.2 has a machine for it, a boot with no user space
#      (boot-kunit.sh) that runs upstream's KUnit kprobes_test when the
#      tree offers kprobes on the architecture, and our suites
#      kprobes_jprobe_args and kprobes_refusals where the tree has them; not with KP_NO_BOOT=1
#      (`make series-check`, which only builds).
#
# What it found goes to $BUILD/arches/ARCH-TREE/result, one KEY=VALUE a
# line, for arches.sh's table. Exits non-zero only for a harness error
# (result has status=harness-error: WHY): packages that do not install, a
# configuration that does not resolve. A build or boot that fails is a
# result, not an error here.
. "$(dirname "$0")/common.sh"

tree=$1
variant=kunit
src=$(kp_srcdir "$tree")
obj=$(kp_objdir "$tree" "$variant")
out=$KP_BUILD/arches/$KP_ARCH-$tree
result=$out/result
# The options whose presence is the finding, not a requirement.
recorded="KPROBES KRETPROBES OPTPROBES KPROBES_ON_FTRACE"
# Tests of kprobes: required where the tree offers KPROBES (an early
# patch of `make series-check` does not yet); the jprobe suite also only
# where the tree defines it (from the jprobes patch on).
kprobes_tests="KPROBES_SANITY_TEST S390_KPROBES_SANITY_TEST KPROBES_JPROBE_KUNIT_TEST KPROBES_REFUSAL_KUNIT_TEST"

mkdir -p "$out" "$obj"
rm -f "$result" "$result.tmp"

note() { printf '%s=%s\n' "$1" "$2" >>"$result.tmp"; }
finish() { mv "$result.tmp" "$result"; }
harness_error()
{
	kp_log "$KP_ARCH $tree: harness error: $*"
	note status "harness-error: $*"
	finish
	exit 1
}

note arch "$KP_ARCH"
note tree "$tree"
[ "$KP_SYNTAX_ONLY" = 1 ] &&
	harness_error "no compiler builds a $KP_ARCH kernel here (make series-check ARCH=$KP_ARCH checks it with clang's front end)"

# --- 1. compiler and QEMU ------------------------------------------------
"$KP_HARNESS/deps.sh" || harness_error "could not install $KP_ARCH_PACKAGES"
# KP_LLVM (loongarch): LLVM's clang, lld and binutils instead of a gcc.
if [ -n "$KP_LLVM" ]; then
	command -v "${KP_LLVM}clang" >/dev/null || harness_error "no ${KP_LLVM}clang after installing"
	note compiler "clang $("${KP_LLVM}clang" -dumpversion)"
	tool=(LLVM="$KP_LLVM")
else
	command -v "${KP_CROSS}gcc" >/dev/null || harness_error "no ${KP_CROSS}gcc after installing"
	note compiler "${KP_CROSS}gcc $("${KP_CROSS}gcc" -dumpfullversion)"
	tool=(CROSS_COMPILE="$KP_CROSS")
fi

# --- 2. configuration ----------------------------------------------------
configure()
{
	local tiny frags want stamp sym val bad=

	tiny="$src/kernel/configs/tiny-base.config $src/kernel/configs/tiny.config"
	[ -f "$src/arch/$KP_SRCARCH/configs/tiny.config" ] &&
		tiny="$tiny $src/arch/$KP_SRCARCH/configs/tiny.config"
	frags="$KP_HARNESS/configs/kunit-only.config $KP_HARNESS/configs/arches.config
	       $KP_HARNESS/configs/arch-$KP_ARCH.config"
	want=$obj/kp-wanted.config
	# shellcheck disable=SC2086
	grep -hE '^CONFIG_[A-Za-z0-9_]+=' $frags >"$want"
	echo "CONFIG_LOCALVERSION=\"-$tree\"" >>"$want"
	# The Kconfig files that decide what is offered are part of the
	# stamp: an architecture that starts selecting HAVE_KPROBE_SITES is
	# configured anew.
	stamp="$(kp_base_version) $(md5sum <"$want") $(cat "$src/arch/Kconfig" \
		"$src/arch/$KP_SRCARCH/Kconfig" | md5sum)"
	if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.kp-config-stamp" 2>/dev/null)" != "$stamp" ]; then
		# shellcheck disable=SC2086
		cat $tiny "$want" >"$obj/kp-all.config"
		rm -f "$obj/.kp-config-stamp"
		make -C "$src" O="$obj" ARCH="$KP_KARCH" "${tool[@]}" \
			KCONFIG_ALLCONFIG="$obj/kp-all.config" allnoconfig \
			>"$out/config.log" 2>&1 || return 1
	fi
	# Every option asked for took, but those recorded?
	while IFS='=' read -r sym val; do
		case " $recorded " in *" ${sym#CONFIG_} "*) continue ;; esac
		case " $kprobes_tests " in *" ${sym#CONFIG_} "*)
			grep -qx 'CONFIG_KPROBES=y' "$obj/.config" || continue ;;
		esac
		if [ "$sym" = CONFIG_KPROBES_JPROBE_KUNIT_TEST ]; then
			grep -qx 'config KPROBES_JPROBE_KUNIT_TEST' "$src/arch/Kconfig" &&
				grep -qx 'CONFIG_HAVE_FUNCTION_ARG_ACCESS_API=y' "$obj/.config" ||
				continue
		fi
		if [ "$sym" = CONFIG_KPROBES_REFUSAL_KUNIT_TEST ]; then
			grep -qx 'config KPROBES_REFUSAL_KUNIT_TEST' "$src/arch/Kconfig" ||
				continue
		fi
		grep -qxF "$sym=$val" "$obj/.config" && continue
		bad="$bad $sym=$val (got: $(grep -E "^$sym=|^# $sym is not set" "$obj/.config" || echo absent))"
	done <"$want"
	if [ -n "$bad" ]; then
		echo "wanted but not taken:$bad" >>"$out/config.log"
		printf '%s\n' "$bad" >"$out/config-missing"
		return 1
	fi
	rm -f "$out/config-missing"
	echo "$stamp" >"$obj/.kp-config-stamp"
}
kp_log "configure $tree$KP_ATAG-$variant (tinyconfig + kunit-only, arches, arch-$KP_ARCH)"
if ! configure; then
	[ -f "$out/config-missing" ] &&
		harness_error "config did not take:$(cat "$out/config-missing")"
	tail -n 20 "$out/config.log" >&2
	harness_error "allnoconfig failed (see $out/config.log)"
fi
note offered "$(kp_kprobes_opts "$obj/.config")"
note expected "$KP_EXPECT_OPTS"
if grep -qx 'CONFIG_KPROBES_SANITY_TEST=y' "$obj/.config"; then
	note kunit_built y
elif grep -qx 'CONFIG_KPROBES=y' "$obj/.config"; then
	harness_error "KPROBES is offered but KPROBES_SANITY_TEST did not take"
fi

# --- 3. build ------------------------------------------------------------
# KP_PREBUILD (arc700's libgcc): a harness script that makes what the
# kernel build needs and the toolchain lacks.
if [ -n "${KP_PREBUILD:-}" ]; then
	"$KP_PREBUILD" || harness_error "$KP_PREBUILD failed"
fi
export CCACHE_BASEDIR=$KP_BUILD
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export KBUILD_BUILD_TIMESTAMP=kprobes-harness
export KBUILD_BUILD_USER=kprobes KBUILD_BUILD_HOST=harness
cc="${KP_CROSS}gcc" hostcc=gcc
[ -n "$KP_LLVM" ] && cc="${KP_LLVM}clang"
command -v ccache >/dev/null && cc="ccache $cc" hostcc="ccache gcc"
kmake()
{
	# shellcheck disable=SC2086  # KP_KMAKE_ARGS: words, none with spaces
	make -C "$src" O="$obj" ARCH="$KP_KARCH" "${tool[@]}" \
		CC="$cc" HOSTCC="$hostcc" -j"$KP_JOBS" ${KP_KMAKE_ARGS:-} "$@"
}
t0=$(date +%s)
name="build $tree$KP_ATAG-$variant kernel ($KP_IMAGE, -j$KP_JOBS)"
if (kp_step_progress "$name" "$obj/.kp-nr-files" kmake "$KP_IMAGE") &&
	[ -f "$obj/$KP_IMAGE_PATH" ]; then
	note build ok
else
	note build fail
	log=$KP_BUILD/logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_').log
	cp "$log" "$out/build.log" 2>/dev/null || true
	note build_error "$(grep -m1 -E 'error:|Error [0-9]' "$out/build.log" 2>/dev/null |
		sed "s|$src/||; s|$obj/||" | cut -c1-160)"
fi
note build_seconds $(($(date +%s) - t0))

# --- 4. boot ---------------------------------------------------------------
boot()
{
	local run=$out/$KP_ARCH-$tree verdict last crash

	if [ "${KP_NO_BOOT:-0}" = 1 ]; then
		note boot none
		note boot_why "not asked for (KP_NO_BOOT=1)"
		return 0
	fi
	if [ -z "$KP_QEMU" ]; then
		note boot none
		note boot_why "${KP_NO_BOOT_WHY:-QEMU 7.2 has no $KP_ARCH target}"
		return 0
	fi
	command -v "$KP_QEMU" >/dev/null || harness_error "no $KP_QEMU after installing"
	if ! grep -q '^build=ok' "$result.tmp"; then
		note boot -
		return 0
	fi
	RUN_DIR=$run KUNIT_MODULES=none BOOT_TIMEOUT=${BOOT_TIMEOUT:-300} \
		"$KP_HARNESS/boot-kunit.sh" "$tree" "$variant" || true
	verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
	note boot_seconds "$(cat "$run/boot-seconds" 2>/dev/null || echo 0)"
	[ -f "$run/stopped-by-harness" ] && note boot_stopped y
	case $verdict in
	pass) note boot ok ;;
	none) harness_error "boot-kunit.sh gave no verdict (see its output above)" ;;
	*)
		note boot fail
		last=$(sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$run/console.log" | tr -d '\r' |
			grep -v '^[[:space:]]*$' | tail -n 1 | cut -c1-100)
		crash=$(grep -m1 -E "$(sed -n 's/^\[crash\] //p' "$KP_LOG_PATTERNS" |
			paste -sd'|')" "$run/console.log" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' |
			tr -d '\r' | cut -c1-100 || true)
		if [ ! -s "$run/console.log" ]; then
			note boot_why "$verdict, no console output"
		elif [ -n "$crash" ]; then
			note boot_why "$verdict: $crash"
		elif ! grep -q 'Linux version' "$run/console.log"; then
			note boot_why "$verdict, no kernel output (last: $last)"
		else
			note boot_why "$verdict (last: $last)"
		fi ;;
	esac
	# Upstream's kprobes_test, from its summary line.
	sed -nE 's/.*# kprobes_test: pass:([0-9]+) fail:([0-9]+) skip:([0-9]+) total:([0-9]+).*/\1 \2 \3/p' \
		"$run/console.log" | tail -n 1 | {
		read -r p f s || exit 0
		printf 'kunit=%s %s %s\n' "$p" "$f" "$s"
	} >>"$result.tmp"
	# Our in-tree suites, the same way, added up (none from a tree
	# without them).
	sed -nE 's/.*# kprobes_(jprobe_args|refusals): pass:([0-9]+) fail:([0-9]+) skip:([0-9]+) total:([0-9]+).*/\2 \3 \4/p' \
		"$run/console.log" | awk '{ p += $1; f += $2; s += $3; n++ }
		END { if (n) printf "ours_kunit=%d %d %d\n", p, f, s }' >>"$result.tmp"
	# No summary: the suite did not finish; count the cases it reported.
	if ! grep -q '^kunit=' "$result.tmp" &&
		grep -q '# Subtest: kprobes_test' "$run/console.log"; then
		note kunit "$(sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$run/console.log" | tr -d '\r' |
			awk '/# Subtest: kprobes_test/ { on = 1; next }
			     on && /^    (ok|not ok) [0-9]+/ {
				if ($0 ~ /# SKIP/) s++; else if ($1 == "ok") p++; else f++ }
			     END { print p + 0, f + 0, s + 0 }')"
		note kunit_unfinished y
	fi
}
boot
note status complete
finish
