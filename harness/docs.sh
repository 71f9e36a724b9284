#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make docs`: build the trace documentation (which holds kprobes.rst) of
# the patched tree with the kernel's own Sphinx setup,
#
#	make htmldocs SPHINXDIRS=trace
#
# into $BUILD/docs, and fail on any warning that names one of our files
# (kprobes.rst or the sources its kernel-doc directives read). Warnings
# about upstream files are counted, not fatal. Sphinx comes from Debian
# (harness/deps.sh docs).
. "$(dirname "$0")/common.sh"

# Our files that the build reads: a warning naming one of them is ours.
KP_DOC_OURS='Documentation/trace/kprobes\.rst|include/linux/kprobes\.h|include/linux/kprobes_arch\.h|kernel/kprobes/|arch/x86/kernel/kprobes/|arch/x86/include/asm/kprobes\.h'

"$KP_HARNESS/deps.sh" docs
# Under make check (KP_PREPARED=patched) the tree is prepared, and kernels
# may be building from it: an overlay update now would change their
# sources under them.
[ "${KP_PREPARED:-}" = patched ] || "$KP_HARNESS/prepare.sh" patched
src=$(kp_srcdir patched)
out=$KP_BUILD/docs
log=$KP_BUILD/logs/docs.log
mkdir -p "$out" "$KP_BUILD/logs"

# Debian's sphinx-build runs on Debian's python3; keep any other python3
# (a pyenv, a venv) from shadowing it for the helper scripts.
export PATH=/usr/bin:$PATH
t0=$(date +%s)
kp_log "make htmldocs SPHINXDIRS=trace ..."
rc=0
make -C "$src" O="$out" SPHINXDIRS=trace htmldocs >"$log" 2>&1 || rc=$?
kp_log "make htmldocs done in $(($(date +%s) - t0)) s (log: ${log#"$KP_TOP"/})"

warnings=$(grep -E -i 'warning|error' "$log" | grep -v '^make' || true)
ours=$(printf '%s\n' "$warnings" | grep -E "$KP_DOC_OURS" || true)
others=$(printf '%s\n' "$warnings" | grep -cvE "$KP_DOC_OURS|^$" || true)
[ -z "$ours" ] || { printf '%s\n' "$ours" >&2; kp_die "warnings from our files"; }
[ $rc -eq 0 ] || { tail -n 30 "$log" >&2; kp_die "make htmldocs failed (exit $rc)"; }
html=$out/Documentation/output/trace/kprobes.html
[ -s "$html" ] || kp_die "no $html"
kp_log "docs: no warning from our files ($others about other files); ${html#"$KP_TOP"/}"
