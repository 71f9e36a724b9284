# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The architectures that `make arches` builds (harness/arches.sh) and that
# `make check` does not run (no guest with our suites): sourced by
# common.sh for an ARCH= it does not know itself, with KP_ARCH set to that
# name. (arm and ppc64le, which `make arches` builds too, have `make
# check` guests: common.sh sets them up.)
# Sets the variables common.sh sets for its own architectures, plus what
# boot-kunit.sh needs to boot the kernel with no user space:
#
#   KP_ARCH_PACKAGES  Debian packages: the cross compiler and QEMU
#   KP_IMAGE          make target of the boot image
#   KP_IMAGE_PATH     the image QEMU boots, under the object directory
#   KP_QEMU           QEMU binary; empty when QEMU 7.2 has no machine
#                     or cannot run the kernel; KP_NO_BOOT_WHY then says
#                     why, if it is not "QEMU 7.2 has no ARCH target"
#   KP_QEMU_MACHINE   -M; KP_QEMU_CPU -cpu (empty: the machine's own)
#   KP_QEMU_MEM, KP_QEMU_SMP  memory and vCPUs the machine takes
#   KP_QEMU_SERIAL    the -serial options that put the console on stdio
#   KP_QEMU_DISPLAY   how the display is switched off
#   KP_CONSOLE        console= of the kernel; KP_EARLYCON its earlycon=
#   KP_NOLIBC         1 where the kernel's nolibc (tools/include/nolibc)
#                     knows the architecture, so that /init
#                     (harness/kunit-init.c) can be built; 0: no /init,
#                     KUnit powers the guest off itself (kunit_shutdown=)
#   KP_EXPECT_OPTS    what upstream 6.12 offers of KPROBES, KRETPROBES,
#                     OPTPROBES, KPROBES_ON_FTRACE, as y/- (checked
#                     against upstream's .config by arches.sh)
#   KP_KMAKE_ARGS     extra make arguments of the kernel build, for both
#                     trees (empty for most)
#   KP_PREBUILD       a script arch-kunit.sh runs before the kernel build
#                     (empty for most)
#   KP_SYNTAX_ONLY    1 where no compiler builds the kernel (csky): only
#                     `make series-check` takes it, with clang's front end
#
# The board each kernel is configured for is in
# harness/configs/arch-ARCH.config. ARCH names are Debian's where the
# kernel's name is ambiguous (ppc64le and ppc are both ARCH=powerpc).

KP_BOARD_ONLY=1
KP_GUEST_ROOT=
KP_KMAKE_ARGS=
KP_PREBUILD=
KP_NO_BOOT_WHY=
KP_SYNTAX_ONLY=0
KP_ATAG=-$KP_ARCH
case $KP_ARCH in
ppc | powerpc)
	# A Power Macintosh G3 (Book3S 32-bit) under OpenBIOS, its z85c30
	# serial port as ttyS0; CUDA for power-off.
	KP_ARCH=ppc KP_ATAG=-ppc KP_KARCH=powerpc KP_SRCARCH=powerpc
	KP_CROSS=powerpc-linux-gnu-
	KP_ARCH_PACKAGES="gcc-powerpc-linux-gnu qemu-system-ppc"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU=qemu-system-ppc KP_QEMU_MACHINE=g3beige KP_QEMU_CPU=
	KP_QEMU_MEM=512M KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=1
	KP_EXPECT_OPTS="y y y y" ;;
s390x | s390)
	# The virtio CCW machine; QEMU's first serial is the SCLP VT220
	# console, Linux's ttysclp0. Two vCPUs, on QEMU's max model with
	# instruction-execution protection (IEP, facility 130) asked for by
	# name, so that QEMU refuses to start rather than run without it.
	# Under TCG, QEMU 7.2's max is its qemu model (a gen15a-base with
	# what TCG implements, iep among it since QEMU 6.2: QMP
	# query-cpu-model-expansion gives the same features for both), and
	# its MMU enforces the IEP bit of page-table entries once the
	# kernel sets CR0's IEP bit, which it does when the facility is
	# there (arch/s390/mm/init.c; the monitor's `info registers` shows
	# CR0 bit 0x100000 on both CPUs). The named z14 and later models do
	# not start under TCG (facilities it lacks). The console shows IEP
	# on: "Checked W+X mappings" (CONFIG_DEBUG_WX) is printed only on a
	# machine with IEP (MACHINE_HAS_NX).
	KP_ARCH=s390x KP_ATAG=-s390x KP_KARCH=s390 KP_SRCARCH=s390
	KP_CROSS=s390x-linux-gnu-
	KP_ARCH_PACKAGES="gcc-s390x-linux-gnu qemu-system-misc"
	KP_IMAGE=bzImage KP_IMAGE_PATH=arch/s390/boot/bzImage
	KP_QEMU=qemu-system-s390x KP_QEMU_MACHINE=s390-ccw-virtio KP_QEMU_CPU=max,iep=on
	KP_QEMU_MEM=1G KP_QEMU_SMP=2 KP_CONSOLE=ttysclp0 KP_NOLIBC=1
	KP_EXPECT_OPTS="y y - y" ;;
