#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/json_labels.py: tavla's real rollout and analysis answers become label lines
# with the answers' probabilities (rollout means made consistent), classes filtered, errors
# skipped and counted; bad input is refused with a message and never a traceback.
#   json_labels_test.sh TAVLA SOURCE_DIR
set -euo pipefail
tavla=$1
src=$(cd "$2" && pwd)
tool="$src/tools/weights/json_labels.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
weights="$src/weights/tavla.wd"
# Three positions before the roll: contact (the opening), crashed, race; and a bad ID.
printf '%s\n' 4HPwATDgc/ABMA 7x4AALBtDgYgBA awcAAHDfwiQAAA > "$tmp/ids.txt"
"$tavla" analyze --batch --plies 1 --weights "$weights" < "$tmp/ids.txt" > "$tmp/analysis.jsonl"
{ cat "$tmp/ids.txt"; echo 'not-an-id'; } |
  "$tavla" rollout --batch --cubeless --trials 36 --seed 3 --weights "$weights" > "$tmp/rollout.jsonl"

python3 "$tool" < "$tmp/analysis.jsonl" > "$tmp/all.txt" 2> "$tmp/all.log"
python3 "$tool" --class crashed < "$tmp/analysis.jsonl" > "$tmp/crashed.txt" 2> "$tmp/crashed.log"
python3 "$tool" --class race < "$tmp/rollout.jsonl" > "$tmp/ro.txt" 2> "$tmp/ro.log"
grep -q '3 labels written' "$tmp/all.log" || { cat "$tmp/all.log"; exit 1; }
grep -q '1 skipped (class contact)' "$tmp/crashed.log" || { cat "$tmp/crashed.log"; exit 1; }
grep -q '1 skipped (class race)' "$tmp/crashed.log" || { cat "$tmp/crashed.log"; exit 1; }
grep -q '1 skipped (answered with an error' "$tmp/ro.log" || { cat "$tmp/ro.log"; exit 1; }

python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
def labels(name):
    return [l.split() for l in open(f"{d}/{name}")]
analysis = [json.loads(l) for l in open(f"{d}/analysis.jsonl")]
rollout = [json.loads(l) for l in open(f"{d}/rollout.jsonl")]
all_, crashed, ro = labels("all.txt"), labels("crashed.txt"), labels("ro.txt")
# Analysis lines: the class and position of the answer, its probabilities to 6 decimals.
assert [l[0] for l in all_] == [j["class"] for j in analysis], all_
assert [l[0] for l in all_] == ["contact", "crashed", "race"], all_
for l, j in zip(all_, analysis):
    assert l[1] == j["id"], (l, j["id"])
    for x, p in zip(l[2:], j["eval"]["probs"]):
        assert abs(float(x) - p) < 1e-6, (l, j["eval"]["probs"])
assert [l[1] for l in crashed] == [all_[1][1]], crashed
# Rollout lines: the class given, the means made consistent, the bad ID left out.
assert len(ro) == 3 and all(l[0] == "race" for l in ro), ro
for l, j in zip(ro, rollout):
    w, wg, wb, lg, lb = [float(x) for x in l[2:]]
    m = j["results"][0]["mean"][:5]
    assert 0 <= wb <= wg <= w <= 1 and 0 <= lb <= lg <= 1 - w + 1e-6, l
    for x, p in zip((w, wg, wb, lg, lb), m):
        if 0 <= p <= 1:
            assert abs(x - p) < 1e-6 or x < p, (l, m)
print("json_labels: analysis and rollout answers ok")
PY

# A rollout line made inconsistent on purpose: gammons above the wins, a negative rate.
echo '{"id":"X","results":[{"mean":[0.4,0.5,0.6,-0.01,0.2,0,0]}]}' |
  python3 "$tool" --class contact 2> /dev/null > "$tmp/fixed.txt"
[ "$(cat "$tmp/fixed.txt")" = "contact X 0.400000 0.400000 0.400000 0.000000 0.000000" ] ||
  { echo "inconsistent means not clamped: $(cat "$tmp/fixed.txt")"; exit 1; }

# Bad input: a message naming the line, exit status 1 (2 for bad options), no traceback.
check_refused() {  # expected status, what the message must say, input, options...
  local want=$1 say=$2 input=$3
  shift 3
  set +e
  printf '%s\n' "$input" | python3 "$tool" "$@" > /dev/null 2> "$tmp/err"
  local rc=$?
  set -e
  [ "$rc" -eq "$want" ] || { echo "status $rc, not $want, for: $input $*"; cat "$tmp/err"; exit 1; }
  grep -q "$say" "$tmp/err" || { echo "no '$say' for: $input $*"; cat "$tmp/err"; exit 1; }
  if grep -q Traceback "$tmp/err"; then echo "traceback for: $input $*"; exit 1; fi
}
check_refused 1 'line 1: not a tavla answer' 'not json'
check_refused 1 'line 2: not a tavla answer' "$(head -1 "$tmp/analysis.jsonl")
{\"id\":\"x\",\"class\":\"contact\",\"eval\":{}}"
check_refused 1 'give --class' "$(head -1 "$tmp/rollout.jsonl")"
check_refused 2 'usage' '' --class bogus
check_refused 2 'usage' '' extra arguments
echo "json_labels: ok"
