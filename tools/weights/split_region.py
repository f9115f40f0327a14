#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Splits label files by a region of positions where tavla's nets were found biased and only
rollout labels fix them (weights/README.md):

  bar      a side with at most 6 chequers left has one on the bar (session 25: the nets
           overrated that side by 0.05 to 0.26 points of equity);
  stragglers  a side with at most 6 chequers left still has one outside its home board (on the
           bar or beyond its 6-point): tavla's stragglers net's region (eval/position_class.h;
           session 38: the crashed net overrated that side by 0.05 to 0.3 points of equity);
  holding  a side bears in against the other's anchor: the other has 2 or more chequers on a
           point of this side's home board, and this side has at most MAX_OUT (default 2)
           chequers beyond its outer board, the bar included (session 26: the nets overrated
           the side bearing in by about 0.03 on average, gnubg's by 0.01).

    tools/weights/split_region.py [--max-out N] bar|stragglers|holding REGION REST FILE...

Every label line (CLASS POSID ...; tools/train/label_file.h) of the FILEs goes to REGION if its
position is in the region, else to REST; comment lines are dropped. Prints the two counts.
The position ID is gnubg's (80 bits, base64): for each side, not on roll first, 25 runs of
1-bits (a point's chequers from that side's point of view, its 1-point first, the bar last)
each closed by a 0-bit.
"""
import base64
import sys

BAR_MAX_LEFT = 6       # chequers left to a side on the bar, at most
HOLDING_MAX_OUT = 2    # chequers of the side bearing in beyond its outer board, at most


def sides(position_id):
    data = base64.b64decode(position_id + "==")
    if len(data) != 10:
        raise ValueError("not 80 bits")
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
    if i != 2:
        raise ValueError("fewer than 50 runs")
    return out


def in_bar_region(position_id, _max_out=None):
    return any(sum(side) <= BAR_MAX_LEFT and side[24] > 0 for side in sides(position_id))


STRAGGLERS_MAX_LEFT = 6  # chequers left to the side with stragglers, at most


def in_stragglers_region(position_id, _max_out=None):
    return any(sum(side) <= STRAGGLERS_MAX_LEFT and sum(side[6:25]) > 0
               for side in sides(position_id))


def bears_in_against_anchor(side, other, max_out):
    # side's home board points 1-6 are the other's points 24-19 (indices 23..18)
    anchored = any(other[i] >= 2 for i in range(18, 24))
    return anchored and sum(side[12:25]) <= max_out


def in_holding_region(position_id, max_out=HOLDING_MAX_OUT):
    a, b = sides(position_id)
    return bears_in_against_anchor(a, b, max_out) or bears_in_against_anchor(b, a, max_out)


def parse_max_out(args):
    """(--max-out's value or HOLDING_MAX_OUT, the other arguments); (None, args) after saying
    why when the value is not a number."""
    if len(args) >= 2 and args[0] == "--max-out":
        try:
            return int(args[1]), args[2:]
        except ValueError:
            print(f"--max-out: not a number: {args[1]!r}", file=sys.stderr)
            return None, args
    return HOLDING_MAX_OUT, args


REGIONS = {"bar": in_bar_region, "stragglers": in_stragglers_region,
           "holding": in_holding_region}


def main(argv):
    args = argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    max_out, args = parse_max_out(args)
    if max_out is None:
        return 2
    if len(args) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    if args[0] not in REGIONS:
        print(f"unknown region {args[0]!r}: {' or '.join(REGIONS)}", file=sys.stderr)
        return 2
    in_region = REGIONS[args[0]]
    counts = [0, 0]
    try:
        with open(args[1], "w") as region, open(args[2], "w") as rest:
            for name in args[3:]:
                with open(name) as f:
                    for number, line in enumerate(f, 1):
                        if line.startswith("#") or not line.strip():
                            continue
                        fields = line.split()
                        if len(fields) < 2:
                            print(f"{name}:{number}: not a label line", file=sys.stderr)
                            return 1
                        try:
                            inside = in_region(fields[1], max_out)
                        except (ValueError, IndexError):
                            print(f"{name}:{number}: bad position ID {fields[1]!r}", file=sys.stderr)
                            return 1
                        (region if inside else rest).write(line)
                        counts[0 if inside else 1] += 1
    except OSError as e:
        print(e, file=sys.stderr)
        return 1
    print(f"{counts[0]} in the region, {counts[1]} not")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
