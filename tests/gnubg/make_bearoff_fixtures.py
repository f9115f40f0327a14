#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# make_bearoff_fixtures.py -- reference data for tavla's bearoff tests, produced by the tools of
# GNU Backgammon 1.07 (Debian package gnubg): bearoffdump, makebearoff and gnubg itself.
#
# Run from the repository root (about a minute):
#
#     python3 tests/gnubg/make_bearoff_fixtures.py
#
# Writes into tests/fixtures/bearoff/ (override with $TAVLA_FIXTURES_OUT):
#
#   os0_dump.txt   bearoffdump of entries of /usr/share/gnubg/gnubg_os0.bd (one-sided, 6 points):
#                    pos <number> <player index> <opponent index> <position id>
#                    row <rolls> <player> <opponent> [<player gammon> <opponent gammon>]
#                    mean <player> <opponent> <player gammon> <opponent gammon>
#                    sd   <player> <opponent> <player gammon> <opponent gammon>
#                  percentages and rolls exactly as bearoffdump prints them (%7.3f); a dump
#                  lists the rolls where a distribution is non-zero, and (a bearoffdump quirk)
#                  its last row lacks the gammon columns.
#   ts0_dump.txt   bearoffdump of entries of /var/lib/gnubg/gnubg_ts0.bd (two-sided, 6x6):
#                    ts <number> <player index> <opponent index> <position id>
#                       <cubeless> <owned cube> <centred cube> <opponent owns cube>   (%+7.4f)
#   nd_dump.txt    the same for a normal-distribution database (`makebearoff -o 6 -n`), whose
#                  probabilities are gnubg's normal density at each roll count
#   makebearoff_md5.txt   md5 of `makebearoff <options>` output for small settings:
#                    <md5> <options...>
#   eval.txt       gnubg.evaluate (0 ply, cubeless) of bearoff positions, with gnubg's class
#                  (4 = two-sided database, 6 = one-sided database):
#                    <board> <class> <win> <win gammon> <win bg> <lose gammon> <lose bg>
#                  board = 50 hex digits, side not on roll (ace point .. bar) then side on roll.
#
# Deterministic: positions come from a seeded random generator. The md5 values of the large
# default databases are taken from the gnubg manual instead (tests/fixtures/bearoff/manual_md5.txt,
# written by hand).

import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile

SEED = 20240611
OUT = os.environ.get('TAVLA_FIXTURES_OUT', 'tests/fixtures/bearoff')
BEAROFFDUMP = '/usr/games/bearoffdump'
MAKEBEAROFF = '/usr/games/makebearoff'
GNUBG = '/usr/games/gnubg'
OS0 = '/usr/share/gnubg/gnubg_os0.bd'
TS0 = '/var/lib/gnubg/gnubg_ts0.bd'
OS_N = 54264  # C(21, 6)
TS_N = 924    # C(12, 6)
INT_MAX = 2**31 - 1  # bearoffdump reads -n as a signed int

rng = random.Random(SEED)


def dump(db, number):
    out = subprocess.run([BEAROFFDUMP, db, '-n', str(number)], check=True, capture_output=True,
                         text=True).stdout
    posid = re.search(r'Position ID: (\S+)', out).group(1)
    m = re.search(r'Position\s+(\d+)\s+(\d+)', out)
    return out, posid, int(m.group(1)), int(m.group(2))


def os_dump_lines(number, db=OS0):
    out, posid, us, them = dump(db, number)
    lines = ['pos %d %d %d %s' % (number, us, them, posid)]
    text = out.split('Rolls\tPlayer\tOpponent\tPlayer\tOpponent\n', 1)[1]
    table, rest = text.split('Average rolls', 1)
    for row in table.split('\n'):
        fields = [f for f in row.strip().split('\t') if f.strip()]
        if fields:
            lines.append('row ' + ' '.join(f.strip() for f in fields))
    for label, key in (('Mean', 'mean'), ('Std dev', 'sd')):
        m = re.search(r'^%s\t(.*)$' % label, rest, re.M)
        lines.append(key + ' ' + ' '.join(f.strip() for f in m.group(1).split('\t') if f.strip()))
    return lines


def ts_dump_line(number):
    out, posid, us, them = dump(TS0, number)
    values = [re.search(r'^%s\s*: (\S+)' % label, out, re.M).group(1)
              for label in ('Cubeless equity', 'Owned cube', 'Centered cube', 'Opponent owns cube')]
    return 'ts %d %d %d %s %s' % (number, us, them, posid, ' '.join(values))


