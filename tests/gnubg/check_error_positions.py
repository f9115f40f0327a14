# SPDX-License-Identifier: GPL-3.0-or-later
# check_error_positions.py -- cross-checks bench/error_positions.txt (the positions of
# `tavla errors`, whose equities tavla computed at 2 ply) against GNU Backgammon 1.07 itself.
#
# Run from the repository root (gnubg runs the script in its embedded Python 3):
#
#     /usr/games/gnubg -t -q -r -p tests/gnubg/check_error_positions.py
#
# For every TAVLA_CHECK_EVERY-th position (default 25) and every play listed, gnubg evaluates the
# position after the play at 2 ply, cubeless, with pruning, deterministic, no noise (gnubg's
# evalcontext(0, 2, 1, 1, 0.0); the file's reference), from the opponent's side; the mover's
# cubeless money equity is minus 2P(win)-1 + P(wg) - P(lg) + P(wbg) - P(lbg) of that. Prints the
# largest difference from the file and exits non-zero when it exceeds TOLERANCE (the file keeps 6
# decimals; tavla's 2 ply agrees with gnubg's within 1.4e-5).

import os
import sys

import gnubg  # provided by gnubg's embedded interpreter

TOLERANCE = 5e-5
EVERY = int(os.environ.get("TAVLA_CHECK_EVERY", "25"))
FILE = os.environ.get("TAVLA_ERROR_POSITIONS", "bench/error_positions.txt")


def money_equity(p):
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def main():
    ec = gnubg.evalcontext(0, 2, 1, 1, 0.0)
    ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    worst = 0.0
    checked = 0
    index = 0
    with open(FILE) as f:
        for line in f:
            if line.startswith("#") or line.startswith("reference"):
                continue
            index += 1
            if (index - 1) % EVERY:
                continue
            fields = line.split()
            n = int(fields[2])
            for k in range(n):
                after = fields[3 + 2 * k]
                want = float(fields[4 + 2 * k])
                b = gnubg.positionfromid(after)  # (opponent, mover), mover not yet swapped
                p = gnubg.evaluate((b[1], b[0]), ci, ec)
                got = -money_equity(p[:5])
                diff = abs(got - want)
                if diff > worst:
                    worst = diff
                if diff > TOLERANCE:
                    print("position %d (%s) play %s: file %.6f, gnubg %.6f" %
                          (index, fields[0], after, want, got))
                checked += 1
    print("checked %d plays of %d positions: largest difference %.2e" %
          (checked, (index + EVERY - 1) // EVERY, worst))
    sys.stdout.flush()
    os._exit(0 if worst <= TOLERANCE else 1)


main()
