#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Per-process uprobes (register_pid_uprobe() and friends), through
# kprobes_pid_uprobe.ko and the user program kprobes_pid_prog, which
# probes its own functions or a child's: the handler's registers, return
# values and addresses, order on one address, threads, fork, exit, exec,
# (un)registration from handlers with their callbacks, sleeping handlers,
# bad input and probes coming and going under running threads. Then a
# module removed with its probes registered, alone and while the probed
# process is killed, must leave nothing behind (the pid_uprobes list is
# empty, kmemleak finds nothing on the debug kernel) and the log clean.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

M=kprobes_pid_uprobe
PROG=$KP_MODULES/kprobes_pid_prog
LIST=$DEBUGFS/pid_uprobes
KMEMLEAK=$DEBUGFS/kmemleak

ktap_print_header
kp_setup
kp_need_modules $M
if [ ! -x "$PROG" ]; then
	ktap_skip_all "$PROG was not built (no C library for $(uname -m)?)"
	exit "$KSFT_SKIP"
fi
cases=$("$PROG" list)
ktap_set_plan $(($(wc -l <<<"$cases") + 6))
loops=
trap 'kp_cleanup; kill -9 $loops 2>/dev/null; kp_rmmod_quiet $M' EXIT
kp_rmmod_quiet $M
dmesg -C
[ -w $KMEMLEAK ] && echo clear >$KMEMLEAK

kp_check "insmod $M" kp_insmod $M
for c in $cases; do
	kp_check "$c" "$PROG" case "$c"
done

# start_loop - run "$PROG loop" in the background; sets $loop (its pid)
# and $vaddr (kpp_target's address in it)
start_loop()
{
	local fifo=/tmp/kp-pid-loop.$$

	rm -f $fifo
	mkfifo $fifo
	"$PROG" loop >$fifo &
	loop=$!
	loops="$loops $loop"
	read -r vaddr <$fifo
	rm -f $fifo
	[ -n "$vaddr" ]
}

ctl()
{
	echo "$*" >$DEBUGFS/$M/ctl
}

# No line of the pid_uprobes list is left, within 5 s.
list_empty()
{
	local i

	for i in $(seq 50); do
		[ -z "$(cat $LIST)" ] && return 0
		sleep 0.1
	done
	echo "left in $LIST:"
	cat $LIST
	return 1
}

# rmmod while the module's probes are registered on a running process:
# they are unregistered, the module is named, the process runs on.
rmmod_registered()
{
	start_loop || return 1
	ctl entry 0 $loop $vaddr && ctl return 1 $loop $vaddr || return 1
	sleep 0.2
	[ "$(wc -l <$LIST)" = 2 ] || { echo "listed:"; cat $LIST; return 1; }
	rmmod $M || return 1
	dmesg | grep -q "pid_uprobe: module $M left 2 probes registered" ||
		{ echo "no message naming $M"; dmesg | tail -n 5; return 1; }
	list_empty || return 1
	sleep 0.2
	kill -0 $loop || { echo "the probed process died"; return 1; }
	kill -9 $loop
	wait $loop 2>/dev/null
	return 0
}
kp_check "rmmod with probes registered unregisters them" rmmod_registered

# The process killed and the module removed at the same time.
kill_and_rmmod()
{
	kp_insmod $M || return 1
	start_loop || return 1
	ctl entry 0 $loop $vaddr && ctl return 1 $loop $vaddr &&
		ctl entry 2 $loop $vaddr || return 1
	sleep 0.2
	kill -9 $loop &
	rmmod $M
	wait
	list_empty
}
kp_check "the probed process killed during rmmod" kill_and_rmmod

# A probe holds its file open: a file the process has mapped and
# unmapped again, with a probe still registered in it, keeps its
# filesystem busy until the probe is unregistered; then it unmounts, and
# the kernel finds none of its inodes still in use.
unmount_probed_file()
{
	local d=/tmp/kp-pid-unmount.$$ mnt=/tmp/kp-pid-unmount.$$/mnt
	local pid alias line rc=1

	kp_insmod $M || return 1
	mkdir -p $mnt && mount -t tmpfs none $mnt || return 1
	cp "$PROG" $mnt/copy && mkfifo $d/in $d/out || { umount $mnt; return 1; }
	"$PROG" map-wait $mnt/copy <$d/in >$d/out &
	pid=$!
	exec 8>$d/in
	exec 9<$d/out
	read -r alias <&9
	if ctl entry 0 $pid $alias; then
		echo go >&8
		read -r line <&9
		if umount $mnt 2>/dev/null; then
			echo "$mnt unmounted while a probe held a file of it"
		else
			ctl unreg 0 && umount $mnt && rc=0
		fi
	fi
	exec 8>&- 9<&-
	wait $pid
	mountpoint -q $mnt && umount $mnt
	rm -rf $d
	rmmod $M || return 1
	[ $rc = 0 ] && ! dmesg | grep -i 'busy inodes'
}
kp_check "a probed file keeps its filesystem busy until unregistered" \
	unmount_probed_file

leaks()
{
	local found

	echo scan >$KMEMLEAK
	echo scan >$KMEMLEAK
	found=$(grep -A12 '^unreferenced object' $KMEMLEAK | grep uprobe | head -n 5)
	[ -z "$found" ] || { echo "$found"; return 1; }
}
if [ -w $KMEMLEAK ]; then
	kp_check "kmemleak finds no leak from pid_uprobe" leaks
else
	ktap_skip_reason "kmemleak finds no leak from pid_uprobe" \
		"no $KMEMLEAK (CONFIG_DEBUG_KMEMLEAK off in this variant)"
fi
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
