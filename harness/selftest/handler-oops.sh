#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Harness self-test: a kprobe's pre_handler oopses in the kernel thread
# that hit it; the kernel goes on (panic_on_oops is turned off here), and then
# unloading the module (which unregisters the probe) must return, and a
# probe registered afterwards must fire on both CPUs.
# The module comes as an EXTRA_FILES file.
ko=/kp/extra/files/kp_handler_oops.ko
param=/sys/module/kp_handler_oops/parameters

echo "KTAP version 1"
echo "1..3"
sysctl -qw kernel.panic_on_oops=0
insmod "$ko" || { echo "not ok 1 the probe oopses its task # insmod failed"; exit 0; }
# The module's thread that hits the probe is killed by the oops.
echo 1 >$param/trigger
for _ in $(seq 30); do
	[ "$(cat $param/hits)" = 1 ] && break
	sleep 1
done
if [ "$(cat $param/hits)" = 1 ]; then
	echo "ok 1 the probe oopses its task"
else
	echo "not ok 1 the probe oopses its task # hits: $(cat $param/hits)"
fi
# A waiting unregistration cannot be killed: give up on it after 60 s.
rmmod kp_handler_oops &
pid=$!
for _ in $(seq 60); do
	kill -0 $pid 2>/dev/null || break
	sleep 1
done
if kill -0 $pid 2>/dev/null; then
	echo "not ok 2 unregistration returns after the oops # rmmod still waits after 60 s"
	echo "not ok 3 a new probe fires on both CPUs # not tried: the old probe is still there"
	exit 0
fi
echo "ok 2 unregistration returns after the oops"
insmod "$ko" oops=0
for cpu in 0 1; do
	taskset -c $cpu sh -c "echo 1 >$param/trigger"
done
h=$(cat $param/hits)
timeout 60 rmmod kp_handler_oops
if [ "$h" = 2 ]; then
	echo "ok 3 a new probe fires on both CPUs"
else
	echo "not ok 3 a new probe fires on both CPUs # hits: $h of 2"
fi