mipsel | mips)
	# 32-bit little-endian Malta (24Kf); the o32 ABI is the only MIPS
	# ABI the kernel's nolibc knows in 6.12, hence mipsel, not mips64el.
	KP_ARCH=mipsel KP_ATAG=-mipsel KP_KARCH=mips KP_SRCARCH=mips
	KP_CROSS=mipsel-linux-gnu-
	KP_ARCH_PACKAGES="gcc-mipsel-linux-gnu qemu-system-mips"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU=qemu-system-mipsel KP_QEMU_MACHINE=malta KP_QEMU_CPU=
	KP_QEMU_MEM=256M KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=1
	KP_EXPECT_OPTS="y y - -" ;;
micromips)
	# mipsel's Malta kernel built as microMIPS code (CONFIG_CPU_MICROMIPS):
	# the kprobes of 16- and 32-bit microMIPS instructions. Build only:
	# QEMU 7.2 runs microMIPS code (-cpu M14Kc) but its SWM32 stores
	# only the low halfword of each register (helper_swm() uses a 16-bit
	# store), so the first function that saves ra with SWM returns to a
	# truncated address and the kernel dies before its first console
	# line. The kernel's name is mips, like mipsel's.
	KP_ARCH=micromips KP_ATAG=-micromips KP_KARCH=mips KP_SRCARCH=mips
	KP_CROSS=mipsel-linux-gnu-
	KP_ARCH_PACKAGES="gcc-mipsel-linux-gnu"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU='' KP_QEMU_MACHINE='' KP_QEMU_CPU=
	KP_NO_BOOT_WHY="QEMU 7.2's microMIPS SWM32 stores halfwords: no microMIPS kernel boots"
	KP_QEMU_MEM='' KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	KP_EXPECT_OPTS="y y - -" ;;
sh4 | sh)
	# The Renesas R2D-PLUS board (SH7751R), 64 MB; its SCIF, the second
	# serial port, is the console ttySC1. No nolibc for sh.
	KP_ARCH=sh4 KP_ATAG=-sh4 KP_KARCH=sh KP_SRCARCH=sh
	KP_CROSS=sh4-linux-gnu-
	KP_ARCH_PACKAGES="gcc-sh4-linux-gnu qemu-system-misc"
	KP_IMAGE=zImage KP_IMAGE_PATH=arch/sh/boot/zImage
	KP_QEMU=qemu-system-sh4 KP_QEMU_MACHINE=r2d KP_QEMU_CPU=
	KP_QEMU_MEM=64M KP_QEMU_SMP=1 KP_CONSOLE=ttySC1 KP_NOLIBC=0
	KP_QEMU_SERIAL="-serial null -serial stdio"
	KP_EXPECT_OPTS="y y - -" ;;
sparc64)
	# A Sun Ultra 5 (sun4u) under OpenBIOS, the SU serial port as
	# ttyS0. OpenBIOS talks to the serial port only with -nographic.
	KP_ARCH=sparc64 KP_ATAG=-sparc64 KP_KARCH=sparc64 KP_SRCARCH=sparc
	KP_CROSS=sparc64-linux-gnu-
	KP_ARCH_PACKAGES="gcc-sparc64-linux-gnu qemu-system-sparc"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU=qemu-system-sparc64 KP_QEMU_MACHINE=sun4u KP_QEMU_CPU=
	KP_QEMU_MEM=512M KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	KP_QEMU_SERIAL="-serial mon:stdio" KP_QEMU_DISPLAY="-nographic"
	# In Debian's 6.12.117 FMODE_NONOTIFY is bit 25, the bit of sparc's
	# __O_TMPFILE, so the BUILD_BUG_ON in fcntl_init() that counts the
	# open flags fails on sparc whatever the optimisation level or the
	# configuration (fs/fcntl.c is always built; upstream does not build
	# either). Without __OPTIMIZE__ the kernel's compile-time asserts
	# (and FORTIFY_SOURCE, not configured here) are left out of that one
	# file, as compiler_types.h and string.h say; gcc still optimises it.
	# Kbuild matches CFLAGS_fcntl.o by file name, and fs/fcntl.c is the
	# only fcntl.c it builds. Both trees; no other ARCH sets this.
	KP_KMAKE_ARGS="CFLAGS_fcntl.o=-U__OPTIMIZE__"
	KP_EXPECT_OPTS="y y - -" ;;
parisc | hppa)
	# 32-bit PA-RISC, QEMU's one hppa machine (a B160L-like workstation,
	# no -M needed) under its SeaBIOS-hppa firmware; the first serial
	# port is ttyS0.
	KP_ARCH=parisc KP_ATAG=-parisc KP_KARCH=parisc KP_SRCARCH=parisc
	KP_CROSS=hppa-linux-gnu-
	KP_ARCH_PACKAGES="gcc-hppa-linux-gnu qemu-system-misc"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU=qemu-system-hppa KP_QEMU_MACHINE='' KP_QEMU_CPU=
	KP_QEMU_MEM=512M KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	# Without -nographic QEMU wants a display and exits at once.
	KP_QEMU_SERIAL="-serial mon:stdio" KP_QEMU_DISPLAY="-nographic"
	KP_EXPECT_OPTS="y y - y" ;;
