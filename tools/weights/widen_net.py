#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Widens one net of a gnubg binary weights file (.wd) without changing what it computes.

    tools/weights/widen_net.py IN OUT NET HIDDEN [NOISE]

NET is contact, race, crashed, prune-contact, prune-crashed or prune-race; HIDDEN the new number
of hidden units (more than now, at most twice). Each new unit is the twin of an old one (picked
at random, seed 1): the same input weights and bias plus Gaussian noise of NOISE (default 0.01)
times the root mean square of the net's input weights, and every unit with twins shares its
output weights equally with them. Up to the noise the wider net gives the old outputs, so a fit
(`tavla fit --from OUT`) starts from the old nets' play and the noise lets the twins part. Used
for the 256-unit contact net of 2026-11-28 (weights/README.md).

Format (eval/weights.h): float magic 472.3782, float version, then per net four int32 (inputs,
hidden, outputs, trained flag), two float betas and inputs*hidden (input-major) + outputs*hidden
(output-major) + hidden + outputs floats, in the order of the NET names above.
"""
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from splice_nets import ORDER, read_nets  # noqa: E402  (the nets of a .wd as raw blobs)


def parse(blob):
    ni, nh, no, flag = struct.unpack_from("<4i", blob, 0)
    betas = struct.unpack_from("<2f", blob, 16)
    return [ni, nh, no, flag, betas, list(struct.unpack_from(f"<{(len(blob) - 24) // 4}f", blob, 24))]


def serialise(net):
    ni, nh, no, flag, betas, w = net
    return struct.pack("<4i", ni, nh, no, flag) + struct.pack("<2f", *betas) + struct.pack(f"<{len(w)}f", *w)


def widen(net, hidden, noise, rng):
    ni, nh, no, flag, betas, w = net
    hw, ow = w[:ni * nh], w[ni * nh:ni * nh + no * nh]
    hb, ob = w[ni * nh + no * nh:ni * nh + no * nh + nh], w[ni * nh + no * nh + nh:]
    source = list(range(nh)) + rng.sample(range(nh), hidden - nh)  # unit -> the unit it copies
    copies = [source.count(j) for j in range(nh)]
    sd = noise * (sum(x * x for x in hw) / len(hw)) ** 0.5
    new_hw = [hw[i * nh + j] + (rng.gauss(0.0, sd) if u >= nh else 0.0)
              for i in range(ni) for u, j in enumerate(source)]
    new_ow = [ow[k * nh + j] / copies[j] for k in range(no) for j in source]
    new_hb = [hb[j] for j in source]
    return [ni, hidden, no, flag, betas, new_hw + new_ow + new_hb + ob]


def main(argv):
    if len(argv) in (2,) and argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) not in (5, 6):
        print(__doc__, file=sys.stderr)
        return 2
    src, out, name = argv[1], argv[2], argv[3]
    if name not in ORDER:
        sys.exit(f"unknown net '{name}' (one of {', '.join(ORDER)})")
    try:
        hidden = int(argv[4])
        noise = float(argv[5]) if len(argv) == 6 else 0.01
    except ValueError:
        sys.exit("HIDDEN must be an integer and NOISE a number")
    header, nets = read_nets(src)
    i = ORDER.index(name)
    net = parse(nets[i])
    if not net[1] < hidden <= 2 * net[1]:
        sys.exit(f"{name} has {net[1]} hidden units: HIDDEN must be above that, at most twice")
    nets[i] = serialise(widen(net, hidden, noise, random.Random(1)))
    open(out, "wb").write(header + b"".join(nets))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
