#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Summarise guest runs: one table row per (variant, suite), then every
failure and skip with its reason, then the line "N passed, N failed".

Usage: report.py RUNDIR...

Each RUNDIR is $BUILD/runs/TREE-VARIANT as left by boot.sh; RUNDIR/suites
names the suites that were asked for. Test cases are
the leaves of the KTAP trees in RUNDIR/out/SUITE.tap; a parent reported
"not ok" with no failing leaf counts as one failure of its own, and so does
a plan that announced more results than arrived. Each run also gets a
"guest" suite (unless RUNDIR/host-only exists): the boot verdict, two
online CPUs, a kernel log free of warnings. Each failure is followed by
the last DIAG_LINES diagnostic ("# ") lines its test printed before its
result, so that a log of the summary alone says why. Exit status: 0 only
when nothing failed.
"""

import os
import re
import sys

RESULT = re.compile(r'^(\s*)(ok|not ok)\s+(\d+)\s*(?:-\s*)?([^#]*?)\s*(?:#\s*(.*?))?\s*$')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)')
DIAG = re.compile(r'^\s*#\s?(.*)$')
DIAG_LINES = 12
SKIP_ALL = re.compile(r'^1\.\.0\s*#\s*SKIP\s*(.*)$')
SUBTEST = re.compile(r'^(\s*)#\s*Subtest:\s*(.*?)\s*$')


def log_patterns(kinds):
    """One regex of the kernel-log-patterns lines of these kinds."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                        'tools', 'testing', 'selftests', 'kprobes',
                        'kernel-log-patterns')
    found = []
    with open(path) as f:
        for line in f:
            m = re.match(r'^\[(\w+)\] (.+?)\s*$', line)
            if m and m.group(1) in kinds:
                found.append(m.group(2))
    return re.compile('|'.join(found))


# A crash, as boot.sh decides it.
CRASH = log_patterns(('crash',))
# Kernel log lines that mean something went wrong even if every test passed.
BAD_LOG = log_patterns(('crash', 'bad'))


class Case:
    def __init__(self, name, status, reason='', diag=()):
        self.name = name
        self.status = status      # 'pass', 'fail' or 'skip'
        self.reason = reason
        self.diag = list(diag)    # what the test printed before its result


def directive_status(ok, directive):
    d = (directive or '').strip()
    word = d.split(' ', 1)[0].upper() if d else ''
    if ok and word == 'SKIP':
        return 'skip', d[4:].strip() or 'no reason given'
    if ok:
        return 'pass', ''
    if word in ('TODO', 'XFAIL'):
        return 'skip', d
    return 'fail', d


def parse_ktap(text):
    """Return the leaf cases of a KTAP/TAP stream."""
    lines = text.splitlines()
    results = []            # (indent, ok, name, directive, line index)
    plans = []              # (indent, count, line index)
    headers = {}            # indent -> current subtest name
    parents = []            # subtest name in force for each result
    diags = []              # diagnostic lines printed before each result
    pending = []
    for i, line in enumerate(lines):
        m = SUBTEST.match(line)
        if m:
            headers[len(m.group(1))] = m.group(2)
            pending = []
            continue
        m = SKIP_ALL.match(line)
        if m and not results:
            return [Case('(all)', 'skip', m.group(1) or 'no reason given')]
        m = PLAN.match(line)
        if m:
            plans.append((len(m.group(1)), int(m.group(2)), i))
            continue
        m = RESULT.match(line)
        if m:
            ind = len(m.group(1))
            results.append((ind, m.group(2) == 'ok', m.group(4) or m.group(3),
                            m.group(5), i))
            parents.append(headers.get(ind, ''))
            diags.append(pending)
            pending = []
            continue
        m = DIAG.match(line)
        if m:
            pending.append(m.group(1))

    cases = []
    for k, (ind, ok, name, directive, _) in enumerate(results):
        full = f'{parents[k]}.{name}' if parents[k] else name
        is_parent = k > 0 and results[k - 1][0] > ind
        status, reason = directive_status(ok, directive)
        if not is_parent:
            cases.append(Case(full, status, reason, diags[k]))
        else:
            # children are the deeper results right before this one
            j = k - 1
            child_fail = False
            while j >= 0 and results[j][0] > ind:
                child_fail |= not results[j][1] and \
                    directive_status(False, results[j][3])[0] == 'fail'
                j -= 1
            if status == 'fail' and not child_fail:
                cases.append(Case(full, 'fail', reason or 'reported not ok'))

    # Plans that announced more results than arrived at their level.
    for ind, count, at in plans:
        got = 0
        for r in results:
            if r[4] <= at:
                continue
            if r[0] < ind:
                break
            if r[0] == ind:
                got += 1
        if got < count and count > 0:
            cases.append(Case(f'plan at line {at + 1}', 'fail',
                              f'{count} results announced, {got} arrived'))
    return cases