loongarch | loongarch64)
	# LoongArch64, QEMU's virt machine (an la464, the 8250 UART at
	# 0x1fe001e0). Debian bookworm has no loongarch64 gcc: the kernel is
	# built with LLVM 19 (KP_LLVM, the LLVM= of make; 6.12 wants LLVM 18
	# or later for LoongArch). QEMU 7.2 boots the ELF vmlinux without
	# firmware but hands -append to fw_cfg only: the command line that
	# counts is built in (harness/configs/arch-loongarch.config), and
	# the device tree is harness/loongarch/virt.dts, which
	# harness/loongarch/qemu.sh writes over the kernel's built-in one.
	# Two vCPUs: without firmware QEMU 7.2 starts every CPU at the
	# kernel's entry, so qemu.sh parks the second one where it waits
	# for the kernel (harness/loongarch/secondary.S) and adds its node
	# to the tree.
	KP_ARCH=loongarch KP_ATAG=-loongarch KP_KARCH=loongarch KP_SRCARCH=loongarch
	KP_CROSS= KP_LLVM=/usr/lib/llvm-19/bin/
	KP_ARCH_PACKAGES="clang-19 lld-19 llvm-19 qemu-system-misc"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU=$KP_HARNESS/loongarch/qemu.sh KP_QEMU_MACHINE=virt KP_QEMU_CPU=la464
	KP_QEMU_MEM=1G KP_QEMU_SMP=2 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	KP_EARLYCON=earlycon=uart,mmio,0x1fe001e0
	KP_EXPECT_OPTS="y y - y" ;;
arc)
	# ARC HS (ARCv2), build only: QEMU 7.2 has no ARC target.
	KP_ARCH=arc KP_ATAG=-arc KP_KARCH=arc KP_SRCARCH=arc
	KP_CROSS=arc-linux-gnu-
	KP_ARCH_PACKAGES="gcc-arc-linux-gnu"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU='' KP_QEMU_MACHINE='' KP_QEMU_CPU=
	KP_QEMU_MEM='' KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	KP_EXPECT_OPTS="y y - -" ;;
arc700)
	# ARC770 (ARCompact), build only as arc: QEMU 7.2 has no ARC target.
	# Same kernel ARCH and compiler; the ISA is arch-arc700.config's.
	# Debian's compiler has a libgcc for ARC HS only, which ld will not
	# link into an ARCompact vmlinux: the kernel links the few routines
	# it needs from harness/arc700-libgcc.c instead (arc700-libgcc.sh),
	# and is built without millicode calls (-mno-millicode: the prologue
	# and epilogue thunks of -Os are libgcc's too).
	KP_ARCH=arc700 KP_ATAG=-arc700 KP_KARCH=arc KP_SRCARCH=arc
	KP_CROSS=arc-linux-gnu-
	KP_ARCH_PACKAGES="gcc-arc-linux-gnu"
	KP_PREBUILD=$KP_HARNESS/arc700-libgcc.sh
	KP_KMAKE_ARGS="LIBGCC=$KP_BUILD/arc700-libgcc/libgcc.a KCFLAGS=-mno-millicode"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU='' KP_QEMU_MACHINE='' KP_QEMU_CPU=
	KP_QEMU_MEM='' KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	KP_EXPECT_OPTS="y y - -" ;;
csky)
	# C-SKY (abiv2, CK860). Debian 12 has no csky compiler and LLVM 19
	# no CSKY back end, so nothing builds a csky kernel here: `make
	# arches` refuses it (KP_SYNTAX_ONLY), and `make series-check
	# ARCH=csky` checks each patch with clang's front end instead
	# (harness/csky-syntax-check.sh).
	KP_ARCH=csky KP_ATAG=-csky KP_KARCH=csky KP_SRCARCH=csky
	KP_CROSS= KP_SYNTAX_ONLY=1
	KP_ARCH_PACKAGES="clang-19 bc"
	KP_IMAGE=vmlinux KP_IMAGE_PATH=vmlinux
	KP_QEMU='' KP_QEMU_MACHINE='' KP_QEMU_CPU=
	KP_QEMU_MEM='' KP_QEMU_SMP=1 KP_CONSOLE=ttyS0 KP_NOLIBC=0
	KP_EXPECT_OPTS="y y - y" ;;
*)
	printf 'error: ARCH=%s is not supported (x86_64, i386, arm64, riscv64, arm, ppc64le; for make arches: %s; csky for make series-check)\n' \
		"$KP_ARCH" "$KP_ARCHES_ALL" >&2
	exit 1 ;;
esac
