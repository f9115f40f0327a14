# SPDX-License-Identifier: GPL-3.0-or-later
# make_engine_fixtures.py -- reference fixtures for tavla's engine differential tests, produced by
# GNU Backgammon 1.07 itself.
#
# Run from the repository root (gnubg runs the script in its own embedded Python 3 and keeps the
# working directory; it passes no argv):
#
#     /usr/games/gnubg -t -q -r -p tests/gnubg/make_engine_fixtures.py
#
# It writes into tests/fixtures/engine/ (override with the environment variable
# TAVLA_ENGINE_FIXTURES=<dir>):
#
#   position_ids.txt          POSID + gnubg's 50 board counts (positionid/positionfromid round trip)
#   position_ids_rejected.txt IDs that gnubg.positionfromid() refuses
#   match_ids.txt             match IDs of states gnubg was put into, with gnubg's decoded fields
#   matchid_set.txt           `set matchid X` -> the match ID gnubg then reports
#   xgids.txt                 XGID strings -> the gnubg ID gnubg makes of them with `set xgid`
#   xgids_rejected.txt        XGID strings gnubg refuses, with its message
#   legal_moves.txt           (position, roll) -> every legal move: gnubg's text + result position
#   perft.txt                 move-tree counts (depth 1 for several positions, 2 for the start)
#   boards/NN_*.txt, *.ids    golden `show board` output and the IDs/commands that reproduce it
#
# Formats are described in tests/gnubg/README.md.  Random positions and states come from Python's
# `random` with fixed seeds, so a rerun produces identical files; every ID, move, count and printed
# text in the fixtures is gnubg's answer.  The script also runs consistency checks (ID round trips,
# an independent Python move enumeration compared with gnubg's move lists, bitwise decoding of
# gnubg's match IDs compared with gnubg's own view of the state) and aborts with a non-zero exit
# status when one fails.  Runtime: a few minutes.

import ctypes
import os
import random
import re
import sys
import tempfile
import time
import traceback

import gnubg  # provided by gnubg's embedded interpreter

START_ID = "4HPwATDgc/ABMA"
SEED_POSITION_IDS = ["4HPwATDgc/ABMA", "4NvBA0DGzooBBg"]
SEED_MATCH_IDS = ["QYkqASAAIAAA", "cIkFAAAAAAAA"]
ALL_ROLLS = [(d1, d2) for d1 in range(6, 0, -1) for d2 in range(d1, 0, -1)]  # 21, larger first
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

T0 = time.time()
DEBUG = bool(os.environ.get("TAVLA_FIXTURES_DEBUG"))  # log every gnubg command
LOG = None  # file object on the original stderr; gnubg's own chatter goes to /dev/null


def log(msg):
    LOG.write("[%6.1fs] %s\n" % (time.time() - T0, msg))
    LOG.flush()


