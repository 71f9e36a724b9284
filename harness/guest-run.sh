#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Runs inside the guest, chrooted into the host's root (see guest-init).
#
#   guest-run.sh check   run the suites named in /kp/suites; each writes
#                        KTAP to /kp-out/SUITE.tap and its time to
#                        /kp-out/SUITE.time
#   guest-run.sh run     the demo of `make run`: load the kprobes samples,
#                        fire them and show what they print
#
# Progress lines for the host start with "@@KP".

set -u
KP=/kp
OUT=/kp-out
TEST_GLOB=$(cat $KP/test-glob 2>/dev/null || true)
: "${TEST_GLOB:=*}"

say() { echo "@@KP $*" >/dev/console; }

# A suite in which TEST selects nothing.
no_match() { echo "1..0 # SKIP no case matches TEST=$TEST_GLOB"; }

# Indent a KTAP stream by one level so it nests as a subtest.
indent() { sed 's/^/    /'; }

suite_selftests() {
	local dir=$KP/selftests/kprobes t name n=0 rc timeout=120 t0
	local tests=()

	[ -f $dir/settings ] && timeout=$(sed -n 's/^timeout=//p' $dir/settings)
	# LONG=1 stretches the stress tests to 10 minutes
	[ "$(cat $KP/long 2>/dev/null)" = 1 ] && timeout=$((timeout + 600))
	for t in "$dir"/test_*.sh; do
		name=$(basename "$t" .sh)
		# shellcheck disable=SC2053
		[[ $name == $TEST_GLOB ]] && tests+=("$t")
	done
	echo "KTAP version 1"
	[ ${#tests[@]} -gt 0 ] || { no_match; return; }
	echo "1..${#tests[@]}"
	for t in "${tests[@]}"; do
		n=$((n + 1))
		name=$(basename "$t" .sh)
		say "selftests: $name"
		echo "    # Subtest: $name"
		t0=$(date +%s.%N)
		(cd $dir && timeout -k 5 "$timeout" bash "./$name.sh") >/tmp/kp-test.out 2>&1
		rc=$?
		indent </tmp/kp-test.out
		echo "$t0 $(date +%s.%N)" | awk '{ printf "    # time: %.1f s\n", $2 - $1 }'
		case $rc in
		0) echo "ok $n $name" ;;
		4) echo "ok $n $name # SKIP $(sed -n 's/^1\.\.0 # SKIP *//p' /tmp/kp-test.out)" ;;
		124) echo "not ok $n $name # TIMEOUT after ${timeout}s" ;;
		*) echo "not ok $n $name # exit code $rc" ;;
		esac
	done
}

suite_kunit() {
	local res=/sys/kernel/debug/kunit/kprobes_test/results err

	say "kunit: kprobes_test"
	if ! err=$(modprobe test_kprobes 2>&1); then
		echo "KTAP version 1"
		echo "1..1"
		echo "not ok 1 kprobes_test # modprobe test_kprobes failed: $err"
		return
	fi
	if [ ! -r $res ] && [ "$TEST_GLOB" != "*" ]; then
		echo "KTAP version 1"
		no_match
	elif [ ! -r $res ]; then
		echo "KTAP version 1"
		echo "1..1"
		echo "not ok 1 kprobes_test # no $res"
	else
		cat $res
	fi
	rmmod test_kprobes
	# Our in-tree suites, each a further KTAP document, where the kernel
	# has them (upstream's has not; with TEST, kunit.filter_glob leaves
	# them out).
	kunit_module jprobe_kunit kprobes_jprobe_args
	kunit_module refusals_kunit kprobes_refusals
}

# kunit_module MODULE SUITE: load the KUnit module, print its results.
kunit_module() {
	local res=/sys/kernel/debug/kunit/$2/results err

	modinfo "$1" >/dev/null 2>&1 || return 0
	say "kunit: $2"
	if ! err=$(modprobe "$1" 2>&1); then
		echo "KTAP version 1"
		echo "1..1"
		echo "not ok 1 $2 # modprobe $1 failed: $err"
		return
	fi
	[ -r "$res" ] && cat "$res"
	rmmod "$1"
}

