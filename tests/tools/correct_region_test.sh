#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/weights/correct_region.py: rollouts equal to the values leave them as they are; rollouts
# that are the values moved by a linear function of the features (a constant, and more for a side
# with two chequers left) move them that much on the held-out probe too; bad input is refused
# with a message.
#   correct_region_test.sh SOURCE_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
tool="$src/tools/weights/correct_region.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '!/^#/ && ++n <= 3000' "$src/weights/labels/crashed_stragglers_rollout36_s38.txt" > "$tmp/values.txt"
# moved: wins +0.02 everywhere, and +0.05 more where the side on roll has two chequers left;
# only positions whose moved wins stay inside (0, 1) and consistent, so no clamping is tested
python3 - "$tmp" "$src/tools/weights" <<'PY'
import sys
d, tools = sys.argv[1], sys.argv[2]
sys.path.insert(0, tools)
from split_region import sides
with open(f"{d}/kept.txt", "w") as kept, open(f"{d}/moved.txt", "w") as moved:
    for line in open(f"{d}/values.txt"):
        f = line.split(); p = [float(x) for x in f[2:7]]
        shift = 0.02 + (0.05 if sum(sides(f[1])[1]) == 2 else 0.0)
        w = p[0] + shift
        if not (p[1] <= p[0] and w + p[3] <= 1.0 and w < 1.0):
            continue
        kept.write(line)
        moved.write(f"{f[0]} {f[1]} {w:.6f} {' '.join(f'{x:.6f}' for x in p[1:])}\n")
PY
python3 "$tool" "$tmp/kept.txt" "$tmp/same_out.txt" "$tmp/kept.txt" > "$tmp/log1"
python3 "$tool" --probe-every 5 "$tmp/kept.txt" "$tmp/moved_out.txt" "$tmp/moved.txt" > "$tmp/log2"
grep -q "held out" "$tmp/log2" || { echo "no counts printed"; cat "$tmp/log2"; exit 1; }
grep -q "probe, corrected" "$tmp/log2" || { echo "no probe report"; cat "$tmp/log2"; exit 1; }
python3 - "$tmp" "$src/tools/weights" <<'PY'
import sys
d, tools = sys.argv[1], sys.argv[2]
sys.path.insert(0, tools)
from split_region import sides
def read(name):
    return [(l.split()[1], [float(x) for x in l.split()[2:7]])
            for l in open(f"{d}/{name}") if not l.startswith("#")]
kept, same, moved, out = read("kept.txt"), read("same_out.txt"), read("moved.txt"), read("moved_out.txt")
assert len(kept) > 2000, len(kept)
assert [p for p, _ in kept] == [p for p, _ in same] == [p for p, _ in out], "order or count changed"
for (pid, a), (_, b) in zip(kept, same):
    assert max(abs(x - y) for x, y in zip(a, b)) < 2e-6, ("identity moved", pid, a, b)
two = 0
for i, ((pid, a), (_, m), (_, c)) in enumerate(zip(kept, moved, out)):
    # every position, fitted or held out (every fifth), lands where it was moved to (within the
    # ridge's pull towards no correction: a few thousandths where a feature is rare)
    assert abs(c[0] - m[0]) < 5e-3, ("wins not moved as the rollouts", pid, a, m, c)
    assert max(abs(x - y) for x, y in zip(a[1:], c[1:])) < 2e-3, ("gammons moved", pid, a, c)
    two += sum(sides(pid)[1]) == 2
assert two > 20, two
print(f"correct_region: {len(kept)} positions checked, {two} with two chequers left on roll")
PY
# Bad input: a status other than 0 and a message.
echo "crashed" > "$tmp/short.txt"
echo "crashed not-an-id 0.5 0.1 0.0 0.1 0.0" > "$tmp/bad_id.txt"
: > "$tmp/empty.txt"
for bad in "$tmp/short.txt $tmp/o $tmp/kept.txt" \
           "$tmp/kept.txt $tmp/o $tmp/empty.txt" \
           "$tmp/bad_id.txt $tmp/o $tmp/bad_id.txt" \
           "$tmp/kept.txt $tmp/o $tmp/missing.txt" \
           "--probe-every x $tmp/kept.txt $tmp/o $tmp/kept.txt" "$tmp/kept.txt"; do
  if python3 "$tool" $bad > /dev/null 2> "$tmp/err"; then echo "accepted: $bad"; exit 1; fi
  [ -s "$tmp/err" ] || { echo "no message for: $bad"; exit 1; }
  grep -q Traceback "$tmp/err" && { echo "a traceback for: $bad"; cat "$tmp/err"; exit 1; }
done
echo "correct_region: ok"