# Settings whose output is compared byte for byte; each runs in a few seconds with gnubg.
MD5_SETTINGS = (
    [['-o', str(p)] + f for p in range(1, 7)
     for f in ([], ['-c'], ['-g'], ['-c', '-g'], ['-H'], ['-n'], ['-n', '-H'])] +
    [['-t', t] + f for t in ('6x1', '6x2', '6x3', '6x4', '6x5', '1x1', '2x2', '3x5', '4x4',
                             '5x3', '7x2', '8x3', '12x2', '2x11')
     for f in ([], ['-C'], ['-H'])])


def makebearoff_md5(options, tmp):
    path = os.path.join(tmp, 'db.bd')
    subprocess.run([MAKEBEAROFF] + options + ['-f', path], check=True, capture_output=True)
    with open(path, 'rb') as f:
        return hashlib.md5(f.read()).hexdigest()


def random_side(chequers, points=6):
    side = [0] * 25
    for _ in range(chequers):
        side[rng.randrange(points)] += 1
    return side


def eval_positions():
    boards = []
    for k in range(120):  # both sides small: gnubg uses the two-sided database (class 4)
        boards.append((random_side(rng.randint(1, 6)), random_side(rng.randint(1, 6))))
    for k in range(180):  # at least one big side: the one-sided database (class 6)
        big = 15 if k % 3 == 0 else rng.randint(7, 15)
        other = 15 if k % 5 == 0 else rng.randint(1, 15)
        pair = (random_side(big), random_side(other))
        boards.append(pair if k % 2 else pair[::-1])
    return boards


GNUBG_SCRIPT = r'''
import gnubg
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('new game')
ci = gnubg.cubeinfo()
ec = gnubg.evalcontext(0, 0, 1, 0, 0.0)
out = open(%(out)r, 'w')
for line in open(%(inp)r):
    h = line.split()[0]
    b = (tuple(int(c, 16) for c in h[:25]), tuple(int(c, 16) for c in h[25:]))
    p = gnubg.evaluate(b, ci, ec)[:5]
    out.write('%%s %%d %%s\n' %% (h, gnubg.classifypos(b), ' '.join('%%.9g' %% x for x in p)))
out.close()
'''


def to_hex(side0, side1):
    return ''.join('%x' % c for c in side0) + ''.join('%x' % c for c in side1)


def main():
    os.makedirs(OUT, exist_ok=True)
    header = '# Generated by tests/gnubg/make_bearoff_fixtures.py from GNU Backgammon 1.07. Do not edit.\n'

    numbers = [1, 2, 923, 54263, 54264, 54265] + \
        [rng.randrange(INT_MAX // OS_N) * OS_N + rng.randrange(OS_N) for _ in range(200)]
    with open(os.path.join(OUT, 'os0_dump.txt'), 'w') as f:
        f.write(header)
        for n in numbers:
            f.write('\n'.join(os_dump_lines(n)) + '\n')

    numbers = [1, 2, 923, 924, 925, TS_N * TS_N - 1] + \
        [rng.randrange(1, TS_N * TS_N) for _ in range(300)]
    with open(os.path.join(OUT, 'ts0_dump.txt'), 'w') as f:
        f.write(header)
        for n in numbers:
            f.write(ts_dump_line(n) + '\n')

    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(OUT, 'makebearoff_md5.txt'), 'w') as f:
            f.write(header)
            for options in MD5_SETTINGS:
                f.write('%s %s\n' % (makebearoff_md5(options, tmp), ' '.join(options)))

        inp, res, script = (os.path.join(tmp, x) for x in ('in.txt', 'out.txt', 'eval.py'))
        with open(inp, 'w') as f:
            for side0, side1 in eval_positions():
                f.write(to_hex(side0, side1) + '\n')
        with open(script, 'w') as f:
            f.write(GNUBG_SCRIPT % {'inp': inp, 'out': res})
        subprocess.run([GNUBG, '-t', '-q', '-r', '-p', script], check=True, capture_output=True,
                       stdin=subprocess.DEVNULL)
        with open(res) as r, open(os.path.join(OUT, 'eval.txt'), 'w') as f:
            f.write(header)
            f.write(r.read())

        nd = os.path.join(tmp, 'nd.bd')
        subprocess.run([MAKEBEAROFF, '-o', '6', '-n', '-f', nd], check=True, capture_output=True)
        numbers = [1, 54263] + [rng.randrange(INT_MAX // OS_N) * OS_N + rng.randrange(OS_N)
                                for _ in range(60)]
        with open(os.path.join(OUT, 'nd_dump.txt'), 'w') as f:
            f.write(header)
            for n in numbers:
                f.write('\n'.join(os_dump_lines(n, nd)) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
