#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Keep RESULTS.md, the record of the last full runs, up to date.

Usage:
  results.py KEY TITLE FILE          replace section KEY with FILE's text
  results.py --rows KEY TITLE FILE   merge FILE's table rows into KEY

Each section starts with the run's date, the commit it ran on (with "+"
when the working tree had changes) and the machine.  With --rows, FILE is
a table whose "#" lines are comments and whose other lines are rows keyed
by their first two fields (make arches: architecture and tree); each row
replaces the row of the same key, which keeps the date and commit of the
run it came from, so that a run of a few architectures updates only
theirs.

Sections are kept in the order of ORDER, unknown keys at the end.  The
harness calls this at the end of a full run; nothing else edits the file.
"""

import datetime
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH = os.path.join(TOP, 'RESULTS.md')
ORDER = ['check', 'check-i386', 'check-arm64', 'check-riscv64', 'check-arm',
         'check-ppc64le', 'bench', 'bench-arm64', 'bench-riscv64', 'arches']
HEAD = """# Results

The last full run of each kind, written by the harness at the end of the
run (`harness/results.py`): `make check` with its default variants and
suites (per `ARCH=`), `make bench` (per `ARCH=`) and `make arches` (one
row per architecture and tree). Runs that select tests, variants or
suites do not write here. Every section names its date, commit and
machine; the figures are QEMU emulation (TCG, no KVM), not hardware.
"""


def git(*args):
    try:
        return subprocess.run(('git', '-C', TOP) + args, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ''


def commit():
    sha = git('rev-parse', '--short', 'HEAD') or 'unknown'
    dirty = git('status', '--porcelain', '-uno', '--', '.', ':!RESULTS.md')
    return sha + ('+' if dirty else '')


def machine():
    model, mem = '', 0
    try:
        with open('/proc/cpuinfo') as f:
            m = re.search(r'^model name\s*:\s*(.*)$', f.read(), re.M)
            model = m.group(1).strip() if m else ''
        with open('/proc/meminfo') as f:
            m = re.search(r'^MemTotal:\s*(\d+)', f.read(), re.M)
            mem = int(m.group(1)) if m else 0
    except OSError:
        pass
    text = '%d cores' % os.cpu_count()
    if model:
        text += ' (%s)' % re.sub(r'\s+', ' ', model)
    if mem:
        text += ', %d GiB' % round(mem / 1048576)
    return text


def stamp():
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime('%Y-%m-%d %H:%M UTC'), commit()


def load():
    """The file's sections, as {key: text} and the keys in file order."""
    try:
        with open(PATH) as f:
            text = f.read()
    except OSError:
        return {}, []
    sections, keys = {}, []
    for m in re.finditer(r'<!-- results:(\S+) -->\n(.*?)<!-- /results:\1 -->\n',
                         text, re.S):
        sections[m.group(1)] = m.group(2)
        keys.append(m.group(1))
    return sections, keys


def save(sections, keys):
    order = [k for k in ORDER if k in sections]
    order += [k for k in keys if k in sections and k not in order]
    order += [k for k in sections if k not in order]
    out = [HEAD]
    for k in order:
        out.append('\n<!-- results:%s -->\n%s<!-- /results:%s -->\n'
                   % (k, sections[k], k))
    tmp = PATH + '.tmp'
    with open(tmp, 'w') as f:
        f.write(''.join(out))
    os.replace(tmp, PATH)


def section(title, body):
    date, sha = stamp()
    return ('## %s\n\n%s, commit %s, on %s.\n\n%s\n'
            % (title, date, sha, machine(), body.rstrip()))


def merged_rows(old, new_text):
    """Rows of the old section's code block updated with new_text's rows."""
    date, sha = stamp()
    rows, order, header = {}, [], []
    m = re.search(r'```\n(.*?)```', old or '', re.S)
    for line in (m.group(1).splitlines() if m else []):
        if line.startswith('#') or not line.strip():
            continue
        key = tuple(line.split()[:2])
        if key[0] == 'arch':
            header = [line]
            continue
        rows[key] = line
        order.append(key)
    for line in new_text.splitlines():
        if line.startswith('#') or not line.strip():
            continue
        key = tuple(line.split()[:2])
        if key[0] == 'arch':
            header = [line.rstrip() + '  (run)']
            continue
        if key not in rows:
            order.append(key)
        rows[key] = '%s  (%s, %s)' % (line.rstrip(), date[:10], sha)
    comments = [line for line in new_text.splitlines() if line.startswith('#')
                and not line.startswith('# make arches,')]
    return '\n'.join(comments + header + [rows[k] for k in order])


def main(argv):
    rows = argv[:1] == ['--rows']
    if rows:
        argv = argv[1:]
    if len(argv) != 3:
        sys.exit(__doc__)
    key, title, path = argv
    with open(path) as f:
        body = f.read()
    sections, keys = load()
    if rows:
        body = ('Each row ends with the date and commit of its own run.\n\n'
                '```\n%s\n```' % merged_rows(sections.get(key), body))
    sections[key] = section(title, body)
    if key not in keys:
        keys.append(key)
    save(sections, keys)
    print('results: section %s of %s updated' % (key, PATH))


if __name__ == '__main__':
    main(sys.argv[1:])
