#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Calibrates crashed positions' 2-ply labels on rollout labels of the same positions.

    tools/weights/calibrate_crashed.py TWO_PLY ROLLOUTS IN OUT
    tools/weights/calibrate_crashed.py --check TWO_PLY ROLLOUTS

Session 28 (weights/README.md) found the 2-ply labels of crashed positions from noisy play
overrate the side with fewer chequers left (F; the other is M): by 0.036 points of equity when M
is on roll, by 0.06 when F has 12 or more chequers fewer, by 0.13 when F has two left, and F's
gammons by about 0.01 everywhere. Like calibrate_region.py (session 26) this turns the
rollouts into maps of F's wins, F's gammons and M's gammons, each through the mean rollout label
of ten bins of the 2-ply label, but one set of maps per group of positions: who is on roll (F or
M) and how many chequers F has fewer than M (0-2, 3-5, 6-8, 9-11, 12 or more), the two things
the bias follows. A group with fewer than MIN_GROUP positions uses the maps of all positions
with the same side on roll.

Every crashed label line of IN goes to OUT calibrated, other lines are copied. --check fits the
maps on half the positions of ROLLOUTS and prints, for the other half and the other way round,
the 2-ply labels' bias and mean distance to the rollouts (equity, F's point of view) before and
after calibration: what the calibration removes, measured on positions it was not fitted to.
Label files: CLASS POSID and the five probabilities of the side on roll
(tools/train/label_file.h).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibrate_region import calibrate, fit_map, read_labels, rewrite_labels  # noqa: E402
from split_region import in_bar_region, sides  # noqa: E402

MIN_GROUP = 300   # positions a group needs to have maps of its own
BANDS = 3         # chequers per band of F's deficit; the last band is 12 or more
LAST_BAND = 4
BAR_GROUP = -1    # split_region.py's bar region (a side with at most 6 left on the bar): apart


def group(position_id):
    """(F is on roll, band of M's chequers minus F's, or BAR_GROUP in the bar region)."""
    not_on_roll, on_roll = sides(position_id)
    n_off, n_on = sum(not_on_roll), sum(on_roll)
    f_on_roll = n_on <= n_off
    if in_bar_region(position_id):
        return f_on_roll, BAR_GROUP
    return f_on_roll, min(abs(n_off - n_on) // BANDS, LAST_BAND)


def to_f(p, f_on_roll):
    """(F wins, F gammons, F backgammons, M gammons, M backgammons) from the roller's five."""
    return list(p) if f_on_roll else [1 - p[0], p[3], p[4], p[1], p[2]]


from_f = to_f  # the same swap both ways


def fit_maps(pairs_by_group):
    """{group: maps} and {f_on_roll: maps} fallbacks; maps as calibrate_region's."""
    def fit(pairs):
        return {i: fit_map(pairs, i) for i in (0, 1, 3)}
    fallback = {}
    for f_on_roll in (True, False):
        pooled = [p for g, v in pairs_by_group.items() if g[0] == f_on_roll for p in v]
        if pooled:
            fallback[f_on_roll] = fit(pooled)
    maps = {g: fit(v) for g, v in pairs_by_group.items() if len(v) >= MIN_GROUP}
    return maps, fallback


def calibrate_label(pid, p, maps, fallback):
    g = group(pid)
    m = maps.get(g) or fallback.get(g[0])
    if m is None:
        return list(p)
    return from_f(calibrate(to_f(p, g[0]), m), g[0])


def equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def pairs_of(two_ply, rollouts):
    out = []
    for pid, (cls, r) in rollouts.items():
        if cls == "crashed" and pid in two_ply:
            out.append((pid, two_ply[pid][1], r))
    return out


def by_group(pairs):
    d = {}
    for pid, t, r in pairs:
        g = group(pid)
        d.setdefault(g, []).append((to_f(t, g[0]), to_f(r, g[0])))
    return d


def check(pairs):
    halves = [pairs[0::2], pairs[1::2]]
    for k in (0, 1):
        maps, fallback = fit_maps(by_group(halves[k]))
        test = halves[1 - k]
        n = len(test)
        before = after = abs_before = abs_after = 0.0
        for pid, t, r in test:
            f = group(pid)[0]
            sign = 1 if f else -1
            c = calibrate_label(pid, t, maps, fallback)
            d0, d1 = equity(t) - equity(r), equity(c) - equity(r)
            before += sign * d0
            after += sign * d1
            abs_before += abs(d0)
            abs_after += abs(d1)
        print(f"maps from half {k + 1}, measured on the other {n}: bias (F's view) "
              f"{before / n:+.4f} -> {after / n:+.4f}, mean |2-ply - rollout| "
              f"{abs_before / n:.4f} -> {abs_after / n:.4f}")


def main(argv):
    args = argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    checking = bool(args) and args[0] == "--check"
    if checking:
        args = args[1:]
    if len(args) != (2 if checking else 4):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        pairs = pairs_of(read_labels(args[0]), read_labels(args[1]))
    except (ValueError, IndexError, OSError) as e:
        print(e, file=sys.stderr)
        return 1
    if not pairs:
        print("no crashed position is labelled by both files", file=sys.stderr)
        return 1
    if checking:
        check(pairs)
        return 0
    maps, fallback = fit_maps(by_group(pairs))
    for g in sorted(maps):
        who = "F on roll" if g[0] else "M on roll"
        band = f"{g[1] * BANDS}+" if g[1] == LAST_BAND else f"{g[1] * BANDS}-{g[1] * BANDS + 2}"
        where = "bar region" if g[1] == BAR_GROUP else f"F {band} fewer"
        for i, title in ((0, "F wins"), (1, "F gammons"), (3, "M gammons")):
            points = " ".join(f"{x:.3f}->{y:.3f}" for x, y in zip(*maps[g][i]))
            print(f"{who}, {where}, {title}: {points}")

    def relabel(fields, p):
        return calibrate_label(fields[1], p, maps, fallback) if fields[0] == "crashed" else None

    counts = rewrite_labels(args[2], args[3], relabel)
    if counts is None:
        return 1
    print(f"{len(pairs)} positions fitted the maps; {counts[0]} labels calibrated, "
          f"{counts[1]} copied")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
