#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# csky-syntax-check.sh [TREE [FILE...]] - a syntax and type check of C
# files for C-SKY (abiv2, CK860), for want of a csky cross compiler.
#
# Debian 12 has no csky-linux-gnu-gcc, and LLVM 19's back end has no CSKY
# target, but clang's front end knows csky-unknown-linux-gnu: it parses
# and type-checks C for it (-fsyntax-only) and emits LLVM IR
# (-emit-llvm), but no assembly or object. So:
#
#   1. the kernel is configured for csky (tinyconfig, the `make arches`
#      fragments, a CK860 with SMP and the dynamic function tracer) and
#      `make archprepare` writes the headers that need no target compiler,
#      both with the host gcc (its answers to Kconfig's cc-option tests
#      and the csky -m options it rejects do not matter here);
#   2. the headers kbuild makes with the target compiler (-S, then reading
#      the "->SYM value" markers of DEFINE() in the assembly) are made the
#      same way from clang's IR, where each marker's value is the constant
#      operand of its inline asm: include/generated/bounds.h and
#      asm-offsets.h; timeconst.h comes from bc, as kbuild does it;
#   3. every FILE (default: the C files of arch/csky/kernel/probes/ and the
#      trap, fault and unwinder glue) is run through clang -fsyntax-only
#      with kbuild's include order and -Werror for implicit declarations.
#
# TREE is patched (default) or upstream.  CSKY_CONFIG_ONLY=1 stops after
# step 1 and its line of options.  CSKY_CFLAGS adds options, e.g.
# -DCONFIG_FRAME_POINTER=1 for the -mbacktrace half of stacktrace.c,
# which the host gcc's answer to Kconfig's cc-option test leaves off. The object directory is
# $BUILD/obj/TREE-csky-syntax. Assembly files are not checked: clang has
# no csky assembler. Prints one line per file and "N passed, N failed".
set -u
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD:-build}
case $build in /*) ;; *) build=$top/$build ;; esac
tree=${1:-patched}
[ $# -gt 0 ] && shift
case $tree in
upstream) src=$build/src/base ;;
patched) src=$build/src/patched ;;
*) echo "usage: $0 [patched|upstream] [FILE...]" >&2; exit 2 ;;
esac
obj=$build/obj/$tree-csky-syntax
clang=${CLANG:-clang-19}
[ -d "$src" ] || { echo "error: no $src (run harness/prepare.sh $tree)" >&2; exit 2; }
command -v "$clang" >/dev/null || { echo "error: no $clang" >&2; exit 2; }
mkdir -p "$obj"

# --- 1. configuration and archprepare, with the host compiler ---------------
cfg=$obj/kp-all.config
cat "$src/kernel/configs/tiny-base.config" "$src/kernel/configs/tiny.config" \
	"$top/harness/configs/kunit-only.config" "$top/harness/configs/arches.config" \
	>"$cfg"
cat >>"$cfg" <<'EOF'
CONFIG_CPU_CK860=y
CONFIG_SMP=y
CONFIG_FTRACE=y
CONFIG_FUNCTION_TRACER=y
CONFIG_DYNAMIC_FTRACE=y
CONFIG_MODULES=y
EOF
kmake() { make -s -C "$src" O="$obj" ARCH=csky CROSS_COMPILE= "$@"; }
if ! kmake KCONFIG_ALLCONFIG="$cfg" allnoconfig >"$obj/kp-config.log" 2>&1 ||
	! kmake archprepare >"$obj/kp-archprepare.log" 2>&1; then
	echo "error: configuring csky failed (see $obj/kp-*.log)" >&2
	exit 2
fi
printf 'csky options: '
for o in KPROBES KRETPROBES OPTPROBES KPROBES_ON_FTRACE; do
	grep -qx "CONFIG_$o=y" "$obj/.config" && printf '%s ' "$o=y" || printf '%s ' "$o=n"
done
echo
[ "${CSKY_CONFIG_ONLY:-0}" = 1 ] && exit 0

# CSKY_CFLAGS is split into words on purpose.
# shellcheck disable=SC2206
flags=(--target=csky-unknown-linux-gnu -mcpu=ck860 -mlittle-endian -nostdinc
	-D__KERNEL__ -std=gnu11 -fshort-wchar -fno-strict-aliasing -fno-common
	-funsigned-char
	-I"$src/arch/csky/include" -I"$obj/arch/csky/include/generated"
	-I"$src/include" -I"$obj/include"
	-I"$src/arch/csky/include/uapi" -I"$obj/arch/csky/include/generated/uapi"
	-I"$src/include/uapi" -I"$obj/include/generated/uapi"
	-I"$src/arch/csky/abiv2/inc"
	-include "$src/include/linux/compiler-version.h"
	-include "$src/include/linux/kconfig.h"
	-include "$src/include/linux/compiler_types.h"
	-D__CSKYABIV2__ -fheinous-gnu-extensions
	-Wall -Wno-unused-function -Wno-gnu -Wno-pointer-sign
	-Wno-address-of-packed-member -Wno-unknown-warning-option -Wno-frame-address
	-Werror=implicit-function-declaration -Werror=incompatible-pointer-types
	-Werror=int-conversion -Werror=return-type ${CSKY_CFLAGS:-})

# --- 2. the headers kbuild makes with the target compiler -------------------
# offsets SOURCE HEADER GUARD - DEFINE() markers of SOURCE's IR as #defines
offsets()
{
	local ll

	ll=$obj/kp-$(basename "$1" .c).ll
	"$clang" "${flags[@]}" -DKBUILD_MODNAME='"offsets"' -S -emit-llvm -o "$ll" "$1" ||
		return 1
	{
		printf '#ifndef %s\n#define %s\n/* from clang IR, %s */\n\n' "$3" "$3" "$(basename "$1")"
		# $0 is the inline asm operand, not a shell parameter.
		# shellcheck disable=SC2016
		grep -o 'asm sideeffect "\\0A\.ascii \\22->[A-Za-z0-9_]* \$0 [^"]*", "i"([a-z0-9]* -\?[0-9]*)' "$ll" |
			sed -E 's/.*->([A-Za-z0-9_]+) \$0 .*"i"\([a-z0-9]+ (-?[0-9]+)\)$/#define \1 \2/'
		printf '\n#endif\n'
	} >"$2.tmp" && mv "$2.tmp" "$2"
}
gen=$obj/include/generated
mkdir -p "$gen"
offsets "$src/kernel/bounds.c" "$gen/bounds.h" __LINUX_BOUNDS_H__ ||
	{ echo "error: bounds.h" >&2; exit 2; }
