#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A kprobe on every byte offset of functions with varied code (KUnit suite
# kprobes_offsets of kprobes_offsets_kunit.ko): -EILSEQ inside an
# instruction, accepted and firing at every boundary, with the functions'
# results unchanged; and with jump optimization allowed, optimized exactly
# where the suite's tables say a jump may go. On arm64 the functions hold
# PC-relative loads, every branch class, exclusive load/store sequences
# and BTI/PAC hints, and the tables also say which of them are refused.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

ktap_print_header
kp_setup
kp_need_modules kprobes_offsets_kunit
ktap_set_plan 3
KP_OPT_WAS=
[ -w "$KP_SYSCTL" ] && KP_OPT_WAS=$(cat "$KP_SYSCTL") && echo 1 >"$KP_SYSCTL"
trap 'kp_cleanup; kp_rmmod_quiet kprobes_offsets_kunit
      [ -n "$KP_OPT_WAS" ] && echo "$KP_OPT_WAS" >"$KP_SYSCTL"' EXIT
kp_rmmod_quiet kprobes_offsets_kunit
dmesg -C

kp_kunit_insmod kprobes_offsets_kunit 2>&1 | sed 's/^/# /'
kp_kunit_suite kprobes_offsets
kp_check "rmmod kprobes_offsets_kunit" rmmod kprobes_offsets_kunit
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
