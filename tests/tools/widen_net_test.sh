#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/widen_net.py keeps what a net computes: gnubg's contact net widened from 128 to
# 256 hidden units (no noise) gives the same 0-ply probabilities as before, to float rounding
# (the twins' halved output weights are summed in another order), on contact positions; the
# file then has 256 contact units; bad arguments are refused with a non-zero status.
#   widen_net_test.sh TAVLA SOURCE_DIR
set -euo pipefail
tavla=$1
src=$2
weights=/usr/lib/gnubg/gnubg.wd
[ -f "$weights" ] || { echo "widen_net_test: $weights missing (install gnubg)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$src/tools/weights/widen_net.py" "$weights" "$tmp/wide.wd" contact 256 0
python3 - "$tmp/wide.wd" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
assert struct.unpack_from("<4i", d, 8)[:3] == (250, 256, 5), struct.unpack_from("<4i", d, 8)
PY
ids=("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
     "XGID=-a-BBBB-B---cA---b-bbbb-A-:1:1:1:00:0:0:0:0:10"
     "XGID=aA-BBBBB-----A---bbbbbbA--:0:0:1:00:0:0:0:0:10")
for id in "${ids[@]}"; do
  "$tavla" analyze "$id" --json --weights "$weights" > "$tmp/a.json"
  "$tavla" analyze "$id" --json --weights "$tmp/wide.wd" > "$tmp/b.json"
  python3 - "$tmp/a.json" "$tmp/b.json" "$id" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["class"] == "contact", (sys.argv[3], a["class"])
pa, pb = a["eval"]["probs"], b["eval"]["probs"]
assert max(abs(x - y) for x, y in zip(pa, pb)) < 2e-5, (sys.argv[3], pa, pb)
PY
done
# With noise the twins part, so the outputs move, but only a little.
python3 "$src/tools/weights/widen_net.py" "$weights" "$tmp/noisy.wd" contact 256
cmp -s "$tmp/wide.wd" "$tmp/noisy.wd" && { echo "noise changed nothing"; exit 1; }
for bad in "contact 100" "contact 300" "nonet 256" "contact x"; do
  if python3 "$src/tools/weights/widen_net.py" "$weights" "$tmp/bad.wd" $bad 2> "$tmp/err"; then
    echo "widen_net accepted: $bad"; exit 1
  fi
  [ -s "$tmp/err" ] || { echo "no message for: $bad"; exit 1; }
done
echo "widen_net: ok"
