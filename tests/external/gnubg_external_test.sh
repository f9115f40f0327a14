#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# gnubg 1.07, unmodified, plays tavla through `tavla external`: four matches (5, 3, 3 and 7
# points) and a money session, tavla in gnubg's seat 0, gnubg itself (0 ply) in seat 1. Checks
# that every game reaches its end (a Crawford game among them) without gnubg complaining about an
# answer, that tavla's answers covered every kind of decision (moves, dances, roll, double, take,
# drop), that the match files gnubg saved (SGF, and the 5-point match exported as .mat) load in
# tavla with the score gnubg itself reads from them, and that a malformed line gets gnubg's
# "Error: ..." answer while the door stays up.
#
# usage: gnubg_external_test.sh TAVLA WORKDIR      (exit 77 = skipped: no gnubg, outside CI)
set -euo pipefail
tavla=$(realpath "$1")
work=$2
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
if [ ! -x "$gnubg" ]; then
  if [ "${CI:-}" = true ]; then echo "FAIL: gnubg is not installed (CI must have it)"; exit 1; fi
  echo "SKIP: gnubg is not installed"; exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$tavla" external 127.0.0.1:0 --verbose 2> door.log &
door=$!
trap 'kill $door 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q "listening on" door.log && break; sleep 0.1; done
port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' door.log | head -1)
[ -n "$port" ] || fail "tavla external did not say where it listens: $(cat door.log)"

# gnubg's answer to the malformed: its external player reads "Error: ..." and stops its play.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'hello\n' >&3
read -r reply <&3
[[ "$reply" == "Error: not a FIBS board line"* ]] || fail "malformed line answered '$reply'"
printf 'board:a:b:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:6:9:6:5:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1\n\0' >&3
read -r reply <&3
[[ "$reply" == "Error: FIBS board field 35: a die of 9" ]] || fail "bad die answered '$reply'"
exec 3>&-

cat > play.cmds <<CMDS
set seed 20261125
set player 1 gnubg
set defaultnames tavla gnubg
set player 1 chequerplay evaluation plies 0
set player 1 cubedecision evaluation plies 0
set player 0 external localhost:$port
new match 5
save match match5.sgf
export match mat match5.mat
new match 3
save match match3a.sgf
new match 3
save match match3b.sgf
new match 7
save match match7.sgf
set automatic game off
new session
new game
new game
new game
new game
new game
new game
new game
save match money.sgf
CMDS
timeout 600 "$gnubg" -t -q < play.cmds > gnubg.out 2>&1 || fail "gnubg failed: $(tail -5 gnubg.out)"
if grep -E "^Error|Warning: badly formed|External connection closed|llegal" gnubg.out; then
  fail "gnubg refused an answer (above)"
fi
matches=$(grep -c "has won the match" gnubg.out || true)
[ "$matches" -eq 4 ] || fail "$matches of 4 matches ended"
grep -q "Crawford game)" gnubg.out || fail "no Crawford game was played"
money_games=$(grep -c "wins a.*point" gnubg.out || true)
[ "$money_games" -ge 10 ] || fail "only $money_games games ended"
[ -s match5.sgf ] && [ -s money.sgf ] || fail "gnubg saved no match files"

for kind in "roll" "double" "take" "drop" "[0-9]+/[0-9]+" ""; do
  grep -qE "^> ($kind)\$" door.log || fail "tavla never answered '$kind'"
done
echo "tavla answered $(grep -c '^> ' door.log) lines over $money_games games"

# The saved files replay in tavla, to the score gnubg reads from them.
for f in match5.sgf match3a.sgf match3b.sgf match7.sgf money.sgf; do
  want=$(printf 'load match %s\nshow score\n' "$f" | "$gnubg" -t -q 2>&1 | grep "^The score" | tail -1)
  got=$(printf 'load match %s\nshow score\n' "$f" | "$tavla" -t 2>&1 | grep "^The score" | tail -1)
  [ -n "$want" ] || fail "gnubg shows no score for $f"
  [ "$want" = "$got" ] || fail "$f: gnubg says '$want', tavla says '$got'"
  echo "$f: $got"
done
# And the .mat gnubg exported, through both programs' import.
want=$(printf 'import mat match5.mat\nshow score\n' | "$gnubg" -t -q 2>&1 | grep "^The score" | tail -1)
got=$(printf 'import mat match5.mat\nshow score\n' | "$tavla" -t 2>&1 | grep "^The score" | tail -1)
[ -n "$want" ] && [ "$want" = "$got" ] || fail "match5.mat: gnubg says '$want', tavla says '$got'"
echo "match5.mat: $got"
kill $door
wait $door 2>/dev/null || true
trap - EXIT
echo PASS
