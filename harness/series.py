#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write our overlay as a git format-patch series against the base tree.

    series.py TOP BASE WORK OUT OVERLAY_LIST DELETED_LIST

TOP is the project, BASE the pristine kernel tree, WORK a scratch
directory for the git repository the patches are made in, OUT where the
patches go, OVERLAY_LIST and DELETED_LIST the files of ours and the
upstream files we delete (one path a line).

The steps and which file goes to which step come from harness/series/:
NN-STEP.msg (commit message, in patch order) and map (path patterns to
steps); interim lists temporary edits, of upstream files or of ours, that
keep the patches before a step building.
The repository holds only the files the series touches, in their base
version first, so the patches are exactly those against the full tree.
"""
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import textwrap


def die(msg):
    sys.exit('series: ' + msg)


def read_lines(path):
    with open(path) as f:
        return [l.strip() for l in f if l.strip()]


def read_table(path, ncols):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].rstrip()
            if not line.strip():
                continue
            cols = line.split(None, ncols - 1)
            if len(cols) != ncols:
                die('%s: bad line: %s' % (path, line))
            rows.append(cols)
    return rows


def git(work, *args, env=None, capture=False):
    full = dict(os.environ)
    full.update(env or {})
    r = subprocess.run(('git', '-C', work) + args, env=full, check=True,
                       stdout=subprocess.PIPE if capture else None)
    return r.stdout.decode() if capture else None


def load_steps(sdir):
    steps = []
    for name in sorted(os.listdir(sdir)):
        m = re.fullmatch(r'(\d+)-([a-z0-9_-]+)\.msg', name)
        if m:
            with open(os.path.join(sdir, name)) as f:
                steps.append((m.group(2), f.read().strip() + '\n'))
    if not steps:
        die('no NN-STEP.msg in ' + sdir)
    return steps


def assign(files, rules, step_names):
    """Map every file to the step of the first rule matching it."""
    where, unmapped = {}, []
    for f in files:
        for step, pattern in rules:
            if fnmatch.fnmatchcase(f, pattern):
                where[f] = step
                break
        else:
            unmapped.append(f)
    if unmapped:
        die('no step in harness/series/map for:\n  ' + '\n  '.join(unmapped))
    bad = sorted({s for s, _ in rules} - set(step_names))
    if bad:
        die('map names steps without a message file: ' + ', '.join(bad))
    return where


def put(src, dst):
    os.makedirs(os.path.dirname(dst) or '.', exist_ok=True)
    if os.path.lexists(dst):
        os.unlink(dst)
    shutil.copyfile(src, dst)
    shutil.copymode(src, dst)


def remove(path):
    if os.path.lexists(path):
        os.unlink(path)


def sed_file(src, script, dst):
    with open(dst, 'w') as out:
        subprocess.run(('sed', '-e', script, src), stdout=out, check=True)


def bench_table(top):
    """The x86-64 `make bench` table of RESULTS.md and the line that dates
    it, as the harness wrote them; None before the first run."""
    try:
        with open(os.path.join(top, 'RESULTS.md')) as f:
            text = f.read()
    except OSError:
        return None
    m = re.search(r'<!-- results:bench -->\n(.*?)<!-- /results:bench -->',
                  text, re.S)
    if not m:
        return None
    lines = m.group(1).splitlines()
    table = [l for l in lines if l.startswith('|')]
    dated = [l for l in lines if re.match(r'\d{4}-\d\d-\d\d\b', l)]
    if not table:
        return None
    when = [textwrap.fill(dated[0], 72), ''] if dated else []
    return '\n'.join(when + table) + '\n'


def write_cover(out, top, sdir, version):
    names = sorted(n for n in os.listdir(out) if n.startswith('0000-'))
    if not names:
        die('git format-patch wrote no cover letter')
    path = os.path.join(out, names[0])
    with open(path) as f:
        text = f.read()
    with open(os.path.join(sdir, 'cover.msg')) as f:
        subject, _, blurb = f.read().strip().partition('\n')
    blurb = blurb.strip() + '\n\nBase: Linux %s (Debian linux-source-6.12).\n' % version
    table = bench_table(top)
    if table:
        blurb += ('\nOverhead, from `make bench` (RESULTS.md of the project,'
                  ' as the harness\nwrote it), measured under QEMU emulation'
                  ' (TCG, no KVM) with -icount shift=0: hit.* rows\n'
                  'are guest instructions per hit, reg.* rows guest'
                  ' nanoseconds; not hardware\ntimes.\n\n' + table)
    else:
        blurb += '\nNo `make bench` table in RESULTS.md yet.\n'
    text = text.replace('*** SUBJECT HERE ***', subject.strip())
    text = text.replace('*** BLURB HERE ***', blurb.rstrip())
    with open(path, 'w') as f:
        f.write(text)


def identity(top):
    """Who signs the patches: git's user.name/user.email, or the author
    of the project's last commit where those are not set (a CI clone)."""
    ident = {}
    for key, fmt in (('user.name', '%an'), ('user.email', '%ae')):
        try:
            ident[key] = git(top, 'config', key, capture=True).strip()
        except subprocess.CalledProcessError:
            ident[key] = git(top, 'log', '-1', '--format=' + fmt,
                             capture=True).strip()
    return ident


