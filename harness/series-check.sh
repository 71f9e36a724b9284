#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make series-check`: regenerate the series ($BUILD/series/), then take a
# fresh copy of the pristine base and, for each patch in order:
#
#  1. scripts/checkpatch.pl --strict on the patch: no error, no warning;
#  2. every file the patch adds or deletes is covered by a MAINTAINERS
#     entry of the tree it leaves (scripts/get_maintainer.pl);
#  3. the patch applies (GNU patch, no fuzz);
#  4. the kernel builds: tinyconfig plus our config fragments, as
#     harness/config.sh makes it (options an early patch cannot offer yet
#     are allowed to be missing, kprobes itself on an architecture whose
#     port comes later), the boot image and modules, with ccache.
#
# ARCH= builds for another architecture (i386, arm64): every patch must
# leave each architecture buildable, with kprobes once it is ported and
# without before. Each architecture has its own object directory and
# summary (summary-arm64.txt); the patched source tree is shared, so run
# one architecture at a time. The architectures of `make arches` (mipsel,
# sh4, sparc64, ...; see harness/arches-settings.sh) are built as that
# target builds them (harness/arch-kunit.sh, with no boot), and there the
# kprobes options are checked exactly: none before the patch that ports
# the architecture, from it on the ones upstream offers (KP_EXPECT_OPTS).
# ARCH=csky, which nothing here can compile, is configured with the host's
# gcc to check those options, and from its port's patch on, the C files
# of the port go through clang's front end (harness/csky-syntax-check.sh).
#
# A patch that changes nothing the build of ARCH reads (only other
# architectures' arch/ directories, Documentation/, MAINTAINERS or
# tools/testing/) leaves the tree that build sees as the previous patch
# left it: it is checked and applied, and the summary says it was not
# built again.
#
# The seeds' example modules (tools/testing/selftests/kprobes/seeds/*/, test
# fixtures) keep the text the seed documents print them with, style and
# all (seeds/README.md), so checkpatch reads each patch without them; the
# other steps take them as any file.
#
# checkpatch's FILE_PATH_CHANGES warning ("added, moved or deleted
# file(s), does MAINTAINERS need updating?") is a question, not a finding:
# step 2 answers it for every such file, so it is passed to checkpatch as
# --ignore and checked there instead.
#
# Slow: one kernel build per patch, incremental after the first. Works in
# $BUILD/series-check/, which is kept: a later run rebuilds only what the
# patches touch.
. "$(dirname "$0")/common.sh"

"$KP_HARNESS/series.sh"
base=$(kp_srcdir base)
sc=$KP_BUILD/series-check
src=$sc/src/patched
obj=$sc/obj/patched$KP_ATAG-default
summary=$sc/summary$KP_ATAG.txt
mkdir -p "$sc/src" "$sc/logs"

kp_log "fresh copy of the base in ${src#"$KP_TOP"/}"
rm -rf "$src"
cp -al "$base" "$src"
# patch_paths PATCH... - the paths the patches change, in patch order
patch_paths()
{
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$@"
}

# The object directory is kept from the last run, which ended with every
# patch applied. Give each file any patch touches a new timestamp (as a
# copy: the others stay hard links into the base), so that make rebuilds
# it from its base version now instead of trusting an object compiled
# from a later patch.
patch_paths "$KP_BUILD"/series/[0-9][0-9][0-9][0-9]-*.patch | sort -u | while read -r f; do
	[ -f "$base/$f" ] && cp --remove-destination "$base/$f" "$src/$f"
	true
done

# files_with MODE PATCH - paths the patch creates (new) or removes (deleted)
files_with()
{
	awk -v mode="$1" '
		/^diff --git / { path = substr($4, 3) }
		$0 ~ "^" mode " file mode " { print path }' "$2"
}

