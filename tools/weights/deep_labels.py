#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Deeper labels where a teacher's plies disagree most (session 33, weights/README.md).

    tools/weights/deep_labels.py select --top N P1 P2 > TOP_IDS
    tools/weights/deep_labels.py merge P1 P2 P3 > LABELS

P1, P2 and P3 are label files (CLASS POSID and the five cubeless probabilities of the side on
roll; tools/train/label_file.h) of one teacher's 1-ply, 2-ply and 3-ply evaluations. P1 and P2
hold the same positions in the same order; P3 holds any of them, in any order.

select: the N positions of P1 / P2 whose cubeless money equities differ most between the two
files (|equity 2 ply - equity 1 ply|, largest first), one position ID per line, for
`tavla analyze --batch --plies 3`. Prints the threshold and the share of the total disagreement
the N positions hold on stderr.

merge: the labels free of the odd-even ply effect, one per position of P1 in P1's order: the mean
of the 2-ply and 3-ply labels where P3 has the position, else the mean of the 1-ply and 2-ply
labels (tools/weights/average_labels.py). Prints how many of each on stderr.

Comment lines (#) are skipped. A line that is not CLASS POSID and five probabilities, files whose
positions differ, or a position of P3 that P1 lacks are errors (file and line named).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from label_lines import LabelError, records  # noqa: E402


def equity(p):
    """Cubeless money equity of the side on roll from win, win gammon, win bg, lose gammon, lose bg."""
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def pairs(name1, name2):
    """The matching lines of two label files of the same positions in the same order."""
    second = records(name2)
    for n1, cls, pos, p1 in records(name1):
        r2 = next(second, None)
        if r2 is None:
            raise LabelError(f"{name2} ends before {name1}:{n1}")
        n2, cls2, pos2, p2 = r2
        if (cls, pos) != (cls2, pos2):
            raise LabelError(f"{name2}:{n2}: {cls2} {pos2}, but {name1}:{n1} is {cls} {pos}")
        yield cls, pos, p1, p2
    if next(second, None) is not None:
        raise LabelError(f"{name2} has more labels than {name1}")


def mean(a, b):
    return " ".join("%.6f" % ((x + y) / 2) for x, y in zip(a, b))


def select(args):
    diffs = [(abs(equity(p2) - equity(p1)), pos) for _, pos, p1, p2 in pairs(args.p1, args.p2)]
    order = sorted(range(len(diffs)), key=lambda i: -diffs[i][0])[:args.top]
    for i in order:
        print(diffs[i][1])
    total = sum(d for d, _ in diffs)
    held = sum(diffs[i][0] for i in order)
    threshold = diffs[order[-1]][0] if order else 0.0
    print(f"deep_labels.py: {len(order)} of {len(diffs)} positions, |equity difference| >= "
          f"{threshold:.4f}, {100 * held / total if total else 0:.1f}% of the total",
          file=sys.stderr)


def merge(args):
    deep = {}
    for number, cls, pos, p in records(args.p3):
        deep[(cls, pos)] = (number, p)
    used = 0
    written = 0
    for cls, pos, p1, p2 in pairs(args.p1, args.p2):
        d = deep.get((cls, pos))
        if d is not None:
            used += 1
        print(cls, pos, mean(p2, d[1] if d is not None else p1))
        written += 1
    if used != len(deep):
        seen = set()
        for cls, pos, _, _ in pairs(args.p1, args.p2):
            seen.add((cls, pos))
        for key, (number, _) in deep.items():
            if key not in seen:
                raise LabelError(f"{args.p3}:{number}: {key[0]} {key[1]} is not in {args.p1}")
    print(f"deep_labels.py: {written} labels written, {used} the mean of 2 and 3 ply, "
          f"{written - used} of 1 and 2 ply", file=sys.stderr)


def main(argv):
    parser = argparse.ArgumentParser(
        prog="deep_labels.py", description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:]),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("select", help="the IDs where 1 and 2 ply disagree most")
    s.add_argument("--top", type=int, required=True, help="how many positions")
    s.add_argument("p1")
    s.add_argument("p2")
    m = sub.add_parser("merge", help="labels: mean of 2 and 3 ply where P3 has them, else of 1 and 2")
    m.add_argument("p1")
    m.add_argument("p2")
    m.add_argument("p3")
    args = parser.parse_args(argv[1:])
    if args.command == "select" and args.top < 1:
        parser.error("--top must be at least 1")
    try:
        (select if args.command == "select" else merge)(args)
    except (LabelError, OSError) as e:
        print(f"deep_labels.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
