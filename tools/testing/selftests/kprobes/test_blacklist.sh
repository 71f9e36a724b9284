#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debugfs kprobes/blacklist: one "0xSTART-0xEND<TAB>symbol" range per
# line, and every listed symbol is refused as a probe target, and so is
# every clone or split-off part the compiler made of one (X.cold,
# X.part.N, X.isra.N, X.constprop.N), through register_kprobe() itself
# (kprobes_prober.ko).  kprobes_target.ko always has one such part of a
# refused function, so the check has something to refuse on any build.

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

P=kprobes_prober
T=kprobes_target
PP=/sys/module/$P/parameters

# Marked NOKPROBE_SYMBOL() in kernel/notifier.c, outside kprobes itself.
KNOWN="notify_die atomic_notifier_call_chain"
SAMPLES=8

ktap_print_header
kp_setup
ktap_set_plan $((6 + SAMPLES))
trap 'kp_cleanup; kp_rmmod_quiet $P $T' EXIT

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

# refused SYM - a probe on SYM through kprobe_events gets EINVAL
refused()
{
	kp_add_fails_with "p:$KP_GROUP/bl $1" "Invalid argument"
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

# clones - "X.suffix" text symbols whose X is on the blacklist, as
# "sym" or "module:sym"
clones()
{
	cut -f2 $KP_BLACKLIST | cut -d' ' -f1 | sort -u |
		awk 'NR == FNR { bl[$1] = 1; next }
		     ($2 == "t" || $2 == "T") && index($3, ".") > 1 {
			split($3, part, ".")
			if (!(part[1] in bl))
				next
			if (NF == 3)
				print $3
			else if (NF == 4 && $4 ~ /^\[.*\]$/)
				print substr($4, 2, length($4) - 2) ":" $3
		     }' - /proc/kallsyms | sort -u
}

# prober_refuses SYM - register_kprobe() on SYM fails with EINVAL
prober_refuses()
{
	kp_write_fails_with $PP/probe "$1" "Invalid argument" && return 0
	echo - >$PP/probe
	return 1
}

clones_refused()
{
	local c n=0 bad=0

	case " $(echo $CLONES) " in
	*" $T:kpt_target_split.part.0 "*) ;;
	*) echo "$T:kpt_target_split.part.0 is not among them"; return 1 ;;
	esac
	for c in $CLONES; do
		n=$((n + 1))
		prober_refuses "$c" || bad=$((bad + 1))
	done
	echo "$bad of $n clones accepted"
	[ $bad -eq 0 ]
}

kp_rmmod_quiet $P $T
if [ -f "$KP_MODULES/$P.ko" ] && kp_insmod $T && kp_insmod $P; then
	kp_check "register_kprobe() accepts vfs_read (the prober works)" \
		sh -c "echo vfs_read >$PP/probe && echo - >$PP/probe"
	CLONES=$(clones)
	if [ -n "$CLONES" ]; then
		ktap_print_msg "clones of blacklisted functions: $(echo $CLONES)"
		kp_check "every clone of a blacklisted function is refused with EINVAL" \
			clones_refused
	else
		ktap_skip_reason "every clone of a blacklisted function is refused" \
			"this kernel has no X.suffix symbol of a blacklisted X"
	fi
	rmmod $P
	rmmod $T
else
	ktap_skip_reason "register_kprobe() accepts vfs_read" "no $P.ko"
	ktap_skip_reason "every clone of a blacklisted function is refused" "no $P.ko"
fi

ktap_finished
