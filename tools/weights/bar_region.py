#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Splits label files by the bar region: positions where a side with at most 6 chequers left has
one on the bar (weights/README.md: tavla's nets overrated that side by 0.05 to 0.26 points of
equity there, and only rollout labels fix it).

    tools/weights/bar_region.py REGION REST FILE...

Every label line (CLASS POSID ...; tools/train/label_file.h) of the FILEs goes to REGION if its
position is in the region, else to REST; comment lines are dropped. Prints the two counts.
The position ID is gnubg's (80 bits, base64): for each side, not on roll first, 25 runs of
1-bits (a point's chequers, the bar last) each closed by a 0-bit.
"""
import base64
import sys


def sides(position_id):
    data = base64.b64decode(position_id + "==")
    bits = [(data[i // 8] >> (i % 8)) & 1 for i in range(80)]
    out, run, i = [[], []], 0, 0
    for bit in bits:
        if i == 2:
            break
        if bit:
            run += 1
            continue
        out[i].append(run)
        run = 0
        if len(out[i]) == 25:
            i += 1
    return out


def in_region(position_id):
    return any(sum(side) <= 6 and side[24] > 0 for side in sides(position_id))


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    counts = [0, 0]
    with open(argv[1], "w") as region, open(argv[2], "w") as rest:
        for name in argv[3:]:
            with open(name) as f:
                for number, line in enumerate(f, 1):
                    if line.startswith("#") or not line.strip():
                        continue
                    fields = line.split()
                    if len(fields) < 2:
                        print(f"{name}:{number}: not a label line", file=sys.stderr)
                        return 1
                    try:
                        inside = in_region(fields[1])
                    except (ValueError, IndexError):
                        print(f"{name}:{number}: bad position ID {fields[1]!r}", file=sys.stderr)
                        return 1
                    (region if inside else rest).write(line)
                    counts[0 if inside else 1] += 1
    print(f"{counts[0]} in the region, {counts[1]} not")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
