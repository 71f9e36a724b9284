#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Thousands of probes at once (KUnit suite kprobes_scale of
# kprobes_scale.ko): register_kprobes() and unregister_kprobes() of 2,000
# entry (ftrace) and 2,000 body (int3) probes, each firing exactly once
# while registered and never after; a batch with one bad probe rolled back
# completely; 500 probes registered and unregistered one by one, twice on
# the same addresses; and unregister_kprobe() / unregister_kretprobe()
# not returning while a handler still runs on another CPU (entry, post
# handler after a single-step, optimized or boosted body, kretprobe).

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

ktap_print_header
kp_setup
kp_need_modules kprobes_scale
ktap_set_plan 4
trap 'kp_cleanup; kp_rmmod_quiet kprobes_scale' EXIT
kp_rmmod_quiet kprobes_scale
dmesg -C

kp_kunit_insmod kprobes_scale 2>&1 | sed 's/^/# /'
kp_kunit_suite kprobes_scale
kp_check "rmmod kprobes_scale" rmmod kprobes_scale
kp_check "no probe of the module is left in the list" \
	sh -c "! grep -q kps_fn_ $KP_LIST"
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
