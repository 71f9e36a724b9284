#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The example modules the seed documents print (seeds/, see its README.md:
# the kprobe, jprobe and kretprobe examples of the old kprobes.txt and the
# uprobe and uretprobe examples of the old uprobes.txt), built by their own
# Makefiles. Each is loaded, the function it probes is made to run a
# known number of times by kprobes_seed_prog, it is unloaded, and the
# lines it printed are compared with what the seed says it prints.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

CALLS=5
PROG=$KP_MODULES/kprobes_seed_prog
PRINTK=/proc/sys/kernel/printk
# kprobes_seed_prog's clone(2) flags are CLONE_FS | SIGCHLD; kernel_clone()
# gets the exit signal apart from the flags
CLONE_FLAGS=0x200
HEX='[0-9a-f]+'
SEED_MODULES="kprobe_example jprobe_example kretprobe_example uprobe_example
	      uretprobe_example"

ktap_print_header
kp_setup
if [ ! -x "$PROG" ]; then
	ktap_skip_all "$PROG was not built (no C library for $(uname -m)?)"
	exit "$KSFT_SKIP"
fi

ktap_set_plan 20
fifo_dir=
prog_pid=
console_level=

seed_cleanup()
{
	kp_cleanup
	[ -n "$console_level" ] && echo "$console_level" >$PRINTK
	[ -n "$prog_pid" ] && kill -9 "$prog_pid" 2>/dev/null
	[ -n "$fifo_dir" ] && rm -rf "$fifo_dir"
	# shellcheck disable=SC2086
	kp_rmmod_quiet $SEED_MODULES
}
trap seed_cleanup EXIT
# The samples of samples/kprobes share three of these names.
# shellcheck disable=SC2086
kp_rmmod_quiet $SEED_MODULES

# klog - the kernel log, without the timestamps (and levels) dmesg adds
klog()
{
	dmesg | sed -E 's/^(<[0-9]+>)?\[ *[0-9]+\.[0-9]+\] ?//'
}

# klog_count LINE - how many lines of the kernel log are exactly LINE
klog_count()
{
	klog | grep -cxF -- "$1"
}

# klog_has LINE... - each LINE is in the kernel log exactly once
klog_has()
{
	local l

	for l in "$@"; do
		expect_eq "lines '$l'" "$(klog_count "$l")" 1 || return 1
	done
}

# have FILE.ko CASES... - whether the fixture was built; if not, skip the
# CASES, which are its cases' descriptions
have()
{
	local ko=$KP_MODULES/$1 c

	shift
	[ -f "$ko" ] && return 0
	for c in "$@"; do
		ktap_skip_reason "$c" "$ko was not built"
	done
	return 1
}

# seed_insmod FILE [PARAM=VALUE...] - load modules/FILE.ko; on failure show
# the example's own last lines (it says why, then returns -1: EPERM)
seed_insmod()
{
	kp_insmod "$@" && return 0
	klog | tail -n 2
	return 1
}

# unloaded MODULE - rmmod MODULE; it must be gone afterwards
unloaded()
{
	rmmod "$1" || return 1
	! kp_loaded "$1" || { echo "$1 still loaded"; return 1; }
}

# no_probe_on SYM - nothing is left in the debugfs list on SYM
no_probe_on()
{
	! grep -qE " $1\+0x[0-9a-f]+ " $KP_LIST ||
		{ echo "left in $KP_LIST:"; grep " $1+" $KP_LIST; return 1; }
}

# listed_as SYM TYPES - a probe on SYM's entry is listed with one of TYPES
listed_as()
{
	local line

	line=$(awk -v s="$1+$(kp_entry "$1")" -v t="$2" \
		'index(t, $2) && $3 == s' $KP_LIST)
	[ -n "$line" ] || { echo "no $2 line for $1:"; cat $KP_LIST; return 1; }
}

# shown PATTERN... - print the first log line matching each PATTERN as a
# diagnostic, so that the output shows what the examples print
shown()
{
	local p

	for p in "$@"; do
		ktap_print_msg "log: $(klog | grep -m 1 -E -- "$p")"
	done
}

