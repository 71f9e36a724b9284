#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""arc-decode-check.py VMLINUX [SRC]: compare the ARC kprobes decoder with
objdump over every instruction objdump shows in VMLINUX.

The decoder (SRC/arch/arc/kernel/kprobes/decode.c, SRC by default the
directory above this script) is built on the host with
harness/arc-decode-check.c, for ARCompact when VMLINUX's ELF header names
an ARCompact core (ARC600/ARC700), else for ARCv2.  For each instruction
`arc-linux-gnu-objdump -d` lists, the decoder is given its units and must
agree on:

  length     the bytes objdump shows (long immediate included);
  delay      the ".d" of the mnemonic;
  class      what the mnemonic and operands say: a branch, jump, call or
             loop set-up (FLOW); one that traps, halts, returns from an
             exception, sets flags of the processor or reads STATUS32
             (SYSTEM); llock, scond (LLOCK, SCOND); one reading pcl
             (PCREL); something objdump does not know (UNKNOWN); else COPY;
  target     where objdump says a PC-relative branch goes: PCL plus the
             offset it decoded (not lp, which kprobes refuses rather than
             evaluates);
  table      an unconditional j/j_s through a register but blink.

An encoding objdump names but the decoder calls UNKNOWN (refused for
probing, its length still right) is counted as "refused", not as a
disagreement.  Prints the counts and the first disagreements of each
kind; exits 1 if there is any.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

CROSS = os.environ.get("CROSS", "arc-linux-gnu-")
CLASSES = ["COPY", "FLOW", "PCREL", "SYSTEM", "LLOCK", "SCOND", "UNKNOWN"]

# Every mnemonic starting with b or j is a branch, jump or call (the
# condition, of which objdump knows more names than the base set, is part
# of the mnemonic: bne, jlhi, bnt), but these.
NOT_FLOW = {"bic", "bset", "bclr", "bmsk", "bmskn", "btst", "bxor", "brk",
            "bic_s", "bset_s", "bclr_s", "bmsk_s", "btst_s", "brk_s"}
FLOW_OTHER = re.compile(r"^(lp[a-z]*|ei_s|leave_s)$")
SYSTEM = {"trap_s", "trap0", "swi", "swi_s", "brk", "brk_s", "sleep", "rtie",
          "flag", "kflag", "unimp_s", "seti", "clri"}

STUB_TYPES = """#include <stdbool.h>
#include <stdint.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int32_t s32;
#define fallthrough __attribute__((__fallthrough__))
"""
STUB_KPROBES = "#define __kprobes\n"

LINE_RE = re.compile(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]{4} )+)\s*\t?(.*)$")


def build_helper(src, compact, tmp):
    inc = os.path.join(tmp, "include")
    os.makedirs(os.path.join(inc, "linux"))
    os.makedirs(os.path.join(inc, "asm-generic"))
    with open(os.path.join(inc, "linux", "types.h"), "w") as f:
        f.write(STUB_TYPES)
    with open(os.path.join(inc, "asm-generic", "kprobes.h"), "w") as f:
        f.write(STUB_KPROBES)
    exe = os.path.join(tmp, "check")
    here = os.path.dirname(os.path.abspath(__file__))
    cmd = ["cc", "-O2", "-Wall", "-I", inc,
           "-I", os.path.join(src, "arch/arc/kernel/kprobes"),
           os.path.join(here, "arc-decode-check.c"), "-o", exe]
    if compact:
        cmd.insert(1, "-DCONFIG_ISA_ARCOMPACT")
    subprocess.run(cmd, check=True)
    return exe


def expected(mnem, ops):
    """Class, delay and table that objdump's text says."""
    if mnem.startswith(".") or "?" in mnem or not mnem:
        return "UNKNOWN", False, False
    parts = mnem.split(".")
    base = parts[0]
    delay = "d" in parts[1:]
    if (base[0] in "bj" and base not in NOT_FLOW) or \
            (FLOW_OTHER.match(base) and base != "leave_s"):
        table = (base in ("j", "j_s") and ops.startswith("[") and
                 ops != "[blink]")
        return "FLOW", delay, table
    if base == "leave_s" and "pcl" in ops:
        return "FLOW", delay, False
    if base in SYSTEM or (base == "lr" and "[status32]" in ops):
        return "SYSTEM", delay, False
    if base in ("llock", "llockd"):
        return "LLOCK", delay, False
    if base in ("scond", "scondd"):
        return "SCOND", delay, False
    if re.search(r"\bpcl\b", ops):
        return "PCREL", delay, False
    return "COPY", delay, False


