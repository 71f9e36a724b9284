#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: build each config variant of the tree under test, boot it,
# run the suites in the guest, and report. The harness also tests itself
# (a failing case, a crash and a hang must be caught) unless HARNESS=0.
# Exits non-zero on any failure, crash or timeout.
#
# Work overlaps. Kernels are built one at a time (two builds on the same
# cores gain nothing), the one whose guest runs longest (debug) first, at
# a lower CPU priority than the guests. Each TCG guest keeps one core
# busy, so as soon as a kernel is built its guest boots while the next
# kernel builds; at most GUESTS such jobs (guests, the harness self-test,
# the documentation build) run at once, by default one per core. Every
# background job's output goes to $BUILD/logs/check-NAME.log and, each line
# tagged with the job's name, to stderr. The report lists the runs in the
# same order as a sequential run would.
# shellcheck disable=SC2317  # functions run as background jobs and traps
. "$(dirname "$0")/common.sh"

tree=$(kp_tree)
suites_asked=${SUITES:-}
variants=${VARIANTS:-$KP_DEFAULT_VARIANTS}
for v in $variants; do
	kp_check_variant "$v"
done
suites=$KP_SUITES
if [ "$KP_KUNIT_ONLY" = 1 ]; then
	# shellcheck disable=SC2086
	for s in $suites; do
		case $s in
		kunit | docs) ;;
		*) kp_die "suite $s needs a user space in the guest, which ARCH=$KP_ARCH does not have (its suites: kunit, docs)" ;;
		esac
	done
fi
# "docs" runs once on the host; the others run in each guest.
# shellcheck disable=SC2086
guest_suites=$(printf '%s\n' $suites | { grep -vx docs || true; } | tr '\n' ' ')
export SUITES=${guest_suites% }
lanes=${GUESTS:-$(nproc)}
[[ $lanes =~ ^[1-9][0-9]*$ ]] || kp_die "GUESTS must be a positive number (got '$lanes')"

"$KP_HARNESS/prepare.sh" "$tree"
# Another architecture's guests need a root file system of their own
# (none for one that runs KUnit at boot only).
[ "$KP_ARCH" = x86_64 ] || [ "$KP_KUNIT_ONLY" = 1 ] || "$KP_HARNESS/rootfs.sh" "$KP_ARCH"
# The background jobs must not redo it while kernels build from the tree.
export KP_PREPARED=$tree
kp_log "make check: Linux $(kp_base_version) $tree${KP_ATAG:+ ($KP_ARCH)}, variants: $variants, suites: $suites${TEST:+, tests: $TEST}"

# The documentation build: about 30 s the first time, a few after.
docs_run()
{
	local res=$KP_BUILD/runs/docs msg t0 rc=0

	rm -rf "$res"
	mkdir -p "$res/out"
	echo docs >"$res/suites"
	touch "$res/host-only"
	t0=$(date +%s)
	msg=$("$KP_HARNESS/docs.sh" 2>&1) || rc=$?
	printf '%s\n' "$msg" >"$res/docs.log"
	{
		echo "KTAP version 1"
		echo "1..1"
		if [ "$rc" -eq 0 ]; then
			echo "ok 1 make htmldocs SPHINXDIRS=trace: no warning from our files"
		else
			echo "not ok 1 make htmldocs SPHINXDIRS=trace # $(tail -n 1 <<<"$msg" | sed 's/^\[[0-9:]*\] //')"
		fi
	} >"$res/out/docs.tap"
	echo $(($(date +%s) - t0)) >"$res/out/docs.time"
	return "$rc"
}

# memorder_run VARIANT - harness/memorder-check.py on the variant's vmlinux:
# the barriers of the hit bracket as the compiler emitted them (a few
# seconds, on the host). For our tree on the architectures it knows.
declare -A memorder_ran=()
memorder_run()
{
	local obj res t0

	case $KP_ARCH in x86_64 | i386 | arm64 | riscv64 | ppc64le) ;; *) return 0 ;; esac
	[ "$tree" = patched ] || return 0
	obj=$(kp_objdir "$tree" "$1")
	res=$KP_BUILD/runs/memorder$KP_ATAG-$1
	rm -rf "$res"
	mkdir -p "$res/out"
	echo memorder >"$res/suites"
	touch "$res/host-only"
	t0=$(date +%s)
	python3 "$KP_HARNESS/memorder-check.py" "$KP_ARCH" "${KP_CROSS}objdump" \
		"$obj/vmlinux" "$obj/.config" >"$res/out/memorder.tap" 2>"$res/memorder.log" || true
	echo $(($(date +%s) - t0)) >"$res/out/memorder.time"
	memorder_ran[$1]=1
}

# build_failed VARIANT - what the report shows for a kernel that did not build
build_failed()
{
	local run

	run=$(kp_rundir "$tree" "$1")
	rm -rf "$run"
	mkdir -p "$run"
	echo build-failed >"$run/verdict"
	echo "$SUITES" >"$run/suites"
}

# tag_lines TAG - copy stdin to stdout, each line as "[mm:ss] TAG: line"
# (a line that has its own elapsed time keeps it)
tag_lines()
{
	local tag=$1 line now

	while IFS= read -r line || [ -n "$line" ]; do
		if [[ $line =~ ^\[([0-9]+:[0-9]+)\]\ (.*)$ ]]; then
			printf '[%s] %s: %s\n' "${BASH_REMATCH[1]}" "$tag" "${BASH_REMATCH[2]}"
		else
			printf -v now '%(%s)T' -1
			now=$((now - KP_START))
			printf '[%02d:%02d] %s: %s\n' $((now / 60)) $((now % 60)) "$tag" "$line"
		fi
	done
}

