#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Probes registered, disabled, enabled and unregistered thousands of times
# on every instruction of a function that a thread on each CPU keeps
# calling (KUnit suite kprobes_stress of kprobes_stress_kunit.ko); then
# jump-optimized probes on it lose and regain their jumps (a post_handler,
# disabling, the optimization sysctl) while the threads keep calling: the
# results stay right and the kernel log stays clean.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

# Bounded by time as well, so that slow (debug, emulated) kernels finish.
CYCLES=3000
SECONDS_MAX=40
OPT_SECONDS=20

ktap_print_header
kp_setup
kp_need_modules kprobes_stress_kunit
ktap_set_plan 3
trap 'kp_cleanup; kp_rmmod_quiet kprobes_stress_kunit' EXIT
kp_rmmod_quiet kprobes_stress_kunit
dmesg -C

kp_kunit_insmod kprobes_stress_kunit cycles=$CYCLES seconds=$SECONDS_MAX \
	opt_seconds=$OPT_SECONDS 2>&1 |
	sed 's/^/# /'
kp_kunit_suite kprobes_stress
kp_check "rmmod kprobes_stress_kunit" rmmod kprobes_stress_kunit
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