class Fail(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Fail(msg)


# --------------------------------------------------------------------------------------------
# Talking to gnubg
# --------------------------------------------------------------------------------------------

class Gnubg:
    """Runs gnubg commands with gnubg's stdout/stderr sent to /dev/null, or captured."""

    def __init__(self):
        global LOG
        self.libc = ctypes.CDLL(None)
        self._flush()
        log_fd = os.dup(2)
        LOG = os.fdopen(log_fd, "w")
        sys.stderr = LOG
        self.null_fd = os.open(os.devnull, os.O_WRONLY)
        fd, self.cap_path = tempfile.mkstemp(prefix="tavla_engine_fixtures_", suffix=".txt")
        self.cap_fd = fd
        os.dup2(self.null_fd, 1)
        os.dup2(self.null_fd, 2)

    def _flush(self):
        try:
            sys.stdout.flush()
        except Exception:
            pass
        self.libc.fflush(None)

    def close(self):
        self._flush()
        os.close(self.cap_fd)
        os.unlink(self.cap_path)

    def cmd(self, command):
        if DEBUG:
            log("cmd: " + command)
        gnubg.command(command)

    def capture(self, command):
        """Run a command and return everything gnubg printed (stdout and stderr)."""
        if DEBUG:
            log("capture: " + command)
        self._flush()
        os.ftruncate(self.cap_fd, 0)
        os.lseek(self.cap_fd, 0, 0)
        os.dup2(self.cap_fd, 1)
        os.dup2(self.cap_fd, 2)
        try:
            gnubg.command(command)
        finally:
            self._flush()
            os.dup2(self.null_fd, 1)
            os.dup2(self.null_fd, 2)
        os.lseek(self.cap_fd, 0, 0)
        chunks = []
        while True:
            chunk = os.read(self.cap_fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8", "replace")

    def base_settings(self, display=False):
        """Settings every section starts from.  Both players human so gnubg never moves by itself,
        no automatic rolls / new games, no confirmation prompts, fixed dice seed, 0-ply
        deterministic chequer evaluation (0-ply scores every legal move; the move list is never
        filtered, see FindnSaveBestMoves)."""
        cmds = (
            "set player 0 human",
            "set player 1 human",
            "set automatic game off",
            "set automatic roll off",
            "set automatic bearoff off",
            "set automatic crawford on",
            "set confirm new off",
            "set confirm default no",
            "set cube use on",
            "set jacoby on",
            "set beavers 3",
            "set variation standard",
            "set rng mersenne",
            "set seed 20260701",
            "set evaluation chequerplay evaluation plies 0",
            "set evaluation chequerplay evaluation noise 0",
            "set evaluation chequerplay evaluation deterministic on",
            "set evaluation chequerplay evaluation prune off",
            "set display %s" % ("on" if display else "off"),
            "set defaultnames gnubg user",
        )
        for c in cmds:
            self.cmd(c)
        return list(cmds)


G = None  # the Gnubg instance


# --------------------------------------------------------------------------------------------
# Boards (tuple of two 25-tuples: [0] = side not on roll, [1] = side on roll, own point of view)
# --------------------------------------------------------------------------------------------

def swap(b):
    return (b[1], b[0])


def total(side):
    return sum(side)


def legal_board(b):
    """Same conditions as gnubg's CheckPosition (used only to steer the random generators)."""
    if total(b[0]) > 15 or total(b[1]) > 15:
        return False
    for i in range(24):
        if b[0][i] and b[1][23 - i]:
            return False
    closed = all(b[0][i] >= 2 and b[1][i] >= 2 for i in range(6))
    if closed and b[0][24] and b[1][24]:
        return False
    return True


def start_board():
    s = [0] * 25
    s[5], s[7], s[12], s[23] = 5, 3, 5, 2
    return (tuple(s), tuple(s))


def gnubg_board_from_id(pid):
    b = gnubg.positionfromid(pid)
    return (tuple(b[0]), tuple(b[1]))


def pid_of(b):
    return gnubg.positionid((list(b[0]), list(b[1])))


def has_contact(b):
    me, opp = b[1], b[0]
    my_back = max([i for i in range(25) if me[i]] or [-1])
    opp_back = max([i for i in range(25) if opp[i]] or [-1])
    if my_back < 0 or opp_back < 0:
        return False
    # my chequer at index i is at the opponent's index 23-i
    return my_back + opp_back >= 23 or me[24] > 0 or opp[24] > 0


# ---- independent move enumeration (used only as a cross-check of gnubg's lists) ----

def _steps(me, opp, die):
    res = []
    if me[24]:
        dst = 24 - die
        if opp[23 - dst] < 2:
            res.append((24, dst))
        return res
    rear = max(i for i in range(24) if me[i]) if any(me[:24]) else -1
    for src in range(23, -1, -1):
        if not me[src]:
            continue
        dst = src - die
        if dst >= 0:
            if opp[23 - dst] < 2:
                res.append((src, dst))
        elif rear <= 5 and (dst == -1 or src == rear):
            res.append((src, -1))
    return res


def _apply(me, opp, src, dst):
    me = list(me)
    opp = list(opp)
    me[src] -= 1
    if dst >= 0:
        if opp[23 - dst] == 1:
            opp[23 - dst] = 0
            opp[24] += 1
        me[dst] += 1
    return tuple(me), tuple(opp)


def py_moves(b, d1, d2):
    """Set of boards (mover = [1], not swapped) reachable by a legal play of (d1, d2)."""
    opp0, me0 = b
    orders = [[d1] * 4] if d1 == d2 else [[d1, d2], [d2, d1]]
    finals = {}  # (me, opp) -> (dice used, pips used)
    for dice in orders:
        level = {(me0, opp0)}
        for k, die in enumerate(dice):
            nxt = set()
            for me, opp in level:
                st = _steps(me, opp, die)
                if not st:
                    key = (me, opp)
                    val = (k, sum(dice[:k]))
                    if finals.get(key, (-1, -1)) < val:
                        finals[key] = val
                    continue
                for src, dst in st:
                    nxt.add(_apply(me, opp, src, dst))
            level = nxt
            if not level:
                break
        for key in level:
            val = (len(dice), sum(dice))
            if finals.get(key, (-1, -1)) < val:
                finals[key] = val
    best = max(finals.values())
    if best[0] == 0:
        return set()
    return {(opp, me) for (me, opp), v in finals.items() if v == best}


def py_apply_parsed(b, parsed):
    """Apply gnubg.parsemove() output ((from, to), ...) with 1..24 = points, 25 = bar, 0 = off."""
    opp, me = b
    for frm, to in parsed:
        me, opp = _apply(me, opp, frm - 1, to - 1)
    return (opp, me)


# ---- random position generators (positions are ours; everything recorded about them is gnubg's)

def scatter_side(rng, n, free_points, bar_max=3, home_only=False):
    side = [0] * 25
    nbar = 0
    if bar_max and n:
        nbar = min(n, rng.choice([0, 0, 0, 1, 1, 2, bar_max]))
    side[24] = nbar
    pts = [p for p in free_points if (p < 6 or not home_only)]
    if not pts:
        side[24] = n
        return side
    spread = rng.randint(1, min(len(pts), 10))
    chosen = rng.sample(pts, spread)
    for _ in range(n - nbar):
        side[rng.choice(chosen)] += 1
    return side


def random_scatter(rng, n0=None, n1=None, bar_max=3):
    for _ in range(1000):
        a = n0 if n0 is not None else rng.choice([15, 15, 15, rng.randint(0, 15)])
        c = n1 if n1 is not None else rng.choice([15, 15, 15, rng.randint(0, 15)])
        s1 = scatter_side(rng, c, list(range(24)), bar_max)
        free0 = [p for p in range(24) if not s1[23 - p]]
        s0 = scatter_side(rng, a, free0, bar_max)
        b = (tuple(s0), tuple(s1))
        if legal_board(b):
            return b
    raise Fail("could not generate a random position")


def random_bearoff(rng, n_me=None, contact=False):
    """Mover entirely in the home board (with gaps); opponent either in its own home board (no
    contact) or holding points/ blots deep in the mover's home board."""
    for _ in range(1000):
        n = n_me if n_me is not None else rng.randint(1, 15)
        pts = rng.sample(range(6), rng.randint(1, 6))
        me = [0] * 25
        for _ in range(n):
            me[rng.choice(pts)] += 1
        opp = [0] * 25
        m = rng.randint(1, 15)
        if contact:
            # opponent chequers on its 19..24 points (= our 1..6) that are free, rest at home
            free = [p for p in range(18, 24) if not me[23 - p]]
            k = rng.randint(1, min(4, m))
            for _ in range(k):
                if free:
                    opp[rng.choice(free)] += 1
            if rng.random() < 0.2:
                opp[24] += 1
            rest = m - sum(opp)
            opts = rng.sample(range(6), rng.randint(1, 6))
            for _ in range(max(0, rest)):
                opp[rng.choice(opts)] += 1
        else:
            opts = rng.sample(range(6), rng.randint(1, 6))
            for _ in range(m):
                opp[rng.choice(opts)] += 1
        b = (tuple(opp), tuple(me))
        if legal_board(b):
            return b
    raise Fail("could not generate a bearoff")


def random_race(rng):
    for _ in range(1000):
        me = [0] * 25
        opp = [0] * 25
        cut = rng.randint(6, 17)  # mover on 0..cut-1, opponent on its 0..(22-cut)
        n = rng.randint(1, 15)
        pts = rng.sample(range(cut), rng.randint(1, min(cut, 8)))
        for _ in range(n):
            me[rng.choice(pts)] += 1
        m = rng.randint(1, 15)
        pts = rng.sample(range(23 - cut), rng.randint(1, min(23 - cut, 8)))
        for _ in range(m):
            opp[rng.choice(pts)] += 1
        b = (tuple(opp), tuple(me))
        if legal_board(b) and not has_contact(b):
            return b
    raise Fail("could not generate a race")


def random_bar_vs_board(rng, closed_points, on_bar):
    """Mover has `on_bar` chequers on the bar; the opponent holds `closed_points` of its home
    points (= our entry points) with 2+ chequers."""
    for _ in range(1000):
        opp = [0] * 25
        home = rng.sample(range(6), closed_points)
        used = 0
        for p in home:
            k = rng.choice([2, 2, 2, 3, 4])
            opp[p] = k
            used += k
        if used > 15:
            continue
        rest = rng.randint(0, 15 - used)
        others = [p for p in range(6, 24)]
        # a blot or two in the home board sometimes (hit on entry)
        for p in range(6):
            if p not in home and rest and rng.random() < 0.25:
                opp[p] += 1
                rest -= 1
        for _ in range(rest):
            opp[rng.choice(others[:rng.randint(1, len(others))])] += 1
        me = [0] * 25
        me[24] = on_bar
        n = rng.randint(on_bar, 15)
        free = [p for p in range(24) if not opp[23 - p]]
        pts = rng.sample(free, min(len(free), rng.randint(1, 6)))
        for _ in range(n - on_bar):
            me[rng.choice(pts)] += 1
        b = (tuple(opp), tuple(me))
        if legal_board(b):
            return b
    raise Fail("could not generate a bar position")


def random_games(rng, n_games):
    """Positions (side on roll = [1]) from games played with random legal moves."""
    out = []
    for _ in range(n_games):
        b = start_board()
        for _ply in range(400):
            out.append(b)
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            moves = sorted(py_moves(b, d1, d2))
            if moves:
                b = rng.choice(moves)
            if total(b[1]) == 0:
                break
            b = swap(b)
    return out


# --------------------------------------------------------------------------------------------
# Output helpers
# --------------------------------------------------------------------------------------------

class Out:
    def __init__(self, root):
        self.root = root
        os.makedirs(root, exist_ok=True)
        self.written = {}

    def write(self, rel, header_lines, body_lines):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            for h in header_lines:
                f.write("# " + h + "\n" if h else "#\n")
            for line in body_lines:
                f.write(line + "\n")
        os.replace(tmp, path)
        self.written[rel] = os.path.getsize(path)

    def write_raw(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        self.written[rel] = os.path.getsize(path)


HEADER = ("Generated by tests/gnubg/make_engine_fixtures.py with GNU Backgammon 1.07.001 - "
          "do not edit.")


# --------------------------------------------------------------------------------------------
# 1. Position IDs
# --------------------------------------------------------------------------------------------

def section_position_ids(out):
    rng = random.Random(1001)
    boards = [start_board()]
    for pid in SEED_POSITION_IDS:
        boards.append(gnubg_board_from_id(pid))
    z = (0,) * 25
    boards.append((z, z))
    one = tuple([1] + [0] * 24)
    boards.append((z, one))
    boards.append((one, z))
    allbar = tuple([0] * 24 + [15])
    boards.append((allbar, z))
    boards.append((z, allbar))
    boards.append((tuple([15] + [0] * 24), tuple([0] * 22 + [15, 0, 0])))
    # both on the bar (one board open)
    for _ in range(120):
        b = random_scatter(rng)
        s0, s1 = list(b[0]), list(b[1])
        s0[24] = max(s0[24], 1) if total(s0) < 15 or s0[24] else s0[24]
        s1[24] = max(s1[24], 1) if total(s1) < 15 or s1[24] else s1[24]
        b = (tuple(s0), tuple(s1))
        if legal_board(b) and b[0][24] and b[1][24]:
            boards.append(b)
    # realistic positions from random games
    game_pos = random_games(rng, 30)
    rng.shuffle(game_pos)
    boards += game_pos[:1500]
    # random scatters with any chequer count 0..15 a side, bars, borne-off chequers
    for _ in range(900):
        boards.append(random_scatter(rng, bar_max=rng.choice([0, 2, 4, 15])))
    for n in range(16):
        for _ in range(8):
            boards.append(random_scatter(rng, n0=n, n1=rng.randint(0, 15)))
    for _ in range(250):
        boards.append(random_bearoff(rng, contact=rng.random() < 0.3))
    for _ in range(200):
        boards.append(random_race(rng))
    for _ in range(100):
        boards.append(random_bar_vs_board(rng, rng.randint(4, 6), rng.randint(1, 4)))

    lines = []
    seen = set()
    for b in boards:
        check(legal_board(b), "generator produced an illegal board %r" % (b,))
        pid = pid_of(b)
        if pid in seen:
            continue
        seen.add(pid)
        back = gnubg_board_from_id(pid)
        check(back == b, "positionfromid(positionid(b)) != b for %s" % pid)
        check(pid_of(back) == pid, "positionid round trip failed for %s" % pid)
        lines.append(pid + " " + " ".join(str(x) for x in back[0] + back[1]))
    for pid in SEED_POSITION_IDS:
        check(pid in seen, "seed position %s missing" % pid)
    out.write("position_ids.txt", [
        HEADER,
        "POSID c0_0 .. c0_24 c1_0 .. c1_24",
        "POSID = gnubg.positionid(board); the 50 counts = gnubg.positionfromid(POSID): side 0 =",
        "not on roll, then side 1 = on roll; each side from its own view: index 0 = its ace point,",
        "23 = its 24 point, 24 = its bar; borne-off chequers = 15 - sum. Round trip checked.",
    ], lines)

    # A few IDs gnubg refuses (positionfromid raises ValueError) -- all built from legal-looking
    # bit patterns that break one rule of CheckPosition.
    rejected = []
    cands = []
    s16 = [0] * 25
    s16[5] = 16
    cands.append(("16 chequers for the side on roll", (z, tuple(s16))))
    cands.append(("16 chequers for the side not on roll", (tuple(s16), z)))
    shared0 = [0] * 25
    shared1 = [0] * 25
    shared0[3] = 2
    shared1[20] = 1  # same physical point
    cands.append(("both sides on the same point", (tuple(shared0), tuple(shared1))))
    closed = [2] * 6 + [0] * 18 + [1]
    cands.append(("both sides on the bar against closed boards", (tuple(closed), tuple(closed))))
    for why, b in cands:
        key = _key_bits(b)
        pid = _bits_to_posid(key)
        try:
            gnubg.positionfromid(pid)
            raise Fail("gnubg accepted the invalid position %s (%s)" % (pid, why))
        except ValueError as e:
            rejected.append("%s\t%s\t%s" % (pid, why, e))
    out.write("position_ids_rejected.txt", [
        HEADER,
        "POSID<TAB>what is wrong<TAB>gnubg.positionfromid() error text. IDs built bitwise by the",
        "generator (gnubg cannot encode an illegal board for us).",
    ], rejected)
    log("position_ids: %d records" % len(lines))


def _key_bits(b):
    bits = []
    for side in b:
        for c in side:
            bits += [1] * c + [0]
    bits += [0] * (80 - len(bits))
    return bits[:80]


def _bits_to_posid(bits):
    data = bytearray(10)
    for i, bit in enumerate(bits):
        if bit:
            data[i // 8] |= 1 << (i % 8)
    val = int.from_bytes(bytes(data) + b"\0\0", "big")  # 96 bits
    chars = []
    for k in range(14):
        chars.append(B64[(val >> (96 - 6 * (k + 1))) & 63])
    return "".join(chars)


# --------------------------------------------------------------------------------------------
# 2. Match IDs
# --------------------------------------------------------------------------------------------

def decode_matchid_bits(mid):
    """Bit layout of gnubg's match ID (cross-check of gnubg's own view only)."""
    check(len(mid) == 12 and all(ch in B64 for ch in mid), "bad match id %r" % mid)
    val = 0
    for ch in mid:
        val = (val << 6) | B64.index(ch)
    data = val.to_bytes(9, "big")
    n = int.from_bytes(data, "little")

    def bits(pos, width):
        return (n >> pos) & ((1 << width) - 1)

    owner = bits(4, 2)
    return {
        "cube": 1 << bits(0, 4),
        "owner": -1 if owner == 3 else owner,
        "move": bits(6, 1),
        "crawford": bits(7, 1),
        "state": bits(8, 3),
        "turn": bits(11, 1),
        "doubled": bits(12, 1),
        "resigned": bits(13, 2),
        "die0": bits(15, 3),
        "die1": bits(18, 3),
        "length": bits(21, 15),
        "score0": bits(36, 15),
        "score1": bits(51, 15),
        "jacoby": 1 - bits(66, 1),
    }


def encode_matchid_bits(f):
    n = 0
    owner = 3 if f["owner"] == -1 else f["owner"]
    for pos, width, v in ((0, 4, f["cube"].bit_length() - 1), (4, 2, owner), (6, 1, f["move"]),
                          (7, 1, f["crawford"]), (8, 3, f["state"]), (11, 1, f["turn"]),
                          (12, 1, f["doubled"]), (13, 2, f["resigned"]), (15, 3, f["die0"]),
                          (18, 3, f["die1"]), (21, 15, f["length"]), (36, 15, f["score0"]),
                          (51, 15, f["score1"]), (66, 1, 1 - f["jacoby"])):
        n |= (v & ((1 << width) - 1)) << pos
    data = n.to_bytes(9, "little")
    val = int.from_bytes(data, "big")
    return "".join(B64[(val >> (72 - 6 * (k + 1))) & 63] for k in range(12))


MATCH_KEYS = ["cube", "owner", "move", "crawford", "state", "turn", "doubled", "resigned",
              "die0", "die1", "length", "score0", "score1", "jacoby"]

SCORE_RE = re.compile(r"The score \(after (\d+) games?\) is: (\S+) (\d+), (\S+) (\d+)"
                      r"(?: \(match to (\d+) points?(, Crawford game|, post-Crawford play)?\)"
                      r"| \(money session, (with|without) Jacoby rule\)\.)")


def gnubg_match_view():
    """The current match state as gnubg reports it: posinfo(), cubeinfo() and `show score`.
    Returns (match id, fields, names of the fields that had to be taken from the ID's bits)."""
    mid = gnubg.matchid()
    pi = gnubg.posinfo()
    try:
        ci = gnubg.cubeinfo()
    except Exception:
        ci = None  # SetCubeInfo refuses e.g. a finished match (score >= length)
    txt = G.capture("show score")
    m = SCORE_RE.search(txt)
    check(m is not None, "cannot parse `show score` output: %r" % txt)
    bitsf = decode_matchid_bits(mid)
    f = {}
    from_bits = []
    f["state"] = pi["gamestate"]
    f["turn"] = pi["turn"]
    f["doubled"] = pi["doubled"]
    f["resigned"] = pi["resigned"]
    d = pi["dice"]
    f["die0"], f["die1"] = max(d), min(d)
    f["score0"] = int(m.group(3))
    f["score1"] = int(m.group(5))
    f["length"] = int(m.group(6)) if m.group(6) else 0
    crawford_txt = 1 if (m.group(7) or "").startswith(", Crawford") else 0
    if ci is not None:
        f["cube"] = ci["cube"]
        f["owner"] = ci["cubeowner"]
        f["move"] = ci["move"]
        f["crawford"] = ci["crawford"]
        check(ci["matchto"] == f["length"], "cubeinfo/show score disagree on the length")
        check(ci["crawford"] == crawford_txt, "cubeinfo/show score disagree on Crawford")
        if f["length"]:
            check(tuple(ci["score"]) == (f["score0"], f["score1"]), "score mismatch")
    else:
        for k in ("cube", "owner", "move"):
            f[k] = bitsf[k]
            from_bits.append(k)
        f["crawford"] = crawford_txt
    if f["length"] == 0:
        f["jacoby"] = 1 if m.group(8) == "with" else 0
        if ci is not None:
            check(ci["jacoby"] == f["jacoby"], "cubeinfo/show score disagree on Jacoby")
    else:
        # gnubg shows no Jacoby flag for matches (cubeinfo forces 0 in match play): the bit.
        f["jacoby"] = bitsf["jacoby"]
        from_bits.append("jacoby")
    for k in MATCH_KEYS:
        check(f[k] == bitsf[k], "match id %s: field %s is %r in gnubg's view but %r in the bits"
              % (mid, k, f[k], bitsf[k]))
    return mid, f, from_bits


def match_line(mid, f):
    return mid + " " + " ".join("%s=%d" % (k, f[k]) for k in MATCH_KEYS)


def last_chequer_position(rng):
    """A position in which the side on roll bears off its last chequer with any roll containing
    a 6 (used to put gnubg into state 'game over')."""
    me = [0] * 25
    me[rng.randint(0, 2)] = 1
    opp = [0] * 25
    opp[rng.randint(0, 5)] = rng.randint(1, 15)
    return pid_of((tuple(opp), tuple(me)))


def section_match_ids(out):
    rng = random.Random(2002)
    G.base_settings()
    records = {}
    stats = {"attempts": 0}

    def take(tag):
        mid, f, from_bits = gnubg_match_view()
        if mid not in records:
            records[mid] = (f, tag, from_bits)
        return mid, f

    # the two seed IDs, decoded by `set matchid`
    for sid in SEED_MATCH_IDS:
        G.cmd("new session")
        G.cmd("set matchid " + sid)
        mid, f = take("set matchid " + sid)
        check(mid == sid, "set matchid %s reads back as %s" % (sid, mid))

    lengths = list(range(1, 26)) + [31, 63, 64]
    for it in range(1400):
        stats["attempts"] += 1
        money = rng.random() < 0.35
        intended = {}
        if money:
            jac = rng.random() < 0.5
            G.cmd("set jacoby %s" % ("on" if jac else "off"))
            G.cmd("new session")
            s0 = rng.choice([0, 0, 1, 2, 3, 5, 8, 13, 21, 40, 100, 1000, 9999])
            s1 = rng.choice([0, 0, 1, 2, 3, 5, 8, 13, 21, 40, 100, 1000, 9999])
            G.cmd("set score %d %d" % (s0, s1))
            length = 0
        else:
            length = rng.choice(lengths)
            G.cmd("new match %d" % length)
            if length > 1 and rng.random() < 0.5:
                # one-away scores exercise Crawford / post-Crawford
                a = length - 1
                b = rng.randint(0, length - 1)
                s0, s1 = (a, b) if rng.random() < 0.5 else (b, a)
            else:
                s0, s1 = rng.randint(0, length - 1), rng.randint(0, length - 1)
            G.cmd("set score %d %d" % (s0, s1))
            if length - 1 in (s0, s1) and length > 1:
                r = rng.random()
                if r < 0.3:
                    G.cmd("set crawford on")
                elif r < 0.6:
                    G.cmd("set postcrawford on")
        intended["length"] = length
        player = rng.randint(0, 1)
        G.cmd("set turn %d" % player)
        # gnubg 1.07 accepts `set cube value` up to 4096, but in match play its gammon-price
        # tables stop at cube level 6 (MAXCUBELEVEL 7): bigger cubes read out of bounds and can
        # crash it, so matches use cubes up to 64.
        cube = rng.choice([1, 1, 2, 2, 4, 8, 16, 32, 64] + ([128, 1024, 4096] if money else []))
        G.cmd("set cube value %d" % cube)
        owner = rng.choice([-1, 0, 1])
        G.cmd("set cube centre" if owner == -1 else "set cube owner %d" % owner)
        action = rng.choice(["none", "none", "roll", "roll", "roll", "double", "double-take",
                             "double-drop", "double-beaver", "resign", "resign-accept",
                             "resign-decline", "gameover"])
        if action == "roll":
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            G.cmd("set dice %d %d" % (d1, d2))
            intended["dice"] = (max(d1, d2), min(d1, d2))
        elif action.startswith("double"):
            G.cmd("double")
            if action == "double-take":
                G.cmd("take")
            elif action == "double-drop":
                G.cmd("drop")
            elif action == "double-beaver":
                G.cmd("beaver")
        elif action.startswith("resign"):
            if rng.random() < 0.4:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
                G.cmd("set dice %d %d" % (d1, d2))
            level = rng.randint(1, 3)
            G.cmd("resign %d" % level)
            if action == "resign-accept":
                G.cmd("accept")
            elif action == "resign-decline":
                G.cmd("decline")
        elif action == "gameover":
            pid = last_chequer_position(rng)
            G.cmd("set board " + pid)
            G.cmd("set dice 6 %d" % rng.randint(1, 6))
            pre = gnubg.cubeinfo()
            G.cmd("move 1/off" if gnubg.board()[1][0] else
                  ("move 2/off" if gnubg.board()[1][1] else "move 3/off"))
            check(gnubg.posinfo()["gamestate"] == 2, "bear-off did not end the game")
        mid, f = take(action)
        # the states we set must be reflected (where the command cannot have been refused)
        check(f["length"] == intended["length"], "length not reflected in %s" % mid)
        if "dice" in intended:
            check((f["die0"], f["die1"]) == intended["dice"], "dice not reflected in %s" % mid)
        if action == "gameover":
            check(f["cube"] == pre["cube"] and f["owner"] == pre["cubeowner"],
                  "cube changed by the final move in %s" % mid)
        if action == "none":
            check(f["turn"] == player and f["move"] == player, "turn not reflected in %s" % mid)
            if not f["crawford"]:
                check(f["cube"] == cube, "cube value %d not reflected in %s" % (cube, mid))
                check(f["owner"] == owner, "cube owner %d not reflected in %s" % (owner, mid))
        if money:
            check(f["jacoby"] == (1 if jac else 0), "Jacoby setting not reflected in %s" % mid)

    # state 0 (no game): gnubg.matchid() needs a game, so these IDs are produced with
    # `set matchid` (an ID with state 0) and then re-encoded by gnubg from its own state via
    # gnubg.matchid(gnubg.cubeinfo(), gnubg.posinfo()) -- match play only, where cubeinfo()
    # keeps the score.
    none_lines = []
    for it in range(12):
        length = rng.choice([3, 5, 7, 9, 11, 15, 25])
        # (with a cube or an owner in the ID, SetMatchID needs a game in progress: state 1)
        f = {"cube": 1, "owner": -1,
             "move": rng.randint(0, 1), "crawford": 0, "state": 0, "turn": 0, "doubled": 0,
             "resigned": 0, "die0": 0, "die1": 0, "length": length,
             "score0": rng.randint(0, length - 2), "score1": rng.randint(0, length - 2),
             "jacoby": 0}
        f["turn"] = f["move"]
        sid = encode_matchid_bits(f)
        G.cmd("new session")
        G.cmd("set matchid " + sid)
        pi = gnubg.posinfo()
        ci = gnubg.cubeinfo()
        check(pi["gamestate"] == 0, "set matchid with state 0 gave state %r" % pi["gamestate"])
        mid = gnubg.matchid(ci, pi)
        check(mid == sid, "state-0 id %s re-encoded by gnubg as %s" % (sid, mid))
        g = {"cube": ci["cube"], "owner": ci["cubeowner"], "move": ci["move"],
             "crawford": ci["crawford"], "state": pi["gamestate"], "turn": pi["turn"],
             "doubled": pi["doubled"], "resigned": pi["resigned"], "die0": max(pi["dice"]),
             "die1": min(pi["dice"]), "length": ci["matchto"], "score0": ci["score"][0],
             "score1": ci["score"][1], "jacoby": ci["jacoby"]}
        check(g == f, "state-0 fields differ: %r vs %r" % (g, f))
        if mid not in records:
            records[mid] = (g, "state0", ["(gnubg.matchid(cubeinfo, posinfo))"])

    lines = [match_line(mid, f) for mid, (f, tag, fb) in records.items()]
    # coverage report
    cov = {}
    for mid, (f, tag, fb) in records.items():
        for k in ("cube", "owner", "move", "crawford", "state", "turn", "doubled", "resigned",
                  "jacoby"):
            cov.setdefault(k, set()).add(f[k])
        cov.setdefault("money", set()).add(f["length"] == 0)
        cov.setdefault("dice", set()).add((f["die0"], f["die1"]))
        cov.setdefault("length", set()).add(f["length"])
    log("match_ids: %d records from %d attempts; coverage %s" % (
        len(lines), stats["attempts"],
        {k: sorted(v) if k not in ("dice", "length") else len(v) for k, v in cov.items()}))
    for k, want in (("state", {0, 1, 2, 3, 4}), ("resigned", {0, 1, 2, 3}), ("owner", {-1, 0, 1}),
                    ("doubled", {0, 1}), ("crawford", {0, 1}), ("jacoby", {0, 1})):
        check(want <= cov[k], "match_ids: %s coverage %r misses %r" % (k, cov[k], want - cov[k]))
    out.write("match_ids.txt", [
        HEADER,
        "MATCHID cube= owner= move= crawford= state= turn= doubled= resigned= die0= die1= length=",
        "score0= score1= jacoby=",
        "MATCHID = gnubg.matchid() after putting gnubg into the state with commands (new match/",
        "session, set score/crawford/postcrawford/turn/cube/dice/board, double/take/drop/beaver,",
        "resign/accept/decline, move) or `set matchid`. Fields = gnubg's view: posinfo() (state,",
        "turn, doubled, resigned, dice), cubeinfo() (cube, owner, move, crawford), `show score`",
        "(scores, length, Crawford, Jacoby in money play). die0 >= die1 (gnubg stores the larger",
        "die first). jacoby=1: Jacoby rule in use (bit 66 = 0); for match play gnubg shows no",
        "Jacoby flag, so it is the ID's bit 66. Where cubeinfo() refuses the state (finished",
        "match) cube/owner/move are the ID's bits. Every field was checked against a bitwise",
        "decoding of MATCHID. state=0 records: `set matchid` of an ID with state 0, re-encoded by",
        "gnubg.matchid(gnubg.cubeinfo(), gnubg.posinfo()).",
    ], lines)

    # `set matchid` round trips (what gnubg does with arbitrary IDs)
    set_lines = []
    for it in range(150):
        length = rng.choice([0, 0, 1, 3, 5, 7, 11, 17, 25, 64])
        f = {"cube": 1 << rng.choice([0, 0, 1, 2, 3, 6, 12]), "owner": rng.choice([-1, 0, 1]),
             "move": rng.randint(0, 1), "crawford": rng.choice([0, 0, 1]),
             "state": rng.choice([0, 1, 1, 1, 1, 2, 3, 4]), "turn": rng.randint(0, 1),
             "doubled": rng.choice([0, 0, 0, 1]), "resigned": rng.choice([0, 0, 0, 1, 2, 3]),
             "die0": 0, "die1": 0, "length": length,
             "score0": rng.randint(0, max(0, length - 1)) if length else rng.randint(0, 50),
             "score1": rng.randint(0, max(0, length - 1)) if length else rng.randint(0, 50),
             "jacoby": rng.randint(0, 1)}
        if rng.random() < 0.5:
            d = (rng.randint(1, 6), rng.randint(1, 6))
            f["die0"], f["die1"] = max(d), min(d)
        if length and rng.random() < 0.3:
            f["score0"] = length - 1
        sid = encode_matchid_bits(f)
        G.cmd("new session")
        txt = G.capture("set matchid " + sid)
        if "Illegal match ID" in txt:
            set_lines.append("%s REJECTED" % sid)
            continue
        try:
            mid = gnubg.matchid()
        except ValueError:
            mid = "NONE"
        set_lines.append("%s %s" % (sid, mid))
    out.write("matchid_set.txt", [
        HEADER,
        "INPUT RESULT: `new session`, then `set matchid INPUT`; RESULT = gnubg.matchid()",
        "afterwards (REJECTED: gnubg printed 'Illegal match ID'; NONE: no game (state 0), no ID",
        "to read). Inputs are bit patterns made by the generator, often inconsistent; they show",
        "gnubg's adjustments (a pending double is stepped back, Crawford only kept when a side",
        "is 1-away, cube disabled in Crawford).",
    ], set_lines)
    log("matchid_set: %d records" % len(set_lines))


# --------------------------------------------------------------------------------------------
# 3. XGIDs
# --------------------------------------------------------------------------------------------

def xg_position(b_abs):
    """b_abs = (player 0 side, player 1 side), each from its own view.  XG's string is written
    from the bottom player = gnubg player 1."""
    p0, p1 = b_abs
    s = ["-"] * 26
    if p0[24]:
        s[0] = chr(ord("a") + p0[24] - 1)
    if p1[24]:
        s[25] = chr(ord("A") + p1[24] - 1)
    for i in range(1, 25):
        if p1[i - 1]:
            s[i] = chr(ord("A") + p1[i - 1] - 1)
        elif p0[24 - i]:
            s[i] = chr(ord("a") + p0[24 - i] - 1)
    return "".join(s)


XG_ERR_RE = re.compile(r"(Not a valid XGID.*|Illegal match ID.*|Illegal position\.?.*|"
                       r"You must .*|There must be .*)")


def section_xgids(out):
    rng = random.Random(3003)
    G.base_settings()
    G.cmd("new session")
    pool = random_games(rng, 6)
    rng.shuffle(pool)
    pool = pool[:250] + [random_scatter(rng) for _ in range(60)] + \
        [random_bearoff(rng) for _ in range(20)] + [start_board()] * 3
    lines = []
    rejected = []
    prefixes = ["XGID=", "XGID=", "XGID=", ""]
    for i, b in enumerate(pool):
        if rng.random() < 0.5:
            b = swap(b)
        pos = xg_position(b)
        length = rng.choice([0, 0, 0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25, 63, 64])
        if length:
            rules = rng.choice([0, 0, 1])
            s1 = rng.randint(0, length - 1)
            s2 = rng.randint(0, length - 1)
            if length > 1 and rng.random() < 0.4:
                if rng.random() < 0.5:
                    s1 = length - 1
                else:
                    s2 = length - 1
        else:
            rules = rng.randint(0, 3)
            s1 = rng.randint(0, 20)
            s2 = rng.randint(0, 20)
        cubelog = rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 5, 6] + ([] if length else [7, 10, 12]))
        owner = rng.choice([-1, 0, 1]) if cubelog else rng.choice([0, 0, 0, -1, 1])
        turn = rng.choice([1, -1, 1, -1, 0])
        r = rng.random()
        if r < 0.3:
            dice = "00"
        elif r < 0.42:
            dice = "D"
        else:
            dice = "%d%d" % (rng.randint(1, 6), rng.randint(1, 6))
        maxcube = rng.choice([10, 10, 10, 8, 0, 12, 6])
        x = "%s%s:%d:%d:%d:%s:%d:%d:%d:%d:%d" % (rng.choice(prefixes), pos, cubelog, owner, turn,
                                               dice, s1, s2, rules, length, maxcube)
        res = run_xgid(x)
        if res[0]:
            lines.append("%s %s" % (x, res[1]))
        else:
            rejected.append("%s\t%s" % (x, res[1]))
    # hand-made malformed / edge inputs; whatever gnubg accepts goes to xgids.txt
    base = xg_position(start_board())
    s16 = list(base)
    # 16 chequers (6 on the 6 point).  Far more chequers (e.g. 'P' = 16 on one point, 26 in
    # all) overflow gnubg's 80-bit position key inside SetXGID and crash 1.07 ("stack smashing
    # detected"), so they are not tried.
    s16[6] = "F"
    closed = ["-"] * 26
    for i in range(1, 7):
        closed[i] = "B"
    for i in range(19, 25):
        closed[i] = "b"
    closed[0] = "a"
    closed[25] = "A"
    edge = [
        "XGID=%s:0:0:1:00:0:0:0:0" % base,                 # 9 fields (no max cube)
        "%s:0:0:1:52:0:0:3:0" % base,                       # 9 fields, no prefix
        "XGID=%s:0:0:1:52:0:0:0:7" % base,                  # 9 fields, match
        "XGID=%s:0:0:1:00:0:0" % base,                      # too few fields
        "XGID=%s:0:0:1:00:0:0:0:0:10" % base[:25],          # 25 position characters
        "XGID=%s-:0:0:1:00:0:0:0:0:10" % base,              # 27 position characters
        "XGID=%s:0:0:1:00:0:0:0:0:10" % base.replace("E", "Q", 1),   # bad letter
        "XGID=%s:0:0:1:00:0:0:0:0:10" % base.replace("-", "x", 1),   # bad letter
        "XGID=%s:13:0:1:00:0:0:0:0:10" % base,              # cube 2^13
        "XGID=%s:12:0:1:00:0:0:0:0:10" % base,              # cube 4096
        "XGID=%s:0:0:1:00:7:0:0:7:10" % base,               # score == length
        "XGID=%s:0:0:1:00:0:9:0:7:10" % base,               # score > length
        "XGID=%s:0:0:1:00:0:0:2:7:10" % base,               # rules 2 in a match
        "XGID=%s:0:0:1:00:0:0:4:0:10" % base,               # rules 4 in money
        "XGID=%s:0:0:1:00:0:0:0:65:10" % base,              # match length 65
        "XGID=%s:0:0:1:00:0:0:0:64:10" % base,              # match length 64
        "XGID=%s:0:0:1:7:0:0:0:0:10" % base,                # one-character dice
        "XGID=%s:0:0:1:71:0:0:0:0:10" % base,               # die 7
        "XGID=%s:0:0:1:07:0:0:0:0:10" % base,               # die 0 and 7
        "XGID=%s:0:0:1:60:0:0:0:0:10" % base,               # one die
        "XGID=%s:0:0:1:x:0:0:0:0:10" % base,                # dice letter
        "XGID=%s:0:0:1:00:0:0:0:0:10" % "".join(s16),      # 16 chequers for player 1
        "XGID=%s:0:0:1:00:0:0:0:0:10" % "".join(closed),   # both on bar, closed boards
        "XGID=%s:0:2:1:00:0:0:0:0:10" % base,               # cube owner 2
        "XGID=%s:0:0:2:00:0:0:0:0:10" % base,               # turn 2
        "xgid=%s:1:0:1:31:0:0:0:0:10" % base,               # lower-case prefix
        "Position: %s:1:0:1:31:0:0:0:0:10" % base,          # no '=' at all, other prefix
        "foo=%s:1:0:1:31:0:0:0:0:10" % base,                # another prefix
        "XGID=%s:1:0:1:31:0:0:0:0:10:" % base,              # trailing colon
        "XGID=%s:1:0:1:31:0:0:0:0:10:5" % base,             # 11 fields
    ]
    for x in edge:
        res = run_xgid(x)
        if res[0]:
            lines.append("%s %s" % (x, res[1]))
        else:
            rejected.append("%s\t%s" % (x, res[1]))
    out.write("xgids.txt", [
        HEADER,
        "INPUT POSID:MATCHID -- INPUT (everything before the last space) is the exact string given",
        "to `set xgid`; POSID:MATCHID = gnubg.positionid():gnubg.matchid() afterwards (the",
        "position ID is from the side on roll = fMove). `set confirm default no`: the 'swap",
        "players so the player on roll appears on the bottom?' question is answered no (a script",
        "would otherwise get yes). Before each input: `new session`.",
    ], lines)
    out.write("xgids_rejected.txt", [
        HEADER,
        "INPUT<TAB>MESSAGE: gnubg's error output for `set xgid INPUT` (lines joined with ' | ').",
        "'Illegal position.' / 'Illegal match ID': SetXGID itself accepted the string but setting",
        "the board or the match state failed, so gnubg is left in a mixed state.",
    ], rejected)
    log("xgids: %d accepted, %d rejected" % (len(lines), len(rejected)))


def run_xgid(x):
    G.cmd("new session")
    before = gnubg.positionid() + ":" + gnubg.matchid()
    txt = G.capture("set xgid " + x)
    errs = [m.group(1).strip() for m in XG_ERR_RE.finditer(txt)]
    if errs:
        return False, " | ".join(errs)
    check("Swap players" not in txt or "Swap players so the player on roll appears on the "
          "bottom?  no" in txt, "unexpected swap answer")
    after = gnubg.positionid() + ":" + gnubg.matchid()
    return True, after


# --------------------------------------------------------------------------------------------
# 4. Legal moves (and 5. perft, which reuses the machinery)
# --------------------------------------------------------------------------------------------

HINT_RE = re.compile(r"^\s*(\d+)\.\s+Cubeful 0-ply\s+(.+?)\s+Eq\.:", re.M)


class MoveGen:
    """gnubg's legal moves for (position, roll): the move list of `hint` at 0-ply (every legal
    move, one per distinct resulting position), and each move's resulting position as gnubg
    computes it by playing the move (`move TEXT`) and reading gnubg.board()."""

    def __init__(self):
        self.calls = 0
        self.checked_text = 0

    def setup(self, pid, d1, d2):
        if gnubg.posinfo()["gamestate"] != 1:
            G.cmd("new game")
        G.cmd("set board " + pid)
        G.cmd("set dice %d %d" % (d1, d2))

    def texts(self, pid, d1, d2):
        """gnubg's move texts for (position, roll), in gnubg's hint order."""
        self.calls += 1
        if self.calls % 200 == 0:
            G.cmd("new game")  # keep the game record short
        self.setup(pid, d1, d2)
        check(gnubg.positionid() == pid, "set board %s did not take" % pid)
        check(tuple(gnubg.posinfo()["dice"]) == (d1, d2), "set dice failed")
        h = gnubg.hint(100000)
        check(h["gnubgid"].split(":")[0] == pid, "hint answered for another position")
        return [e["move"] for e in h["hint"]]

    def moves(self, pid, d1, d2, check_text=True):
        """[(movetext, result board seen from the mover, i.e. not swapped)]"""
        texts = self.texts(pid, d1, d2)
        if check_text:
            txt = G.capture("hint 100000")
            if texts:
                parsed = [m.group(2) for m in HINT_RE.finditer(txt)]
                check(parsed == texts, "hint text and gnubg.hint() disagree for %s %d%d:\n%r\n%r"
                      % (pid, d1, d2, parsed, texts))
            else:
                check("There are no legal moves" in txt, "no moves but hint says %r" % txt)
            self.checked_text += 1
        res = []
        for t in texts:
            self.setup(pid, d1, d2)
            G.cmd("move " + t)
            after = gnubg.board()
            check(tuple(gnubg.posinfo()["dice"]) == (0, 0), "move %r was not played" % t)
            res.append((t, swap((tuple(after[0]), tuple(after[1])))))
        return res


def cross_check(board, d1, d2, moves):
    """Independent checks of gnubg's list: distinct results, same set as a Python enumeration,
    and each move text parsed by gnubg and applied in Python gives gnubg's result."""
    results = [r for _, r in moves]
    check(len(set(results)) == len(results), "duplicate result positions from gnubg")
    py = py_moves(board, d1, d2)
    check(py == set(results), "move set mismatch for %s %d%d: gnubg %d, python %d"
          % (pid_of(board), d1, d2, len(results), len(py)))
    for t, r in moves:
        parsed = gnubg.parsemove(t)
        check(py_apply_parsed(board, parsed) == r,
              "applying %r (%r) differs from gnubg" % (t, parsed))


def legal_move_cases(rng):
    cases = []  # (board, d1, d2)
    start = start_board()
    for d1, d2 in ALL_ROLLS:
        cases.append((start, d1, d2))
    games = random_games(rng, 30)
    rng.shuffle(games)
    games = [g for g in games if total(g[0]) and total(g[1])]
    contact = [g for g in games if has_contact(g)]
    nocontact = [g for g in games if not has_contact(g)]
    check(len(contact) >= 1240 and len(nocontact) >= 150, "too few game positions")

    def roll():
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        return max(d1, d2), min(d1, d2)

    def doubles():
        d = rng.randint(1, 6)
        return d, d

    # random contact positions from games: random rolls, and all 21 rolls for some
    for b in contact[:1000]:
        cases.append((b,) + roll())
    for b in contact[1000:1040]:
        for d1, d2 in ALL_ROLLS:
            cases.append((b, d1, d2))
    for b in contact[1040:1240]:
        cases.append((b,) + doubles())
    # races / bearoffs from games
    for b in nocontact[:150]:
        cases.append((b,) + roll())
    # scattered random positions (odd chequer counts, bars)
    for _ in range(200):
        b = random_scatter(rng, bar_max=rng.choice([0, 2, 4]))
        if total(b[0]) and total(b[1]):
            cases.append((b,) + roll())
    # bar entries against closed / nearly closed boards, 1..4 on the bar
    for closed_pts in (6, 5, 4, 3):
        for on_bar in (1, 2, 3, 4):
            for _ in range(3):
                b = random_bar_vs_board(rng, closed_pts, on_bar)
                all21 = closed_pts == 5 or (closed_pts == 4 and rng.random() < 0.5)
                for d1, d2 in ALL_ROLLS if all21 else [roll()]:
                    cases.append((b, d1, d2))
    for _ in range(120):
        b = random_bar_vs_board(rng, rng.randint(3, 6), rng.randint(1, 4))
        cases.append((b,) + roll())
    # bearoffs with gaps (no contact and with contact), all 21 rolls for some
    for k in range(30):
        b = random_bearoff(rng, n_me=rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 15]),
                           contact=k % 3 == 0)
        for d1, d2 in ALL_ROLLS:
            cases.append((b, d1, d2))
    for _ in range(250):
        b = random_bearoff(rng, contact=rng.random() < 0.3)
        cases.append((b,) + roll())
    # races
    for _ in range(120):
        cases.append((random_race(rng),) + roll())
    # positions where only one die (or only the larger die) or no die can be played: picked with
    # the Python enumerator from random positions, recorded from gnubg
    want_one, want_none = 120, 60
    tries = 0
    while (want_one > 0 or want_none > 0) and tries < 200000:
        tries += 1
        src = rng.random()
        if src < 0.4:
            b = random_bar_vs_board(rng, rng.randint(4, 6), rng.randint(1, 3))
        elif src < 0.7:
            b = random_bearoff(rng, contact=True)
        else:
            b = random_scatter(rng)
            if not (total(b[0]) and total(b[1])):
                continue
        d1, d2 = roll()
        if d1 == d2:
            continue
        pm = py_moves(b, d1, d2)
        if not pm:
            if want_none > 0:
                cases.append((b, d1, d2))
                want_none -= 1
            continue
        pips_me = sum(c * (i + 1) for i, c in enumerate(b[1]))
        used = {pips_me - sum(c * (i + 1) for i, c in enumerate(r[1])) for r in pm}
        # a single die played: the pip difference is at most one die (bear-offs can be less)
        if all(u <= d1 for u in used) and want_one > 0:
            cases.append((b, d1, d2))
            want_one -= 1
    return cases


