#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes bench/crashed_starts.txt, the starting positions of crashed-position duels
# (`tavla duel --positions bench/crashed_starts.txt`): the crashed positions (gnubg's class) of
# 5 000 self-play games of weights/tavla.wd at 0 ply, seed 977 (games no training run has used),
# every fifth of those the nets do not already count as decided (win 3-97%, or a gammon above 2%
# for either side), in game order.
#     bash bench/make_crashed_starts.sh [TAVLA] > bench/crashed_starts.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tavla=${1:-$root/build/release/tavla}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# --label-plies 0 labels each crashed position with the nets' own 0-ply evaluation: cheap, and
# enough to tell the decided positions apart. A near-zero step size keeps the nets as they are.
"$tavla" train --dir "$work/run" --from "$root/weights/tavla.wd" --seed 977 --kind supervised \
  --label-plies 0 --label-fraction 0 --label-fraction-race 0 --label-fraction-crashed 1 \
  --rate 1e-6 --rate-floor 1e-6 --threads 2 --games-per-round 500 --rounds 10 \
  --save-labels "$work/labels.txt" -q >&2
echo "# crashed duel starts: bench/make_crashed_starts.sh (one gnubg position ID per line, side"
echo "# on roll first)"
awk '$1 == "crashed" && (($3 > 0.03 && $3 < 0.97) || $4 > 0.02 || $6 > 0.02) { print $2 }' \
  "$work/labels.txt" | awk 'NR % 5 == 0'
