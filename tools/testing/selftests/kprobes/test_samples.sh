#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The samples/kprobes modules: each one is loaded on a function that only
# this test calls (sethostname and setdomainname, through hostname(1) and
# domainname(1) with a name that is too long, so nothing changes and each
# call returns -EINVAL), and what it counts and prints is compared with the
# number of calls made.

. "$(dirname "$0")/kprobes_lib.sh"

CALLS=7
# Longer than __NEW_UTS_LEN (64), so the syscall fails with -EINVAL, and
# letters only: hostname(1) refuses some other names without calling it.
LONG_NAME=$(printf 'kprobesample%.0s' 1 2 3 4 5 6)
PARAMS=/sys/module

ktap_print_header
kp_setup
SETHOST=$(kp_syscall_sym sethostname)
SETDOMAIN=$(kp_syscall_sym setdomainname)
# Where a probe on the entry sits (past an endbr64 with IBT), and an
# instruction of the body after it.  The sample's messages name the symbol
# and offset it was asked for.
SE=$(kp_entry $SETHOST)
BODY=$(kp_body $SETHOST)
ktap_set_plan 25

sethostname_calls()
{
	for _ in $(seq "$1"); do
		hostname "$LONG_NAME" 2>/dev/null
	done
	return 0
}

setdomainname_calls()
{
	for _ in $(seq "$1"); do
		domainname "$LONG_NAME" 2>/dev/null
	done
	return 0
}

param() { cat "$PARAMS/$1/parameters/$2"; }

# expect WHAT GOT WANTED - fail with a message unless GOT equals WANTED
expect()
{
	[ "$2" = "$3" ] || { echo "$1: got '$2', wanted '$3'"; return 1; }
}

# log_lines PATTERN - kernel log lines matching PATTERN
log_lines() { dmesg | grep -cE -- "$1"; }

no_probe_on() { ! grep -qE " [krj]  $1\+$(kp_entry $1) " $KP_LIST; }

# -- kprobe_example: entry probe (an ftrace site) ----------------------------

kprobe_entry()
{
	local hits

	dmesg -C
	hits=$(param kprobe_example hits)
	sethostname_calls $CALLS
	expect "hits" "$(($(param kprobe_example hits) - hits))" $CALLS &&
	expect "hit lines" "$(log_lines "<$SETHOST\+0x0> hit [0-9]+ on CPU")" $CALLS
}

# kprobe_example_unload SYM+OFF - the exit line reports the same totals
kprobe_example_unload()
{
	local hits

	hits=$(param kprobe_example hits)
	dmesg -C
	rmmod kprobe_example || return 1
	no_probe_on "$SETHOST" || { echo "probe left in $KP_LIST"; return 1; }
	expect "exit line" "$(log_lines "$1: $hits hits, $hits post_handler runs, 0 missed")" 1
}

kp_check "kprobe_example symbol=$SETHOST loads" \
	modprobe kprobe_example symbol=$SETHOST
kp_check "kprobe_example's probe is listed as k on $SETHOST+$SE" \
	test -n "$(kp_list_line $SETHOST+$SE k)"
kp_check "kprobe_example counts and logs each of $CALLS calls" kprobe_entry
kp_check "rmmod kprobe_example removes the probe, final totals logged" \
	kprobe_example_unload "$SETHOST\+0x0"

# -- kprobe_example: a probe past the entry (int3 or jump, not ftrace) -------

kprobe_body()
{
	local line hits

	line=$(kp_list_line $SETHOST+$BODY k)
	case $line in
	"") echo "no k line for $SETHOST+$BODY"; return 1 ;;
	*FTRACE*) echo "body probe went through ftrace: $line"; return 1 ;;
	esac
	hits=$(param kprobe_example hits)
	sethostname_calls $CALLS
	expect "hits" "$(($(param kprobe_example hits) - hits))" $CALLS
}

kp_check "kprobe_example symbol=$SETHOST offset=$BODY loads" \
	modprobe kprobe_example symbol=$SETHOST offset=$((BODY))
kp_check "the body probe counts each of $CALLS calls" kprobe_body
kp_check "rmmod: post_handler ran once per hit" \
	kprobe_example_unload "$SETHOST\+$BODY"

# -- kretprobe_example: return values, durations, private data ---------------