# uncovered TREE FILE... - the files no MAINTAINERS entry of TREE lists
# (get_maintainer.pl --sections prints each section's name on a line of
# its own, any case and punctuation, before its "X:<tab>" lines)
uncovered()
{
	local tree=$1 f out
	shift

	for f in "$@"; do
		out=$(cd "$tree" && perl scripts/get_maintainer.pl --no-git \
			--no-git-fallback --no-rolestats --sections -f "$f" 2>/dev/null |
			grep -Ev $'^([A-Z]:\t.*)?$' | grep -v '^THE REST$' || true)
		[ -n "$out" ] || echo "$f"
	done
}

# checkpatch_input PATCH - PATCH without the seeds' example modules
checkpatch_input()
{
	awk '/^diff --git / {
		skip = ($0 ~ "^diff --git a/tools/testing/selftests/kprobes/seeds/[^/ ]+/")
	}
	!skip' "$1" >"$sc/checkpatch-input.patch"
	echo "$sc/checkpatch-input.patch"
}

check_one()
{
	local p=$1 name cp added deleted missing input

	name=$(basename "$p" .patch)
	input=$(checkpatch_input "$p")
	cp=$(cd "$base" && perl scripts/checkpatch.pl --strict \
		--ignore FILE_PATH_CHANGES "$input" 2>&1 | grep '^total:' || true)
	case $cp in
	"total: 0 errors, 0 warnings,"*) ;;
	*)
		(cd "$base" && perl scripts/checkpatch.pl --strict \
			--ignore FILE_PATH_CHANGES "$input") >&2
		kp_die "$name: checkpatch: $cp"
		;;
	esac
	mapfile -t deleted < <(files_with deleted "$p")
	missing=$(uncovered "$src" "${deleted[@]}")
	patch -p1 -d "$src" --batch --forward --fuzz=0 --dry-run -s <"$p" >/dev/null ||
		kp_die "$name does not apply"
	patch -p1 -d "$src" --batch --forward --fuzz=0 -s <"$p" ||
		kp_die "$name does not apply"
	mapfile -t added < <(files_with new "$p")
	missing=$(printf '%s\n%s\n' "$missing" "$(uncovered "$src" "${added[@]}")" | xargs)
	[ -z "$missing" ] || kp_die "$name: no MAINTAINERS entry covers: $missing"
	if ! read_by_build "$p"; then
		built="not built again: changes nothing a $KP_ARCH build reads"
	elif [ "$KP_SYNTAX_ONLY" = 1 ]; then
		check_syntax "$name" "$p"
	elif [ "$KP_BOARD_ONLY" = 1 ]; then
		build_board "$name" "$p"
		built="builds, kprobes options $offered"
	else
		# Reconfigure for every patch: Kconfig may have changed.
		rm -f "$obj/.kp-config-stamp"
		BUILD=$sc KP_CONFIG_LAX=1 "$KP_HARNESS/build.sh" patched default
		built="builds, kprobes options $(kp_kprobes_opts "$obj/.config")"
	fi
	printf '%-60s %s; applies; %s\n' "$name" \
		"$(sed -E 's/^total: //; s/, [0-9]+ lines checked//' <<<"$cp")" "$built" >>"$summary"
}

# read_by_build PATCH - whether the kernel build of KP_ARCH reads a file
# PATCH changes: any file but those under another architecture's arch/
# directory, Documentation/, tools/testing/, and MAINTAINERS
read_by_build()
{
	patch_paths "$1" |
		awk -F/ -v a="$KP_SRCARCH" '
			$1 == "arch" && NF > 2 && $2 != a { next }
			$1 == "Documentation" || $0 == "MAINTAINERS" { next }
			$1 == "tools" && $2 == "testing" { next }
			{ read = 1 }
			END { exit !read }'
}

# note_port PATCH - sets ported once a patch has changed arch/KP_SRCARCH/
ported=0
note_port()
{
	patch_paths "$1" | grep -q "^arch/$KP_SRCARCH/" &&
		ported=1
	true
}

