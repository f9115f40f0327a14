#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/calibrate_crashed.py: rollouts equal to the 2-ply labels leave them as they are;
# rollouts that give the side with fewer chequers (F) fewer wins when the other side is on roll
# (w -> w - 0.4 w (1 - w), at most 0.1 fewer) map those labels' F wins so and leave the positions
# with F on roll as they are
# (the maps are per group, in F's point of view); contact lines are copied; --check reports the
# bias removed on held-out halves; bad input is refused with a message.
#   calibrate_crashed_test.sh SOURCE_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
tool="$src/tools/weights/calibrate_crashed.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '!/^#/ && ++n <= 12000' "$src/weights/labels/crashed_2ply_s25.txt" > "$tmp/two.txt"
awk '!/^#/ && ++n <= 50' "$src/weights/labels/contact_2ply_s24.txt" > "$tmp/contact.txt"
cat "$tmp/two.txt" "$tmp/contact.txt" > "$tmp/in.txt"
cp "$tmp/two.txt" "$tmp/same.txt"
python3 - "$tmp" "$src/tools/weights" <<'PY'
import sys
d, tools = sys.argv[1], sys.argv[2]
sys.path.insert(0, tools)
from split_region import sides
with open(f"{d}/shifted.txt", "w") as out:
    for line in open(f"{d}/two.txt"):
        f = line.split(); p = [float(x) for x in f[2:7]]
        a, b = sides(f[1])  # not on roll, on roll
        if sum(b) > sum(a):  # M on roll: F is the side not on roll, its wins are 1 - p[0]
            fw = (1 - p[0]) - 0.4 * (1 - p[0]) * p[0]
            p[0] = 1 - fw
            p[3] = min(p[3], fw); p[4] = min(p[4], p[3])
        out.write(f"{f[0]} {f[1]} {' '.join(f'{x:.6f}' for x in p)}\n")
PY
python3 "$tool" "$tmp/two.txt" "$tmp/same.txt" "$tmp/in.txt" "$tmp/out_same.txt" > "$tmp/log1"
python3 "$tool" "$tmp/two.txt" "$tmp/shifted.txt" "$tmp/in.txt" "$tmp/out_shift.txt" > "$tmp/log2"
grep -q "12000 labels calibrated, 50 copied" "$tmp/log2" || { echo "wrong counts"; cat "$tmp/log2"; exit 1; }
python3 - "$tmp" "$src/tools/weights" <<'PY'
import sys
d, tools = sys.argv[1], sys.argv[2]
sys.path.insert(0, tools)
from split_region import sides
def read(name):
    return [(l.split()[0], l.split()[1], [float(x) for x in l.split()[2:7]]) for l in open(f"{d}/{name}")]
# the span of the F-wins maps' data points of the groups with M on roll (the maps are linear
# between the bins' means: beyond them they run to (0, 0) and (1, 1))
maps = [line.split(": ")[1].split() for line in open(f"{d}/log2")
        if line.startswith("M on roll") and "F wins" in line]
assert maps, "no maps printed"
low = max(float(m[1].split("->")[0]) for m in maps)
top = min(float(m[-2].split("->")[0]) for m in maps)
inp, same, shift = read("in.txt"), read("out_same.txt"), read("out_shift.txt")
assert [x[1] for x in inp] == [x[1] for x in same] == [x[1] for x in shift], "order or count changed"
counts = {"F on roll": 0, "M on roll": 0, "contact": 0}
for (cls, pid, a), (_, _, b), (_, _, c) in zip(inp, same, shift):
    if cls == "contact":
        assert a == b == c, ("a contact line changed", pid)
        counts["contact"] += 1
        continue
    assert max(abs(x - y) for x, y in zip(a, b)) < 2e-4, ("identity map moved", pid, a, b)
    n_off, n_on = (sum(s) for s in sides(pid))
    if n_on <= n_off:
        assert max(abs(x - y) for x, y in zip(a, c)) < 2e-4, ("F on roll moved", pid, a, c)
        counts["F on roll"] += 1
    else:
        fa, fc = 1 - a[0], 1 - c[0]
        if low <= fa <= top:
            assert abs(fc - (fa - 0.4 * fa * (1 - fa))) < 5e-3, ("F wins not mapped", pid, a, c)
            counts["M on roll"] += 1
        assert c[3] <= fc + 1e-6 and c[4] <= c[3] + 1e-6, ("gammons above wins", pid, c)
assert counts["F on roll"] > 2000 and counts["M on roll"] > 1000, counts
print("calibrate_crashed: checked", counts)
PY
# --check: the shifted rollouts' bias (F's view) is seen on the held-out halves and removed.
python3 "$tool" --check "$tmp/two.txt" "$tmp/shifted.txt" > "$tmp/check"
python3 - "$tmp/check" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 2, lines
for line in lines:
    b0, b1 = (float(x) for x in re.search(r"bias \(F's view\) (\S+) -> (\S+),", line).groups())
    assert b0 > 0.02 and abs(b1) < 0.2 * b0, line
print("calibrate_crashed: --check", lines[0])
PY
# Bad input: a status other than 0 and a message.
echo "crashed" > "$tmp/short.txt"
echo "crashed not-an-id 0.5 0.1 0.0 0.1 0.0" > "$tmp/bad_id.txt"
: > "$tmp/empty.txt"
for bad in "$tmp/short.txt $tmp/same.txt $tmp/two.txt $tmp/o" \
           "$tmp/two.txt $tmp/empty.txt $tmp/two.txt $tmp/o" \
           "$tmp/contact.txt $tmp/contact.txt $tmp/two.txt $tmp/o" \
           "$tmp/two.txt $tmp/same.txt $tmp/bad_id.txt $tmp/o" \
           "$tmp/two.txt $tmp/missing.txt $tmp/two.txt $tmp/o" \
           "--check $tmp/two.txt" "$tmp/two.txt"; do
  if python3 "$tool" $bad > /dev/null 2> "$tmp/err"; then echo "accepted: $bad"; exit 1; fi
  [ -s "$tmp/err" ] || { echo "no message for: $bad"; exit 1; }
  grep -q Traceback "$tmp/err" && { echo "a traceback for: $bad"; cat "$tmp/err"; exit 1; }
done
echo "calibrate_crashed: ok"