def main(argv):
    if len(argv) != 7:
        sys.exit(__doc__)
    top, base, work, out, overlay_list, deleted_list = argv[1:]
    sdir = os.path.join(top, 'harness', 'series')
    steps = load_steps(sdir)
    names = [s for s, _ in steps]
    ours = [f for f in read_lines(overlay_list) if f != 'MAINTAINERS']
    has_maint = 'MAINTAINERS' in read_lines(overlay_list)
    deleted = read_lines(deleted_list)
    where = assign(ours + deleted, read_table(os.path.join(sdir, 'map'), 2),
                   names)
    interim = read_table(os.path.join(sdir, 'interim'), 3)
    used = set(where.values()) | ({'maintainers'} if has_maint else set())
    # A step may consist of dropping its interim edits only.
    used |= {st for st, _, _ in interim if st in names}
    with open(os.path.join(base, '.kp-version')) as f:
        version = f.read().strip()

    # A repository holding the base version of every file we touch.
    touched = set(ours) | set(deleted) | {f for _, f, _ in interim}
    if has_maint:
        touched.add('MAINTAINERS')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    git(work, 'init', '-q')
    ident = identity(top)
    date = git(top, 'log', '-1', '--format=%cI', capture=True).strip()
    env = {'GIT_AUTHOR_NAME': ident['user.name'],
           'GIT_AUTHOR_EMAIL': ident['user.email'],
           'GIT_COMMITTER_NAME': ident['user.name'],
           'GIT_COMMITTER_EMAIL': ident['user.email'],
           'GIT_AUTHOR_DATE': date, 'GIT_COMMITTER_DATE': date}
    for f in sorted(touched):
        if os.path.isfile(os.path.join(base, f)):
            put(os.path.join(base, f), os.path.join(work, f))
    git(work, 'add', '-A')
    git(work, 'commit', '-q', '--allow-empty', '-m',
        'Linux %s: the files this series touches' % version, env=env)
    base_commit = git(work, 'rev-parse', 'HEAD', capture=True).strip()

    applied = []
    signoff = 'Signed-off-by: %s <%s>\n' % (ident['user.name'],
                                            ident['user.email'])
    for i, (step, msg) in enumerate(steps):
        for f in sorted(f for f in where if where[f] == step):
            if f in deleted and f not in ours:
                remove(os.path.join(work, f))
            else:
                put(os.path.join(top, f), os.path.join(work, f))
                applied.append(f)
        for f in sorted({f for _, f, _ in interim}):
            # The file as the series has it so far: ours once its own
            # step is in, the base version before; then every interim
            # edit of a step still to come, in the order listed.
            if f in where and names.index(where[f]) <= i:
                src = os.path.join(top, f)
            else:
                src = os.path.join(base, f)
            scripts = [sc for st, fi, sc in interim
                       if fi == f and st in used and i < names.index(st)]
            dst = os.path.join(work, f)
            if not os.path.isfile(src):
                remove(dst)
            elif scripts:
                sed_file(src, '\n'.join(scripts), dst)
            else:
                put(src, dst)
        if has_maint:
            lst = os.path.join(work, '.git', 'kp-applied')
            with open(lst, 'w') as fl:
                fl.write(''.join(a + '\n' for a in applied))
            cmd = ['python3', os.path.join(top, 'harness', 'maintainers.py'),
                   os.path.join(base, 'MAINTAINERS'),
                   os.path.join(top, 'MAINTAINERS')]
            if 'maintainers' in names and i < names.index('maintainers'):
                cmd += [lst, os.path.join(sdir, 'maintainers-late')]
            with open(os.path.join(work, 'MAINTAINERS'), 'w') as fm:
                subprocess.run(cmd, stdout=fm, check=True)
        git(work, 'add', '-A')
        if not git(work, 'status', '--porcelain', capture=True).strip():
            print('series: step %s has no changes, no patch' % step,
                  file=sys.stderr)
            continue
        git(work, 'commit', '-q', '-m', msg.rstrip() + '\n\n' + signoff,
            env=env)

    shutil.rmtree(out, ignore_errors=True)
    git(work, 'format-patch', '-q', '--cover-letter', '--thread=shallow',
        '--no-signature', '-o', out, base_commit + '..HEAD', env=env)
    write_cover(out, top, sdir, version)
    for n in sorted(os.listdir(out)):
        print(os.path.join(out, n))


if __name__ == '__main__':
    main(sys.argv)