def section_legal_moves(out, mg):
    rng = random.Random(4004)
    G.base_settings()
    G.cmd("new session")
    cases = legal_move_cases(rng)
    lines = []
    n_moves = 0
    seen = set()
    roll_cov = set()
    zero = 0
    maxn = 0
    for k, (b, d1, d2) in enumerate(cases):
        pid = pid_of(b)
        if (pid, d1, d2) in seen:
            continue
        seen.add((pid, d1, d2))
        mv = mg.moves(pid, d1, d2, check_text=True)
        cross_check(b, d1, d2, mv)
        rows = sorted((t, pid_of(r)) for t, r in mv)
        lines.append("P %s %d %d %d" % (pid, d1, d2, len(rows)))
        for t, rp in rows:
            lines.append("%s\t%s" % (t, rp))
        n_moves += len(rows)
        roll_cov.add((d1, d2))
        zero += not rows
        maxn = max(maxn, len(rows))
        if k % 500 == 0:
            log("legal_moves: %d/%d cases" % (k, len(cases)))
    check(len(roll_cov) == 21, "not all rolls covered")
    out.write("legal_moves.txt", [
        HEADER,
        "Blocks: 'P POSID D1 D2 N' then N lines 'MOVETEXT<TAB>RESULTPOSID'.",
        "POSID: side on roll = board[1]. MOVETEXT: gnubg's text (gnubg.hint(), also checked",
        "against the text of the `hint` command). N = number of legal moves gnubg lists at 0-ply",
        "(all moves, one per distinct resulting position; 0 = no legal move). RESULTPOSID: gnubg",
        "played the move (`set board`, `set dice`, `move MOVETEXT`) and gnubg.board() was read",
        "and un-swapped, i.e. the position after the move still seen from the mover. Lines of a",
        "block are sorted by MOVETEXT. Cross-checked against an independent Python enumeration",
        "and against gnubg.parsemove(MOVETEXT) applied in Python.",
    ], lines)
    log("legal_moves: %d (position, roll) pairs, %d moves, %d with no move, max %d"
        % (len(seen), n_moves, zero, maxn))


