#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# deps.sh [docs] - install the Debian packages the harness needs, once.
# Packages that are already installed are not touched, so a second run
# costs a dpkg query. "docs" installs what `make docs` needs instead.
. "$(dirname "$0")/common.sh"

# Build of the kernel and its tools, the guest, and the real clients that
# the guest runs from the host's root file system.
KP_PACKAGES="linux-source-6.12 xz-utils bc bison flex libelf-dev libssl-dev
cpio kmod ccache python3 qemu-system-x86 busybox-static bpftrace
trace-cmd linux-perf"
# Another guest architecture: its compiler, C library (the kselftests'
# user programs link against it) and QEMU (ARCH=i386 builds with
# the host's gcc; its guest's user space comes from harness/rootfs.sh).
# The other architectures name theirs in common.sh (KP_ARCH_PACKAGES).
case $KP_ARCH in
arm64) KP_PACKAGES="$KP_PACKAGES gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm" ;;
# (gcc-12-multilib, not gcc-multilib: that one removes the cross compilers)
i386) KP_PACKAGES="$KP_PACKAGES gcc-12-multilib libc6-dev-i386" ;;
*) KP_PACKAGES="$KP_PACKAGES $KP_ARCH_PACKAGES" ;;
esac
# What the caller adds (make arches: every architecture's at once).
KP_PACKAGES="$KP_PACKAGES ${KP_EXTRA_PACKAGES:-}"
# Sphinx for `make docs` (Documentation/sphinx/requirements.txt).
[ "${1:-}" = docs ] && KP_PACKAGES="python3-sphinx python3-sphinx-rtd-theme
python3-yaml"

missing=
for p in $KP_PACKAGES; do
	st=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
if [ -z "$missing" ]; then
	exit 0
fi
kp_log "installing Debian packages:$missing"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
kp_step "apt-get update" kp_sudo apt-get update -q
# shellcheck disable=SC2086
kp_step "apt-get install" kp_sudo apt-get install -y -q --no-install-recommends $missing
