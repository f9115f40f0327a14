#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns tavla's JSON answers into a label file (tools/train/label_file.h).

    tavla rollout --batch --cubeless ... < IDS | tools/weights/json_labels.py --class C > OUT
    tavla analyze --batch --plies 2 ...   < IDS | tools/weights/json_labels.py [--class C] > OUT

Each JSON line becomes `CLASS POSID` and the five cubeless probabilities of the side on roll
(wins, gammons, backgammons, gammons lost, backgammons lost): a rollout line's mean (its
`results`' first entry), an analysis line's `eval`. Rollout lines carry no class, so --class
names it; analysis lines carry theirs, and --class then keeps only that class. A rollout's
variance-reduced means can stray outside what a probability allows (a gammon rate above the
win rate, say): each is clamped to [0, 1] and to the rate it belongs to. Lines answered with an
error, and lines of another class, are skipped; the counts go to standard error.
"""
import json
import sys

CLASSES = ("contact", "crashed", "race")


def consistent(p):
    """The five probabilities clamped to [0, 1] and each to the one that contains it."""
    w, wg, wb, lg, lb = [min(1.0, max(0.0, float(x))) for x in p]
    wg = min(wg, w)
    wb = min(wb, wg)
    lg = min(lg, 1.0 - w)
    lb = min(lb, lg)
    return w, wg, wb, lg, lb


def label(j, wanted):
    """(class, position ID, five probabilities), or a string saying why the line is skipped."""
    if "error" in j:
        return f"answered with an error: {j['error']}"
    if "results" in j:  # tavla rollout --batch
        if wanted is None:
            raise ValueError("a rollout answer carries no class: give --class")
        return wanted, j["id"], consistent(j["results"][0]["mean"][:5])
    if "eval" in j:  # tavla analyze --batch
        cls = j.get("class")
        if wanted is not None and cls != wanted:
            return f"class {cls}"
        if cls not in CLASSES:
            return f"class {cls} has no net"
        return cls, j["id"].split(":")[0], consistent(j["eval"]["probs"])
    return "neither a rollout nor an analysis"


def main(argv):
    wanted = None
    args = argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(args) == 2 and args[0] == "--class" and args[1] in CLASSES:
        wanted = args[1]
    elif args:
        print("usage: json_labels.py [--class contact|crashed|race] < JSON > LABELS",
              file=sys.stderr)
        return 2
    written, skipped = 0, {}
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            j = json.loads(line)
            out = label(j, wanted)
        except (ValueError, KeyError, IndexError, TypeError) as e:
            print(f"json_labels.py: line {number}: not a tavla answer ({e})", file=sys.stderr)
            return 1
        if isinstance(out, str):
            skipped[out] = skipped.get(out, 0) + 1
            continue
        cls, pid, p = out
        sys.stdout.write(f"{cls} {pid} {' '.join(f'{x:.6f}' for x in p)}\n")
        written += 1
    print(f"json_labels.py: {written} labels written", file=sys.stderr)
    for why, n in sorted(skipped.items()):
        print(f"json_labels.py: {n} skipped ({why})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
