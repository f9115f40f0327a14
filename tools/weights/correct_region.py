#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Moves a net's own values of the stragglers region to the level of rollouts, smoothly.

    tools/weights/correct_region.py [--probe-every N] VALUES OUT ROLLOUTS...

The stragglers region (tools/weights/split_region.py, eval/position_class.h): a side with at
most six chequers left still has one outside its home board. Session 38 found the crashed net
overrating that side there by 0.05 to 0.3 points, and nets fitted to the region's rollouts fix
the level but rank the plays worse (36 trials blur the differences between plays); the net's own
values moved per group keep its play but not the cube decisions, whose errors sit in particular
kinds of position (two chequers left, one on the bar against a five-point board).

This keeps the net's values (VALUES: a label file of them, e.g. `tavla analyze --batch --plies
0 | json_labels.py`) and adds a correction that is a linear function of a few features of the
position (chequers left and chequers still out per side, the chance to stay on the bar, home
boards made, pips), one per output (wins, gammons, backgammons, both sides), fitted by least
squares to (rollout - value) over the positions of the ROLLOUTS label files that VALUES also
holds. Within a move list the features change little, so the ranking stays the net's; the level
becomes the rollouts'. Every position of VALUES goes to OUT corrected (each probability clamped
to [0, 1] and to the rate that contains it). Every N-th rollout position (default 10) is held
out of the fit and reported as the probe: equity bias and rms before and after, per group.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from json_labels import consistent  # noqa: E402
from label_lines import LabelError, records  # noqa: E402
from split_region import sides  # noqa: E402

MAX_LEFT = 6    # the region: a side with at most this many chequers left ...
RIDGE = 1e-3    # ... least squares with this much ridge per position (features are O(1))


def side_features(me, other):
    """Features of one side (`me`, its points 1-24 then the bar) against `other`."""
    left = sum(me)
    out = sum(me[6:25])
    strag = left <= MAX_LEFT and out > 0
    f = [1.0 if min(left, 7) == n else 0.0 for n in range(1, 7)]
    f += [1.0 if strag and left == n else 0.0 for n in range(1, 7)]
    # the other's home board is `other`'s points 1-6: me entering from the bar faces them
    made = sum(1 for i in range(6) if other[i] >= 2)
    stay = (made / 6.0) ** 2  # one chequer's chance to stay on the bar
    f += [min(me[24], 2) / 2.0, (1.0 if me[24] else 0.0) * stay,
          (1.0 if me[24] and strag else 0.0) * stay, made / 6.0,
          min(out, 4) / 4.0, sum((i - 5) * me[i] for i in range(6, 25)) / 40.0]
    f += [sum((i + 1) * me[i] for i in range(25)) / 100.0]
    return f


def features(position_id):
    try:
        opp, roller = sides(position_id)  # gnubg's IDs: the side not on roll first
    except ValueError as e:  # also binascii.Error: not base64
        raise ValueError(f"{position_id}: {e}") from None
    return [1.0] + side_features(roller, opp) + side_features(opp, roller)


def equity(p):
    w, wg, wb, lg, lb = p
    return 2 * w - 1 + wg - lg + wb - lb


def solve(a, b):
    """x with a x = b, by Gaussian elimination with partial pivoting. a is 39 x 39; the scripts of
    tools/weights use only Python's standard library, so that any python3 runs them (numpy is
    Debian's python3-numpy, which the python3 first on PATH need not see)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            k = m[r][c] / m[c][c]
            if k:
                for j in range(c, n + 1):
                    m[r][j] -= k * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(rows):
    """Per output, ridge least-squares coefficients of (rollout - value) on the features."""
    n = len(rows[0][0])
    a = [[0.0] * n for _ in range(n)]  # the normal matrix is the same for every output
    for x, _, _ in rows:
        for i, xi in enumerate(x):
            if xi:
                ai = a[i]
                for j in range(n):
                    ai[j] += xi * x[j]
    for i in range(n):
        a[i][i] += RIDGE * len(rows)
    coef = []
    for k in range(5):
        b = [0.0] * n
        for x, v, r in rows:
            d = r[k] - v[k]
            for i, xi in enumerate(x):
                b[i] += xi * d
        coef.append(solve(a, b))
    return coef


def corrected(coef, x, v):
    return consistent([v[k] + sum(c * xi for c, xi in zip(coef[k], x)) for k in range(5)])


def group(position_id):
    """The fewer-chequered side: 'on roll' or 'not on roll', and its chequers left (7 = more)."""
    opp, roller = sides(position_id)
    mine, theirs = sum(roller), sum(opp)
    return ("on roll" if mine <= theirs else "not on roll", min(min(mine, theirs), 7))


def report(title, items):
    """Equity bias and rms (side on roll's view) per group: items are (pos, estimate, truth)."""
    groups = {}
    for pos, est, truth in items:
        d = equity(est) - equity(truth)
        for g in (group(pos), ("all", 0)):
            s = groups.setdefault(g, [0, 0.0, 0.0])
            s[0] += 1
            s[1] += d
            s[2] += d * d
    print(title)
    for g in sorted(groups):
        n, s1, s2 = groups[g]
        print(f"  {g[0]:>11} {g[1]} left: {n:6d}  bias {s1 / n:+.4f}  rms {(s2 / n) ** 0.5:.4f}")


def main(argv):
    args = argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    every = 10
    if len(args) >= 2 and args[0] == "--probe-every":
        try:
            every = int(args[1])
        except ValueError:
            print(f"--probe-every: not a number: {args[1]!r}", file=sys.stderr)
            return 2
        args = args[2:]
    if len(args) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    values = {}
    for _, cls, pos, probs in records(args[0]):
        values[pos] = (cls, probs)
    train, probe = [], []
    for name in args[2:]:
        for i, (_, _, pos, probs) in enumerate(records(name)):
            if pos not in values:
                continue
            row = (features(pos), values[pos][1], probs, pos)
            (probe if every > 0 and i % every == 0 else train).append(row)
    if not train:
        print("no rollout position has a value in VALUES", file=sys.stderr)
        return 1
    print(f"{len(values)} values, {len(train)} rollouts fitted, {len(probe)} held out")
    coef = fit([(x, v, r) for x, v, r, _ in train])
    for name, rows in (("fitted", train), ("probe", probe)):
        report(f"{name}, the net's values", [(p, v, r) for _, v, r, p in rows])
        report(f"{name}, corrected", [(p, corrected(coef, x, v), r) for x, v, r, p in rows])
    with open(args[1], "w") as out:
        out.write("# tavla train labels (tools/train/label_file.h): CLASS POSID and the five\n"
                  "# cubeless probabilities for the side on roll. A net's own values of the\n"
                  "# stragglers region, corrected towards rollouts (tools/weights/"
                  "correct_region.py).\n")
        for pos, (cls, v) in values.items():
            p = corrected(coef, features(pos), v)
            out.write(f"{cls} {pos} " + " ".join(f"{x:.6f}" for x in p) + "\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (LabelError, OSError) as e:
        print(f"correct_region: {e}", file=sys.stderr)
        sys.exit(1)
    except ValueError as e:  # split_region.sides(): a position ID that is not one
        print(f"correct_region: bad position ID: {e}", file=sys.stderr)
        sys.exit(1)