hz=$(sed -n 's/^CONFIG_HZ=//p' "$obj/.config")
echo "$hz" | bc -q "$src/kernel/time/timeconst.bc" >"$gen/timeconst.h" ||
	{ echo "error: timeconst.h" >&2; exit 2; }
offsets "$src/arch/csky/kernel/asm-offsets.c" "$gen/asm-offsets.h" __ASM_OFFSETS_H__ ||
	{ echo "error: asm-offsets.h" >&2; exit 2; }

# --- 3. the files -------------------------------------------------------------
if [ $# -eq 0 ]; then
	# File names without blanks, one a word.
	# shellcheck disable=SC2046
	set -- $(cd "$src" && ls arch/csky/kernel/probes/*.c) \
		arch/csky/kernel/traps.c arch/csky/kernel/stacktrace.c \
		arch/csky/mm/fault.c kernel/kprobes/ftrace.c
fi
pass=0 fail=0
for f in "$@"; do
	[ -f "$src/$f" ] || { echo "SKIP $f (not in the $tree tree)"; continue; }
	# Skipped as kbuild skips them: uprobes.c without CONFIG_UPROBES.
	case $f in
	*/uprobes.c) grep -qx CONFIG_UPROBES=y "$obj/.config" ||
		{ echo "SKIP $f (CONFIG_UPROBES off)"; continue; } ;;
	esac
	name=$(basename "$f" .c)
	if "$clang" "${flags[@]}" -DKBUILD_MODNAME="\"$name\"" -DKBUILD_BASENAME="\"$name\"" \
		-DKBUILD_MODFILE="\"${f%.c}\"" \
		-I"$src/$(dirname "$f")" -fsyntax-only "$src/$f" >"$obj/kp-$name.log" 2>&1; then
		pass=$((pass + 1))
		# uaccess.h's casts in asm outputs warn under
		# -fheinous-gnu-extensions in every file; the others count.
		nw=$(grep 'warning:' "$obj/kp-$name.log" | grep -vc 'heinous-gnu-extensions')
		[ "$nw" -gt 0 ] && nw=" ($nw warnings, $obj/kp-$name.log)" || nw=
		echo "PASS $f$nw"
	else
		fail=$((fail + 1))
		echo "FAIL $f"
		grep -E 'error:' "$obj/kp-$name.log" | head -n 20
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