kretprobe_returns()
{
	local n bad

	dmesg -C
	n=$(param kretprobe_example returns)
	sethostname_calls $CALLS
	expect "returns" "$(($(param kretprobe_example returns) - n))" $CALLS &&
	expect "last_retval" "$(param kretprobe_example last_retval)" -22 &&
	expect "return lines" \
		"$(log_lines "$SETHOST returned -22 after [0-9]+ ns")" $CALLS || return 1
	# The duration comes from the entry handler's private data: a call
	# that takes no time at all would mean the data was lost.
	bad=$(dmesg | sed -nE "s/.*$SETHOST returned -22 after ([0-9]+) ns.*/\1/p" |
	      awk '$1 <= 0 || $1 > 1000000000' | wc -l)
	expect "durations not in (0, 1 s]" "$bad" 0
}

kretprobe_unload()
{
	local n

	n=$(param kretprobe_example returns)
	dmesg -C
	rmmod kretprobe_example || return 1
	no_probe_on "$SETHOST" || { echo "probe left in $KP_LIST"; return 1; }
	expect "exit line" \
		"$(log_lines "$SETHOST: $n returns reported, 0 calls missed")" 1
}

kp_check "kretprobe_example func=$SETHOST loads" \
	modprobe kretprobe_example func=$SETHOST
kp_check "kretprobe_example's probe is listed as r on $SETHOST+$SE" \
	test -n "$(kp_list_line $SETHOST+$SE r)"
kp_check "kretprobe_example reports $CALLS returns of -22 with their durations" \
	kretprobe_returns
kp_check "rmmod kretprobe_example removes the probe, none missed" \
	kretprobe_unload

# -- jprobe_example: kernel_clone()'s arguments in a function like it -------

CLONE_ENTRY=kernel_clone+$(kp_entry kernel_clone)

# The forks of /bin/true by this shell: the sample logs its first 10
# calls, each with the arguments it was handed; a fork's exit signal is
# SIGCHLD (17 on every architecture we run).
jprobe_forks()
{
	local hits me logged

	me=$(cat /proc/$$/comm)
	hits=$(param jprobe_example hits)
	for _ in $(seq $CALLS); do
		/bin/true
	done
	hits=$(($(param jprobe_example hits) - hits))
	[ "$hits" -ge $CALLS ] || { echo "$CALLS forks, $hits calls seen"; return 1; }
	logged="jprobe_example: kernel_clone\\(flags=(0|0x[0-9a-f]+), exit_signal=17\\)"
	[ "$(log_lines "$logged by $me\$")" -ge 1 ] && return 0
	echo "no fork of '$me' logged with its arguments:"
	dmesg | tail -n 12
	return 1
}

jprobe_unload()
{
	local n

	n=$(param jprobe_example hits)
	dmesg -C
	rmmod jprobe_example || return 1
	no_probe_on kernel_clone || { echo "probe left in $KP_LIST"; return 1; }
	# Forks between the read and the rmmod are counted too.
	dmesg | grep -qE "jprobe_example: kernel_clone: [0-9]+ calls seen, 0 missed" ||
		{ echo "no exit line"; dmesg | tail -n 5; return 1; }
	[ "$(dmesg | sed -nE 's/.*kernel_clone: ([0-9]+) calls seen.*/\1/p')" -ge "$n" ]
}

dmesg -C
kp_check "jprobe_example loads; its probe is listed as j on $CLONE_ENTRY" \
	eval 'modprobe jprobe_example && test -n "$(kp_list_line $CLONE_ENTRY j)"'
kp_check "jprobe_example's entry function gets each fork's arguments" jprobe_forks
kp_check "rmmod jprobe_example removes the probe, none missed" jprobe_unload

# -- kprobe_batch_example: register_kprobes, disable, enable -----------------

# batch_hits_are H D - the hits parameter reads "SETHOST H SETDOMAIN D"
batch_hits_are()
{
	expect "hits" "$(param kprobe_batch_example hits)" \
		"$SETHOST $1 $SETDOMAIN $2"
}

batch_listed()
{
	local s line

	for s in $SETHOST $SETDOMAIN; do
		line=$(kp_list_line "$s+$(kp_entry $s)" k)
		[ -n "$line" ] || { echo "no k line for $s"; return 1; }
		case "$1:$line" in
		disabled:*DISABLED*|enabled:*) ;;
		*) echo "$s not $1: $line"; return 1 ;;
		esac
		case "$1:$line" in
		enabled:*DISABLED*) echo "$s not enabled: $line"; return 1 ;;
		esac
	done
}

batch_counts()
{
	sethostname_calls 3
	setdomainname_calls 2
	batch_hits_are "$1" "$2"
}

batch_set_active()
{
	echo "$1" >$PARAMS/kprobe_batch_example/parameters/active &&
	expect "active" "$(param kprobe_batch_example active)" "$1"
}

# batch_toggle VALUE STATE - write VALUE to "active", both probes in STATE
batch_toggle()
{
	batch_set_active "$1" && batch_listed "$2"
}

