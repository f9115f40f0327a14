#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes bench/cube_positions_crashed.txt, the crashed class's own cube benchmark (`tavla errors
# --cube --positions bench/cube_positions_crashed.txt`; with --positions bench/cube_positions.txt
# too, scored as one set): for each seed, 60 crashed money cube decisions screened as
# bench/cube_candidates.txt's were (positions of noisy self-play where the double or the take is
# close by gnubg's nets at 2 ply), then their no double and double/take rolled out as
# bench/cube_positions.txt's were (1296 trials, gnubg 1.07's nets playing); a position that comes
# up again is kept once. A seed takes 5-15 minutes of one core (2026-12-02); a seed's files are
# kept in WORK and a rerun with the same WORK continues where it stopped (one run at a time:
# two on one WORK roll the same positions twice).
#     bash bench/make_crashed_cube_positions.sh WORK [THREADS [TAVLA]] > bench/cube_positions_crashed.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: make_crashed_cube_positions.sh WORK [THREADS [TAVLA]]}
threads=${2:-2}
tavla=${3:-$root/build/release/tavla}
gnubg=/usr/lib/gnubg/gnubg.wd
seeds="20 21 22 23 24 25 26 27"
mkdir -p "$work"
for s in $seeds; do
  [ -s "$work/cand$s.txt" ] ||
    "$tavla" errors --cube --build "$work/cand$s.txt" --contact 0 --crashed 60 --race 0 \
      --seed "$s" --reference-plies 2 --weights "$gnubg" --threads "$threads" > /dev/null
  "$tavla" errors --cube --rollout-reference "$work/cand$s.txt" --build "$work/ro$s.txt" \
    --trials 1296 --seed 1 --weights "$gnubg" --threads "$threads" > /dev/null
done
echo "# tavla cube positions with rollout references (strength/cube_reference.h): the crashed"
echo "# class's own benchmark, made by bench/make_crashed_cube_positions.sh (seeds $seeds):"
echo "#   tavla errors --cube --build candS.txt --contact 0 --crashed 60 --race 0 --seed S \\"
echo "#     --reference-plies 2 --weights $gnubg"
echo "#   tavla errors --cube --rollout-reference candS.txt --build roS.txt --trials 1296 --seed 1 \\"
echo "#     --weights $gnubg"
grep -m1 '^reference ' "$work/ro${seeds%% *}.txt"
for s in $seeds; do grep -v '^#' "$work/ro$s.txt" | grep -v '^reference '; done |
  awk '!seen[$1]++'