# check_offered NAME - offered must be no kprobes option before the port,
# and what upstream offers from it on
check_offered()
{
	local want="- - - -"

	[ $ported = 0 ] || want=$KP_EXPECT_OPTS
	[ "$offered" = "$want" ] ||
		kp_die "$1: $KP_ARCH offers the kprobes options '$offered' (KPROBES KRETPROBES OPTPROBES KPROBES_ON_FTRACE), expected '$want'"
}

# check_syntax NAME PATCH - ARCH=csky: configure (host gcc) and check the
# options; from the port on, the port's C files through clang's front
# end. Sets built.
check_syntax()
{
	local name=$1 p=$2 out log=$sc/logs/$1-$KP_ARCH-syntax.log

	note_port "$p"
	if [ $ported = 0 ]; then
		CSKY_CONFIG_ONLY=1 BUILD=$sc "$KP_HARNESS/csky-syntax-check.sh" patched >"$log" 2>&1 ||
			kp_die "$name: csky-syntax-check.sh failed (see ${log#"$KP_TOP"/})"
	else
		BUILD=$sc "$KP_HARNESS/csky-syntax-check.sh" patched >"$log" 2>&1 ||
			{ cat "$log" >&2; kp_die "$name: csky-syntax-check.sh failed (see ${log#"$KP_TOP"/})"; }
	fi
	out=$(sed -n 's/^csky options: //p' "$log")
	[ -n "$out" ] || kp_die "$name: no options line in ${log#"$KP_TOP"/}"
	offered=$(for o in $out; do case $o in *=y) printf 'y ' ;; *) printf -- '- ' ;; esac; done)
	offered=${offered% }
	check_offered "$name"
	if [ $ported = 0 ]; then
		built="configured (no csky compiler), kprobes options $offered"
	else
		built="configured, kprobes options $offered; clang front end: $(tail -n 1 "$log")"
	fi
}

# build_board NAME PATCH - build an architecture of `make arches` at this
# patch (arch-kunit.sh, no boot) and check the kprobes options it offers;
# sets offered.
build_board()
{
	local name=$1 p=$2 result=$sc/arches/$KP_ARCH-patched/result

	note_port "$p"
	rm -f "$sc/obj/patched$KP_ATAG-kunit/.kp-config-stamp"
	BUILD=$sc KP_NO_BOOT=1 "$KP_HARNESS/arch-kunit.sh" patched ||
		kp_die "$name: arch-kunit.sh: $(sed -n 's/^status=//p' "$result" 2>/dev/null)"
	grep -qx 'build=ok' "$result" ||
		kp_die "$name does not build for $KP_ARCH: $(sed -n 's/^build_error=//p' "$result") (log: ${sc#"$KP_TOP"/}/arches/$KP_ARCH-patched/build.log)"
	offered=$(sed -n 's/^offered=//p' "$result")
	check_offered "$name"
}

: >"$summary"
n=0
for p in "$KP_BUILD"/series/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-cover-letter.patch) continue ;; esac
	n=$((n + 1))
	kp_log "patch $(basename "$p")"
	check_one "$p"
done
[ $n -gt 0 ] || kp_die "no patches in ${KP_BUILD#"$KP_TOP"/}/series"
# The last patch must leave every file the overlay owns (and the
# temporary edits) exactly as in the tree that `make check` tests.
"$KP_HARNESS/prepare.sh" patched
patched=$(kp_srcdir patched)
{
	kp_overlay_files
	kp_deleted_files
	sed -e 's/#.*//' "$KP_HARNESS/series/interim" | awk 'NF >= 2 { print $2 }'
} | sort -u | while read -r f; do
	if [ -e "$src/$f" ] || [ -e "$patched/$f" ]; then
		cmp -s "$src/$f" "$patched/$f" || echo "$f"
	fi
done >"$sc/tree.diff"
[ ! -s "$sc/tree.diff" ] ||
	kp_die "the series does not end at the overlay: $(tr '\n' ' ' <"$sc/tree.diff")"
cat "$summary"
kp_log "series-check: $n patches apply, pass checkpatch --strict and build one by one for $KP_ARCH"
