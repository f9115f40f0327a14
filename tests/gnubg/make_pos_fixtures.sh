#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make_pos_fixtures.sh -- Jellyfish .pos files for `import pos` (tests/fixtures/pos/), written by
# GNU Backgammon 1.07's `export position pos` (always the Jellyfish 3.0 layout, version 126),
# and a few made from them with the layout of gnubg's ParseJF (import.c): the older layouts
# (version 125: no caution flag; 124: no cube-use, Jacoby and beaver flags), the starting position
# (player on roll 0), and files gnubg refuses (an unknown version, a file cut short). Also
# tests/fixtures/mat/nackgammon.mat, a nackgammon match gnubg exports.
#
#     bash tests/gnubg/make_pos_fixtures.sh
#
# Then remake the transcript that imports them:
#     bash tests/gnubg/make_shell_fixtures.sh gnubg_import_pos.cmds
# Runtime: a second.
set -euo pipefail

gnubg=${GNUBG:-/usr/games/gnubg}
dir="$(cd "$(dirname "$0")/../fixtures/pos" && pwd)"
cd "$dir"
rm -f ./*.pos

"$gnubg" -t -q -r > /dev/null 2>&1 <<'CMDS'
set defaultnames alice bob
set player both human
set seed 5
new match 5
export position pos opening.pos
13/11 6/5
set dice 6 5
export position pos rolled.pos
24/13
double
take
export position pos doubled.pos
new match 7
set score 4 6
set crawford on
set board 4HPwATDgc/ABMA
set dice 3 1
export position pos crawford.pos
set score 5 6
export position pos postcrawford.pos
new session
set jacoby on
set board 4HPwATDgc/ABMA
set turn bob
set cube value 4
set cube owner alice
export position pos money.pos
set dice 6 6
export position pos money_dice.pos
set board sG3gAyCwM+QBGA
set turn alice
set dice 2 1
export position pos bar.pos
set cube use off
set board 2+4OAADb7QAAAA
export position pos nocube.pos
CMDS

# A nackgammon match (gnubg_nackgammon.cmds imports it): the game that script plays, exported.
rm -f ../mat/nackgammon.mat
"$gnubg" -t -q -r > /dev/null 2>&1 <<'CMDS'
set defaultnames alice bob
set player both human
set variation nackgammon
set seed 3
new match 3
set dice 3 1
8/5 6/5
set dice 6 4
24/18 13/9
export match mat ../mat/nackgammon.mat
CMDS
test -s ../mat/nackgammon.mat

python3 - <<'PY'
import struct

def read(name):
    with open(name, "rb") as f:
        return bytearray(f.read())

def write(name, data):
    with open(name, "wb") as f:
        f.write(bytes(data))

money = read("money.pos")
assert struct.unpack_from("<h", money, 0)[0] == 126
# Version 125 (Jellyfish 1.6): no caution flag nor unused word after the version.
write("v125.pos", struct.pack("<h", 125) + money[6:])
# Version 124 (1.0 to 1.2): neither the cube-use, Jacoby and beaver flags (gnubg then turns
# the cube off).
write("v124.pos", struct.pack("<h", 124) + money[12:])
# The starting position: player on roll 0 (gnubg puts player 0 on roll), no dice.
start = read("opening.pos")
struct.pack_into("<h", start, 16, 0)
at = 36  # the names (a length byte, then the bytes), three words, the last move, the dice
for _ in range(2):
    at += 1 + start[at]
at += 6
at += 1 + start[at]
struct.pack_into("<hh", start, at, 0, 0)
write("start.pos", start)
# Refused by gnubg: an unknown version, and a file cut in the middle of the board.
bad = read("money.pos")
struct.pack_into("<h", bad, 0, 127)
write("bad_version.pos", bad)
write("short.pos", read("money.pos")[:100])
PY
ls "$dir"
