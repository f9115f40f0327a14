#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make_shell_fixtures.sh -- golden transcripts for tavla's shell, produced by GNU Backgammon 1.07.
#
# Run from anywhere (needs /usr/games/gnubg, the Debian package):
#
#     bash tests/gnubg/make_shell_fixtures.sh [SCRIPT.cmds ...]
#
# With script names (in tests/fixtures/shell/), it writes only their .out files and leaves the
# match files and every other transcript as they are (regenerating all of them on another machine
# may change old transcripts in the last digit of gnubg's analysis).
#
# For every tests/fixtures/shell/gnubg_*.cmds it runs `gnubg -t -q -r` with the file on stdin, in
# tests/fixtures/shell/ (scripts name files relative to it), stdout and stderr merged as a user
# sees them, and writes gnubg's output without its start-up banner (the lines up to and including
# the empty line after "This is free software ...") to the .out file of the same name. The shell
# tests (tests/shell/transcript_test.cpp) run tavla on the same scripts and require the same
# output, with these normalisations on both sides: the date in match files (SGF DT[...], .mat
# EventDate) and in text exports ("Date: "), the program's name in SGF files (AP[...]), and the
# closing lines of text exports ("Output generated <time> by <program> (Text Export ...").
#
# It first makes gnubg_match.sgf, a 3-point match gnubg plays against itself at 0 ply and saves
# (with its analysis), which gnubg_load.cmds loads, and gnubg_human.sgf (see below). The scripts
# set every player name, so the login name (gnubg's default name of player 1) never appears in
# the output. Runtime: seconds.
set -euo pipefail

gnubg=${GNUBG:-/usr/games/gnubg}
dir="$(cd "$(dirname "$0")/../fixtures/shell" && pwd)"
cd "$dir"

run_gnubg() {  # stdin: commands; stdout: gnubg's output without the banner
  "$gnubg" -t -q -r 2>&1 | awk 'done { print; next } /^This is free software/ { skip = 1; next }
                               skip && /^$/ { done = 1 }'
}

if [ $# -gt 0 ]; then
  for cmds in "$@"; do
    cmds=$(basename "$cmds")
    run_gnubg < "$cmds" > "${cmds%.cmds}.out"
    echo "wrote $dir/${cmds%.cmds}.out"
  done
  exit 0
fi

rm -f gnubg_match.sgf
run_gnubg > /dev/null <<'CMDS'
set defaultnames alice bob
set player both chequerplay evaluation plies 0
set player both cubedecision evaluation plies 0
set player 1 gnubg
set seed 12
new match 3
save match gnubg_match.sgf
CMDS
test -s gnubg_match.sgf

# gnubg_human.sgf: a match between two humans (no analysis in its records, so that a review shows
# only what tavla's records hold), which gnubg_review_sgf.cmds loads and steps through.
rm -f gnubg_human.sgf
run_gnubg > /dev/null <<'CMDS'
set defaultnames alice bob
set player both human
set seed 5
new match 3
13/11 6/5
set dice 6 5
24/13
set dice 3 1
8/5 6/5
double
take
set dice 4 2
8/4 6/4
resign
accept
24/21 13/11
set dice 6 4
24/18 13/9
set dice 5 2
13/8 13/11
save match gnubg_human.sgf
CMDS
test -s gnubg_human.sgf

# gnubg_position.sgf: gnubg's `save position` in a 5-point match (bob owns the cube at 2 and has
# rolled 3-1), which gnubg_files.cmds loads with `load position`.
rm -f gnubg_position.sgf
run_gnubg > /dev/null <<'CMDS'
set defaultnames alice bob
set player both human
set seed 5
new match 5
13/11 6/5
set dice 6 5
24/13
double
take
set dice 4 2
8/4 6/4
set dice 3 1
save position gnubg_position.sgf
CMDS
test -s gnubg_position.sgf

for cmds in gnubg_*.cmds; do
  run_gnubg < "$cmds" > "${cmds%.cmds}.out"
  echo "wrote $dir/${cmds%.cmds}.out"
done

# Shell scripts whose statistics gnubg prints with figures that tavla may differ from in the last
# digit (gnubg is built with -ffast-math; see tests/gnubg/CORRECTIONS.md), compared with that
# tolerance by tests/shell/analysis_shell_test.cpp: `set analysis ...` before and after
# `analyse session`, thresholds, `analyse clear`, players not analysed.
cd ../analysis
for cmds in shell_*.cmds; do
  run_gnubg < "$cmds" > "${cmds%.cmds}.out"
  echo "wrote $(pwd)/${cmds%.cmds}.out"
done
