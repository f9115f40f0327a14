#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Side-by-side speed of a whole-match analysis: gnubg 1.07's `analyse match` against
# `tavla analyze MATCHFILE`, same file, same weights (gnubg's), both at gnubg's analysis defaults
# (2-ply chequer play with gnubg's analysis move filter, 2-ply cube, cubeful, pruning nets, luck at
# 0 ply), as issue 17 part 5 asks.
#
#   bench/match_vs_gnubg.sh [-n RUNS] [-t TAVLA] [-g GNUBG_THREADS] [MATCHFILE]
#
# MATCHFILE defaults to tests/fixtures/mat/engine7.sgf (a 7-point match gnubg played against
# itself, 204 records). Each run times, interleaved so that all see the same machine:
#   gnubg     gnubg -t -q -r with a command file: set threads G (default 1), load match, analyse
#             match (nothing printed but the board);
#   tavla t1  tavla analyze MATCHFILE --threads 1 --weights gnubg.wd (statistics text to /dev/null);
#   tavla t2  the same with --threads 2.
# and, once per run, each program's start-up alone (gnubg: the command file without `analyse
# match`; tavla: a 0-ply analysis of the opening position), which is subtracted from the medians.
# Prints the median wall-clock seconds (and user CPU seconds) of RUNS runs (default 3), net of
# start-up, and their ratios to gnubg's. The answers are checked elsewhere
# (tests/tools/match_analysis_test.cpp).
set -euo pipefail

runs=3
tavla=build/release/tavla
gthreads=1
while getopts "n:t:g:h" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    t) tavla=$OPTARG ;;
    g) gthreads=$OPTARG ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
match=${1:-tests/fixtures/mat/engine7.sgf}

gnubg=/usr/games/gnubg
weights=/usr/lib/gnubg/gnubg.wd
for f in "$gnubg" "$weights" "$tavla" "$match"; do
  [ -e "$f" ] || { echo "match_vs_gnubg: $f not found" >&2; exit 1; }
done
case "$match" in
  *.sgf|*.SGF) load="load match" ;;
  *.mat|*.MAT) load="import mat" ;;
  *) echo "match_vs_gnubg: $match is neither .sgf nor .mat" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
abs=$(realpath "$match")

# gnubg's analysis defaults are what `new session` leaves; only the thread count is set.
printf 'set threads %s\n%s %s\n' "$gthreads" "$load" "$abs" > "$tmp/setup.cmd"
{ cat "$tmp/setup.cmd"; echo "analyse match"; } > "$tmp/full.cmd"

# "wall user" seconds of a command, its output discarded; a failure stops the script.
timed() {
  if ! /usr/bin/time -o "$tmp/time" -f "%e %U" "$@" > "$tmp/out" 2> "$tmp/err"; then
    echo "match_vs_gnubg: failed: $*" >&2
    tail -5 "$tmp/err" >&2
    exit 1
  fi
  tail -1 "$tmp/time"
}
median() { python3 -c "import sys, statistics; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }

tav=("$tavla" analyze "$abs" --weights "$weights")
declare -A wall user
for _ in $(seq "$runs"); do
  for who in gnubg gnubg0 t1 t2 tavla0; do
    case $who in
      gnubg) r=$(timed "$gnubg" -t -q -r < "$tmp/full.cmd") ;;
      gnubg0) r=$(timed "$gnubg" -t -q -r < "$tmp/setup.cmd") ;;
      t1) r=$(timed "${tav[@]}" --threads 1) ;;
      t2) r=$(timed "${tav[@]}" --threads 2) ;;
      tavla0) r=$(timed "$tavla" analyze 4HPwATDgc/ABMA --plies 0 --weights "$weights") ;;
    esac
    wall[$who]+="${r% *} "
    user[$who]+="${r#* } "
  done
done

net() {  # median of $1's runs less the median of its start-up $2, for wall or user
  local -n arr=$3
  # shellcheck disable=SC2086
  python3 -c "print(max(1e-3, $(median ${arr[$1]}) - $(median ${arr[$2]})))"
}
echo "match: $match ($runs runs; gnubg: $gthreads thread(s); weights $weights)"
echo "medians in seconds, start-up subtracted (gnubg $(median ${wall[gnubg0]}) s, tavla $(median ${wall[tavla0]}) s wall)"
# Ratios to gnubg: of wall-clock time and of user CPU time (on a busy machine the CPU time is the
# steadier figure for one thread; two threads only gain in wall-clock time).
printf '%-18s %8s %8s %9s %9s\n' program wall_s user_s wall/gnubg user/gnubg
gw=$(net gnubg gnubg0 wall)
gu=$(net gnubg gnubg0 user)
for who in gnubg t1 t2; do
  base=gnubg0 label="gnubg"
  [ "$who" != gnubg ] && base=tavla0 label="tavla --threads ${who#t}"
  w=$(net "$who" "$base" wall)
  u=$(net "$who" "$base" user)
  printf '%-18s %8.2f %8.2f %9.3f %9.3f\n' "$label" "$w" "$u" "$(python3 -c "print($w / $gw)")" \
    "$(python3 -c "print($u / $gu)")"
done
t1=$(net t1 tavla0 wall)
t2=$(net t2 tavla0 wall)
printf 'tavla two threads over one: %.2fx faster\n' "$(python3 -c "print($t1 / $t2)")"
