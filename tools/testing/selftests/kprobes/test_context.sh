#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Probes on a function called from a hard interrupt (an hrtimer), a softirq
# (a timer_list) and NMIs sent to the CPU itself: entry, breakpoint and
# return probes see every call in its context and miss none; an NMI that
# calls the function while another probe's handler runs on the same CPU
# is counted as missed and runs no handler (KUnit suite kprobes_context of
# kprobes_context_kunit.ko).

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

ktap_print_header
kp_setup
kp_need_modules kprobes_context_kunit
ktap_set_plan 3
trap 'kp_cleanup; kp_rmmod_quiet kprobes_context_kunit' EXIT
kp_rmmod_quiet kprobes_context_kunit
dmesg -C

kp_kunit_insmod kprobes_context_kunit 2>&1 | sed 's/^/# /'
kp_kunit_suite kprobes_context
kp_check "rmmod kprobes_context_kunit" rmmod kprobes_context_kunit
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
