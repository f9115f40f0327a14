#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/calibrate_region.py: rollouts equal to the 2-ply labels leave them as they are;
# rollouts with both sides' gammons halved halve the region's gammons and keep its wins (but
# where both sides bear in against an anchor); lines outside the region are copied; bad input
# is refused with a message.
#   calibrate_region_test.sh SOURCE_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
tool="$src/tools/weights/calibrate_region.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '!/^#/ && ++n <= 6000' "$src/weights/labels/contact_2ply_s24.txt" > "$tmp/two.txt"
cp "$tmp/two.txt" "$tmp/same.txt"
python3 - "$tmp/two.txt" "$tmp/half.txt" <<'PY'
import sys
with open(sys.argv[2], "w") as out:
    for line in open(sys.argv[1]):
        f = line.split(); p = [float(x) for x in f[2:7]]
        q = [p[0], p[1] / 2, p[2] / 2, p[3] / 2, p[4] / 2]
        out.write(f"{f[0]} {f[1]} {' '.join(f'{x:.6f}' for x in q)}\n")
PY
python3 "$tool" "$tmp/two.txt" "$tmp/same.txt" "$tmp/two.txt" "$tmp/out_same.txt" > "$tmp/log1"
python3 "$tool" "$tmp/two.txt" "$tmp/half.txt" "$tmp/two.txt" "$tmp/out_half.txt" > "$tmp/log2"
grep -q "labels calibrated" "$tmp/log2" || { echo "no counts printed"; cat "$tmp/log2"; exit 1; }
python3 "$src/tools/weights/split_region.py" holding "$tmp/region.txt" "$tmp/rest.txt" \
  "$tmp/two.txt" > /dev/null
python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
# the span of each gammon map's data points (between them the map is exact for halving)
span = {}
for line in open(f"{d}/log2"):
    title, _, points = line.partition(": ")
    if title in ("S gammons", "A gammons"):
        xs = [float(p.split("->")[0]) for p in points.split()]
        span[1 if title[0] == "S" else 3] = xs[-2]
def read(name):
    return [(l.split()[1], [float(x) for x in l.split()[2:7]]) for l in open(f"{d}/{name}")]
two, same, half = read("two.txt"), read("out_same.txt"), read("out_half.txt")
region = {pid for pid, _ in read("region.txt")}
assert len(region) > 500, len(region)
assert [p for p, _ in two] == [p for p, _ in same] == [p for p, _ in half], "order or count changed"
n = 0
for (pid, a), (_, b), (_, c) in zip(two, same, half):
    assert max(abs(x - y) for x, y in zip(a, b)) < 2e-4, ("identity map moved", pid, a, b)
    if pid not in region:
        assert a == c, ("outside the region changed", pid, a, c)
        continue
    if a == c:
        continue  # both sides bear in against an anchor: left as it is
    n += 1
    assert abs(c[0] - a[0]) < 2e-4, ("wins moved", pid, a, c)
    for i in (1, 3):
        # the roller's gammons are S's or A's: within both maps' spans the map halves them
        if a[i] <= min(span.values()):
            assert abs(c[i] - a[i] / 2) < 0.01, ("gammon not halved", pid, i, a, c)
        assert c[i + 1] <= c[i] + 1e-6, ("backgammons above gammons", pid, c)
        if a[i + 1] > 1e-3:  # scaled as its gammon (to the labels' six decimals)
            assert abs(c[i + 1] / c[i] - a[i + 1] / a[i]) < 2e-3, ("backgammon not scaled", pid, a, c)
assert n > 0.9 * len(region), (n, len(region))
print(f"calibrate_region: {n} region labels checked")
PY
# Rollouts with only the bearing-in side's gammons halved (the side found with split_region.py's
# own test of a side): that side's gammons halve, the anchor side's stay, from either side's roll.
python3 - "$tmp" "$src/tools/weights" <<'PY'
import subprocess, sys
d, tools = sys.argv[1], sys.argv[2]
sys.path.insert(0, tools)
from split_region import bears_in_against_anchor, sides
def side(pid):
    a, b = sides(pid)  # not on roll, on roll
    r, o = bears_in_against_anchor(b, a, 2), bears_in_against_anchor(a, b, 2)
    return "roller" if r and not o else "opponent" if o and not r else None
two = [(l.split()[0], l.split()[1], [float(x) for x in l.split()[2:7]]) for l in open(f"{d}/two.txt")]
with open(f"{d}/s_half.txt", "w") as out:
    for cls, pid, p in two:
        s = side(pid)
        if s == "roller": p = [p[0], p[1] / 2, p[2] / 2, p[3], p[4]]
        if s == "opponent": p = [p[0], p[1], p[2], p[3] / 2, p[4] / 2]
        out.write(f"{cls} {pid} {' '.join(f'{x:.6f}' for x in p)}\n")
log = subprocess.run([sys.executable, f"{tools}/calibrate_region.py", f"{d}/two.txt", f"{d}/s_half.txt",
                      f"{d}/two.txt", f"{d}/out_s.txt"], capture_output=True, text=True, check=True).stdout
spans = [float(line.split()[-2].split("->")[0]) for line in log.splitlines() if "gammons:" in line]
cal = [[float(x) for x in l.split()[2:7]] for l in open(f"{d}/out_s.txt")]
seen = {"roller": 0, "opponent": 0}
for (cls, pid, a), c in zip(two, cal):
    s = side(pid)
    if s is None:
        continue
    mine, theirs = (1, 3) if s == "roller" else (3, 1)
    if a[mine] <= min(spans):
        assert abs(c[mine] - a[mine] / 2) < 0.01, ("S gammon not halved", pid, s, a, c)
    if a[theirs] <= min(spans):
        assert abs(c[theirs] - a[theirs]) < 0.01, ("A gammon moved", pid, s, a, c)
    seen[s] += 1
assert min(seen.values()) > 100, seen
print("calibrate_region: bearing-in side", seen)
PY
# Bad input: a status other than 0 and a message.
echo "contact" > "$tmp/short.txt"
echo "contact not-an-id 0.5 0.1 0.0 0.1 0.0" > "$tmp/bad_id.txt"
: > "$tmp/empty.txt"
for bad in "$tmp/short.txt $tmp/same.txt $tmp/two.txt $tmp/o" \
           "$tmp/two.txt $tmp/empty.txt $tmp/two.txt $tmp/o" \
           "$tmp/two.txt $tmp/same.txt $tmp/bad_id.txt $tmp/o" \
           "$tmp/two.txt $tmp/missing.txt $tmp/two.txt $tmp/o" \
           "--max-out x $tmp/two.txt $tmp/same.txt $tmp/two.txt $tmp/o" "$tmp/two.txt"; do
  if python3 "$tool" $bad > /dev/null 2> "$tmp/err"; then echo "accepted: $bad"; exit 1; fi
  [ -s "$tmp/err" ] || { echo "no message for: $bad"; exit 1; }
  grep -q Traceback "$tmp/err" && { echo "a traceback for: $bad"; cat "$tmp/err"; exit 1; }
done
echo "calibrate_region: ok"
