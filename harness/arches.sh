#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# arches.sh - `make arches`: the architectures that have kprobes upstream
# beyond those `make check` runs, built (and booted where QEMU 7.2 can)
# from our tree and from the untouched upstream tree, one after the other,
# by
# harness/arch-kunit.sh; then one table row per architecture and tree,
# printed and saved in $BUILD/arches/table.txt.
#
# ARCHES (default: every one, KP_ARCHES_ALL in common.sh) and TREES
# (default "patched upstream") choose. Not part of `make check` or CI.
#
# Our tree offers kprobes on an architecture only where its port selects
# HAVE_KPROBE_SITES (every one does since 2026-11-27); a row of ours
# without kprobes says "no port yet". The exit status is non-zero only for a harness error: a
# package that does not install, a configuration that does not resolve,
# or an upstream kernel that does not build (then our configuration of
# the board is wrong, not the tree).
. "$(dirname "$0")/common.sh"

arches=${ARCHES:-$KP_ARCHES_ALL}
trees=${TREES:-patched upstream}
dir=$KP_BUILD/arches
table=$dir/table.txt

# Debian's and the kernel's names are accepted as well (ppc64le or
# powerpc64le, parisc or hppa): common.sh (arches-settings.sh for those
# without a port) gives the name used here, and the packages of each
# architecture, installed in one go.
list=
packages=
for a in $arches; do
	# shellcheck disable=SC2016  # expanded by the inner shell
	info=$(ARCH=$a KP_GUEST_ARCH=$a bash -c '. "$1/common.sh" &&
		echo "$KP_ARCH $KP_ARCH_PACKAGES"' arches.sh "$KP_HARNESS" 2>/dev/null) ||
		info=
	# shellcheck disable=SC2086
	set -- $info
	case " $KP_ARCHES_ALL " in
	*" ${1:-?} "*) ;;
	*) kp_die "ARCHES: unknown architecture '$a' (known: $KP_ARCHES_ALL)" ;;
	esac
	list="$list $1"
	shift
	packages="$packages $*"
done
for t in $trees; do
	case $t in
	patched | upstream) ;;
	*) kp_die "TREES: unknown tree '$t' (patched, upstream)" ;;
	esac
done

# The host's packages with every cross compiler and QEMU asked for, the
# base tree, and our overlay when it is built.
KP_EXTRA_PACKAGES=$packages "$KP_HARNESS/deps.sh" ||
	kp_die "could not install the packages:$packages"
for t in $trees; do
	"$KP_HARNESS/prepare.sh" "$t"
done
# The commit the overlay was taken from (the patched tree is not
# refreshed during the run), "+" when the working tree had changes.
commit=$(git -C "$KP_TOP" rev-parse --short HEAD 2>/dev/null || echo ?)
if [ -n "$(git -C "$KP_TOP" status --porcelain -uno 2>/dev/null)" ]; then
	commit="$commit+"
fi

errors=0
mkdir -p "$dir"
for a in $list; do
	for t in $trees; do
		kp_log "== $a, $t tree"
		rm -f "$dir/$a-$t/result"
		if ! ARCH=$a KP_GUEST_ARCH=$a "$KP_HARNESS/arch-kunit.sh" "$t"; then
			errors=$((errors + 1))
		fi
	done
done

# --- the table -------------------------------------------------------------
# field FILE KEY - the value of KEY in a result file
field() { sed -n "s/^$2=//p" "$1" | tail -n 1; }

row()
{
	local a=$1 t=$2 f=$dir/$1-$2/result status offered build boot kunit jkunit note=

	if [ ! -f "$f" ]; then
		printf '%-8s %-9s %s\n' "$a" "$t" "harness error: no result (arch-kunit.sh stopped early)"
		return 1
	fi
	status=$(field "$f" status)
	offered=$(field "$f" offered)
	build=$(field "$f" build)
	[ -n "$build" ] && build="$build $(field "$f" build_seconds)s"
	boot=$(field "$f" boot)
	[ "$boot" = ok ] || [ "$boot" = fail ] && boot="$boot $(field "$f" boot_seconds)s"
	kunit=$(field "$f" kunit)
	if [ -n "$kunit" ]; then
		kunit=$(printf '%s' "$kunit" | tr ' ' '/')
	elif [ "$(field "$f" boot)" = ok ] && [ "$(field "$f" kunit_built)" = y ]; then
		kunit="no result"
	else
		kunit=-
	fi
	jkunit=$(field "$f" ours_kunit | tr ' ' '/')
	# What the row means, most important first.
	case $status in
	harness-error:*) note="HARNESS ERROR: ${status#harness-error: }" ;;
	esac
	if [ "$t" = patched ] && [ "${offered:-}" = "- - - -" ]; then
		note="${note:+$note; }no port yet"
	fi
	if [ "$t" = upstream ] && [ -n "$offered" ] && [ "$offered" != "$(field "$f" expected)" ]; then
		note="${note:+$note; }upstream 6.12 should offer $(field "$f" expected)"
	fi
	if [ "$(field "$f" build)" = fail ]; then
		note="${note:+$note; }build: $(field "$f" build_error)"
	fi
	[ "$(field "$f" kunit_unfinished)" = y ] &&
		note="${note:+$note; }kprobes_test did not finish"
	[ -n "$(field "$f" boot_why)" ] && note="${note:+$note; }boot: $(field "$f" boot_why)"
	[ "$(field "$f" boot_stopped)" = y ] &&
		note="${note:+$note; }stopped by the harness after its results (QEMU saw no power-off)"
	printf '%-8s %-9s %-30s %-11s %-10s %-10s %-12s %-8s %s\n' "$a" "$t" \
		"$(field "$f" compiler)" "${offered:-?}" "${build:--}" "${boot:--}" "$kunit" \
		"${jkunit:--}" "$note"
	# An upstream kernel that does not build: our board config is wrong.
	if [ "$t" = upstream ] && [ "$(field "$f" build)" = fail ]; then
		return 1
	fi
	case $status in harness-error:*) return 1 ;; esac
	return 0
}

{
	printf '# make arches, %s, commit %s, Linux %s, took %s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')" \
		"$commit" \
		"$(kp_base_version)" "$(kp_elapsed)"
	printf '# options: KPROBES KRETPROBES OPTPROBES KPROBES_ON_FTRACE in the .config (y/-);\n'
	printf '# kprobes_test: upstream KUnit passed/failed/skipped; ours: kprobes_jprobe_args and kprobes_refusals, the same;\n'
	printf '# boot none = no QEMU machine that runs the kernel\n'
	printf '%-8s %-9s %-30s %-11s %-10s %-10s %-12s %-8s %s\n' arch tree compiler options build boot \
		kprobes_test ours note
	for a in $list; do
		for t in $trees; do
			row "$a" "$t" || touch "$dir/.errors"
		done
	done
} >"$table.tmp"
mv "$table.tmp" "$table"
echo
cat "$table"
python3 "$KP_HARNESS/results.py" --rows arches "make arches" "$table" ||
	kp_log "could not update RESULTS.md"
if [ -f "$dir/.errors" ] || [ "$errors" -ne 0 ]; then
	rm -f "$dir/.errors"
	kp_log "harness errors above (HARNESS ERROR rows); table in $table"
	exit 1
fi
kp_log "table in $table"