# -- seed 000: the kprobe example on kernel_clone (was do_fork) --------------
#
# Its pre_handler prints p->addr (%p: hashed), eip and eflags and dumps the
# stack; its post_handler prints p->addr and eflags again.

KP_CASES=(
	"kprobe-example: insmod says 'kprobe registered'"
	"kprobe-example: its probe is listed as k on kernel_clone"
	"kprobe-example: after $CALLS clone(2), rmmod says 'kprobe unregistered', probe gone"
	"kprobe-example: $CALLS pre_handler lines (addr, eip, eflags) and stack dumps of the caller"
	"kprobe-example: each pre_handler line has its post_handler line, no fault_handler ran"
	"kprobe-example: no other report in the kernel log than the stack dumps"
)

# kprobe_hits PID - the clone(2) calls of kprobes_seed_prog (PID): a stack
# dump naming PID for each, and pre_handler lines as the seed prints them.
# Read once the probe is gone: every other fork of the test adds hits,
# and a hit's lines are complete only then.
kprobe_hits()
{
	local pid=$1 dumps pre want bad

	[ -n "$pid" ] || { echo "kprobes_seed_prog clone $CALLS failed"; return 1; }
	dumps=$(klog | grep -cE "^CPU: [0-9]+ (UID: [0-9]+ )?PID: $pid Comm: ")
	expect_eq "stack dumps of pid $pid" "$dumps" $CALLS || return 1
	pre=$(klog | grep -E '^pre_handler: ')
	[ "$(wc -l <<<"$pre")" -ge $CALLS ] ||
		{ echo "pre_handler lines:"; echo "$pre"; return 1; }
	bad=$(grep -vE "^pre_handler: p->addr=0x$HEX, eip=$HEX, eflags=0x$HEX\$" <<<"$pre")
	[ -z "$bad" ] || { echo "not as the seed prints it: $bad"; return 1; }
	# One probe: the same p->addr every time.
	expect_eq "distinct p->addr values" \
		"$(sed -E 's/.*p->addr=(0x[0-9a-f]+),.*/\1/' <<<"$pre" | sort -u | wc -l)" 1 ||
		return 1
	# eip is where the breakpoint (or ftrace's call) was hit: the probed
	# instruction's address plus the breakpoint's length, as on i386.
	want=$(printf '%x' $((0x$(kp_kallsyms_addr kernel_clone) + $(kp_entry kernel_clone) + 1)))
	bad=$(sed -E 's/.*eip=([0-9a-f]+),.*/\1/' <<<"$pre" | grep -vx "$want")
	[ -z "$bad" ] || { echo "eip $(head -n 1 <<<"$bad"), wanted $want"; return 1; }
	# eflags: bit 1 is always set on x86, and interrupts were on.
	bad=$(sed -E 's/.*eflags=0x([0-9a-f]+)$/\1/' <<<"$pre" |
	      while read -r fl; do
		      [ $((0x$fl & 0x202)) = $((0x202)) ] || echo "0x$fl"
	      done)
	[ -z "$bad" ] || { echo "eflags not those of a clone(2) caller: $bad"; return 1; }
	# Each dump of ours walks up through kernel_clone to the system call
	# (__do_sys_clone, or the architecture's entry of it where that one
	# is inlined).
	bad=$(klog | awk -v pid="$pid" '
		/^CPU: [0-9]+ .*PID: / { mine = ($0 ~ "PID: " pid " Comm: ");
					 kc = 0; sys = 0; next }
		mine && /kernel_clone\+/ { kc = 1 }
		mine && /sys_clone\+/ { sys = 1 }
		mine && /<\/TASK>/ { if (!kc || !sys) n++; mine = 0 }
		END { print n + 0 }')
	expect_eq "dumps of pid $pid without kernel_clone and sys_clone" "$bad" 0 ||
		{ klog | grep -A 30 -m 1 "PID: $pid Comm: "; return 1; }
}

kprobe_load()
{
	seed_insmod kprobe-example && klog_has "kprobe registered"
}

kprobe_posts()
{
	local pre post

	pre=$(klog | sed -nE 's/^pre_handler: p->addr=(0x[0-9a-f]+),.*/\1/p')
	post=$(klog | sed -nE 's/^post_handler: p->addr=(0x[0-9a-f]+), eflags=0x[0-9a-f]+$/\1/p')
	expect_eq "post_handler lines" "$(wc -l <<<"$post")" "$(wc -l <<<"$pre")" &&
	expect_eq "post_handler p->addr" "$(sort -u <<<"$post")" "$(sort -u <<<"$pre")" ||
		return 1
	! klog | grep '^fault_handler:'
}

kprobe_unload()
{
	unloaded kprobe_example && klog_has "kprobe unregistered" &&
	no_probe_on kernel_clone
}

# The dumps say "Call Trace:", which the harness counts as a bad line: one
# per pre_handler line is expected, nothing else is.
kprobe_log_clean()
{
	local traces pre

	traces=$(klog | grep -c 'Call Trace:')
	pre=$(klog | grep -c '^pre_handler: ')
	expect_eq "Call Trace: lines" "$traces" "$pre" || return 1
	kp_log_clean_but 'Call Trace:'
}

# kp_log_clean_but PATTERN - kp_log_clean, with PATTERN's lines allowed
kp_log_clean_but()
{
	local patterns bad

	patterns=$(sed -n 's/^\[\(crash\|bad\)\] //p' \
		"$KP_SELFTESTS/kernel-log-patterns" | grep -vxF "$1" | paste -sd'|')
	bad=$(dmesg | grep -E "$patterns" | head -n 5)
	[ -z "$bad" ] || { echo "$bad"; return 1; }
}

if have kprobe-example.ko "${KP_CASES[@]}"; then
	dmesg -C
	# The stack dumps stay out of the console, where the harness takes
	# any "Call Trace:" for a fault; the log is checked here instead.
	console_level=$(cut -f1 $PRINTK)
	echo 4 >$PRINTK
	kp_check "${KP_CASES[0]}" kprobe_load
	kp_check "${KP_CASES[1]}" listed_as kernel_clone k
	clone_out=$("$PROG" clone $CALLS)
	kp_check "${KP_CASES[2]}" kprobe_unload
	kp_check "${KP_CASES[3]}" kprobe_hits "${clone_out#pid }"
	kp_check "${KP_CASES[4]}" kprobe_posts
	kp_check "${KP_CASES[5]}" kprobe_log_clean
	shown '^pre_handler: ' '^post_handler: ' \
	      "PID: ${clone_out#pid } Comm: " 'sys_clone\+'
	echo "$console_level" >$PRINTK
	console_level=
	dmesg -C
fi

# -- seed 000: the jprobe example on kernel_clone ----------------------------
#
# Its entry function takes kernel_clone()'s argument and prints the clone
# flags and stack size of each call.

JP_CASES=(
	"jprobe-example: insmod says 'Planted jprobe at ADDR, handler addr ADDR'"
	"jprobe-example: $CALLS clone(2) with flags $CLONE_FLAGS give $CALLS lines with those flags"
	"jprobe-example: rmmod says 'jprobe unregistered', the probe is gone"
)

jprobe_load()
{
	seed_insmod jprobe-example || return 1
	[ "$(klog | grep -cE '^Planted jprobe at [0-9a-f]+, handler addr [0-9a-f]+$')" = 1 ] ||
		{ klog | tail -n 3; return 1; }
	# Point 2 of issue 35 lists a jprobe as j, as the seed does.
	listed_as kernel_clone jk
}

jprobe_calls()
{
	local line="jprobe: clone_flags=$CLONE_FLAGS, stack_size=0x0"

	"$PROG" clone $CALLS >/dev/null || return 1
	expect_eq "lines '$line'" "$(klog_count "$line")" $CALLS || return 1
	# Nothing else in another form.
	! klog | grep '^jprobe: ' | grep -vE "^jprobe: clone_flags=0x$HEX, stack_size=0x$HEX\$"
}

jprobe_unload()
{
	unloaded jprobe_example && klog_has "jprobe unregistered" &&
	no_probe_on kernel_clone
}

if have jprobe-example.ko "${JP_CASES[@]}"; then
	dmesg -C
	kp_check "${JP_CASES[0]}" jprobe_load
	kp_check "${JP_CASES[1]}" jprobe_calls
	kp_check "${JP_CASES[2]}" jprobe_unload
	shown '^Planted jprobe' "^jprobe: clone_flags=$CLONE_FLAGS,"
fi

# -- seed 000: the kretprobe example on open(2) ------------------------------
#
# It reports the calls of the open system call that fail, with the
# return value and the time the call took. The fixture names x86-64's
# entry of the system call (sys_open before syscall wrappers).

KR_SYM=__x64_sys_open
KR_CASES=(
	"kretprobe-example: insmod says 'Kretprobe active on $KR_SYM', listed as r"
	"kretprobe-example: $CALLS failed open(2) reported with -2 and a duration, a good one not"
	"kretprobe-example: rmmod says 'kretprobe unregistered', 'Missed probing 0 instances'"
)

kretprobe_load()
{
	seed_insmod kretprobe-example &&
	klog_has "Kretprobe active on $KR_SYM" && listed_as $KR_SYM r
}

kretprobe_unload()
{
	unloaded kretprobe_example &&
	klog_has "kretprobe unregistered" \
		 "Missed probing 0 instances of $KR_SYM" &&
	no_probe_on $KR_SYM
}

kretprobe_calls()
{
	local bad

	"$PROG" open $CALLS >/dev/null || return 1
	expect_eq "return lines" \
		"$(klog | grep -cE "^$KR_SYM: return val = -2 \(duration = [0-9]+ ns\)$")" \
		$CALLS || return 1
	bad=$(klog | grep -E "^$KR_SYM: return val" | grep -v "return val = -2 ")
	[ -z "$bad" ] || { echo "reported as well: $bad"; return 1; }
}

if [ -z "$(kp_kallsyms_addr $KR_SYM)" ]; then
	for c in "${KR_CASES[@]}"; do
		ktap_skip_reason "$c" "no $KR_SYM here: the fixture is x86-64's"
	done
elif have kretprobe-example.ko "${KR_CASES[@]}"; then
	dmesg -C
	kp_check "${KR_CASES[0]}" kretprobe_load
	kp_check "${KR_CASES[1]}" kretprobe_calls
	kp_check "${KR_CASES[2]}" kretprobe_unload
	shown "^$KR_SYM: return val" '^Missed probing'
fi

# -- seed 001: the uprobe and uretprobe examples -----------------------------
#
# On "kprobes_seed_prog calls N", started first: insmod with its pid and
# the address of its myfunc(), then N calls, then rmmod while it waits.

# prog_start - start "$PROG calls $CALLS" on two fifos (fd 8 its input,
# fd 9 its output); sets $prog_pid and $vaddr
prog_start()
{
	local line

	fifo_dir=$(mktemp -d /tmp/kp-seed.XXXXXX)
	mkfifo "$fifo_dir/in" "$fifo_dir/out" || return 1
	"$PROG" calls $CALLS <"$fifo_dir/in" >"$fifo_dir/out" &
	prog_pid=$!
	exec 8>"$fifo_dir/in" 9<"$fifo_dir/out"
	read -r -t 30 line <&9 && read -r -t 30 vaddr_line <&9 || return 1
	[ "$line" = "pid $prog_pid" ] || return 1
	vaddr=${vaddr_line#myfunc }
}

# prog_calls - let it make its calls; true once it says it has
prog_calls()
{
	local line

	echo go >&8
	read -r -t 60 line <&9
	expect_eq "kprobes_seed_prog" "$line" "called $CALLS"
}

prog_stop()
{
	echo end >&8
	exec 8>&- 9<&-
	wait "$prog_pid"
	prog_pid=
	rm -rf "$fifo_dir"
	fifo_dir=
}

UP_CASES=(
	"uprobe_example: insmod pid= vaddr= says 'Registering uprobe on pid P, vaddr A'"
	"uprobe_example: $CALLS calls give 'Hit #1' to 'Hit #$CALLS on probepoint at A'"
	"uprobe_example: rmmod says 'Unregistering uprobe', 'Probepoint was hit $CALLS times'"
	"uprobe_example verbose=0: no Hit lines, 'Probepoint was hit $CALLS times'"
)
URP_CASES=(
	"uretprobe_example: insmod pid= func= says it registers the uprobe and the return probe"
	"uretprobe_example: $CALLS 'Function at A called' lines, 'returns 0x1' to 'returns 0x$CALLS'"
	"uretprobe_example: rmmod says 'Unregistering probes', '$CALLS calls, $CALLS returns'"
)

# hits_in_order - "Hit #i on probepoint at A" for i = 1..CALLS, in order
hits_in_order()
{
	local got want

	got=$(klog | sed -nE "s/^Hit #([0-9]+) on probepoint at $vaddr$/\1/p" | paste -sd' ')
	want=$(seq -s ' ' $CALLS)
	expect_eq "Hit numbers" "$got" "$want" || return 1
	expect_eq "other Hit lines" "$(klog | grep -c '^Hit #')" $CALLS
}

uprobe_load()
{
	seed_insmod uprobe_example pid="$prog_pid" vaddr="$vaddr" "$@" &&
	klog_has "Registering uprobe on pid $prog_pid, vaddr $vaddr"
}

uprobe_hits()
{
	prog_calls && hits_in_order
}

uprobe_unload()
{
	unloaded uprobe_example &&
	klog_has "Unregistering uprobe on pid $prog_pid, vaddr $vaddr" \
		 "Probepoint was hit $CALLS times"
}

uprobe_quiet()
{
	uprobe_load verbose=0 && prog_calls && uprobe_unload &&
	expect_eq "Hit lines" "$(klog | grep -c '^Hit #')" 0
}

# uprobe_run VERBOSE - insmod, calls and rmmod of uprobe_example, each
# reported as a case (the descriptions in UP_CASES; VERBOSE=0 is one)
uprobe_run()
{
	dmesg -C
	if ! prog_start; then
		echo "# kprobes_seed_prog did not start"
		prog_stop
		return 1
	fi
	if [ "$1" = 1 ]; then
		kp_check "${UP_CASES[0]}" uprobe_load
		kp_check "${UP_CASES[1]}" uprobe_hits
		kp_check "${UP_CASES[2]}" uprobe_unload
		shown '^Hit #1 ' '^Probepoint was hit'
	else
		kp_check "${UP_CASES[3]}" uprobe_quiet
	fi
	prog_stop
}

# calls_and_returns - each call and each return logged, in order
calls_and_returns()
{
	local got want

	expect_eq "called lines" "$(klog_count "Function at $vaddr called")" $CALLS ||
		return 1
	got=$(klog | sed -nE "s/^Function at $vaddr returns (0x[0-9a-f]+)$/\1/p" | paste -sd' ')
	want=$(for i in $(seq $CALLS); do printf '%#x ' "$i"; done)
	expect_eq "return values" "$got" "${want% }"
}

uretprobe_load()
{
	seed_insmod uretprobe_example pid="$prog_pid" func="$vaddr" &&
	klog_has "Registering uprobe on pid $prog_pid, vaddr $vaddr" \
		 "Registering return probe on pid $prog_pid, vaddr $vaddr"
}

uretprobe_calls()
{
	prog_calls && calls_and_returns
}

uretprobe_unload()
{
	unloaded uretprobe_example &&
	klog_has "Unregistering probes on pid $prog_pid, vaddr $vaddr" \
		 "$CALLS calls, $CALLS returns"
}

uretprobe_run()
{
	dmesg -C
	if ! prog_start; then
		echo "# kprobes_seed_prog did not start"
		prog_stop
		return 1
	fi
	kp_check "${URP_CASES[0]}" uretprobe_load
	kp_check "${URP_CASES[1]}" uretprobe_calls
	kp_check "${URP_CASES[2]}" uretprobe_unload
	shown ' called$' ' returns 0x' '^[0-9]+ calls, '
	prog_stop
}

if have uprobe_example.ko "${UP_CASES[@]}"; then
	uprobe_run 1
	uprobe_run 0
fi
if have uretprobe_example.ko "${URP_CASES[@]}"; then
	uretprobe_run
fi

kp_check "the kernel log is clean" kp_log_clean
dmesg -C

ktap_finished