def section_perft(out, mg):
    rng = random.Random(5005)
    G.base_settings()
    G.cmd("new session")
    cache = {}

    def count_roll(pid, d1, d2):
        key = (pid, d1, d2)
        if key not in cache:
            cache[key] = len(mg.texts(pid, d1, d2))
        return cache[key]

    def depth1(pid):
        return sum(max(1, count_roll(pid, d1, d2)) for d1, d2 in ALL_ROLLS)

    positions = [("start", START_ID)]
    positions.append(("bar", pid_of(random_bar_vs_board(rng, 4, 2))))
    positions.append(("bearoff", pid_of(random_bearoff(rng, n_me=9, contact=False))))
    positions.append(("race", pid_of(random_race(rng))))
    positions.append(("contact", "4NvBA0DGzooBBg"))
    games = [g for g in random_games(rng, 3) if has_contact(g) and total(g[0]) and total(g[1])]
    positions.append(("midgame", pid_of(games[len(games) // 3])))
    positions.append(("bearoff-contact", pid_of(random_bearoff(rng, n_me=12, contact=True))))
    lines = []
    roll_lines = []
    for name, pid in positions:
        lines.append("%s 1 %d" % (pid, depth1(pid)))
    # per-roll breakdown of depth 1 for the start position
    for d1, d2 in ALL_ROLLS:
        roll_lines.append("ROLL %s %d %d %d" % (START_ID, d1, d2, count_roll(START_ID, d1, d2)))
    # depth 2 for the start position: positions after each first move come from gnubg
    total2 = 0
    for d1, d2 in ALL_ROLLS:
        mv = mg.moves(START_ID, d1, d2, check_text=False)
        for t, r in mv:
            nxt = pid_of(swap(r))  # opponent on roll
            total2 += depth1(nxt)
    lines.append("%s 2 %d" % (START_ID, total2))
    out.write("perft.txt", [
        HEADER,
        "'POSID DEPTH COUNT' and 'ROLL POSID D1 D2 COUNT'. depth 1 = sum over the 21 distinct",
        "rolls of the number of legal moves (a roll with no legal move counts 1); depth 2 = sum",
        "over rolls r1, over moves m of r1, of depth 1 of the position after m (swapped,",
        "opponent on roll). Move counts are gnubg's 0-ply hint list lengths; the positions after the first",
        "move are the ones gnubg produced by playing each move. Positions: " +
        ", ".join("%s=%s" % (n, p) for n, p in positions),
    ], lines + roll_lines)
    log("perft: %s" % "; ".join(lines))


# --------------------------------------------------------------------------------------------
# 6. Boards
# --------------------------------------------------------------------------------------------

def section_boards(out):
    """Golden `show board` output.  Settings: gnubg's defaults except both players human, no
    automatic roll/new game, confirm off (so gnubg does not move or roll by itself) and the player
    names, which are always set explicitly (player 1's default name is the login name).  Each
    case: PRE commands (start a match/session: they reset the names), the two names, POST
    commands, `show board`."""
    base = G.base_settings(display=True)
    bar_both = (tuple([0] * 5 + [4, 0, 3] + [0] * 4 + [4] + [0] * 10 + [2, 2]),
                tuple([0, 0, 2, 2, 0, 3, 0, 3] + [0] * 4 + [3] + [0] * 10 + [0, 1]))
    borne = (tuple([0, 2, 3, 0, 1, 4] + [0] * 19), tuple([3, 0, 2, 2, 1, 0] + [0] * 19))
    tall = (tuple([0] * 5 + [11, 0, 2] + [0] * 16 + [1]), tuple([8, 0, 0, 0, 0, 6] + [0] * 19))
    check(all(legal_board(b) for b in (bar_both, borne, tall)), "board fixtures illegal")
    gu = ("gnubg", "user")
    cases = [
        ("01_start_money", ["new session"], ["set board " + START_ID, "set turn 1"], gu),
        ("02_start_money_opening_roll", ["set seed 7", "new session"], [], gu),
        ("03_match_crawford", ["new match 7"], ["set score 6 3", "set turn 0", "set dice 5 3"],
         gu),
        ("04_match_postcrawford_cube_p0", ["new match 9"],
         ["set score 3 8", "set postcrawford on", "set turn 1", "set cube value 4",
          "set cube owner 0"], gu),
        ("05_money_cube_p1_64", ["new session"],
         ["set turn 0", "set cube value 64", "set cube owner 1", "set dice 6 2"], gu),
        ("06_bar_both", ["new session"],
         ["set turn 1", "set board " + pid_of(bar_both), "set dice 4 4"], gu),
        ("07_borne_off", ["new match 5"],
         ["set score 2 1", "set turn 0", "set board " + pid_of(borne), "set dice 6 1"], gu),
        ("08_names_alice_bob", ["new session"],
         ["set board " + START_ID, "set turn 0", "set dice 3 1"], ("alice", "bob")),
        ("09_double_offered", ["new match 11"],
         ["set score 4 7", "set turn 1", "set cube value 2", "set cube owner 1", "double"], gu),
        ("10_player0_on_roll", ["new session"], ["set turn 0", "set board 4NvBA0DGzooBBg"], gu),
        ("11_player1_on_roll", ["new session"], ["set turn 1", "set board 4NvBA0DGzooBBg"], gu),
        ("12_six_plus_on_point", ["new session"],
         ["set turn 1", "set board " + pid_of(tall), "set dice 2 1"], gu),
        ("13_resignation_offered", ["new session"], ["set score 3 1", "set turn 0", "resign 2"],
         gu),
        ("14_set_matchid_QYkqASAAIAAA", ["new session"],
         ["set matchid QYkqASAAIAAA", "set board 4NvBA0DGzooBBg"], gu),
        ("15_money_nojacoby_score", ["set jacoby off", "new session"],
         ["set score 5 12", "set turn 0", "set cube value 8", "set cube owner 0",
          "set dice 1 2"], gu),
    ]
    text = None
    for name, pre, post, (n0, n1) in cases:
        cmds = pre + ["set player 0 name %s" % n0, "set player 1 name %s" % n1] + post
        for c in cmds:
            txt = G.capture(c)
            check("must" not in txt and "cannot" not in txt.lower() and "Illegal" not in txt,
                  "board case %s: command %r said %r" % (name, c, txt))
        text = G.capture("show board")
        check("Position ID" in text and ("O: %s" % n0) in text and ("X: %s" % n1) in text,
              "unexpected show board output %r" % text)
        gid = gnubg.positionid() + ":" + gnubg.matchid()
        out.write_raw("boards/%s.txt" % name, text)
        ids = [gid, "name0 %s" % n0, "name1 %s" % n1]
        ids += ["setting %s" % c for c in base]
        ids += ["cmd %s" % c for c in cmds + ["show board"]]
        out.write_raw("boards/%s.ids" % name, "\n".join(ids) + "\n")
        G.cmd("set jacoby on")
    # `show board` does not depend on `set display`
    G.cmd("set display off")
    check(G.capture("show board") == text, "show board depends on set display")
    log("boards: %d cases" % len(cases))


# --------------------------------------------------------------------------------------------

def main():
    global G
    G = Gnubg()
    root = os.environ.get("TAVLA_ENGINE_FIXTURES")
    if not root:
        check(os.path.isfile(os.path.join("tests", "gnubg", "make_engine_fixtures.py")),
              "run from the repository root (cwd is %s)" % os.getcwd())
        root = os.path.join(os.getcwd(), "tests", "fixtures", "engine")
    out = Out(root)
    log("writing to %s" % root)
    mg = MoveGen()
    section_boards(out)
    section_position_ids(out)
    section_match_ids(out)
    section_xgids(out)
    section_legal_moves(out, mg)
    section_perft(out, mg)
    total_size = sum(out.written.values())
    for rel in sorted(out.written):
        if not rel.startswith("boards/"):
            log("  %-28s %9d bytes" % (rel, out.written[rel]))
    log("done: %d files, %d bytes, %.0f s" % (len(out.written), total_size, time.time() - T0))
    G.close()


try:
    main()
except BaseException:
    msg = traceback.format_exc()
    if G is not None:
        try:
            os.unlink(G.cap_path)
        except OSError:
            pass
    if LOG is not None:
        LOG.write(msg)
        LOG.flush()
    else:
        sys.__stderr__.write(msg)
    os._exit(1)
