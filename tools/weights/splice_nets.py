#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds a weights file whose nets come from two gnubg binary weights files (.wd).

    tools/weights/splice_nets.py OUT BASE OTHER NET...

OUT gets BASE's nets, except those named, which come from OTHER. NET is contact, race or crashed
(each with its pruning net) or one of the six nets by its file-order name: contact, race,
crashed, prune-contact, prune-crashed, prune-race with a '=' prefix (e.g. =race: only the race
net). Used to find out which of tavla's nets costs how much against gnubg's: duel a file with one
of gnubg's nets spliced in against gnubg's own (weights/README.md, "Where the gap is").

Format (eval/weights.h): float magic 472.3782, float version, then per net four int32 (inputs,
hidden, outputs, trained flag), two float betas and inputs*hidden + outputs*hidden + hidden +
outputs floats, in the order contact, race, crashed, prune-contact, prune-crashed, prune-race.
"""
import struct
import sys

ORDER = ["contact", "race", "crashed", "prune-contact", "prune-crashed", "prune-race"]
GROUPS = {"contact": [0, 3], "race": [1, 5], "crashed": [2, 4]}


def read_nets(path):
    data = open(path, "rb").read()
    if len(data) < 8 or abs(struct.unpack_from("<f", data, 0)[0] - 472.3782) > 1e-3:
        sys.exit(f"{path}: not a gnubg binary weights file (bad magic)")
    nets, off = [], 8
    for name in ORDER:
        if off + 24 > len(data):
            sys.exit(f"{path}: truncated in the {name} net's header")
        ni, nh, no, _ = struct.unpack_from("<4i", data, off)
        size = 24 + 4 * (ni * nh + no * nh + nh + no)
        if min(ni, nh, no) < 1 or off + size > len(data):
            sys.exit(f"{path}: bad or truncated {name} net")
        nets.append(data[off:off + size])
        off += size
    return data[:8], nets


def main(argv):
    if len(argv) < 5 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) > 1 and argv[1] in ("-h", "--help") else 2
    out, base, other, names = argv[1], argv[2], argv[3], argv[4:]
    header, nets = read_nets(base)
    _, others = read_nets(other)
    for name in names:
        if name.startswith("=") and name[1:] in ORDER:
            picks = [ORDER.index(name[1:])]
        elif name in GROUPS:
            picks = GROUPS[name]
        else:
            sys.exit(f"unknown net '{name}' (contact, race, crashed, or =NAME of one of {ORDER})")
        for i in picks:
            nets[i] = others[i]
    open(out, "wb").write(header + b"".join(nets))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
