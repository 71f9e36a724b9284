#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# config.sh TREE VARIANT - write the .config of one build (in
# $BUILD/obj/TREE-VARIANT, or in $KP_OBJDIR when that is set).
#
# The config is tinyconfig's fragments, the guest's needs
# (harness/configs/guest.config), the kprobes kselftest fragment
# (tools/testing/selftests/kprobes/config) and, for any other variant than
# "default", harness/configs/VARIANT.config (debug, ibt), resolved by
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

tiny="$src/kernel/configs/tiny-base.config $src/kernel/configs/tiny.config
$src/arch/x86/configs/tiny.config"
ours="$KP_HARNESS/configs/guest.config $KP_TOP/tools/testing/selftests/kprobes/config"
# A variant other than "default" adds harness/configs/VARIANT.config.
if [ "$variant" != default ]; then
	[ -f "$KP_HARNESS/configs/$variant.config" ] ||
		kp_die "unknown variant '$variant' (no harness/configs/$variant.config)"
	ours="$ours $KP_HARNESS/configs/$variant.config"
fi

# Only our own fragments are checked: tinyconfig's choices (size
# optimisation, the guess unwinder) are meant to be overridden by them.
want=$obj/kp-wanted.config
# shellcheck disable=SC2086
cat $ours | grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' >"$want.tmp"
echo "CONFIG_LOCALVERSION=\"-$tree\"" >>"$want.tmp"
stamp="$(kp_base_version) $(md5sum <"$want.tmp")"
if [ -f "$obj/.config" ] && [ "$(cat "$obj/.kp-config-stamp" 2>/dev/null)" = "$stamp" ]; then
	rm -f "$want.tmp"
	exit 0
fi
mv "$want.tmp" "$want"
kp_log "configure $tree-$variant (tinyconfig + ${ours//$KP_TOP\//})"
# shellcheck disable=SC2086
cat $tiny "$want" >"$obj/kp-all.config"
make -C "$src" O="$obj" ARCH=x86_64 KCONFIG_ALLCONFIG="$obj/kp-all.config" \
	allnoconfig >/dev/null 2>"$obj/kp-config.log" ||
	{ cat "$obj/kp-config.log" >&2; kp_die "allnoconfig failed"; }

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
