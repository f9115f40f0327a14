#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/average_labels.py and ply_parity.py (labels free of the odd-even ply effect,
# session 32) on tavla's real answers: the averaged labels are the mean of the 1-ply and 2-ply
# evaluations position by position; ply_parity's means and steps are those of the evaluations it
# reports; deep_labels.py (session 33) picks the positions whose plies disagree most and labels
# them with the mean of 2 and 3 ply; mismatched files and bad arguments are refused with a
# message, never a traceback.
#   ply_labels_test.sh TAVLA SOURCE_DIR
set -euo pipefail
tavla=$1
src=$(cd "$2" && pwd)
tools="$src/tools/weights"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
weights="$src/weights/tavla.wd"
# The opening, a contact middle game, a crashed and a race position, before the roll.
printf '%s\n' 4HPwATDgc/ABMA 3JwbAgiw3RmAQQ 7x4AALBtDgYgBA awcAAHDfwiQAAA > "$tmp/ids.txt"
for p in 0 1 2; do
  "$tavla" analyze --batch --plies $p --weights "$weights" < "$tmp/ids.txt" > "$tmp/a$p.jsonl"
  python3 "$tools/json_labels.py" < "$tmp/a$p.jsonl" > "$tmp/p$p.txt" 2> /dev/null
done
python3 "$tools/average_labels.py" "$tmp/p1.txt" "$tmp/p2.txt" > "$tmp/mean.txt" 2> "$tmp/mean.log"
grep -q '4 labels written' "$tmp/mean.log" || { cat "$tmp/mean.log"; exit 1; }

python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
a1 = [json.loads(l) for l in open(f"{d}/a1.jsonl")]
a2 = [json.loads(l) for l in open(f"{d}/a2.jsonl")]
mean = [l.split() for l in open(f"{d}/mean.txt")]
assert len(mean) == 4, mean
for l, j1, j2 in zip(mean, a1, a2):
    assert l[0] == j1["class"] and l[1] == j1["id"], (l, j1["id"])
    for x, p1, p2 in zip(l[2:], j1["eval"]["probs"], j2["eval"]["probs"]):
        assert abs(float(x) - (p1 + p2) / 2) < 2e-6, (l, p1, p2)
print("average_labels: 4 labels are the mean of 1 and 2 ply")
PY

# Files that disagree on a position are refused, naming the file and line.
sed '3s/ [^ ]* / 4HPwATDgc\/ABMA /' "$tmp/p2.txt" > "$tmp/bad.txt"
if python3 "$tools/average_labels.py" "$tmp/p1.txt" "$tmp/bad.txt" > /dev/null 2> "$tmp/err.log"; then
  echo "average_labels accepted a file of other positions"; exit 1
fi
grep -q "bad.txt:3: crashed 4HPwATDgc/ABMA where" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
head -2 "$tmp/p2.txt" > "$tmp/short.txt"
if python3 "$tools/average_labels.py" "$tmp/p1.txt" "$tmp/short.txt" > /dev/null 2> "$tmp/err.log"; then
  echo "average_labels accepted a shorter file"; exit 1
fi
grep -q "short.txt ends before" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
# A probability that is not a number is named by file and line (label_lines.py's reader).
sed '2s/ [^ ]*$/ x/' "$tmp/p2.txt" > "$tmp/nan.txt"
if python3 "$tools/average_labels.py" "$tmp/p1.txt" "$tmp/nan.txt" > /dev/null 2> "$tmp/err.log"; then
  echo "average_labels accepted a probability that is not a number"; exit 1
fi
grep -q "nan.txt:2: a probability is not a number" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
if grep -q Traceback "$tmp/err.log"; then cat "$tmp/err.log"; exit 1; fi
if python3 "$tools/average_labels.py" "$tmp/p1.txt" 2> "$tmp/err.log"; then
  echo "average_labels ran on one file"; exit 1
fi
grep -q usage "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
if grep -q Traceback "$tmp/err.log"; then cat "$tmp/err.log"; exit 1; fi

# ply_parity: its means and steps are the evaluations' own.
python3 "$tools/ply_parity.py" --plies 2 --json "$tavla" "$weights" "$tmp/ids.txt" > "$tmp/parity.json"
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
r = json.load(open(f"{d}/parity.json"))
eq = [[json.loads(l)["eval"]["equity"] for l in open(f"{d}/a{p}.jsonl")] for p in range(3)]
assert r["positions"] == 4, r
for p in range(3):
    assert abs(r["mean_equity"][p] - sum(eq[p]) / 4) < 1e-9, (p, r["mean_equity"])
