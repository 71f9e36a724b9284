#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Make $BUILD/src/patched = pristine base + our overlay - deleted files.
#
# The patched tree starts as a hard-linked copy of the base. Each run
# compares every path the overlay owns now or owned last time with what it
# should be, and rewrites only the paths whose content differs, always
# through a fresh file (never through a hard link into the base), so make
# sees new timestamps exactly where content changed.
. "$(dirname "$0")/common.sh"

base=$(kp_srcdir base)
patched=$(kp_srcdir patched)
manifest=$patched/.kp-overlay-manifest
deleted_list=$KP_HARNESS/deleted-files
[ -f "$base/.kp-version" ] || kp_die "no base tree (run harness/base.sh)"

if [ ! -d "$patched" ]; then
	kp_log "creating patched tree from base"
	rm -rf "$patched.tmp"
	cp -al "$base" "$patched.tmp"
	mv "$patched.tmp" "$patched"
	: >"$manifest"
fi

# Files of ours that land in the kernel tree.
overlay_files()
{
	local dirs="kernel arch include samples Documentation lib
		    tools/testing/selftests/kprobes MAINTAINERS"

	cd "$KP_TOP" || return
	# shellcheck disable=SC2086
	if git rev-parse --git-dir >/dev/null 2>&1; then
		git ls-files --cached --others --exclude-standard -- $dirs
	else
		find $dirs -type f 2>/dev/null || true
	fi | while read -r f; do [ -f "$f" ] && echo "$f"; done | sort -u
}

deleted_files()
{
	[ -f "$deleted_list" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$deleted_list" | sort -u
}

ours=$(mktemp)
gone=$(mktemp)
trap 'rm -f "$ours" "$gone"' EXIT
overlay_files >"$ours"
deleted_files >"$gone"

changed=0
while read -r f; do
	[ -n "$f" ] || continue
	if grep -qxF -- "$f" "$ours"; then
		want=$KP_TOP/$f
	elif grep -qxF -- "$f" "$gone"; then
		want=
	elif [ -f "$base/$f" ]; then
		want=$base/$f
	else
		want=
	fi
	if [ -z "$want" ]; then
		if [ -e "$patched/$f" ]; then
			rm -f "$patched/$f"
			changed=$((changed + 1))
		fi
	elif ! cmp -s "$want" "$patched/$f"; then
		mkdir -p "$(dirname "$patched/$f")"
		cp --remove-destination "$want" "$patched/$f"
		changed=$((changed + 1))
	fi
done < <(sort -u "$ours" "$gone" "$manifest")

sort -u "$ours" "$gone" >"$manifest"
kp_log "overlay: $(wc -l <"$ours") files ours, $(wc -l <"$gone") deleted, $changed updated"
