#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# decoder-test.sh - test the microMIPS decoder of the mips kprobes port
# (arch/mips/kernel/kprobes/micromips.c) on the host, since no QEMU 7.2
# guest runs a microMIPS kernel (README, make arches, micromips).
#
# funcs.S is assembled with the mipsel cross assembler as microMIPS,
# linked at 0x80001000 and disassembled; table.py turns the disassembly
# into the expectations (table.h); micromips.c itself is compiled for the
# host against stubs/ and the port's <asm/kprobes.h> and common.h, and
# decoder-test.c runs it over every halfword of funcs.S. Needs
# gcc-mipsel-linux-gnu (`make arches ARCHES=micromips` installs it) and
# the base tree (build/src/base) for <asm/regdef.h> and the UAPI
# instruction enums. Output in $BUILD/micromips-decoder.
. "$(dirname "$0")/../common.sh"

here=$KP_HARNESS/micromips
base=$(kp_srcdir upstream)
out=$KP_BUILD/micromips-decoder
cross=mipsel-linux-gnu-

command -v "${cross}gcc" >/dev/null ||
	kp_die "no ${cross}gcc: make arches ARCHES=micromips installs it"
[ -f "$base/arch/mips/include/uapi/asm/inst.h" ] ||
	"$KP_HARNESS/prepare.sh" upstream || kp_die "no base tree"
mkdir -p "$out"

"${cross}gcc" -mmicromips -mips32r2 -mdsp -EL -mno-abicalls -fno-pic \
	-D__ASSEMBLY__ -I"$base/arch/mips/include" -I"$base/include" \
	-I"$base/arch/mips/include/uapi" -c "$here/funcs.S" -o "$out/funcs.o"
"${cross}ld" -Ttext=0x80001000 -e kpmm_func "$out/funcs.o" -o "$out/funcs.elf"
"${cross}objcopy" -O binary -j .text "$out/funcs.elf" "$out/funcs.bin"
"${cross}objdump" -d "$out/funcs.elf" >"$out/funcs.dis"
python3 "$here/table.py" "$out/funcs.dis" >"$out/table.h"
gcc -O1 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	-I"$out" -I"$here/stubs" -I"$KP_TOP/arch/mips/include" \
	-I"$KP_TOP/arch/mips/kernel/kprobes" -I"$base/arch/mips/include" \
	-o "$out/decoder-test" "$here/decoder-test.c" \
	"$KP_TOP/arch/mips/kernel/kprobes/micromips.c"
"$out/decoder-test" "$out/funcs.bin"
