#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the kprobes kselftests. Source it from a test script.
#
# Probes are created through tracefs kprobe_events (trace_kprobe, a real
# in-tree client) in the event group "kptest", so no test module is needed,
# and removed again by kp_cleanup, which every test runs on exit.

KP_SELFTESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../kselftest/ktap_helpers.sh
. "$KP_SELFTESTS/../kselftest/ktap_helpers.sh"

DEBUGFS=/sys/kernel/debug
TRACEFS=/sys/kernel/tracing
KP_LIST=$DEBUGFS/kprobes/list
KP_ENABLED=$DEBUGFS/kprobes/enabled
KP_BLACKLIST=$DEBUGFS/kprobes/blacklist
KP_SYSCTL=/proc/sys/debug/kprobes-optimization
KP_GROUP=kptest

# ktap_skip_reason DESC REASON - a skipped case that says why
ktap_skip_reason()
{
	__ktap_test ok "$1" "SKIP $2"
	KTAP_CNT_SKIP=$((KTAP_CNT_SKIP + 1))
}

# kp_check DESC CMD... - pass when CMD succeeds; on failure print what
# CMD printed as diagnostics
kp_check()
{
	local desc=$1 out
	shift

	if out=$("$@" 2>&1); then
		ktap_test_pass "$desc"
	else
		[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/# /'
		ktap_test_fail "$desc"
	fi
}

kp_setup()
{
	[ "$(id -u)" -eq 0 ] || { ktap_skip_all "must run as root"; exit "$KSFT_SKIP"; }
	mountpoint -q $DEBUGFS || mount -t debugfs none $DEBUGFS 2>/dev/null
	mountpoint -q $TRACEFS || mount -t tracefs none $TRACEFS 2>/dev/null
	if [ ! -r $KP_LIST ]; then
		ktap_skip_all "no $KP_LIST (CONFIG_KPROBES and CONFIG_DEBUG_FS needed)"
		exit "$KSFT_SKIP"
	fi
	trap kp_cleanup EXIT
	kp_cleanup
}

# Remove every probe of our group and restore the global knobs.
kp_cleanup()
{
	local ev

	echo 1 >$KP_ENABLED 2>/dev/null
	[ -w $KP_SYSCTL ] && echo 1 >$KP_SYSCTL 2>/dev/null
	[ -d $TRACEFS/events/$KP_GROUP ] || return 0
	echo 0 >$TRACEFS/events/$KP_GROUP/enable 2>/dev/null
	for ev in $TRACEFS/events/$KP_GROUP/*/; do
		[ -d "$ev" ] || continue
		echo "-:$KP_GROUP/$(basename "$ev")" >>$TRACEFS/kprobe_events 2>/dev/null
	done
}

# kp_add DEF - add a probe definition, e.g. "p:kptest/a vfs_read"; prints
# the kernel's error (if any) on stdout and returns non-zero on failure
kp_add()
{
	echo "$1" 2>&1 >>$TRACEFS/kprobe_events
}

kp_enable()  { echo 1 >$TRACEFS/events/$KP_GROUP/"$1"/enable; }
kp_disable() { echo 0 >$TRACEFS/events/$KP_GROUP/"$1"/enable; }

# kp_hits EVENT - how often the probe behind EVENT has fired
kp_hits()
{
	awk -v ev="$1" '$1 == ev { print $2 }' $TRACEFS/kprobe_profile
}

# kp_possible_cpus - how many CPUs the kernel counts as possible
kp_possible_cpus()
{
	local n=0 r

	for r in $(tr ',' ' ' </sys/devices/system/cpu/possible); do
		case $r in
		*-*) n=$((n + ${r#*-} - ${r%-*} + 1)) ;;
		*) n=$((n + 1)) ;;
		esac
	done
	echo $n
}

# kp_list_line SYM+OFF TYPE - the debugfs list line of that probe
kp_list_line()
{
	awk -v s="$1" -v t="$2" '$2 == t && $3 == s' $KP_LIST
}

# Whether probes on a function entry go through ftrace
# (CONFIG_KPROBES_ON_FTRACE): on x86; arm64 always uses a breakpoint.
case $(uname -m) in
x86_64 | i?86) KP_FTRACE_ENTRY=1 ;;
*) KP_FTRACE_ENTRY=0 ;;
esac

# kp_ftrace_off SYM - the offset from SYM of the call site ftrace patches
# in it (tracefs's available_filter_functions_addrs); fails if SYM has none
kp_ftrace_off()
{
	local sym ftr

	sym=$(awk -v s="$1" '$3 == s { print $1; exit }' /proc/kallsyms)
	ftr=$(awk -v s="$1" '$2 == s { print $1; exit }' \
		$TRACEFS/available_filter_functions_addrs 2>/dev/null)
	[ -n "$sym" ] && [ -n "$ftr" ] || return 1
	echo $((0x$ftr - 0x$sym))
}

# kp_entry SYM - the offset from SYM at which a probe on SYM's entry sits:
# 0x0, or 0x4 past the endbr64 a function starts with in kernels built
# with IBT.  For a traced function on x86 that is where ftrace's call site
# is, which tracefs reports independently of kprobes; without kprobes on
# ftrace it is 0x0.
kp_entry()
{
	local off

	if [ $KP_FTRACE_ENTRY = 1 ] && off=$(kp_ftrace_off "$1"); then
		printf '0x%x\n' "$off"
	else
		echo 0x0
	fi
}

# kp_body SYM - an offset from SYM, past its entry probe, that starts an
# instruction of its body: after the 5-byte ftrace call on x86; on arm64
# the 4-byte instruction after ftrace's call site (func+4, which takes no
# breakpoint), or after the first instruction of an untraced function
kp_body()
{
	local off

	if [ $KP_FTRACE_ENTRY = 1 ]; then
		printf '%#x\n' $(($(kp_entry "$1") + 5))
	elif off=$(kp_ftrace_off "$1"); then
		printf '%#x\n' $((off + 4))
	else
		echo 0x4
	fi
}

# expect_eq WHAT GOT WANT - GOT must be WANT; says which WHAT is wrong
expect_eq()
{
	[ "$2" = "$3" ] || { echo "$1 is '$2', wanted '$3'"; return 1; }
}

# kp_write_fails_with FILE VALUE ERROR - writing VALUE to FILE must fail,
# with ERROR (strerror's text, e.g. "No such file or directory")
kp_write_fails_with()
{
	local err

	err=$( (echo "$2" >"$1") 2>&1) && { echo "writing '$2' to $1 succeeded"; return 1; }
	case $err in
	*"$3"*) return 0 ;;
	*) echo "writing '$2' to $1: $err (wanted $3)"; return 1 ;;
	esac
}

# kp_write_fails FILE VALUE - writing VALUE to FILE must fail with EINVAL
kp_write_fails()
{
	kp_write_fails_with "$1" "$2" "Invalid argument"
}

# kp_write_refused FILE VALUE - writing VALUE to FILE must fail with EINVAL
# and leave FILE reading what it read before
kp_write_refused()
{
	local before

	before=$(cat "$1")
	kp_write_fails "$1" "$2" || return 1
	expect_eq "$1 after the refused write" "$(cat "$1")" "$before"
}

# kp_add_fails_with DEF ERROR - adding probe DEF through kprobe_events
# must fail with ERROR; a probe that was added anyway is removed again
kp_add_fails_with()
{
	local err

	err=$(kp_add "$1") && {
		echo "'$1' was accepted"
		echo "-:${1#*:}" | cut -d' ' -f1 >>$TRACEFS/kprobe_events
		return 1
	}
	case $err in
	*"$2"*) return 0 ;;
	*) echo "'$1': $err (wanted $2)"; return 1 ;;
	esac
}

# kp_kallsyms_addr SYM - address of a text symbol of the kernel proper
kp_kallsyms_addr()
{
	awk -v s="$1" '($2 == "t" || $2 == "T") && $3 == s && NF == 3 {
		print $1
		exit
	}' /proc/kallsyms
}

# kp_syscall_sym NAME - the text symbol of system call NAME on this
# architecture (__x64_sys_NAME, __ia32_sys_NAME, __arm64_sys_NAME, ...,
# or plain sys_NAME without syscall wrappers); empty if none
kp_syscall_sym()
{
	local s

	for s in __x64_sys_$1 __ia32_sys_$1 __arm64_sys_$1 __riscv_sys_$1 \
		 __s390x_sys_$1 sys_$1; do
		if [ -n "$(kp_kallsyms_addr "$s")" ]; then
			echo "$s"
			return
		fi
	done
}

# Something that opens files (do_sys_openat2) and reads them (vfs_read).
kp_trigger_open()
{
	local i

	for i in $(seq "${1:-1}"); do
		read -r _ </proc/version
	done
}
