#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debugfs kprobes/blacklist: one "0xSTART-0xEND<TAB>symbol" range per
# line, and every listed symbol is refused as a probe target.

. "$(dirname "$0")/kprobes_lib.sh"

# Marked NOKPROBE_SYMBOL() in kernel/notifier.c, outside kprobes itself.
KNOWN="notify_die atomic_notifier_call_chain"
SAMPLES=8

ktap_print_header
kp_setup
ktap_set_plan $((4 + SAMPLES))

well_formed()
{
	local bad

	grep -q . $KP_BLACKLIST || { echo "the blacklist is empty"; return 1; }
	bad=$(grep -vP '^0x[0-9a-f]+-0x[0-9a-f]+\t[^ \t]+( \[[^]]+\])?$' $KP_BLACKLIST |
		head -n 5)
	[ -z "$bad" ] || { echo "malformed lines:"; echo "$bad"; return 1; }
}
kp_check "every blacklist line is 0xSTART-0xEND<TAB>symbol [module]" well_formed

ordered()
{
	local range start end n=0

	while IFS=$'\t' read -r range _; do
		start=$((${range%%-*}))
		end=$((${range#*-}))
		if [ "$start" -eq 0 ] || [ "$end" -le "$start" ]; then
			echo "empty or inverted range: $range"
			n=$((n + 1))
		fi
	done <$KP_BLACKLIST
	[ $n -eq 0 ]
}
kp_check "every range is non-empty and starts above zero" ordered

listed()
{
	local s

	for s in $KNOWN; do
		grep -qP "\t$s\$" $KP_BLACKLIST || { echo "$s is not listed"; return 1; }
	done
}
kp_check "NOKPROBE_SYMBOL() functions ($KNOWN) are listed" listed

refused()
{
	local err

	err=$(kp_add "p:$KP_GROUP/bl $1") && {
		echo "a probe on $1 was accepted"
		return 1
	}
	case $err in
	*"Invalid argument"*) return 0 ;;
	*) echo "a probe on $1: $err (wanted Invalid argument)"; return 1 ;;
	esac
}
kp_check "a probe on notify_die is refused" refused notify_die

# A sample of the listed symbols, spread over the file.
total=$(wc -l <$KP_BLACKLIST)
step=$((total / SAMPLES))
[ $step -ge 1 ] || step=1
for i in $(seq 0 $((SAMPLES - 1))); do
	sym=$(sed -n "$((i * step + 1))p" $KP_BLACKLIST | cut -f2)
	case $sym in
	""|*.*|*[![:alnum:]_]*)
		ktap_skip_reason "a probe on listed symbol #$((i * step + 1)) is refused" \
			"'$sym' cannot be named in kprobe_events"
		;;
	*)
		kp_check "a probe on listed symbol $sym is refused" refused "$sym"
		;;
	esac
done

ktap_finished
