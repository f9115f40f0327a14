# SPDX-License-Identifier: GPL-3.0-or-later
"""A scripted UBGI exchange with the real `tavla ubgi` (stdin/stdout): the handshake, keys, an
error line of the right code for every malformed or inapplicable line (and the engine still
answering after them), and moves and cube actions equal to what `tavla analyze` says for the same
positions at the same level. Usage: ubgi_exchange_test.py TAVLA"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ubgi_board as ub  # noqa: E402

TAVLA = sys.argv[1]
failures = []
checks = [0]


def check(ok, what):
    checks[0] += 1
    if not ok:
        failures.append(what)
        print("FAIL:", what)


# Money positions from tests/fixtures/cube/cases.txt (gnubg 1.07's cube decisions: double/pass,
# no double/beaver, no double/take) and the starting position.
CUBE_POSITIONS = ["/1YAAEAAAAAAAA", "0Od9AADge3wBAA", "3s5BACTg3Q2AQQ", "4GvwCQLgc/ABRA",
                  "320GBAB1BQAAAA", ub.START_ID]
CHEQUER_CASES = [(ub.START_ID, 3, 1), (ub.START_ID, 6, 6), (ub.START_ID, 6, 5),
                 ("0Od9AADge3wBAA", 5, 2), ("3s5BACTg3Q2AQQ", 4, 4), ("4GvwCQLgc/ABRA", 6, 1),
                 ("1r6TAAD0egAAAA", 2, 1), ("/woBEDH+AACAAA", 3, 3)]


def handshake():
    e = ub.Ubgi(TAVLA)
    e.send("ubgi")
    lines = []
    while True:
        line = e.read()
        lines.append(line)
        if line == "ubgiok":
            break
    check(lines[:3] == ["id name tavla", "id author the tavla authors", "proto 0.2"],
          "handshake starts with id name, id author, proto 0.2: %r" % lines[:3])
    keys = {}
    for line in lines[3:-1]:
        w = line.split()
        check(w[0] == "key" and w[2] in ("int", "bool", "enum", "string"), "key line: " + line)
        keys[w[1]] = w
    check(set(keys) == {"engine.level", "engine.ply", "engine.threads", "game.variant"},
          "keys declared: %s" % sorted(keys))
    check(keys["engine.ply"][3:5] == ["1..7", "1"], "engine.ply is 1..7, default 1 (expert)")
    check(keys["engine.threads"][5] == "!", "engine.threads is a minor option")
    check(e.ask() == [], "isready answers readyok alone")
    check(e.ask("keys") == lines[3:-1], "keys repeats the key lines")
    return e


def errors(e):
    cases = [
        ("foo", "bad_command"), ("Ubgi", "bad_command"), ("isready now", "bad_command"),
        ("go role", "bad_command"), ("go role bishop", "bad_command"), ("go sideways", "bad_command"),
        ("go depth", "bad_command"), ("go depth 0", "bad_value"), ("go depth x", "bad_value"),
        ("dice 1", "bad_command"), ("dice 0 3", "bad_value"), ("dice a b", "bad_value"),
        ("dice 3 7", "bad_value"), ("dice 99999999999999999999 1", "bad_value"),
        ("position", "bad_command"), ("position gnubgid", "bad_command"),
        ("position fen 8/8/8", "unsupported"), ("position gnubgid AAAA", "bad_value"),
        ("position gnubgid !!!!!!!!!!!!!!", "bad_value"),
        ("position gnubgid 4HPwATDgc/ABMA:zzzz", "bad_value"),
        ("position xgid XGID=bad", "bad_value"), ("position gnubgid " + ub.xgid(ub.decode_position_id(ub.START_ID)), "bad_value"),
        ("set engine.ply", "bad_command"), ("set engine.ply 9", "bad_value"),
        ("set engine.ply x", "bad_value"), ("set engine.level grandmasterly", "bad_value"),
        ("set engine.threads 0", "bad_value"), ("set game.variant nackgammon", "unsupported"),
        ("set nosuch 1", "unsupported"), ("get nosuch", "unsupported"), ("get", "bad_command"),
        ("setoption name Seed value 1", "unsupported"), ("setoption name Threads", "bad_command"),
        ("setoption Threads value 2", "bad_command"),
        ("\x01\x02\x7f", "bad_command"), ("x" * 100000, "bad_command"),
    ]
    for line, code in cases:
        got = e.ask(line)
        check(len(got) == 1 and got[0].startswith("error " + code + " "),
              "%r answered %r, expected one 'error %s ...'" % (line[:40], got, code))
        check(all(32 <= ord(c) < 127 for c in "".join(got)), "error lines are printable")
    # Commands valid in themselves but not in this state.
    check(e.ask("newgame") == [], "newgame has no answer")
    for lines, code in [(["go"], "bad_state"), (["dice 3 1"], "bad_state"),
                        (["position gnubgid " + ub.START_ID, "go chequer"], "bad_state"),
                        (["position gnubgid " + ub.START_ID, "go turn"], "bad_state"),
                        (["position xgid " + ub.xgid(ub.decode_position_id(ub.START_ID), "D"),
                          "go chequer"], "bad_state"),
                        (["position gnubgid AQAAAAAAAAAAAA", "dice 3 1", "go"], "bad_state")]:
        got = e.ask(*lines)
        check(len(got) == 1 and got[0].startswith("error " + code + " "),
              "%r answered %r, expected 'error %s'" % (lines, got, code))
    # Settings: set answers nothing, get gives the value; v0.1 setoption names map onto keys.
    check(e.ask("set engine.ply 3") == [], "set engine.ply")
    check(e.ask("get engine.ply") == ["value engine.ply 3"], "get engine.ply after set")
    check(e.ask("setoption name Level value world-class") == [], "setoption Level")
    check(e.ask("get engine.level") == ["value engine.level world-class"], "get engine.level")
    check(e.ask("get engine.ply") == ["value engine.ply 3"], "world class is 2-ply (ply 3)")
    check(e.ask("setoption name Threads value 2") == [], "setoption Threads")
    check(e.ask("get engine.threads") == ["value engine.threads 2"], "get engine.threads")
    # (Back to backgammon before the isready that ends ask: that would open hypergammon's data.)
    check(e.ask("set game.variant hypergammon", "get game.variant", "set game.variant backgammon",
                "set engine.level expert") == ["value game.variant hypergammon3"],
          "hypergammon is the 3-chequer game")
    # Still playing after all that, at the level now set.
    got = e.ask("position gnubgid " + ub.START_ID, "dice 2 1", "go role chequer")
    check(len(got) == 2 and got[0].startswith("info depth") and got[1].startswith("bestmove "),
          "go after errors: %r" % got)


def best_payload(lines, prefix):
    check(len(lines) >= 1 and lines[-1].startswith(prefix), "%r ends with %s" % (lines, prefix))
    return lines[-1][len(prefix):] if lines and lines[-1].startswith(prefix) else ""


def same_as_analyze(args):
    e = ub.Ubgi(TAVLA, *args)
    check(e.ask("ubgi")[-1] == "ubgiok", "ubgiok")
    an = ub.Analyze(TAVLA, *args)
    for posid, d1, d2 in CHEQUER_CASES:
        base = an(posid)
        fields = base["xgid"].split(":")
        fields[4] = "%d%d" % (d1, d2)
        with_dice = ":".join(fields)
        ref = an(with_dice)
        board = ub.decode_position_id(posid)
        check(ref["gnubg_id"].split(":")[0] == posid, "XGID from analyze keeps the position")
        expected = ref["moves"][0]["position_id"] if ref["moves"] else ub.encode_position_id(board)
        legal = {m["position_id"] for m in ref["moves"]}
        for lines in (["position gnubgid " + posid, "dice %d %d" % (d1, d2), "go role chequer"],
                      ["position gnubgid " + base["gnubg_id"], "dice %d %d" % (d1, d2), "go chequer"],
                      ["position xgid " + with_dice, "go"]):
            payload = best_payload(e.ask(*lines), "bestmove ")
            after = ub.apply_payload(board, payload)
            got = ub.encode_position_id(after) if after else None
            check(got in legal or (not legal and payload == "pass"),
                  "%s %r: %r is legal" % (args, lines, payload))
            check(got == expected, "%s %r: %r is analyze's best %s" %
                  (args, lines, payload, ref["moves"][0]["move"] if ref["moves"] else "pass"))
    for posid in CUBE_POSITIONS:
        ref = an(posid)
        doubles = "cube" in ref and ub.doubler_doubles(ref["cube"]["action"], ref["eval"]["plies"],
                                                     ref["eval"]["probs"][0])
        got = e.ask("position gnubgid " + posid, "go cube")
        check(got == ["bestcube " + ("double" if doubles else "nodouble")],
              "%s %s: %r for %s" % (args, posid, got, ref.get("cube", {}).get("action")))
        got = e.ask("dice 4 2", "go turn")
        if doubles:
            check(got == ["bestturn cube=double move=none"], "%s %s go turn: %r" % (args, posid, got))
        else:
            played = e.ask("go chequer")[-1][len("bestmove "):]
            check(got[-1] == "bestturn cube=nodouble move=" + played,
                  "%s %s go turn: %r, chequer play %r" % (args, posid, got, played))
        # The double offered: the taker's answer, as analyze's "take" for the same ID.
        fields = ref["xgid"].split(":")
        fields[4] = "D"
        offered = ":".join(fields)
        take = an(offered)["take"]["action"]
        got = e.ask("position xgid " + offered, "go")
        expected = {"take": "take", "pass": "drop", "beaver": "beaver"}[take]
        check(got == ["bestcube " + expected], "%s %s: %r for %s" % (args, offered, got, take))
    # Match play (XGIDs of the same boards at other scores): cube alive, Crawford (no cube),
    # post-Crawford (the leader's cube is dead), and the take when a double is pending.
    for posid in CUBE_POSITIONS[:4]:
        fields = an(posid)["xgid"].split(":")
        for score1, score2, rules, length, pending in [(2, 3, 0, 7, True), (4, 2, 1, 5, False),
                                                        (4, 2, 0, 5, True), (0, 0, 0, 3, True)]:
            fields[4:9] = ["00", str(score1), str(score2), str(rules), str(length)]
            position = ":".join(fields)
            ref = an(position)
            doubles = "cube" in ref and ub.doubler_doubles(
                ref["cube"]["action"], ref["eval"]["plies"], ref["eval"]["probs"][0])
            got = e.ask("position xgid " + position, "go cube")
            check(got == ["bestcube " + ("double" if doubles else "nodouble")],
                  "%s %s: %r for %s" % (args, position, got, ref.get("cube", {}).get("action")))
            if pending:
                fields[4] = "D"
                offered = ":".join(fields)
                take = an(offered)["take"]["action"]
                got = e.ask("position xgid " + offered, "go cube")
                expected = {"take": "take", "pass": "drop", "beaver": "beaver"}[take]
                check(got == ["bestcube " + expected], "%s %s: %r for %s" % (args, offered, got, take))
    an.close()
    e.close()


e = handshake()
errors(e)
e.close()
same_as_analyze([])
same_as_analyze(["--plies", "1"])
same_as_analyze(["--level", "world-class"])

# quit ends the process at once, with status 0, whatever follows.
e = ub.Ubgi(TAVLA)
e.send("quit")
e.send("isready")
check(e.proc.wait(timeout=60) == 0 and e.proc.stdout.read() == "", "quit: nothing after it")

print("%d checks, %d failures" % (checks[0], len(failures)))
sys.exit(1 if failures else 0)