# The jobs in the background: pid -> "KIND NAME", and when they started.
declare -A job_what=() job_t0=()

# start_job KIND NAME CMD... - run CMD in the background (KIND is build or
# lane); its output goes to $BUILD/logs/check-NAME-KIND.log and, tagged
# with NAME, to stderr
start_job()
{
	local kind=$1 name=$2 log
	shift 2
	log=$KP_BUILD/logs/check-$name-$kind.log
	mkdir -p "$KP_BUILD/logs"
	(
		set +e
		"$@" </dev/null 2>&1 | tee "$log" | tag_lines "$name" >&2
		exit "${PIPESTATUS[0]}"
	) &
	job_what[$!]="$kind $name"
	job_t0[$!]=$(date +%s)
}

# kill_tree PID - end PID and everything it started
kill_tree()
{
	local c

	for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
		kill_tree "$c"
	done
	kill "$1" 2>/dev/null || true
}

cleanup()
{
	local pid

	for pid in "${!job_what[@]}"; do
		kill_tree "$pid"
	done
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

# What to do: kernels to build (the debug kernel first: its guest takes
# longest), and jobs that each keep one core busy, started in this order
# once what they need is there.
builds=()
lane_jobs=()
do_docs=
# shellcheck disable=SC2086
if printf '%s\n' $suites | grep -qx docs && [ "$tree" = patched ]; then
	do_docs=1
	lane_jobs+=(docs)
fi
[ -n "$guest_suites" ] || variants=
for v in $variants; do
	[ "$v" = debug ] && builds+=("$v")
done
for v in $variants; do
	[ "$v" = debug ] || builds+=("$v")
done

harness_ran=
building=
lanes_busy=0
while :; do
	if [ -z "$building" ] && [ ${#builds[@]} -gt 0 ]; then
		v=${builds[0]}
		builds=("${builds[@]:1}")
		start_job build "$v" nice -n 10 "$KP_HARNESS/build.sh" "$tree" "$v"
		building=$!
	fi
	while [ "$lanes_busy" -lt "$lanes" ] && [ ${#lane_jobs[@]} -gt 0 ]; do
		j=${lane_jobs[0]}
		lane_jobs=("${lane_jobs[@]:1}")
		case $j in
		docs)
			kp_log "docs: make htmldocs SPHINXDIRS=trace"
			start_job lane docs docs_run
			;;
		harness)
			kp_log "harness: self-test: a failing case, a crash and a hang must be caught"
			start_job lane harness "$KP_HARNESS/selftest.sh"
			harness_ran=1
			;;
		*)
			kp_log "$j: boot the $tree$KP_ATAG-$j kernel"
			start_job lane "$j" "$KP_HARNESS/boot.sh" "$tree" "$j" check
			;;
		esac
		lanes_busy=$((lanes_busy + 1))
	done
	[ ${#job_what[@]} -gt 0 ] || break

	rc=0
	pid=
	wait -n -p pid || rc=$?
	if [ -z "$pid" ] || [ -z "${job_what[$pid]:-}" ]; then
		continue
	fi
	read -r kind name <<<"${job_what[$pid]}"
	dt=$(($(date +%s) - job_t0[$pid]))
	unset "job_what[$pid]" "job_t0[$pid]"
	if [ "$kind" = build ]; then
		building=
		if [ $rc -eq 0 ]; then
			kp_log "$name: kernel built in ${dt}s"
			memorder_run "$name"
			# (The self-test boots guests with a user space.)
			if [ "$name" = default ] && [ "${HARNESS:-1}" != 0 ] &&
			   [ "$KP_KUNIT_ONLY" != 1 ]; then
				lane_jobs+=(harness)
			fi
			lane_jobs+=("$name")
		else
			kp_log "$name: kernel build failed after ${dt}s (exit $rc, log: $KP_BUILD/logs/check-$name-build.log)"
			build_failed "$name"
		fi
	else
		lanes_busy=$((lanes_busy - 1))
		kp_log "$name: done in ${dt}s$([ $rc -eq 0 ] || echo " (exit $rc)")"
	fi
done
trap - EXIT INT TERM

runs=()
[ -n "$do_docs" ] && runs+=("$KP_BUILD/runs/docs")
for v in $variants; do
	if [ "$v" = default ] && [ -n "$harness_ran" ]; then
		runs+=("$KP_BUILD/runs/harness")
	fi
	[ -z "${memorder_ran[$v]:-}" ] || runs+=("$KP_BUILD/runs/memorder$KP_ATAG-$v")
	runs+=("$(kp_rundir "$tree" "$v")")
done

kp_log "results (Linux $(kp_base_version), $tree tree${KP_ATAG:+, $KP_ARCH}):"
rc=0
report=$KP_BUILD/logs/check-report$KP_ATAG.txt
python3 "$KP_HARNESS/report.py" "${runs[@]}" >"$report" || rc=$?
cat "$report"
kp_log "make check finished in $(kp_elapsed)"
# A full run of our tree (every default variant and suite, no TEST) is
# recorded in RESULTS.md.
if [ "$tree" = patched ] && [ -z "${TEST:-}" ] && [ -z "${VARIANTS:-}" ] &&
   [ -z "$suites_asked" ]; then
	{
		printf 'Linux %s, took %s%s.\n\n```\n' "$(kp_base_version)" \
			"$(kp_elapsed)" "$([ "${HARNESS:-1}" = 0 ] && echo ', HARNESS=0')"
		cat "$report"
		printf '```\n'
	} >"$report.md"
	python3 "$KP_HARNESS/results.py" "check$KP_ATAG" \
		"make check${KP_ATAG:+ ARCH=$KP_ARCH}" "$report.md" ||
		kp_log "could not update RESULTS.md"
fi
exit $rc
