#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# config.sh TREE VARIANT - write the .config of one build (in
# $BUILD/obj/TREE-VARIANT, or in $KP_OBJDIR when that is set).
#
# The config is tinyconfig's fragments, the guest's needs
# (harness/configs/guest.config), the kprobes kselftest fragment
# (tools/testing/selftests/kprobes/config) and, for any other variant than
# "default", harness/configs/VARIANT.config (debug, ibt), plus
# harness/configs/kunit-only.config where the guest has no user space
# (KP_KUNIT_ONLY), resolved by
# allnoconfig so that nothing
# outside those lists is switched on. Every line of every fragment is then
# checked against the result: an option that did not take is an error
# (a note only with KP_CONFIG_LAX=1, for the intermediate trees of
# `make series-check`, which may lack what the tests need).
. "$(dirname "$0")/common.sh"

tree=$1
variant=$2
src=$(kp_srcdir "$tree")
obj=${KP_OBJDIR:-$(kp_objdir "$tree" "$variant")}
mkdir -p "$obj"

tiny="$src/kernel/configs/tiny-base.config $src/kernel/configs/tiny.config"
[ -f "$src/arch/$KP_SRCARCH/configs/tiny.config" ] &&
	tiny="$tiny
$src/arch/$KP_SRCARCH/configs/tiny.config"
# harness/configs/arch-ARCH.config: what the guest needs on this
# architecture (console, interrupts and timers, PCI for virtio).
ours="$KP_HARNESS/configs/guest.config $KP_HARNESS/configs/arch-$KP_ARCH.config \
$KP_TOP/tools/testing/selftests/kprobes/config"
# No user space in the guest (riscv64): the KUnit suites are built in.
[ "$KP_KUNIT_ONLY" = 1 ] && ours="$ours $KP_HARNESS/configs/kunit-only.config"
kp_check_variant "$variant"
# A variant other than "default" adds harness/configs/VARIANT.config.
if [ "$variant" != default ]; then
	[ -f "$KP_HARNESS/configs/$variant.config" ] ||
		kp_die "unknown variant '$variant' (no harness/configs/$variant.config)"
	ours="$ours $KP_HARNESS/configs/$variant.config"
	# What a variant cannot have on this architecture (its
	# kp-unavailable lines), in harness/configs/arch-ARCH-VARIANT.config.
	[ -f "$KP_HARNESS/configs/arch-$KP_ARCH-$variant.config" ] &&
		ours="$ours $KP_HARNESS/configs/arch-$KP_ARCH-$variant.config"
fi

# Only our own fragments are checked: tinyconfig's choices (size
# optimisation, the guess unwinder) are meant to be overridden by them.
# The arch fragment's "# kp-unavailable: CONFIG_..." lines name options of
# the other fragments that this architecture does not offer (ORC, optprobes
# on arm64, KASAN on i386): they are left out.
want=$obj/kp-wanted.config
# shellcheck disable=SC2086
unavail=$(sed -n 's/^# kp-unavailable://p' $ours | tr -s ' \t' '\n' | sed '/^$/d')
# "# kp-ours-only: CONFIG_..." lines name options that only our tree has
# (upstream has no such symbol): left out of another tree's config.
if [ "$tree" != patched ]; then
	# shellcheck disable=SC2086
	unavail=$(printf '%s\n' $unavail $(sed -n 's/^# kp-ours-only://p' $ours) | sed '/^$/d')
fi
# shellcheck disable=SC2086
cat $ours | grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' |
	{ if [ -n "$unavail" ]; then grep -vE "^(# )?($(paste -sd'|' <<<"$unavail"))[= ]"; else cat; fi; } >"$want.tmp"
echo "CONFIG_LOCALVERSION=\"-$tree\"" >>"$want.tmp"
# The Kconfig files that decide what is offered are part of the stamp: an
# architecture that starts selecting HAVE_KPROBE_SITES is configured anew.
stamp="$(kp_base_version) $(md5sum <"$want.tmp") $(cat "$src/arch/Kconfig" \
	"$src/arch/$KP_SRCARCH/Kconfig" | md5sum)"
if [ -f "$obj/.config" ] && [ "$(cat "$obj/.kp-config-stamp" 2>/dev/null)" = "$stamp" ]; then
	rm -f "$want.tmp"
	exit 0
fi
mv "$want.tmp" "$want"
kp_log "configure $tree$KP_ATAG-$variant (tinyconfig + ${ours//$KP_TOP\//})"
[ -z "$unavail" ] || kp_log "not offered on $KP_ARCH, left out: ${unavail//$'\n'/ }"
# shellcheck disable=SC2086
cat $tiny "$want" >"$obj/kp-all.config"
# shellcheck disable=SC2086
make -C "$src" O="$obj" ARCH="$KP_KARCH" ${KP_CROSS:+CROSS_COMPILE=$KP_CROSS} \
	KCONFIG_ALLCONFIG="$obj/kp-all.config" \
	allnoconfig >/dev/null 2>"$obj/kp-config.log" ||
	{ cat "$obj/kp-config.log" >&2; kp_die "allnoconfig failed"; }

# Without kprobes nothing here can be tested: say so first, and why.
# (An intermediate tree of `make series-check` may not offer it yet: an
# architecture gets it with the patch that ports it.)
if grep -q '^CONFIG_KPROBES=y' "$want" && ! grep -q '^CONFIG_KPROBES=y' "$obj/.config"; then
	why="CONFIG_KPROBES is not offered for ARCH=$KP_ARCH in the $tree tree"
	[ "$tree" = patched ] && why="$why (arch/$KP_SRCARCH/Kconfig must select HAVE_KPROBE_SITES)"
	[ "${KP_CONFIG_LAX:-0}" = 1 ] || kp_die "$why; see $obj/.config"
	kp_log "note: $why (allowed here)"
fi

# Last assignment of each symbol wins, as it does for Kconfig.
bad=0
while IFS='=' read -r sym val; do
	if [ "$val" = n ]; then
		if grep -q "^$sym=" "$obj/.config"; then
			echo "config: $sym should be off but is $(grep "^$sym=" "$obj/.config")" >&2
			bad=1
		fi
	elif ! grep -qxF "$sym=$val" "$obj/.config"; then
		echo "config: wanted $sym=$val, got: $(grep -E "^$sym=|^# $sym is not set" "$obj/.config" || echo absent)" >&2
		bad=1
	fi
done < <(sed -E 's/^# (CONFIG_[A-Za-z0-9_]+) is not set$/\1=n/' "$want" |
	 awk -F= '{ v[$1] = $0 } END { for (s in v) print v[s] }' | sort)
if [ $bad -ne 0 ] && [ "${KP_CONFIG_LAX:-0}" = 1 ]; then
	kp_log "config of $tree-$variant lacks wanted options (allowed here)"
elif [ $bad -ne 0 ]; then
	kp_die "config of $tree-$variant does not have every wanted option"
fi
echo "$stamp" >"$obj/.kp-config-stamp"
