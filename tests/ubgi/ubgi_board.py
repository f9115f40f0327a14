# SPDX-License-Identifier: GPL-3.0-or-later
"""A backgammon board for the UBGI tests, written from the formats' descriptions, not from
tavla's code: gnubg's position ID (10 bytes of run-length bits, base64), XG's XGID position
field, and the UBGI bestmove payload ("24/18 13/12", "bar/22", "6/off", "pass").

A board is [opponent, mover]: two lists of 25 counts, index 0..23 = points 1..24 counted from
that side, 24 = the bar (gnubg's anBoard, seen from the player on roll)."""

import base64
import json
import subprocess

START_ID = "4HPwATDgc/ABMA"


def decode_position_id(pid):
    raw = base64.b64decode(pid + "==")
    bits = [(raw[i // 8] >> (i % 8)) & 1 for i in range(80)]
    board = [[0] * 25, [0] * 25]
    side, point, i = 0, 0, 0
    while side < 2 and i < 80:
        if bits[i]:
            board[side][point] += 1
        else:
            point += 1
            if point == 25:
                side, point = side + 1, 0
        i += 1
    return board


def encode_position_id(board):
    bits = []
    for side in (0, 1):
        for point in range(25):
            bits += [1] * board[side][point] + [0]
    raw = bytearray(10)
    for i, b in enumerate(bits[:80]):
        raw[i // 8] |= b << (i % 8)
    return base64.b64encode(bytes(raw)).decode()[:14]


def swapped(board):
    return [list(board[1]), list(board[0])]


def chequers_left(board, side):
    return sum(board[side])


def xgid(board, dice="00", cube_log=0, owner=0, rules=0):
    """The money-game XGID with the mover (board[1]) as the bottom player on roll (turn 1).
    dice: "00", "D" (the mover has doubled) or two digits; owner: 1 mover, -1 opponent, 0 centre."""
    chars = []
    for xg in range(26):  # 0 = the opponent's bar, 1..24 = the mover's points, 25 = the mover's bar
        if xg == 0:
            n, mine = board[0][24], False
        elif xg == 25:
            n, mine = board[1][24], True
        elif board[1][xg - 1]:
            n, mine = board[1][xg - 1], True
        else:
            n, mine = board[0][24 - xg], False
        chars.append("-" if n == 0 else chr((ord("A") if mine else ord("a")) + n - 1))
    return "XGID=%s:%d:%d:1:%s:0:0:%d:0:10" % ("".join(chars), cube_log, owner, dice, rules)


def apply_payload(board, payload):
    """The board after the mover plays `payload` (None if a step is impossible: no chequer on the
    from point, a point held by two or more of the opponent's)."""
    b = [list(board[0]), list(board[1])]
    if payload == "pass":
        return b
    for token in payload.split():
        parts = token.split("/")
        if len(parts) != 2:
            return None
        try:
            frm = 24 if parts[0] == "bar" else int(parts[0]) - 1
            to = -1 if parts[1] == "off" else int(parts[1]) - 1
        except ValueError:
            return None
        if not 0 <= frm <= 24 or not -1 <= to <= 23 or b[1][frm] == 0 or (frm != 24 and to >= frm):
            return None
        b[1][frm] -= 1
        if to >= 0:
            opp = 23 - to
            if b[0][opp] >= 2:
                return None
            if b[0][opp] == 1:
                b[0][opp] = 0
                b[0][24] += 1
            b[1][to] += 1
    return b


class Ubgi:
    """One `tavla ubgi` process; `ask` sends lines and returns the answers up to readyok (it
    sends isready after them, so lines with no answer return [])."""

    def __init__(self, tavla, *args):
        self.proc = subprocess.Popen([tavla, "ubgi", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("tavla ubgi closed its output")
        return line.rstrip("\n")

    def ask(self, *lines):
        for line in lines:
            self.send(line)
        self.send("isready")
        out = []
        while True:
            line = self.read()
            if line == "readyok":
                return out
            out.append(line)

    def close(self):
        self.send("quit")
        rc = self.proc.wait(timeout=60)
        if rc != 0:
            raise RuntimeError("tavla ubgi exited with %d" % rc)


class Analyze:
    """`tavla analyze --batch`: one JSON object per position line."""

    def __init__(self, tavla, *args):
        self.proc = subprocess.Popen([tavla, "analyze", "--batch", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def __call__(self, position):
        self.proc.stdin.write(position + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def doubler_doubles(action, plies, p_win):
    """gnubg's computer player as the doubler (play.c): it doubles on the decisions that say
    double/redouble, and on an optional double only at 0 ply with a chance to win above 0.001."""
    if action.startswith("Double") or action.startswith("Redouble"):
        return True
    if action.startswith("Optional"):
        return plies == 0 and p_win > 0.001
    return False
