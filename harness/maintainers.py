#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Splice our MAINTAINERS entries into the base kernel's MAINTAINERS.

    maintainers.py BASE_MAINTAINERS OUR_MAINTAINERS [APPLIED_FILES [LATE]]

Our MAINTAINERS holds only the entries this project changes (KPROBES).
Each must exist in the base file under the same title; it replaces that
entry there, except for the M: and R: lines (who maintains it), which stay
upstream's: we change what the entry covers, its lists and status, not its
people.  The result goes to standard output.

With APPLIED_FILES (a file listing the paths of ours applied so far, one a
line), used by `make series` for its intermediate steps, an F: pattern of
ours is kept only if it covers one of those paths or the upstream entry
already had it; so each patch adds the F: lines of the files it adds.
LATE (a file of F: patterns, one a line, '#' comments) names patterns of
ours that wait for the series' own MAINTAINERS patch even so: the files
they cover belong to another entry until then.
"""
import fnmatch
import sys


def parse(lines):
    """The entries of MAINTAINERS as {line index: lines}: an entry is its
    title line and the field lines after it, up to a blank line."""
    entries, cur, first, start = {}, None, None, None
    for i, line in enumerate(lines):
        is_field = len(line) > 2 and line[1] == ':' and line[0].isupper()
        if cur is None:
            # Entries begin after the "Maintainers List" heading's rule.
            if start is None and line.startswith('-----'):
                start = i + 1
            if start is not None and i > start and line.strip() and \
                    not is_field and i + 1 < len(lines) and \
                    lines[i + 1][1:2] == ':':
                cur, first = [line], i
            continue
        if line.strip():
            cur.append(line)
        else:
            entries[first] = cur
            cur = None
    if cur:
        entries[first] = cur
    return entries


def entry_title(entry):
    return entry[0].rstrip('\n')


def covers(pattern, path):
    if pattern.endswith('/'):
        return path.startswith(pattern)
    return fnmatch.fnmatch(path, pattern) or path.startswith(pattern + '/')


def merged(base_entry, ours, applied, late):
    people = [l for l in base_entry[1:] if l[:2] in ('M:', 'R:')]
    base_f = {l.split('\t', 1)[1].strip() for l in base_entry
              if l.startswith('F:')}
    rest = []
    for line in ours[1:]:
        if line[:2] in ('M:', 'R:'):
            continue
        if line.startswith('F:') and applied is not None:
            pat = line.split('\t', 1)[1].strip()
            if pat in late or not any(covers(pat, f) for f in applied):
                # Not ours yet: keep upstream's spelling if it had one.
                old = [p for p in base_f
                       if p.rstrip('/') == pat.rstrip('/')]
                if not old:
                    continue
                line = 'F:\t' + old[0] + '\n'
        rest.append(line)
    return [base_entry[0]] + people + rest


def main(argv):
    if len(argv) not in (3, 4, 5):
        sys.exit(__doc__)
    with open(argv[1]) as f:
        base = f.readlines()
    with open(argv[2]) as f:
        ours = list(parse(['-----\n', '\n'] + f.readlines()).values())
    applied, late = None, set()
    if len(argv) >= 4:
        with open(argv[3]) as f:
            applied = [l.strip() for l in f if l.strip()]
    if len(argv) == 5:
        with open(argv[4]) as f:
            late = {l.split('#', 1)[0].strip() for l in f} - {''}
    if not ours:
        sys.exit('maintainers.py: no entry in ' + argv[2])
    titles = {entry_title(e): e for e in ours}
    out, i, done = [], 0, set()
    index = parse(base)
    while i < len(base):
        e = index.get(i)
        if e is not None and entry_title(e) in titles:
            out += merged(e, titles[entry_title(e)], applied, late)
            done.add(entry_title(e))
            i += len(e)
            continue
        out.append(base[i])
        i += 1
    missing = set(titles) - done
    if missing:
        sys.exit('maintainers.py: not in the base MAINTAINERS: ' +
                 ', '.join(sorted(missing)))
    sys.stdout.writelines(out)


if __name__ == '__main__':
    main(sys.argv)