# ftracetest reports skipped cases without a reason; name the unmet
# requirement of the test file instead.
ftrace_skip_reasons() {
	local line desc file req

	while IFS= read -r line; do
		if [[ $line =~ ^ok\ [0-9]+\ (.*)\ \#\ SKIP$ ]]; then
			desc=${BASH_REMATCH[1]}
			file=$(grep -lF "# description: $desc" test.d/kprobe/*.tc | head -n 1)
			req=$(sed -n 's/^#[ \t]*requires:[ \t]*//p' "$file" 2>/dev/null)
			line="$line requirement not met: ${req:-unknown}"
		fi
		printf '%s\n' "$line"
	done
}

suite_ftrace() {
	local dir=$KP/selftests/ftrace cases=() t shell=sh

	for t in $dir/test.d/kprobe/*.tc; do
		# shellcheck disable=SC2053
		[[ $(basename "$t" .tc) == $TEST_GLOB ]] && cases+=("test.d/kprobe/$(basename "$t")")
	done
	# busybox sh runs ftracetest about twice as fast as dash over 9p
	[ -x $KP/bin/busybox ] && shell="$KP/bin/busybox sh"
	# ftracetest without case arguments would run every ftrace test
	[ ${#cases[@]} -gt 0 ] || { echo "KTAP version 1"; no_match; return; }
	say "ftrace: ${#cases[@]} kprobe cases"
	mkdir -p $OUT/ftrace-logs
	cd $dir && $shell ./ftracetest -K -l $OUT/ftrace-logs "${cases[@]}" 2>&1 |
		grep -v '^#*$' | ftrace_skip_reasons
}

suite_extra() {
	local m

	echo "KTAP version 1"
	for m in $KP/extra/*.ko; do
		[ -e "$m" ] || continue
		insmod "$m" || { echo "1..1"; echo "not ok 1 insmod $(basename "$m")"; return; }
	done
	if [ -f $KP/extra/script ]; then
		bash $KP/extra/script
	else
		echo "1..1"
		echo "ok 1 extra modules loaded"
	fi
}

run_check() {
	local s t0 t1

	for s in $(cat $KP/suites); do
		say "suite $s: start"
		t0=$(date +%s.%N)
		"suite_$s" >$OUT/$s.tap 2>$OUT/$s.stderr
		t1=$(date +%s.%N)
		echo "$t0 $t1" | awk '{ printf "%.1f\n", $2 - $1 }' >$OUT/$s.time
		say "suite $s: done in $(cat $OUT/$s.time) s"
	done
	grep -c ^processor /proc/cpuinfo >$OUT/cpus
	uname -r >$OUT/kernel-release
	sync
}

# pid_uprobe_example on a process of the kselftests' kprobes_pid_prog,
# which waits for the probes and then calls kpp_target(i, 1) 1000 times:
# every call and every return is counted (no call happens while the two
# probes go in or come out), so the two numbers agree.
demo_pid_uprobe() {
	local prog=$KP/selftests/kprobes/modules/kprobes_pid_prog
	local p=/sys/module/pid_uprobe_example/parameters dir=/tmp/pid-demo pid vaddr

	[ -n "$(find /lib/modules/"$(uname -r)" -name 'pid_uprobe_example.ko*')" ] || return 0
	[ -x $prog ] || { echo "== no $prog: pid_uprobe_example not shown"; return 0; }
	mkdir -p $dir && mkfifo $dir/in $dir/out || return 1
	$prog calls 1000 <$dir/in >$dir/out &
	pid=$!
	exec 8>$dir/in
	read -r vaddr <$dir/out
	echo "== modprobe pid_uprobe_example pid=$pid vaddr=0x$vaddr (kpp_target in kprobes_pid_prog)"
	if ! modprobe pid_uprobe_example pid=$pid vaddr=0x"$vaddr"; then
		exec 8>&-
		kill $pid
		rm -rf $dir
		return 1
	fi
	cat /sys/kernel/debug/pid_uprobes
	echo go >&8
	exec 8>&-
	wait $pid 2>/dev/null
	rm -rf $dir
	echo "pid_uprobe_example calls: $(cat $p/calls), returns: $(cat $p/returns)"
	rmmod pid_uprobe_example
	return 0
}

run_demo() {
	local dm=/tmp/dmesg.mark p=/sys/module before after ret3

	echo "== kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPUs"
	dmesg -C
	echo "== modprobe kprobe_example (kprobe on kernel_clone)"
	modprobe kprobe_example || return 1
	echo "== modprobe kretprobe_example (kretprobe on kernel_clone)"
	modprobe kretprobe_example || return 1
	echo "== modprobe kprobe_batch_example (kernel_clone and do_exit, one batch)"
	modprobe kprobe_batch_example || return 1
	echo "== modprobe jprobe_example (kernel_clone's arguments, in a function declared like it)"
	modprobe jprobe_example || return 1
	echo "== /sys/kernel/debug/kprobes/list"
	cat /sys/kernel/debug/kprobes/list
	echo "== forking three processes to hit kernel_clone"
	for _ in 1 2 3; do /bin/true; done
	echo "kprobe_example hits: $(cat $p/kprobe_example/parameters/hits)"
	echo "kretprobe_example returns: $(cat $p/kretprobe_example/parameters/returns)," \
		"last value (a pid): $(cat $p/kretprobe_example/parameters/last_retval)"
	echo "kprobe_batch_example hits: $(cat $p/kprobe_batch_example/parameters/hits)"
	echo "jprobe_example hits: $(cat $p/jprobe_example/parameters/hits)"
	echo "== disabling the batch (active=0), forking three more"
	echo 0 >$p/kprobe_batch_example/parameters/active
	grep -E 'kernel_clone|do_exit' /sys/kernel/debug/kprobes/list
	# Read after disabling: the reads' own forks and exits count no more.
	before=$(cat $p/kprobe_batch_example/parameters/hits)
	echo "kprobe_batch_example hits once disabled: $before"
	for _ in 1 2 3; do /bin/true; done
	after=$(cat $p/kprobe_batch_example/parameters/hits)
	if [ "$after" = "$before" ]; then
		echo "kprobe_batch_example hits after three more forks: $after (unchanged)"
	else
		echo "kprobe_batch_example hits after three more forks: $after (changed while disabled)"
		return 1
	fi
	echo 1 >$p/kprobe_batch_example/parameters/active
	rmmod jprobe_example kprobe_batch_example kretprobe_example kprobe_example
	demo_pid_uprobe || return 1
	echo "== what the samples printed (dmesg)"
	dmesg -t | grep -E 'kprobe_example|kretprobe_example|kprobe_batch_example|jprobe_example|pid_uprobe_example' >$dm
	cat $dm
	if ! grep -q 'kernel_clone+0x0> hit' $dm ||
	   ! grep -q 'kernel_clone returned' $dm ||
	   ! grep -q 'kernel_clone: [1-9][0-9]* hits' $dm ||
	   ! grep -q 'jprobe_example: kernel_clone(flags=' $dm; then
		echo "== the samples did not fire"
		return 1
	fi
	ret3='pid_uprobe_example: pid [0-9]*: the function at 0x[0-9a-f]* returned 0x3 to'
	if grep -q 'pid_uprobe_example: probing' $dm &&
	   { ! grep -q "$ret3" $dm ||
	     ! grep -q 'pid_uprobe_example: 1000 calls, 1000 returns' $dm; }; then
		echo "== pid_uprobe_example did not see the 1000 calls and their returns"
		return 1
	fi
	echo "== the samples fired"
}

case ${1:-check} in
check) run_check ;;
run) run_demo ;;
*) echo "usage: $0 check|run" >&2; exit 2 ;;
esac
