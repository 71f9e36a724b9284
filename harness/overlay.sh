#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Make $BUILD/src/patched = pristine base + our overlay - deleted files.
#
# The patched tree starts as a hard-linked copy of the base. Each run
# compares every path the overlay owns now or owned last time with what it
# should be, and rewrites only the paths whose content differs, always
# through a fresh file (never through a hard link into the base), so make
# sees new timestamps exactly where content changed.
#
# MAINTAINERS is the one file not copied whole: ours holds only our
# entries, and harness/maintainers.py splices them into the base file in
# place of upstream's entries of the same name.
. "$(dirname "$0")/common.sh"

base=$(kp_srcdir base)
patched=$(kp_srcdir patched)
manifest=$patched/.kp-overlay-manifest
[ -f "$base/.kp-version" ] || kp_die "no base tree (run harness/base.sh)"

if [ ! -d "$patched" ]; then
	kp_log "creating patched tree from base"
	rm -rf "$patched.tmp"
	cp -al "$base" "$patched.tmp"
	mv "$patched.tmp" "$patched"
	: >"$manifest"
fi

ours=$(mktemp)
gone=$(mktemp)
spliced=$(mktemp)
trap 'rm -f "$ours" "$gone" "$spliced"' EXIT
kp_overlay_files >"$ours"
kp_deleted_files >"$gone"

changed=0
while read -r f; do
	[ -n "$f" ] || continue
	if [ "$f" = MAINTAINERS ] && grep -qxF -- "$f" "$ours"; then
		python3 "$KP_HARNESS/maintainers.py" "$base/MAINTAINERS" \
			"$KP_TOP/MAINTAINERS" >"$spliced" ||
			kp_die "cannot splice our MAINTAINERS entries into the base"
		want=$spliced
	elif grep -qxF -- "$f" "$ours"; then
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
