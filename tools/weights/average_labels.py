#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Averages label files of the same positions: labels free of the odd-even ply effect.

    tools/weights/average_labels.py A B [C ...] > OUT

Each FILE is a label file (CLASS POSID and the five cubeless probabilities of the side on roll;
tools/train/label_file.h) of the same positions in the same order, e.g. the 1-ply and the 2-ply
evaluations of one teacher:

    tavla analyze --batch --plies 1 --weights T.wd < IDS | tools/weights/json_labels.py > p1.txt
    tavla analyze --batch --plies 2 --weights T.wd < IDS | tools/weights/json_labels.py > p2.txt
    tools/weights/average_labels.py p1.txt p2.txt > labels.txt

Why: a net that overrates the side on roll by b makes an even-ply evaluation overrate it by
about b and an odd-ply one underrate it by about b (the leaves of an odd search have the other
side on roll). Labels of even plies only (tavla's 2-ply labels since session 16) hand such a
bias on to the next net unseen; the mean of an odd and an even ply cancels it (session 32,
weights/README.md). Every output line is the plain mean of the files' probabilities; a line
whose class or position differs between the files is an error (file and line named).
Comment lines (#) are skipped in every file alike.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from label_lines import LabelError, records  # noqa: E402


def main(argv):
    args = argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(args) < 2:
        print("usage: average_labels.py A B [C ...] > OUT (label files of the same positions)",
              file=sys.stderr)
        return 2
    try:
        streams = [records(name) for name in args]
        written = 0
        while True:
            rows = [next(s, None) for s in streams]
            if all(r is None for r in rows):
                break
            for name, r in zip(args, rows):
                if r is None:
                    print(f"average_labels.py: {name} ends before {args[0]}'s "
                          f"{written + 1}th label", file=sys.stderr)
                    return 1
            number0, cls, posid, _ = rows[0]
            for name, (number, c, p, _) in zip(args[1:], rows[1:]):
                if (c, p) != (cls, posid):
                    print(f"average_labels.py: {name}:{number}: {c} {p} where "
                          f"{args[0]}:{number0} has {cls} {posid}", file=sys.stderr)
                    return 1
            mean = [sum(r[3][i] for r in rows) / len(rows) for i in range(5)]
            sys.stdout.write(f"{cls} {posid} {' '.join(f'{x:.6f}' for x in mean)}\n")
            written += 1
    except (OSError, LabelError) as e:
        print(f"average_labels.py: {e}", file=sys.stderr)
        return 1
    print(f"average_labels.py: {written} labels written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
