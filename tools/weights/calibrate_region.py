#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Calibrates the holding region's 2-ply labels on rollout labels of the same positions.

    tools/weights/calibrate_region.py [--max-out N] TWO_PLY ROLLOUTS IN OUT

The holding region (tools/weights/split_region.py) is where a side (S) bears in against the
other's (A's) anchor. Session 26 found the 2-ply labels there overrate both sides' gammons (S's
by about a tenth, A's by a quarter) and S's winning chances when they are low. This turns those
findings into three calibration maps, S's wins, S's gammons and A's gammons: the positions of
ROLLOUTS that TWO_PLY also labels, in S's point of view, binned by the 2-ply label's value (ten
bins, those with at least MIN_BIN positions kept); each bin gives the point (mean 2-ply label,
mean rollout label), and the map is linear between the points, from (0, 0) to (1, 1). A bin's
mean rollout is the mean of the truth given the 2-ply label, so the map is unbiased however
noisy each rollout is.

Every label line of IN in the region (one side bearing in, not both) goes to OUT calibrated:
S's wins and both gammons mapped, each backgammon scaled as its gammon, gammons capped by the
wins; other lines are copied. Label files: CLASS POSID and the five probabilities of the side
on roll (tools/train/label_file.h). Prints the maps and the counts.
"""
import bisect
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from label_lines import records  # noqa: E402
from split_region import bears_in_against_anchor, parse_max_out, sides  # noqa: E402

BINS = 10      # bins of a map over [0, 1]
MIN_BIN = 20   # positions a bin needs to give a point of its map


def read_labels(name):
    """{position ID: (class, five probabilities)} of a label file (label_lines.py)."""
    return {pos: (cls, probs) for _, cls, pos, probs in records(name)}


def bearing_in_side(position_id, max_out):
    """'roller' or 'opponent' when exactly that side bears in against an anchor, else None."""
    not_on_roll, on_roll = sides(position_id)
    roller = bears_in_against_anchor(on_roll, not_on_roll, max_out)
    opponent = bears_in_against_anchor(not_on_roll, on_roll, max_out)
    if roller != opponent:
        return "roller" if roller else "opponent"
    return None


def to_s(p, side):
    """(S wins, S gammons, S backgammons, A gammons, A backgammons) from the roller's five."""
    if side == "roller":
        return list(p)
    return [1 - p[0], p[3], p[4], p[1], p[2]]


def from_s(q, side):
    if side == "roller":
        return list(q)
    return [1 - q[0], q[3], q[4], q[1], q[2]]


def fit_map(pairs, index):
    bins = {}
    for label, rollout in pairs:
        b = min(int(label[index] * BINS), BINS - 1)
        bins.setdefault(b, []).append((label[index], rollout[index]))
    xs, ys = [0.0], [0.0]
    for b in sorted(bins):
        v = bins[b]
        if len(v) < MIN_BIN:
            continue
        xs.append(sum(x for x, _ in v) / len(v))
        ys.append(sum(y for _, y in v) / len(v))
    xs.append(1.0)
    ys.append(1.0)
    return xs, ys


def apply_map(m, x):
    xs, ys = m
    j = max(1, min(bisect.bisect_left(xs, x), len(xs) - 1))
    t = (x - xs[j - 1]) / (xs[j] - xs[j - 1]) if xs[j] > xs[j - 1] else 0.0
    return ys[j - 1] + t * (ys[j] - ys[j - 1])


def calibrate(q, maps):
    w = apply_map(maps[0], q[0])
    g_s = apply_map(maps[1], q[1]) if q[1] > 0 else 0.0
    g_a = apply_map(maps[3], q[3]) if q[3] > 0 else 0.0
    bg_s = q[2] * (g_s / q[1]) if q[1] > 0 else 0.0
    bg_a = q[4] * (g_a / q[3]) if q[3] > 0 else 0.0
    g_s = min(g_s, w)
    g_a = min(g_a, 1 - w)
    return [w, g_s, min(bg_s, g_s), g_a, min(bg_a, g_a)]


def rewrite_labels(in_name, out_name, relabel):
    """Writes IN's label lines to OUT (comments and blank lines dropped), each through
    relabel(fields, five probabilities): the new five, or None to copy the line as it is.
    Returns [relabelled, copied], or None after saying on stderr what was wrong and where."""
    counts = [0, 0]
    try:
        with open(in_name) as f, open(out_name, "w") as out:
            for number, line in enumerate(f, 1):
                if line.startswith("#") or not line.strip():
                    continue
                fields = line.split()
                try:
                    if len(fields) != 7:
                        raise ValueError("not a label line")
                    q = relabel(fields, [float(x) for x in fields[2:7]])
                except (ValueError, IndexError) as e:
                    print(f"{in_name}:{number}: {e}", file=sys.stderr)
                    return None
                if q is None:
                    out.write(line)
                    counts[1] += 1
                else:
                    out.write(f"{fields[0]} {fields[1]} {' '.join(f'{x:.6f}' for x in q)}\n")
                    counts[0] += 1
    except OSError as e:
        print(e, file=sys.stderr)
        return None
    return counts


def main(argv):
    args = argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    max_out, args = parse_max_out(args)
    if max_out is None:
        return 2
    if len(args) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    two_ply_name, rollouts_name, in_name, out_name = args
    try:
        two_ply = read_labels(two_ply_name)
        rollouts = read_labels(rollouts_name)
        pairs = []
        for pid, (_, r) in rollouts.items():
            if pid in two_ply:
                side = bearing_in_side(pid, max_out)
                if side:
                    pairs.append((to_s(two_ply[pid][1], side), to_s(r, side)))
    except (ValueError, IndexError, OSError) as e:
        print(e, file=sys.stderr)
        return 1
    if not pairs:
        print("no region position is labelled by both files", file=sys.stderr)
        return 1
    maps = {i: fit_map(pairs, i) for i in (0, 1, 3)}
    for i, title in ((0, "S wins"), (1, "S gammons"), (3, "A gammons")):
        points = " ".join(f"{x:.3f}->{y:.3f}" for x, y in zip(*maps[i]))
        print(f"{title}: {points}")
    def relabel(fields, p):
        side = bearing_in_side(fields[1], max_out)
        return None if side is None else from_s(calibrate(to_s(p, side), maps), side)

    counts = rewrite_labels(in_name, out_name, relabel)
    if counts is None:
        return 1
    print(f"{len(pairs)} positions fitted the maps; {counts[0]} labels calibrated, {counts[1]} copied")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
