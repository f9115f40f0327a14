#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make_output_rollout_fixture.sh -- the results of `rollout' under `set output ...', as GNU
# Backgammon 1.07 prints them (tests/fixtures/output_rollout/rollout.txt).
#
#     bash tests/gnubg/make_output_rollout_fixture.sh
#
# gnubg's tty prints a rollout's results only when its output is a terminal, so it runs under
# script(1). Of each rollout the final "Current Position:" block is kept (the line after
# "Rollout done."'s block, without gnubg's progress mark " 1r" and carriage returns). The
# position is a bearoff position (plays and figures from gnubg's databases, exact on any CPU).
# tests/shell/transcript_test.cpp runs tavla on the same commands and compares the blocks.
set -euo pipefail
gnubg=${GNUBG:-/usr/games/gnubg}
dir="$(cd "$(dirname "$0")/../fixtures/output_rollout" && pwd)"
cd "$dir"
script -q -c "$gnubg -t -q -r < rollout.cmds" /dev/null 2>&1 | tr -d '\r' |
  awk '/^Current Position:/ { n = 3; block = "" }
       n > 0 { sub(/\] [0-9]+r$/, "]"); block = block $0 "\n"; if (--n == 0) last = block }
       /^Rollout done/ { done = 1 }
       done && /games, / { printf "%s", last; done = 0 }' > rollout.txt
echo "wrote $dir/rollout.txt"
