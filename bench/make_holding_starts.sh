#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes bench/holding_starts.txt, the starting positions of holding-game duels
# (`tavla duel --positions bench/holding_starts.txt`): the contact positions (gnubg's class) of
# 2 000 self-play games of weights/tavla.wd at 0 ply, seed 978 (games no training run has used),
# in the holding region of tools/weights/split_region.py (a side bears in against the other's
# anchor with at most 2 chequers beyond its outer board), every fourth of those the nets do not
# already count as decided (win 3-97%, or a gammon above 2% for either side), in game order.
#     bash bench/make_holding_starts.sh [TAVLA] > bench/holding_starts.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tavla=${1:-$root/build/release/tavla}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# --label-plies 0 labels each contact position with the nets' own 0-ply evaluation: cheap, and
# enough to tell the decided positions apart. A near-zero step size keeps the nets as they are.
"$tavla" train --dir "$work/run" --from "$root/weights/tavla.wd" --seed 978 --kind supervised \
  --label-plies 0 --label-fraction 1 --label-fraction-race 0 --label-fraction-crashed 0 \
  --rate 1e-6 --rate-floor 1e-6 --threads 2 --games-per-round 500 --rounds 4 \
  --save-labels "$work/labels.txt" -q >&2
python3 "$root/tools/weights/split_region.py" holding "$work/region.txt" "$work/rest.txt" \
  "$work/labels.txt" >&2
echo "# holding duel starts: bench/make_holding_starts.sh (one gnubg position ID per line, side"
echo "# on roll first)"
awk '$1 == "contact" && (($3 > 0.03 && $3 < 0.97) || $4 > 0.02 || $6 > 0.02) { print $2 }' \
  "$work/region.txt" | awk 'NR % 4 == 0'
