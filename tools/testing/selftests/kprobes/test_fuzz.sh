#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Random probe places for a bounded time (kprobes_fuzz.ko): symbols of the
# kernel picked at random from /proc/kallsyms (mostly text, some data),
# offsets at the entry, inside the function and a little past its end.
# Each registration either fails with -EINVAL, -ENOENT or -EILSEQ or arms
# the probe at once, sees hits at the right address and leaves no int3
# behind (see the module for the checks).  FUZZ_SECONDS and FUZZ_SEED
# override the time (20 s) and the seed (fixed, so runs are repeatable).

. "$(dirname "$0")/kprobes_lib.sh"
. "$(dirname "$0")/kprobes_modules_lib.sh"

M=kprobes_fuzz
SECONDS_MAX=${FUZZ_SECONDS:-20}
SEED=${FUZZ_SEED:-7}
PAIRS=/tmp/kp-fuzz.pairs

ktap_print_header
kp_setup
kp_need_modules $M
trap 'kp_cleanup; kp_rmmod_quiet $M; rm -f $PAIRS' EXIT
kp_rmmod_quiet $M
dmesg -C
ktap_set_plan 6

# "SYMBOL OFFSET" lines, enough for the time given: the size of a symbol
# is the distance to the next address (the kernel lists its own symbols
# in address order); a third of the offsets are 0, the rest anywhere up to
# 16 bytes past the end.  One data symbol in ten.  Addresses are parsed
# only for the symbols picked: awk is slow under emulation.
awk -v seed="$SEED" -v want=$((SECONDS_MAX * 200)) '
	# the low 32 bits of a hex address (awk numbers are doubles)
	function lo32(h,   i, v) {
		v = 0
		h = tolower(substr(h, length(h) - 7))
		for (i = 1; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v
	}
	NF != 3 { next }
	$1 != addr[n] {
		n++
		addr[n] = $1
	}
	{
		type[n] = $2
		name[n] = $3
	}
	END {
		srand(seed)
		while (want > 0) {
			k = int(rand() * (n - 1)) + 1
			if (type[k] !~ /^[tT]$/ && rand() >= 0.1)
				continue
			sz = (lo32(addr[k + 1]) - lo32(addr[k]) + 4294967296) % 4294967296
			if (sz == 0 || sz >= 4096)
				sz = 64
			off = rand() < 0.33 ? 0 : int(rand() * (sz + 16))
			print name[k], off
			want--
		}
	}' /proc/kallsyms >$PAIRS

kp_check "$(wc -l <$PAIRS) random places from /proc/kallsyms" test -s $PAIRS
kp_check "insmod $M" kp_insmod $M

P=/sys/module/$M/parameters
run()
{
	local end sym off

	end=$((SECONDS + SECONDS_MAX))
	while read -r sym off && [ $SECONDS -lt $end ]; do
		echo "$sym $off" >$P/try || { echo "writing '$sym $off' failed"; return 1; }
	done <$PAIRS
}
kp_check "$SECONDS_MAX s of attempts" run

declare -A n
for c in tried registered armed_break armed_ftrace armed_optimized einval enoent \
	eilseq bad hits bad_ip; do
	n[$c]=$(kp_param $M $c)
	ktap_print_msg "$c: ${n[$c]}"
done

consistent()
{
	[ "${n[tried]}" -gt 100 ] || { echo "only ${n[tried]} attempts"; return 1; }
	[ "${n[registered]}" -gt 0 ] ||
		{ echo "no probe registered"; return 1; }
	[ "${n[eilseq]}" -gt 0 ] ||
		{ echo "no offset refused as mid-instruction"; return 1; }
	[ $((n[registered] + n[einval] + n[enoent] + n[eilseq])) -eq "${n[tried]}" ] ||
		{ echo "registered + refused != tried"; return 1; }
	[ $((n[armed_break] + n[armed_ftrace] + n[armed_optimized])) -eq "${n[registered]}" ] ||
		{ echo "armed != registered"; return 1; }
}
kp_check "every attempt was refused with EINVAL/ENOENT/EILSEQ or armed" consistent
no_bad_outcome()
{
	[ "${n[bad]}" -eq 0 ] && [ "${n[bad_ip]}" -eq 0 ] && return 0
	dmesg | grep kprobes_fuzz
	return 1
}
kp_check "no bad outcome, no hit at a wrong address" no_bad_outcome
kp_check "the kernel log has no BUG, WARNING or Oops" kp_log_clean

ktap_finished
