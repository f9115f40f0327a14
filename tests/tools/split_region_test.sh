#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/split_region.py puts each label line where its position belongs. Positions are
# built as XGIDs whose region is clear from the board (X on roll), turned into gnubg position
# IDs by tavla, written as label lines, and split; bad input is refused with a message.
#   split_region_test.sh TAVLA SOURCE_DIR
set -euo pipefail
tavla=$1
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# NAME EXPECTED-bar EXPECTED-holding EXPECTED-holding-max-out-3 EXPECTED-stragglers XGID
python3 - > "$tmp/cases" <<'PY'
def xgid(x, o, xbar=0, obar=0):
    # x: X's chequers by X's point number; o: O's chequers by X's point number; X on roll
    s = ['-'] * 26
    if obar: s[0] = chr(ord('a') + obar - 1)
    if xbar: s[25] = chr(ord('A') + xbar - 1)
    for p, n in x.items(): s[p] = chr(ord('A') + n - 1)
    for p, n in o.items(): s[p] = chr(ord('a') + n - 1)
    return 'XGID=' + ''.join(s) + ':0:0:1:00:0:0:0:0:10'
O_HOME = {19: 5, 20: 5, 21: 3}   # 13 of O's chequers in O's home board
X_HOME = {6: 5, 5: 5, 4: 3}      # 13 of X's chequers in X's home board
cases = [
  # X bears in (3 on its 8 point) against O's anchor on X's 1 point
  ("x_bears_in", 0, 1, 1, 0, xgid({6: 5, 5: 4, 4: 3, 8: 3}, {1: 2, **O_HOME})),
  # the same with 3 of X's chequers on its 13 point: beyond its outer board
  ("x_three_out", 0, 0, 1, 0, xgid({6: 5, 5: 4, 4: 3, 13: 3}, {1: 2, **O_HOME})),
  # no anchor: O's two back chequers split over X's 1 and 2 points
  ("no_anchor", 0, 0, 0, 0, xgid({6: 5, 5: 4, 4: 3, 8: 3}, {1: 1, 2: 1, **O_HOME})),
  # O (not on roll) bears in against X's anchor on O's 1 point (X's 24)
  ("o_bears_in", 0, 1, 1, 0, xgid({24: 2, **X_HOME}, {19: 5, 20: 4, 21: 3, 17: 3})),
  # an anchor on X's 7 point is not in X's home board
  ("anchor_outside", 0, 0, 0, 0, xgid({6: 5, 5: 4, 4: 3, 8: 3}, {7: 2, **O_HOME})),
  # the opening position
  ("opening", 0, 0, 0, 0, "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
  # bar region: O has 4 chequers left, one of them on the bar
  ("o_bar", 1, 0, 0, 1, xgid({6: 5, 5: 5, 4: 3, 3: 2}, {22: 3}, obar=1)),
  # O has 7 chequers left with one on the bar: not the bar region
  ("o_bar_seven", 0, 0, 0, 0, xgid({6: 5, 5: 5, 4: 3, 3: 2}, {22: 3, 23: 3}, obar=1)),
  # stragglers: O has 3 chequers left, one on its 10 point (X's 15)
  ("o_straggler", 0, 0, 0, 1, xgid({6: 5, 5: 5, 4: 3, 3: 2}, {22: 2, 15: 1})),
  # O has 3 chequers left, all in its home board: not the stragglers region
  ("o_three_home", 0, 0, 0, 0, xgid({6: 5, 5: 5, 4: 3, 3: 2}, {22: 2, 20: 1})),
  # X (on roll) has 6 left, one on its 7 point; O has 15
  ("x_straggler", 0, 0, 0, 1, xgid({1: 5, 7: 1}, {24: 2, **O_HOME})),
]
for c in cases: print(*c)
PY
while read -r name bar hold hold3 strag id; do
  pid=$("$tavla" analyze "$id" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["gnubg_id"].split(":")[0])')
  echo "contact $pid 0.5 0.1 0.0 0.1 0.0" > "$tmp/$name.txt"
  for spec in "bar $bar" "holding $hold" "--max-out 3 holding $hold3" "stragglers $strag"; do
    expected=${spec##* }
    python3 "$src/tools/weights/split_region.py" ${spec% *} "$tmp/in.txt" "$tmp/out.txt" \
      "$tmp/$name.txt" > /dev/null
    got=$(wc -l < "$tmp/in.txt")
    [ "$got" -eq "$expected" ] || { echo "$name ($pid): ${spec% *}: $got in the region, expected $expected"; exit 1; }
    [ $(( got + $(wc -l < "$tmp/out.txt") )) -eq 1 ] || { echo "$name: line lost or doubled"; exit 1; }
  done
done < "$tmp/cases"
# Comment lines are dropped; the counts are printed.
printf '# a comment\n' | cat - "$tmp/x_bears_in.txt" "$tmp/opening.txt" > "$tmp/two.txt"
out=$(python3 "$src/tools/weights/split_region.py" holding "$tmp/in.txt" "$tmp/out.txt" "$tmp/two.txt")
[ "$out" = "1 in the region, 1 not" ] || { echo "counts printed: $out"; exit 1; }
# Bad input: a status other than 0 and a message naming the problem.
echo "contact not-an-id 0.5 0.1 0.0 0.1 0.0" > "$tmp/bad_id.txt"
echo "contact" > "$tmp/short.txt"
for bad in "holding a b $tmp/bad_id.txt" "holding a b $tmp/short.txt" "nowhere a b $tmp/two.txt" \
           "--max-out x holding a b $tmp/two.txt" "holding a b" "holding a b missing.txt"; do
  if (cd "$tmp" && python3 "$src/tools/weights/split_region.py" $bad) > /dev/null 2> "$tmp/err"; then
    echo "split_region accepted: $bad"; exit 1
  fi
  [ -s "$tmp/err" ] || { echo "no message for: $bad"; exit 1; }
  grep -q Traceback "$tmp/err" && { echo "a traceback for: $bad"; exit 1; }
done
msg=$(cd "$tmp" && python3 "$src/tools/weights/split_region.py" holding a b bad_id.txt 2>&1 || true)
[[ "$msg" == *"bad_id.txt:1: bad position ID"* ]] || { echo "bad ID message: $msg"; exit 1; }
echo "split_region: ok"
