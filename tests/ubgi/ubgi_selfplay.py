# SPDX-License-Identifier: GPL-3.0-or-later
"""tavla against itself through UBGI: complete money games between two `tavla ubgi` processes,
with the cube. The harness owns the game (dice, cube, whose turn) as an engine-versus-engine
controller does; each engine sees only `position xgid ...` and `go`. Every bestmove is applied
here (ubgi_board.py) and must give one of the positions `tavla analyze --batch` lists as the
results of the legal plays; every game must end (a drop or all chequers off) within the turn limit.
Usage: ubgi_selfplay.py TAVLA [--games N] [--seed S] [--level L]"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ubgi_board as ub  # noqa: E402

MAX_TURNS = 500  # far beyond any real game (a few hundred at most even with long prime battles)
MAX_CUBE_LOG = 10  # XGID's max cube: 2^10


def play_game(engines, analyze, rng, first):
    """One game; returns (winner index, points, turns, how it ended). Engine `first` rolls first."""
    board = ub.decode_position_id(ub.START_ID)  # [opponent, mover] seen from the mover
    mover = first
    cube_log, owner = 0, 0  # owner seen from the mover: 1 mover, -1 opponent, 0 centred
    for turn in range(MAX_TURNS):
        me, them = engines[mover], engines[1 - mover]
        if turn > 0 and owner != -1 and cube_log < MAX_CUBE_LOG:
            got = me.ask("position xgid " + ub.xgid(board, "00", cube_log, owner), "go cube")
            if got not in (["bestcube double"], ["bestcube nodouble"]):
                raise AssertionError("go cube answered %r" % got)
            if got == ["bestcube double"]:
                answer = them.ask("position xgid " + ub.xgid(board, "D", cube_log, owner), "go")
                if answer == ["bestcube drop"]:
                    return mover, 1 << cube_log, turn, "drop at cube %d" % (2 << cube_log)
                if answer != ["bestcube take"]:  # no beavers in these games (rules 0)
                    raise AssertionError("the answer to a double was %r" % answer)
                cube_log, owner = cube_log + 1, -1
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        while turn == 0 and d1 == d2:  # the opening roll is never a double
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        position = ub.xgid(board, "%d%d" % (d1, d2), cube_log, owner)
        got = me.ask("position xgid " + position, "go chequer")
        if not got or not got[-1].startswith("bestmove "):
            raise AssertionError("go chequer answered %r" % got)
        payload = got[-1][len("bestmove "):]
        ref = analyze(position)
        if ref.get("gnubg_id", "").split(":")[0] != ub.encode_position_id(board):
            raise AssertionError("the harness's XGID %s is not the position %s" %
                                 (position, ub.encode_position_id(board)))
        legal = {m["position_id"] for m in ref["moves"]}
        after = ub.apply_payload(board, payload)
        if not legal:
            if payload != "pass":
                raise AssertionError("%s: %r played where no move is legal" % (position, payload))
        elif after is None or ub.encode_position_id(after) not in legal:
            raise AssertionError("%s: illegal move %r" % (position, payload))
        board = after
        if ub.chequers_left(board, 1) == 0:
            # Gammon: the loser has borne off nothing; backgammon: and still has a chequer on the
            # bar or in the winner's home board (the mover's points 19..24 from the loser's side).
            points = 1
            if ub.chequers_left(board, 0) == 15:
                points = 3 if board[0][24] or any(board[0][18:24]) else 2
            return mover, points << cube_log, turn + 1, "borne off at cube %d" % (1 << cube_log)
        board = ub.swapped(board)
        owner = -owner
        mover = 1 - mover
    raise AssertionError("the game did not end within %d turns" % MAX_TURNS)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tavla")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="expert")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engines = [ub.Ubgi(args.tavla, "--level", args.level) for _ in range(2)]
    for e in engines:
        hello = e.ask("ubgi")
        assert hello and hello[-1] == "ubgiok", hello
        assert e.ask("newgame") == []
    analyze = ub.Analyze(args.tavla)
    points = [0, 0]
    for game in range(args.games):
        for e in engines:
            assert e.ask("newgame") == []
        winner, pts, turns, how = play_game(engines, analyze, rng, game % 2)
        points[winner] += pts
        print("game %d: engine %d wins %d point(s) after %d turns (%s)" %
              (game + 1, winner, pts, turns, how))
    for e in engines:
        e.close()
    analyze.close()
    print("points: %d - %d" % tuple(points))


if __name__ == "__main__":
    main()
