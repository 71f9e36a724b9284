#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make bench`: build the patched and the untouched kernel with the same
# (default) config, build the benchmark module
# (tools/testing/selftests/kprobes/bench) against each, and run it in the
# guest four times: each tree under instruction counting (QEMU -icount
# shift=0,sleep=off: one guest nanosecond per instruction, so figures are
# exact and repeatable) and under plain emulation (wall clock, noisy).
# Prints one table of ours / upstream / ratio. BENCH_QUICK=1 runs the
# module's short version. BENCH_TREES="patched" (or "upstream") builds and
# runs only that kernel and keeps the other one's last results for the
# table: upstream's figures do not change while ours are being worked on.
# BENCH_MODES="icount" leaves out the wall-clock runs (slow with two
# emulated vCPUs: riscv64's registration figures take tens of minutes).
# ARCH= benchmarks another architecture's guest; its runs and table are
# kept apart (build/bench-arm64, build/runs/bench-icount-patched-arm64).
. "$(dirname "$0")/common.sh"

bench=$KP_BUILD/bench$KP_ATAG
quick=${BENCH_QUICK:-0}
trees=${BENCH_TREES:-patched upstream}
for tree in $trees; do
	case $tree in
	patched | upstream) ;;
	*) kp_die "BENCH_TREES: unknown tree '$tree' (patched, upstream)" ;;
	esac
done
modes=${BENCH_MODES:-icount wall}
for mode in $modes; do
	case $mode in
	icount | wall) ;;
	*) kp_die "BENCH_MODES: unknown mode '$mode' (icount, wall)" ;;
	esac
done
[ "$quick" = 0 ] && quick=N || quick=Y
mkdir -p "$bench"

echo "$quick" >"$bench/quick"

[ "$KP_ARCH" = x86_64 ] || [ "$KP_KUNIT_ONLY" = 1 ] || "$KP_HARNESS/rootfs.sh" "$KP_ARCH"
for tree in $trees; do
	"$KP_HARNESS/prepare.sh" $tree
	"$KP_HARNESS/build.sh" $tree default
	mod=$bench/mod-$tree
	rm -rf "$mod"
	cp -r "$KP_TOP/tools/testing/selftests/kprobes/bench" "$mod"
	kp_step "build the benchmark module for $tree" \
		kp_build_modules "$(kp_objdir $tree default)" "$mod"
done

# QEMU draws the random numbers of RDRAND and RNDR (-cpu max offers them)
# from the host and starts the RTC at the host's time; fixed, they cannot
# make two runs differ.
# A guest without user space (riscv64): its /init loads the module for
# both passes of bench-guest.sh (there is no jump optimizer to turn off),
# and the figures are cut out of the console log.  The run passes when
# both passes got to "done" with no error.
bench_kunit_only()
{
	local tree=$1 run=$2 extra=$3 ko=$bench/mod-$tree/kprobes_bench.ko
	local out=$run/out/bench.txt

	# QEMU 7.2's riscv64 guest with two vCPUs under -icount hangs in
	# the first stop_machine() (upstream's kernel as ours): one vCPU;
	# otherwise the architecture's default kernel's (common.sh).
	RUN_DIR=$run QEMU_EXTRA=$extra QEMU_ACCEL=tcg,thread=single \
		QEMU_SMP=$([ -n "$extra" ] && echo 1 || echo "$KP_QEMU_SMP") \
		KUNIT_LOADS="$ko:quick=$quick -kprobes_bench $ko:quick=$quick,boost_only=1" \
		BOOT_TIMEOUT=${BOOT_TIMEOUT:-3600} \
		"$KP_HARNESS/boot.sh" $tree default check || true
	[ -f "$run/console.log" ] || return 0
	tr -d '\r' <"$run/console.log" | sed -n 's/.*kpbench: //p' >"$out"
	echo kunit extra >"$run/suites"
	{
		echo "KTAP version 1"
		echo "1..1"
		if [ "$(grep -cx done "$out")" = 2 ] && ! grep -q '^error' "$out"; then
			echo "ok 1 kprobes_bench"
		else
			echo "not ok 1 kprobes_bench # $(grep -m1 '^error' "$out")"
		fi
	} >"$run/out/extra.tap"
}

determinism="-seed 1 -rtc base=2026-01-01T00:00:00,clock=vm"
runs=()
for mode in $modes; do
	extra=
	[ $mode = icount ] && extra="-icount shift=0,sleep=off $determinism"
	for tree in $trees; do
		run=$KP_BUILD/runs/bench-$mode-$tree$KP_ATAG
		kp_log "benchmark: $tree kernel, $mode"
		if [ "$KP_KUNIT_ONLY" = 1 ]; then
			bench_kunit_only "$tree" "$run" "$extra"
		else
			RUN_DIR=$run SUITES=extra QEMU_EXTRA=$extra QEMU_ACCEL=tcg,thread=single \
				EXTRA_FILES="$bench/mod-$tree/kprobes_bench.ko $bench/quick" \
				EXTRA_SCRIPT="$KP_HARNESS/bench-guest.sh" \
				BOOT_TIMEOUT=${BOOT_TIMEOUT:-3600} \
				"$KP_HARNESS/boot.sh" $tree default check || true
		fi
		runs+=("$run")
	done
done

rc=0
python3 "$KP_HARNESS/report.py" "${runs[@]}" >"$bench/runs.txt" || rc=$?
python3 "$KP_HARNESS/bench-table.py" "$KP_BUILD/runs" "$KP_ATAG" | tee "$bench/table.txt"
if [ $rc -ne 0 ]; then
	cat "$bench/runs.txt"
	kp_die "a benchmark run failed (see above)"
fi
kp_log "table saved in $bench/table.txt"
# Every run is recorded in RESULTS.md, saying what it measured.
case " $modes " in
*" icount "*)
	{
		printf 'Linux %s; this run measured: %s%s (a tree not named keeps its last run'"'"'s columns). ' \
			"$(kp_base_version)" "$trees" \
			"$([ "$quick" = 0 ] || echo ', BENCH_QUICK=1: no 10,000-probe rows')"
		printf 'Instruction-counted columns: hit.* rows are guest instructions per hit, reg.* rows guest time.\n\n'
		python3 "$KP_HARNESS/bench-table.py" --markdown "$KP_BUILD/runs" "$KP_ATAG"
	} >"$bench/table.md"
	python3 "$KP_HARNESS/results.py" "bench$KP_ATAG" \
		"make bench${KP_ATAG:+ ARCH=$KP_ARCH}" "$bench/table.md" ||
		kp_log "could not update RESULTS.md"
	;;
esac
