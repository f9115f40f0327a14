#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures the odd-even ply effect of a set of nets: how much each ply of search moves the
mean cubeless equity of a set of positions.

    tools/weights/ply_parity.py [--plies N] [--threads T] [--json] TAVLA WEIGHTS IDS

IDS holds one position per line (gnubg position IDs, before the roll). Each is evaluated by
`TAVLA analyze --batch --plies P --weights WEIGHTS` for P = 0 .. N (default 3), and the mean
equity of the side on roll is printed for every P, with the mean step from P to P + 1 and its
standard error over the positions.

A net that overrates the side on roll by b points makes an even ply overrate it by about b and
an odd ply underrate it by about b (an odd search's leaves have the other side on roll), so the
steps alternate in sign with size about 2b; nets close to the truth have steps near 0 (session
32 found 0.02 to 0.025 for tavla's contact net and 0.003 to 0.005 for gnubg's; weights/README.md).
`parity` is the mean of the even plies' means minus the mean of the odd plies' (about 2b).
"""
import argparse
import json
import math
import subprocess
import sys


def evaluate(tavla, weights, ids, plies, threads):
    """{position: equity} of the side on roll at PLIES."""
    out = subprocess.run([tavla, "analyze", "--batch", "--plies", str(plies), "--threads",
                          str(threads), "--weights", weights], input="\n".join(ids) + "\n",
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"tavla analyze --plies {plies} failed: {out.stderr.strip()}")
    values = {}
    for line in out.stdout.splitlines():
        j = json.loads(line)
        if "error" in j:
            raise RuntimeError(f"position {j.get('id')}: {j['error']}")
        values[j["id"].split(":")[0]] = j["eval"]["equity"]
    return values


def mean_and_error(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, math.sqrt(var / len(xs))


def main(argv):
    parser = argparse.ArgumentParser(prog="ply_parity.py", description=__doc__.strip(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=3, choices=range(1, 5),
                        help="deepest ply evaluated (1..4, default 3)")
    parser.add_argument("--threads", type=int, default=1, help="threads of each analysis")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("tavla", help="the tavla binary")
    parser.add_argument("weights", help="the nets (a weights file)")
    parser.add_argument("ids", help="file of position IDs, one a line")
    a = parser.parse_args(argv[1:])
    if a.threads < 1:
        parser.error("--threads must be 1 or more")
    plies, threads, as_json = a.plies, a.threads, a.json
    tavla, weights, ids_file = a.tavla, a.weights, a.ids
    try:
        with open(ids_file) as f:
            ids = [line.split()[0] for line in f if line.strip() and not line.startswith("#")]
    except OSError as e:
        print(f"ply_parity.py: {e}", file=sys.stderr)
        return 1
    if not ids:
        print(f"ply_parity.py: {ids_file} holds no positions", file=sys.stderr)
        return 1
    try:
        by_ply = [evaluate(tavla, weights, ids, p, threads) for p in range(plies + 1)]
    except (RuntimeError, ValueError, KeyError, OSError) as e:
        print(f"ply_parity.py: {e}", file=sys.stderr)
        return 1
    keys = [k.split(":")[0] for k in ids]
    means = [sum(v[k] for k in keys) / len(keys) for v in by_ply]
    steps = [mean_and_error([by_ply[p + 1][k] - by_ply[p][k] for k in keys])
             for p in range(plies)]
    even = [m for p, m in enumerate(means) if p % 2 == 0]
    odd = [m for p, m in enumerate(means) if p % 2 == 1]
    parity = sum(even) / len(even) - sum(odd) / len(odd)
    if as_json:
        print(json.dumps({"positions": len(keys), "weights": weights, "mean_equity": means,
                          "steps": [{"from": p, "to": p + 1, "mean": s[0], "std_error": s[1]}
                                    for p, s in enumerate(steps)],
                          "parity": parity}))
        return 0
    print(f"{len(keys)} positions, {weights}")
    for p, m in enumerate(means):
        print(f"  {p} ply: mean equity {m:+.4f}")
    for p, (m, e) in enumerate(steps):
        print(f"  step {p} -> {p + 1}: {m:+.4f} (+- {e:.4f})")
    print(f"  parity (even plies - odd plies): {parity:+.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
