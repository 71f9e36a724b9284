#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Extract the pristine base tree from Debian's linux-source-6.12 tarball
# into $BUILD/src/base and record its exact version. Done once per tarball:
# a marker holds the tarball's identity, so a package upgrade re-extracts.
. "$(dirname "$0")/common.sh"

base=$(kp_srcdir base)
[ -f "$KP_TARBALL" ] || kp_die "$KP_TARBALL missing (run: make deps)"
id="$(stat -c '%s %Y' "$KP_TARBALL") $(dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null || echo ?)"
if [ -f "$base/.kp-tarball" ] && [ "$(cat "$base/.kp-tarball")" = "$id" ]; then
	exit 0
fi

extract()
{
	rm -rf "$base" "$base.tmp"
	mkdir -p "$base.tmp"
	tar -xJf "$KP_TARBALL" -C "$base.tmp" --strip-components=1
	mv "$base.tmp" "$base"
}
kp_step "extract $(basename "$KP_TARBALL")" extract

ver=$(make -s -C "$base" kernelversion)
echo "$ver" >"$base/.kp-version"
echo "$id" >"$base/.kp-tarball"
# The patched tree is derived from this one; a new base invalidates it.
rm -rf "$(kp_srcdir patched)"
kp_log "base is Linux $ver (Debian linux-source-6.12 ${id##* })"
