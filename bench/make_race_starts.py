#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes bench/race_starts.txt, the starting positions of race duels (`tavla duel --positions`):
# the race positions of the committed rollout label files that `tavla fit` holds out (every tenth
# label, the 10th, 20th, ...: never trained on), kept where the game is not already decided by the
# labels (win 3-97% or a gammon above 2% for either side), shuffled with a fixed seed.
#     python3 bench/make_race_starts.py > bench/race_starts.txt
import random
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
rows = []
for name in ("race_rollout36.txt", "race_rollout36_os10.txt"):
    labels = [l.split() for l in open(root / "weights" / "labels" / name) if not l.startswith("#")]
    rows += [r for r in labels[9::10] if r[0] == "race"]
kept = [r for r in rows
        if 0.03 < float(r[2]) < 0.97 or float(r[3]) > 0.02 or float(r[5]) > 0.02]
random.seed(5)
random.shuffle(kept)
sys.stdout.write("# race duel starts: bench/make_race_starts.py (one gnubg position ID per line,\n"
                 "# side on roll first)\n")
sys.stdout.write("".join(r[1] + "\n" for r in kept))
