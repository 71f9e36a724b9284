#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# build.sh TREE VARIANT - configure and build one kernel with its modules,
# out of tree in $BUILD/obj/TREE-VARIANT, through ccache, and install the
# modules (stripped) into $BUILD/mods/TREE-VARIANT.
# KP_OBJDIR, when set, is the object directory instead.
. "$(dirname "$0")/common.sh"

tree=$1
variant=$2
src=$(kp_srcdir "$tree")
obj=${KP_OBJDIR:-$(kp_objdir "$tree" "$variant")}
mods=$(kp_moddir "$tree" "$variant")

# ccache keys on paths relative to the build directory, so a fresh clone
# elsewhere on the same machine reuses the objects of an earlier one.
export CCACHE_BASEDIR=$KP_BUILD
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export KBUILD_BUILD_TIMESTAMP=kprobes-harness
export KBUILD_BUILD_USER=kprobes KBUILD_BUILD_HOST=harness
cc="gcc"
command -v ccache >/dev/null && cc="ccache gcc"
hostcc=$cc
# Another ARCH than x86_64: its cross compiler (arm64), or the host's gcc
# with ARCH=i386.
if [ -n "$KP_CROSS" ]; then
	cc="${KP_CROSS}gcc"
	command -v ccache >/dev/null && cc="ccache ${KP_CROSS}gcc"
fi

kmake()
{
	# shellcheck disable=SC2086  # no CROSS_COMPILE= for x86_64, as before
	make -C "$src" O="$obj" ARCH="$KP_KARCH" ${KP_CROSS:+CROSS_COMPILE=$KP_CROSS} \
		CC="$cc" HOSTCC="$hostcc" -j"$KP_JOBS" "$@"
}

install_modules()
{
	rm -rf "$mods"
	kmake INSTALL_MOD_PATH="$mods" INSTALL_MOD_STRIP=1 modules_install
}

KP_OBJDIR=$obj "$KP_HARNESS/config.sh" "$tree" "$variant"
kp_step_progress "build $tree$KP_ATAG-$variant kernel (-j$KP_JOBS)" "$obj/.kp-nr-files" \
	kmake "$KP_IMAGE" modules
kp_step "install $tree$KP_ATAG-$variant modules" install_modules
