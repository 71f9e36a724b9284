# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared helpers for the kprobes harness scripts. Sourced, never run.
#
# Every script finds the project top, the build directory and the tools
# through the variables set here, and reports progress through kp_step so
# that long steps always print what they do and how long they took.

set -euo pipefail

KP_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KP_BUILD=${BUILD:-build}
case "$KP_BUILD" in
/*) ;;
*) KP_BUILD=$KP_TOP/$KP_BUILD ;;
esac
KP_HARNESS=$KP_TOP/harness
KP_JOBS=${JOBS:-$(nproc)}
KP_TARBALL=${KP_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# The suites `make check` runs unless SUITES says otherwise: the guest
# suites, and "docs", which runs on the host (harness/docs.sh).
KP_SUITES=${SUITES:-selftests kunit ftrace docs}
KP_START=${KP_START:-$(date +%s)}
export KP_START

kp_elapsed()
{
	local s=$(($(date +%s) - KP_START))

	printf '%02d:%02d' $((s / 60)) $((s % 60))
}

# kp_log MESSAGE... - one progress line, prefixed with the elapsed time
kp_log()
{
	printf '[%s] %s\n' "$(kp_elapsed)" "$*" >&2
}

kp_die()
{
	printf '[%s] error: %s\n' "$(kp_elapsed)" "$*" >&2
	exit 1
}

# kp_step NAME CMD... - run CMD, print start and end of the step with its
# duration; the output of CMD goes to a log file that is shown on failure.
kp_step()
{
	local name=$1 t0 rc log
	shift
	mkdir -p "$KP_BUILD/logs"
	log=$KP_BUILD/logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_').log
	t0=$(date +%s)
	kp_log "$name ..."
	rc=0
	"$@" >"$log" 2>&1 || rc=$?
	if [ $rc -ne 0 ]; then
		tail -n 40 "$log" >&2
		kp_die "$name failed (exit $rc, full log: $log)"
	fi
	kp_log "$name done in $(($(date +%s) - t0)) s"
}

# kp_sudo CMD... - run CMD as root, through sudo when we are not root
kp_sudo()
{
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}

# Tree and variant naming. TREE is "patched" (our overlay applied) or
# "upstream" (the untouched base); VARIANT is "default" or "debug".
kp_tree()
{
	if [ -n "${UPSTREAM:-}" ] && [ "${UPSTREAM}" != 0 ]; then
		echo upstream
	else
		echo patched
	fi
}

# The upstream tree is the pristine base itself.
kp_srcdir()
{
	case $1 in
	upstream) echo "$KP_BUILD/src/base" ;;
	*) echo "$KP_BUILD/src/$1" ;;
	esac
}
kp_objdir()  { echo "$KP_BUILD/obj/$1-$2"; }
kp_moddir()  { echo "$KP_BUILD/mods/$1-$2"; }
kp_rundir()  { echo "$KP_BUILD/runs/$1-$2"; }
kp_base_version() { cat "$KP_BUILD/src/base/.kp-version" 2>/dev/null || echo unknown; }

# kp_overlay_files - the files of ours that land in the kernel tree, one
# path per line relative to the project top, sorted
kp_overlay_files()
{
	local dirs="kernel arch include samples Documentation lib
		    tools/testing/selftests/kprobes MAINTAINERS"

	(
		cd "$KP_TOP" || exit
		# shellcheck disable=SC2086
		if git rev-parse --git-dir >/dev/null 2>&1; then
			git ls-files --cached --others --exclude-standard -- $dirs
		else
			find $dirs -type f 2>/dev/null || true
		fi | while read -r f; do [ -f "$f" ] && echo "$f"; done | sort -u
	)
}

# kp_deleted_files - upstream files our series removes (harness/deleted-files)
kp_deleted_files()
{
	local list=$KP_HARNESS/deleted-files

	[ -f "$list" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$list" | sort -u
}
