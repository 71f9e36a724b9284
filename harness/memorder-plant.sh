#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# memorder-plant.sh [VARIANT] - shows that each case of memorder-check.py
# fails without the barrier it checks. For ARCH= (x86_64, i386, arm64,
# riscv64, ppc64le) and VARIANT (default), whose kernel must be built
# (`make kernel`): kernel/kprobes/{core,hits,site}.o are compiled again,
# into a scratch directory, with kbuild's own command line plus a -D that
# defines one barrier away, and the case must fail on that object; the
# same objects compiled without it must pass. Prints one line per plant
# and "N passed, N failed"; exits non-zero if a case did not fail.
. "$(dirname "$0")/common.sh"

variant=${1:-default}
obj=$(kp_objdir patched "$variant")
check=$KP_HARNESS/memorder-check.py
scratch=$KP_BUILD/memorder-plant$KP_ATAG-$variant
[ -f "$obj/vmlinux" ] || kp_die "no $obj/vmlinux: run make kernel first"
rm -rf "$scratch"
mkdir -p "$scratch"

# compile UNIT OUT FLAG... - UNIT.o (kernel/kprobes/core) again, as OUT
compile()
{
	local unit=$1 out=$2 cmd
	shift 2

	cmd=$(sed -n "s|^savedcmd_$unit.o := ||p" "$obj/$(dirname "$unit")/.$(basename "$unit").o.cmd")
	[ -n "$cmd" ] || kp_die "no kbuild command for $unit.o in $obj"
	cmd=${cmd/-Wp,-MMD,$(dirname "$unit")\/.$(basename "$unit").o.d/}
	cmd=${cmd/ -o $unit.o / -o $out }
	# The flags go before the first option of the command line.
	(cd "$obj" && eval "${cmd/ -nostdinc/ $(printf '%q ' "$@")-nostdinc}") \
		>"$out.log" 2>&1 || kp_die "$unit.o does not compile with $* (see $out.log)"
}

pass=0 fail=0
# plant CASE UNIT WHAT FLAG... - case number CASE must fail on UNIT.o
# compiled with FLAG...
plant()
{
	local n=$1 unit=$2 what=$3 out line
	shift 3

	out=$scratch/$(basename "$unit")-$n-$#.o
	if [ $# -gt 0 ]; then
		compile "$unit" "$out" "$@"
	else
		compile "$unit" "$out" -DKP_MEMORDER_PLANT_NONE
	fi
	line=$(python3 "$check" "$KP_ARCH" "${KP_CROSS}objdump" "$out" "$obj/.config" |
		grep -E "^(not )?ok $n " || true)
	case "$#:$line" in
	*:"ok "*"# SKIP"*)
		echo "SKIP case $n ($what): ${line#*# SKIP }" ;;
	0:"ok "*)
		pass=$((pass + 1)); echo "PASS case $n passes as built ($what)" ;;
	[1-9]*:"not ok "*)
		pass=$((pass + 1)); echo "PASS case $n fails with $* ($what)" ;;
	*)
		fail=$((fail + 1)); echo "FAIL case $n ($what) with '$*': ${line:-no result}" ;;
	esac
}

core=kernel/kprobes/core hits=kernel/kprobes/unregister_wait site=kernel/kprobes/site
case $KP_ARCH in
x86_64 | i386)
	plant 1 $core "hit bracket exit"
	# x86's own arch_kprobe_hit_release() is a compiler barrier; a copy
	# of its asm/kprobes.h that makes it smp_mb() goes first in the
	# include path.
	mkdir -p "$scratch/inc/asm"
	sed 's/^\(#define arch_kprobe_hit_release()\t\)barrier()$/\1smp_mb()/' \
		"$(kp_srcdir patched)/arch/x86/include/asm/kprobes.h" >"$scratch/inc/asm/kprobes.h"
	grep -q 'arch_kprobe_hit_release()	smp_mb()' "$scratch/inc/asm/kprobes.h" ||
		kp_die "arch/x86/include/asm/kprobes.h has no arch_kprobe_hit_release() to plant"
	plant 1 $core "hit bracket exit" -I"$scratch/inc"
	;;
arm64 | riscv64 | ppc64le)
	plant 1 $core "hit bracket exit"
	plant 1 $core "hit bracket exit" '-Darch_kprobe_hit_release()=barrier()'
	plant 1 $core "hit bracket exit" '-Dsmp_wmb()=barrier()'
	plant 2 $hits "waiter"
	plant 2 $hits "waiter" '-Dsmp_rmb()=barrier()'
	plant 2 $hits "waiter" '-Dsmp_load_acquire(p)=READ_ONCE(*(p))'
	plant 3 $site "lone"
	plant 3 $site "lone" '-Dsmp_store_release(p,v)=WRITE_ONCE(*(p),v)'
	plant 4 $site "change"
	plant 4 $site "change" '-Dsmp_wmb()=barrier()'
	;;
*)
	kp_die "memorder-check.py has no table for ARCH=$KP_ARCH" ;;
esac
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