for p in range(2):
    step = sum(b - a for a, b in zip(eq[p], eq[p + 1])) / 4
    assert abs(r["steps"][p]["mean"] - step) < 1e-9, (p, r["steps"])
    assert r["steps"][p]["std_error"] >= 0
parity = (r["mean_equity"][0] + r["mean_equity"][2]) / 2 - r["mean_equity"][1]
assert abs(r["parity"] - parity) < 1e-9, r
print("ply_parity: means, steps and parity are the evaluations'", r["parity"])
PY
if python3 "$tools/ply_parity.py" --plies x "$tavla" "$weights" "$tmp/ids.txt" 2> "$tmp/err.log"; then
  echo "ply_parity accepted --plies x"; exit 1
fi
grep -q "invalid int value" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
echo 'not-an-id' > "$tmp/bad_ids.txt"
if python3 "$tools/ply_parity.py" "$tavla" "$weights" "$tmp/bad_ids.txt" 2> "$tmp/err.log"; then
  echo "ply_parity accepted a bad position"; exit 1
fi
grep -q "not-an-id" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
if grep -q Traceback "$tmp/err.log"; then cat "$tmp/err.log"; exit 1; fi
# deep_labels.py: select the positions whose 1 and 2 ply disagree most, label them with the mean
# of 2 and 3 ply (their 3-ply file in another order), the rest with the mean of 1 and 2 ply.
python3 "$tools/deep_labels.py" select --top 2 "$tmp/p1.txt" "$tmp/p2.txt" > "$tmp/top.txt" 2> "$tmp/sel.log"
grep -q "2 of 4 positions" "$tmp/sel.log" || { cat "$tmp/sel.log"; exit 1; }
tac "$tmp/top.txt" | "$tavla" analyze --batch --plies 3 --weights "$weights" > "$tmp/a3.jsonl"
python3 "$tools/json_labels.py" < "$tmp/a3.jsonl" > "$tmp/p3.txt" 2> /dev/null
python3 "$tools/deep_labels.py" merge "$tmp/p1.txt" "$tmp/p2.txt" "$tmp/p3.txt" > "$tmp/deep.txt" 2> "$tmp/merge.log"
grep -q "4 labels written, 2 the mean of 2 and 3 ply, 2 of 1 and 2 ply" "$tmp/merge.log" || { cat "$tmp/merge.log"; exit 1; }
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
a = [{json.loads(l)["id"]: json.loads(l)["eval"]["probs"] for l in open(f"{d}/a{p}.jsonl")} for p in (1, 2, 3)]
ids = [json.loads(l)["id"] for l in open(f"{d}/a1.jsonl")]
eq = lambda p: 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]
diff = sorted(ids, key=lambda i: -abs(eq(a[1][i]) - eq(a[0][i])))
top = [l.strip() for l in open(f"{d}/top.txt")]
assert top == diff[:2], (top, diff)
deep = [l.split() for l in open(f"{d}/deep.txt")]
assert [l[1] for l in deep] == ids, deep
for l in deep:
    other = a[2][l[1]] if l[1] in top else a[0][l[1]]
    for x, p2, q in zip(l[2:], a[1][l[1]], other):
        assert abs(float(x) - (p2 + q) / 2) < 2e-6, (l, p2, q)
print("deep_labels: the 2 most disagreeing positions are the mean of 2 and 3 ply, the rest of 1 and 2")
PY
# A 3-ply label of a position the 1-ply file lacks, and --top 0, are refused with a message.
sed '1s/ [^ ]* / 4HPwATDgc\/ABMB /' "$tmp/p3.txt" > "$tmp/p3bad.txt"
if python3 "$tools/deep_labels.py" merge "$tmp/p1.txt" "$tmp/p2.txt" "$tmp/p3bad.txt" > /dev/null 2> "$tmp/err.log"; then
  echo "deep_labels accepted a 3-ply label of another position"; exit 1
fi
grep -q "p3bad.txt:1: .* 4HPwATDgc/ABMB is not in" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
if python3 "$tools/deep_labels.py" select --top 0 "$tmp/p1.txt" "$tmp/p2.txt" 2> "$tmp/err.log"; then
  echo "deep_labels accepted --top 0"; exit 1
fi
grep -q "at least 1" "$tmp/err.log" || { cat "$tmp/err.log"; exit 1; }
if grep -q Traceback "$tmp/err.log"; then cat "$tmp/err.log"; exit 1; fi
echo "ply_labels: ok"
