#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Side-by-side speed of tavla and gnubg 1.07 on the same machine, one thread each, same
# position, weights (gnubg's) and settings: the issue benchmarks of search, hints and rollouts.
#
#   bench/vs_gnubg.sh [-n RUNS] [-t TAVLA] [-2] [CASE...]
#
# Cases (default: all but eval4 and hint4): eval3 eval4 hint2 hint3 hint4 ro-novr ro-vr.
# Every case runs RUNS times (default 3), tavla and gnubg interleaved so that both see the same
# machine; the figure is the least user CPU time of the runs, less the program's start-up (gnubg:
# the same script without the timed command; tavla: a 0-ply analysis). -2 also runs tavla with
# two threads (wall-clock time then) and prints the speed-up over one thread.
# Timings only: the answers are checked by the tests (tests/search, tests/rollout).
set -euo pipefail

runs=3
tavla=build/release/tavla
two=0
while getopts "n:t:2h" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    t) tavla=$OPTARG ;;
    2) two=1 ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(eval3 hint2 hint3 ro-novr ro-vr)

gnubg=/usr/games/gnubg
weights=/usr/lib/gnubg/gnubg.wd
for f in "$gnubg" "$weights" "$tavla"; do
  [ -e "$f" ] || { echo "vs_gnubg: $f not found" >&2; exit 1; }
done
pos=yLPwACPQ28gBIQ
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# gnubg's script for a case: setup lines, then the timed command (last line).
gnubg_script() {
  local setup="set player 0 human
set player 1 human
new game
set board $pos
set threads 1"
  case $1 in
    eval3|eval4)
      local p=${1#eval}
      printf '%s\nset evaluation cubedecision evaluation plies %s\nset evaluation cubedecision evaluation prune on\nset evaluation chequerplay evaluation plies %s\nset evaluation chequerplay evaluation prune on\n' "$setup" "$p" "$p"
      echo eval ;;
    hint2|hint3|hint4)
      local p=${1#hint}
      printf '%s\nset dice 5 1\nset evaluation chequerplay evaluation plies %s\nset evaluation chequerplay evaluation prune on\n' "$setup" "$p"
      echo hint ;;
    ro-novr|ro-vr)
      local vr=on trials=72
      [ "$1" = ro-novr ] && vr=off trials=1296
      printf '%s\nset rollout trials %s\nset rollout cubeful off\nset rollout chequerplay plies 0\nset rollout cubedecision plies 0\nset rollout varredn %s\nset rollout seed 1\n' "$setup" "$trials" "$vr"
      echo rollout ;;
    *) echo "vs_gnubg: unknown case $1" >&2; exit 2 ;;
  esac
}

# tavla's command line for a case (one thread; threads appended by the caller).
tavla_args() {
  local w="--weights $weights"
  case $1 in
    eval3) echo "analyze $pos --plies 3 $w" ;;
    eval4) echo "analyze $pos --plies 4 $w" ;;
    hint2) echo "analyze $pos:cIkGAAAAAAAA --level world-class $w" ;;  # 5-1 to play
    hint3) echo "analyze $pos:cIkGAAAAAAAA --plies 3 $w" ;;
    hint4) echo "analyze $pos:cIkGAAAAAAAA --plies 4 $w" ;;
    ro-novr) echo "rollout $pos --trials 1296 --seed 1 --cubeless --plies 0 --no-variance-reduction $w" ;;
    ro-vr) echo "rollout $pos --trials 72 --seed 1 --cubeless --plies 0 $w" ;;
  esac
}

# user (or, with "wall", elapsed) seconds of a command, its output discarded
cpu() {
  /usr/bin/time -o "$tmp/time" -f "%U %e" "$@" > /dev/null 2>&1 || true
  tail -1 "$tmp/time"
}
user_of() { cpu "$@" | cut -d' ' -f1; }
wall_of() { cpu "$@" | cut -d' ' -f2; }
min() { python3 -c "import sys; print(min(float(x) for x in sys.argv[1:]))" "$@"; }

printf '%-8s %10s %10s %8s' case gnubg_s tavla_s ratio
[ $two = 1 ] && printf ' %10s %10s %6s' t1_wall_s t2_wall_s x2thr
echo
for c in "${cases[@]}"; do
  gnubg_script "$c" > "$tmp/full.cmd"
  head -n -1 "$tmp/full.cmd" > "$tmp/setup.cmd"
  read -r -a targs <<< "$(tavla_args "$c")"
  g=() gs=() t=() ts=() w1=() w2=()
  n=$runs
  [ "$c" = hint2 ] && n=$((3 * runs))  # about 0.1 s: more runs against the clock's granularity
  for _ in $(seq "$n"); do
    g+=("$(user_of "$gnubg" -t -q -r < "$tmp/full.cmd")")
    gs+=("$(user_of "$gnubg" -t -q -r < "$tmp/setup.cmd")")
    t+=("$(user_of "$tavla" "${targs[@]}" --threads 1)")
    ts+=("$(user_of "$tavla" analyze $pos --weights $weights)")
    if [ $two = 1 ]; then
      w1+=("$(wall_of "$tavla" "${targs[@]}" --threads 1)")
      w2+=("$(wall_of "$tavla" "${targs[@]}" --threads 2)")
    fi
  done
  gt=$(python3 -c "print(max(1e-3, $(min "${g[@]}") - $(min "${gs[@]}")))")
  tt=$(python3 -c "print(max(1e-3, $(min "${t[@]}") - $(min "${ts[@]}")))")
  printf '%-8s %10.3f %10.3f %7.2fx' "$c" "$gt" "$tt" "$(python3 -c "print($gt / $tt)")"
  if [ $two = 1 ]; then
    a=$(min "${w1[@]}") b=$(min "${w2[@]}")
    printf ' %10.3f %10.3f %5.2fx' "$a" "$b" "$(python3 -c "print($a / $b)")"
  fi
  echo
done
