#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""memorder-check.py ARCH OBJDUMP FILE [CONFIG] - the ordering the hit
bracket needs, read back from the compiled kernel.

TCG runs a guest's vCPUs one at a time, in order, so no test in a guest
can catch a missing barrier of a weakly ordered CPU. What can be checked
is that the compiler emitted the barriers the generic code asks for, in
the order the protocol needs them, in the functions that carry them:

  exit     kprobe_site_missed(): its hit bracket ends with a full barrier
           (arch_kprobe_hit_release()), the store of the depth, a write
           barrier, the store of the generation (kprobe_hit_end());
  waiter   kprobe_hits_wait() (and kprobe_hits_wait_cpu() if it is not
           inlined): a read barrier between the loads of generation and
           depth, the depth read with acquire, the spin on the generation
           with acquire;
  lone     kprobe_site_update_lone_locked(): the lone probe is published
           with a release store;
  change   kprobe_site_change_locked(): the counts and the disabled flag
           are ordered by a write barrier.

On x86 (TSO) only the exit is checked, the other way round: the hit
path must not pay for the weaker machines, so kprobe_site_missed() may
contain no fence and no locked instruction (every barrier of the exit is
a compiler barrier there).

FILE is a vmlinux or an object file holding the functions; CONFIG its
.config: without CONFIG_SMP every smp_ barrier is a compiler barrier, and
the cases of a weakly ordered architecture are skipped. Prints KTAP, one
case each, and exits non-zero if any fails.
"""
import re
import subprocess
import sys

# The instructions of each ordering primitive, as a list of regular
# expressions over objdump's "mnemonic<TAB>operands" column, matched in
# order ("store": the plain store that follows a release fence).
FENCES = {
    'arm64': {
        'mb': [r'dmb\tish$'], 'wmb': [r'dmb\tishst$'], 'rmb': [r'dmb\tishld$'],
        'acquire': [r'ldar[bh]?\t'], 'release': [r'stlr[bh]?\t'],
        'store': [r'st(u?r|p)[bh]?\t'],
    },
    'riscv64': {
        'mb': [r'fence\trw,rw$'], 'wmb': [r'fence\tw,w$'], 'rmb': [r'fence\tr,r$'],
        'acquire': [r'fence\tr,rw$'],
        'release': [r'fence\trw,w$', r'(c\.)?s[bhwd]\t'],
        'store': [r'(c\.)?s[bhwd]\t'],
    },
    'ppc64le': {
        # sync (hwsync) for smp_mb(), lwsync for the others.
        'mb': [r'(hw)?sync$'], 'wmb': [r'lwsync$'], 'rmb': [r'lwsync$'],
        'acquire': [r'l[bhwd]z?u?x?\t', r'lwsync$'],
        'release': [r'lwsync$', r'st[bhwd]u?x?\t'],
        'store': [r'st[bhwd]u?x?\t'],
        # The release stores that kprobe_site_change_locked() inlines are
        # lwsync as well: taking its smp_wmb() out leaves the same code
        # shape, so the case could not fail.
        'skip': {'change': 'smp_wmb() and the release stores beside it are all lwsync'},
    },
}
TSO = {'x86_64', 'i386'}
TSO_FORBIDDEN = r'(m|l|s)fence|lock\b|xchg'

CASES = [
    ('exit', ['kprobe_site_missed'], ['mb', 'store', 'wmb', 'store'],
     'hit bracket exit: full barrier, depth store, write barrier, generation store'),
    ('waiter', ['kprobe_hits_wait', 'kprobe_hits_wait_cpu'], ['rmb', 'acquire', 'acquire'],
     'kprobe_hits_wait(): read barrier, acquire of the depth, acquire in the generation spin'),
    ('lone', ['kprobe_site_update_lone_locked'], ['release'],
     'the lone probe is published with a release store'),
    ('change', ['kprobe_site_change_locked'], ['wmb'],
     'a site change orders its counts and the disabled flag with a write barrier'),
]


def disassemble(objdump, path, func):
    """The instruction column of func in path; None if it is not there."""
    out = subprocess.run([objdump, '-d', '--no-show-raw-insn',
                          '--disassemble=' + func, path],
                         capture_output=True, text=True, check=True).stdout
    insns = []
    inside = False
    for line in out.splitlines():
        if re.match(r'^[0-9a-f]+ <%s>:$' % re.escape(func), line):
            inside = True
            continue
        if not inside:
            continue
        m = re.match(r'^\s*[0-9a-f]+:\s+(\S+)\s*(.*)$', line)
        if m:
            ops = re.split(r'\s+[#;]| <', m.group(2))[0].strip()
            insns.append(m.group(1) + ('\t' + ops if ops else ''))
    return insns if inside else None


def find_in_order(insns, patterns):
    """Index in patterns of the first one not found after the previous one."""
    at = 0
    for n, pat in enumerate(patterns):
        while at < len(insns) and not re.match(pat, insns[at]):
            at += 1
        if at == len(insns):
            return n
        at += 1
    return None


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    arch, objdump, path = sys.argv[1:4]
    if arch not in FENCES and arch not in TSO:
        sys.exit('memorder-check: no barrier table for ARCH=%s' % arch)
    smp = True
    if len(sys.argv) == 5:
        with open(sys.argv[4]) as f:
            smp = 'CONFIG_SMP=y\n' in f.read()
    cases = CASES[:1] if arch in TSO else CASES
    print('KTAP version 1')
    print('1..%d' % len(cases))
    failed = 0
    for n, (name, funcs, seq, what) in enumerate(cases, 1):
        if arch not in TSO and not smp:
            print('ok %d %s # SKIP CONFIG_SMP is off: the barriers are compiler barriers'
                  % (n, what))
            continue
        skip = FENCES.get(arch, {}).get('skip', {}).get(name)
        if skip:
            print('ok %d %s # SKIP %s' % (n, what, skip))
            continue
        insns, missing = [], []
        for i, f in enumerate(funcs):
            got = disassemble(objdump, path, f)
            if got is None:
                # Only the first function must exist: the others may
                # have been inlined into it.
                if i == 0:
                    missing.append(f)
                continue
            insns += got
        why = None
        if missing:
            why = '%s is not in %s' % (', '.join(missing), path)
        elif arch in TSO:
            what = 'hit bracket exit: no fence, no locked instruction (TSO)'
            bad = [i for i in insns if re.match(TSO_FORBIDDEN, i)]
            if bad:
                why = 'found: %s' % '; '.join(bad[:3])
        else:
            table = FENCES[arch]
            pats, prims = [], []
            for prim in seq:
                pats += table[prim]
                prims += [prim] * len(table[prim])
            lost = find_in_order(insns, pats)
            if lost is not None:
                why = 'no %s (%s) after %s (wanted, in order: %s)' % (
                    prims[lost], pats[lost], ', '.join(prims[:lost]) or 'the start',
                    ' '.join(seq))
        if why:
            failed += 1
            print('not ok %d %s # %s' % (n, what, why))
        else:
            print('ok %d %s' % (n, what))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
