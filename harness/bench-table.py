#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print the `make bench` table from RUNS/bench-{icount,wall}-{patched,upstream}/
out/bench.txt (with ARCH_TAG appended to each directory name, e.g. -arm64):
one row per figure, ours / upstream / ratio under instruction
counting, then the same under the emulated wall clock.

Usage: bench-table.py [--markdown] RUNS_DIR [ARCH_TAG]

--markdown prints only the instruction-counted columns, as a Markdown
table (RESULTS.md, the cover letter of `make series`).
"""

import os
import sys

def load(path):
    figures = {}
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2:
                    try:
                        figures[parts[0]] = int(parts[1])
                    except ValueError:
                        pass
    except OSError:
        pass
    return figures


def ratio(ours, up):
    if ours is None or up is None or up == 0:
        return '-'
    return f'{ours / up:.2f}'


def cell(v):
    return '-' if v is None else str(v)


def human(name, v):
    """A reg.*_ns figure in ns, ms or s; others as they are."""
    if v is None:
        return '-'
    if not name.endswith('_ns'):
        return str(v)
    if v >= 1000000000:
        return f'{v / 1e9:.3f} s'
    if v >= 1000000:
        return f'{v / 1e6:.1f} ms'
    return f'{v} ns'


def markdown(data, names):
    """The instruction-counted columns as a Markdown table."""
    print('| figure | ours | upstream | ratio |')
    print('|---|---:|---:|---:|')
    for n in names:
        o, u = data[('icount', 'patched')].get(n), data[('icount', 'upstream')].get(n)
        if o is None and u is None:
            continue
        r = ratio(o, u) if not n.endswith('_ns') or o is None or u in (None, 0) \
            else f'{o / u:.2g}' if o / u < 0.1 else f'{o / u:.3f}'
        print(f'| `{n}` | {human(n, o)} | {human(n, u)} | {r} |')


def main():
    md = sys.argv[1:2] == ['--markdown']
    args = sys.argv[2:] if md else sys.argv[1:]
    runs = args[0]
    tag = args[1] if len(args) > 1 else ''
    data = {(m, t): load(os.path.join(runs, f'bench-{m}-{t}{tag}', 'out', 'bench.txt'))
            for m in ('icount', 'wall') for t in ('patched', 'upstream')}
    names = []
    for d in data.values():
        for k in d:
            if k not in names:
                names.append(k)
    if md:
        markdown(data, names)
        return
    print(f'{"figure":<40} {"ours":>12} {"upstream":>12} {"ratio":>6}'
          f'   {"ours wall":>12} {"up wall":>12} {"ratio":>6}')
    for n in names:
        o, u = data[('icount', 'patched')].get(n), data[('icount', 'upstream')].get(n)
        wo, wu = data[('wall', 'patched')].get(n), data[('wall', 'upstream')].get(n)
        print(f'{n:<40} {cell(o):>12} {cell(u):>12} {ratio(o, u):>6}'
              f'   {cell(wo):>12} {cell(wu):>12} {ratio(wo, wu):>6}')
    print()
    print('icount columns: guest time under QEMU -icount shift=0,sleep=off '
          '(repeats within ~1 insn/hit, ~1.5% on reg.*). hit.* rows are')
    print('  instructions per hit; reg.* rows also contain the time the guest '
          'sat idle (e.g. waiting for RCU grace')
    print('  periods), which icount skips ahead to the next timer.')
    print('wall columns: plain single-threaded TCG, emulated wall-clock ns, '
          'noisy. reg.* = ns for the whole operation,')
    print('  mem.* = bytes, ratio = ours / upstream (below 1 is better).')

if __name__ == '__main__':
    main()
