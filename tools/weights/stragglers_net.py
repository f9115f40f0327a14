#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the stragglers net file (FILE.stragglers beside FILE.wd; eval/net_set.h) from a
weights file whose crashed net was fitted to the region.

    tools/weights/stragglers_net.py OUT FITTED

OUT is a gnubg binary weights file (eval/weights.h) of which tavla uses only the crashed net:
FITTED's crashed net, and in place of the five others a valid net of one hidden unit with zero
weights each, so that the file holds no unused copies of big nets (about a third of a full file).
FITTED is typically `tavla fit --class crashed --data REGION.txt --from tavla.wd --out FITTED`,
with REGION.txt the region's labels (tools/weights/split_region.py stragglers).
"""
import struct
import sys

from splice_nets import ORDER, read_nets


def one_unit_net(net):
    """A net with net's inputs, outputs and betas, one hidden unit and every weight zero."""
    ni, _, no, flag = struct.unpack_from("<4i", net, 0)
    betas = net[16:24]
    return struct.pack("<4i", ni, 1, no, flag) + betas + bytes(4 * (ni + no + 1 + no))


def main(argv):
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) > 1 and argv[1] in ("-h", "--help") else 2
    out, fitted = argv[1], argv[2]
    header, nets = read_nets(fitted)
    crashed = ORDER.index("crashed")
    nets = [n if i == crashed else one_unit_net(n) for i, n in enumerate(nets)]
    open(out, "wb").write(header + b"".join(nets))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