def entries(vmlinux, decoded):
    """How many function entries arch_kprobe_prepare() would take: a
    copyable first instruction, or a branch the hit path evaluates whose
    delay slot, if any, is copyable (exception tables not looked at)."""
    syms = subprocess.run([CROSS + "nm", vmlinux], check=True,
                          capture_output=True, text=True).stdout
    funcs = {int(f[0], 16) for f in (ln.split() for ln in syms.splitlines())
             if len(f) == 3 and f[1] in "Tt"}
    total = ok = 0
    for addr in funcs:
        if addr not in decoded:
            continue
        total += 1
        length, cls, delay, bok = decoded[addr]
        if cls == "COPY":
            ok += 1
        elif cls == "FLOW" and bok == "1":
            nxt = decoded.get(addr + length)
            if not delay or (nxt and nxt[1] == "COPY"):
                ok += 1
    if total:
        print("  function entries %d, probe-able %d (%.1f%%)" % (
            total, ok, 100.0 * ok / total))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    vmlinux = sys.argv[1]
    src = sys.argv[2] if len(sys.argv) > 2 else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    hdr = subprocess.run([CROSS + "readelf", "-h", vmlinux], check=True,
                         capture_output=True, text=True).stdout
    compact = re.search(r"Flags:.*\bARC(600|601|700)\b", hdr) is not None
    dump = subprocess.run([CROSS + "objdump", "-d", vmlinux], check=True,
                          capture_output=True, text=True).stdout

    # An archive or a relocatable object has many sections at address 0:
    # the units are kept per section.
    insns = []
    mem = {}
    sec = 0
    for line in dump.splitlines():
        if line.startswith("Disassembly of section"):
            sec += 1
            continue
        m = LINE_RE.match(line)
        if not m:
            continue
        pc = int(m.group(1), 16)
        units = [int(u, 16) for u in m.group(2).split()]
        for i, u in enumerate(units):
            mem[sec, pc + 2 * i] = u
        text = m.group(3).strip()
        mnem, _, ops = text.partition("\t")
        # The target of a PC-relative branch: PCL plus the offset objdump
        # decoded, its last operand (the address in its comment names the
        # relocation's symbol instead, in an object not linked yet).
        target = None
        ops, _, comment = ops.partition(";")
        tm = re.search(r"(?:^|,)(-?\d+)$", ops.strip())
        if comment and tm:
            target = ((pc & ~3) + int(tm.group(1))) & 0xffffffff
        insns.append((sec, pc, 2 * len(units), mnem.strip(), ops.strip(),
                      target))

    with tempfile.TemporaryDirectory() as tmp:
        exe = build_helper(src, compact, tmp)
        feed = "".join("%x %s\n" % (pc, " ".join(
            "%x" % mem.get((sec, pc + 2 * i), 0) for i in range(4)))
            for sec, pc, *_ in insns)
        out = subprocess.run([exe], input=feed, check=True,
                             capture_output=True, text=True).stdout.split("\n")

    count = collections.Counter()
    bad = collections.defaultdict(list)
    refused = []
    decoded = {}
    for (_, pc, length, mnem, ops, target), res in zip(insns, out):
        olen, ocls, odelay, otable, otarget, ook = res.split()
        decoded[pc] = (int(olen), CLASSES[int(ocls)], odelay == "1", ook)
        ocls = CLASSES[int(ocls)]
        ecls, edelay, etable = expected(mnem, ops)
        desc = "%x: %s %s -> len %s %s delay %s table %s target %s" % (
            pc, mnem, ops, olen, ocls, odelay, otable, otarget)
        count["insns"] += 1
        count["class " + ecls] += 1
        if ecls == "UNKNOWN":
            continue
        if int(olen) != length:
            bad["length"].append(desc)
        if ocls == "UNKNOWN" and ecls != "UNKNOWN":
            # refused, not misread: counted, not a disagreement
            count["refused " + ecls] += 1
            if len(refused) < 8:
                refused.append(desc)
        elif ocls != ecls:
            bad["class %s/%s" % (ecls, ocls)].append(desc)
        if bool(int(odelay)) != edelay:
            bad["delay"].append(desc)
        if bool(int(otable)) != etable:
            bad["table"].append(desc)
        # loop set-ups are refused, not evaluated: no target
        if target is not None and ecls == "FLOW" and \
                not mnem.startswith("lp"):
            count["targets"] += 1
            if otarget == "-" or int(otarget, 16) != target:
                bad["target"].append(desc)

    print("%s: %s decoder, %d instructions" % (
        vmlinux, "ARCompact" if compact else "ARCv2", count["insns"]))
    for key in sorted(count):
        if key != "insns":
            print("  %-16s %d" % (key, count[key]))
    entries(vmlinux, decoded)
    for d in refused:
        print("    refused: " + d)
    for key in sorted(bad):
        print("disagree %s: %d" % (key, len(bad[key])))
        for d in bad[key][:8]:
            print("    " + d)
    if not bad:
        print("all agree")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