def guest_cases(run):
    cases = []
    verdict = read(run, 'verdict', 'missing').strip()
    log = read(run, 'console.log', '')
    why = f'verdict: {verdict}'
    if verdict == 'crash':
        first = next((ln.strip() for ln in log.splitlines()
                      if CRASH.search(ln)), '')
        why += f' ({first})'
    cases.append(Case('guest.boot', 'pass' if verdict == 'pass' else 'fail',
                      '' if verdict == 'pass' else why))
    cpus = read(run, 'out/cpus', '?').strip()
    # A run that asked for another number of vCPUs says so in smp.
    want = read(run, 'smp', '2').strip()
    cases.append(Case('guest.two_cpus', 'pass' if cpus == want else 'fail',
                      '' if cpus == want else f'guest saw {cpus} CPUs of {want}'))
    bad = [ln.strip() for ln in log.splitlines() if BAD_LOG.search(ln)]
    cases.append(Case('guest.kernel_log_clean', 'fail' if bad else 'pass',
                      bad[0] if bad else ''))
    return cases


def read(run, name, default):
    try:
        with open(os.path.join(run, name), errors='replace') as f:
            return f.read()
    except OSError:
        return default


def main():
    runs = sys.argv[1:]
    rows = []
    problems = []
    total = {'pass': 0, 'fail': 0, 'skip': 0}
    for run in runs:
        label = os.path.basename(run.rstrip('/'))
        boot = read(run, 'boot-seconds', '?').strip()
        per_suite = []
        if not os.path.exists(os.path.join(run, 'host-only')):
            per_suite.append(('guest', guest_cases(run), f'{boot}s boot'))
        for s in read(run, 'suites', '').split():
            tap = read(run, f'out/{s}.tap', None)
            if tap is None:
                cases = [Case(s, 'fail', 'suite did not run (see verdict)')]
            else:
                cases = parse_ktap(tap)
                if not cases:
                    cases = [Case(s, 'fail', 'suite reported no test')]
            t = read(run, f'out/{s}.time', '?').strip()
            per_suite.append((s, cases, f'{t}s'))
        for s, cases, t in per_suite:
            n = {k: sum(c.status == k for c in cases) for k in total}
            for k in total:
                total[k] += n[k]
            rows.append((label, s, n['pass'], n['fail'], n['skip'], t))
            for c in cases:
                if c.status != 'pass':
                    problems.append((c.status, label, s, c.name, c.reason,
                                 c.diag))

    # runs of another architecture have longer names (upstream-arm64-default)
    w = max([20] + [len(r[0]) for r in rows])
    print()
    print(f'{"run":<{w}} {"suite":<12} {"passed":>6} {"failed":>6} '
          f'{"skipped":>7}  time')
    for r in rows:
        print(f'{r[0]:<{w}} {r[1]:<12} {r[2]:>6} {r[3]:>6} {r[4]:>7}  {r[5]}')
    for st, label, s, name, reason, diag in sorted(problems,
                                                   key=lambda p: p[0]):
        word = 'FAIL' if st == 'fail' else 'SKIP'
        print(f'{word} {label}/{s}: {name}' + (f' -- {reason}' if reason else ''))
        if st == 'fail':
            for d in diag[-DIAG_LINES:]:
                print(f'    | {d}')
    print(f'{total["pass"]} passed, {total["fail"]} failed, '
          f'{total["skip"]} skipped')
    return 1 if total['fail'] else 0


if __name__ == '__main__':
    sys.exit(main())