batch_unload()
{
	rmmod kprobe_batch_example || return 1
	if ! no_probe_on $SETHOST || ! no_probe_on $SETDOMAIN; then
		echo "probes left in $KP_LIST"
		return 1
	fi
}

# The second symbol does not exist: nothing may stay registered.
batch_rollback()
{
	local err

	if err=$(modprobe kprobe_batch_example \
			symbols=$SETHOST,kprobe_no_such_function 2>&1); then
		rmmod kprobe_batch_example
		echo "loaded with an unknown symbol"
		return 1
	fi
	no_probe_on $SETHOST || { echo "$SETHOST still probed after: $err"; return 1; }
	dmesg | grep -q "register_kprobes() of 2 probes failed: -2" ||
		{ echo "no -ENOENT report in the log"; return 1; }
}

kp_check "kprobe_batch_example registers $SETHOST and $SETDOMAIN in one batch" \
	modprobe kprobe_batch_example symbols=$SETHOST,$SETDOMAIN
kp_check "both batch probes are listed and enabled" batch_listed enabled
kp_check "the batch probes count 3 and 2 calls" batch_counts 3 2
kp_check "active=0 disables both probes (listed [DISABLED])" \
	batch_toggle 0 disabled
kp_check "disabled probes do not count" batch_counts 3 2
kp_check "active=1 enables them again" batch_toggle 1 enabled
kp_check "re-enabled probes count again" batch_counts 6 4
kp_check "rmmod kprobe_batch_example removes both probes" batch_unload
kp_check "an unknown symbol fails the whole batch, nothing stays registered" \
	batch_rollback

# -- the defaults, as `make run` shows them: kernel_clone on fork ------------

default_fork()
{
	local hits returns

	modprobe kprobe_example || return 1
	modprobe kretprobe_example || { rmmod kprobe_example; return 1; }
	hits=$(param kprobe_example hits)
	returns=$(param kretprobe_example returns)
	for _ in $(seq $CALLS); do
		/bin/true
	done
	hits=$(($(param kprobe_example hits) - hits))
	returns=$(($(param kretprobe_example returns) - returns))
	rmmod kretprobe_example kprobe_example || return 1
	if [ "$hits" -lt $CALLS ] || [ "$returns" -lt $CALLS ]; then
		echo "$CALLS forks: $hits hits, $returns returns"
		return 1
	fi
}
kp_check "default samples fire on kernel_clone for each of $CALLS forks" \
	default_fork

# pid_uprobe_example on a process of kprobes_pid_prog (the user program
# of test_pid_uprobes.sh) that calls kpp_target(i, 1), i = 0..CALLS-1,
# once the probes are in: each call and each return counted, the first
# returns logged with their values.
PIDPROG=$KP_SELFTESTS/modules/kprobes_pid_prog
pid_uprobe_sample()
{
	local dir=/tmp/kp-pid-sample.$$ pid vaddr calls returns logged

	mkdir -p $dir && mkfifo $dir/in $dir/out || return 1
	"$PIDPROG" calls $CALLS <$dir/in >$dir/out &
	pid=$!
	exec 8>$dir/in
	read -r vaddr <$dir/out
	if ! modprobe pid_uprobe_example pid=$pid vaddr=0x"$vaddr"; then
		exec 8>&-
		rm -rf $dir
		return 1
	fi
	echo go >&8
	exec 8>&-
	wait $pid
	calls=$(param pid_uprobe_example calls)
	returns=$(param pid_uprobe_example returns)
	rmmod pid_uprobe_example
	rm -rf $dir
	expect "calls and returns" "$calls $returns" "$CALLS $CALLS" || return 1
	logged="pid_uprobe_example: pid $pid: the function at 0x$vaddr returned 0x[1-5] to"
	if [ "$(log_lines "$logged")" != 5 ]; then
		echo "the first 5 returns (values 1..5) are not logged"
		dmesg | tail -n 12
		return 1
	fi
	[ "$(log_lines "pid_uprobe_example: $CALLS calls, $CALLS returns")" = 1 ] ||
		{ echo "no final count"; return 1; }
}
if ! modinfo pid_uprobe_example >/dev/null 2>&1; then
	ktap_skip_reason "pid_uprobe_example counts $CALLS calls and returns" \
		"no pid_uprobe_example module (CONFIG_PID_UPROBES)"
elif [ ! -x "$PIDPROG" ]; then
	ktap_skip_reason "pid_uprobe_example counts $CALLS calls and returns" \
		"$PIDPROG was not built"
else
	kp_check "pid_uprobe_example counts $CALLS calls and returns" \
		pid_uprobe_sample
fi

ktap_finished
