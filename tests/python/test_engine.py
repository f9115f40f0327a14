# SPDX-License-Identifier: GPL-3.0-or-later
# The engine: analysis, evaluation, hints and cube decisions equal `tavla analyze --json` (the
# same core) with gnubg's weights and with tavla's own; bearoff lookups; bad input.
import pytest

import tavla
from conftest import ROOT, analyze_batch, fixture_lines


def cube_positions(n):
    """Match and money states of gnubg's cube hints (tests/fixtures/cube/hints.txt)."""
    out = []
    for line in fixture_lines("cube/hints.txt"):
        if line.startswith("=== "):
            out.append(line.split()[1] + ":" + line.split()[2])
        if len(out) == n:
            break
    return out


def positions_to_compare():
    texts = [
        "4HPwATDgc/ABMA:cAkAAAAAAAAA",  # starting position, money, no dice
        "4HPwATDgc/ABMA:cIkKAAAAAAAA",  # opening roll 52
        "4HPwATDgc/ABMA",  # bare position ID
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:31:2:3:0:7:10",  # match play with dice
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10",  # money, double pending
        "4HPwATDgc/ABMA:8CHgA+ABOAAE",  # resignation pending (Crawford game)
    ]
    texts += [text for text, _ in (line.rpartition(" ")[::2] for line in
                                   fixture_lines("engine/xgids.txt")[:40])]
    texts += cube_positions(25)
    # Bearoff (two- and one-sided), race, crashed and contact positions gnubg evaluated.
    by_class = {}
    for line in fixture_lines("eval/positions.txt"):
        posid, _, cls = line.split()[:3]
        by_class.setdefault(cls, []).append(posid)
    for cls, ids in sorted(by_class.items()):
        texts += ids[:6]
    return texts


@pytest.mark.parametrize("args,kwargs", [((), {}), (("--plies", "1"), {"plies": 1}),
                                         (("--level", "advanced"), {"level": "advanced"})])
def test_analyze_equals_tavla_analyze(engine, args, kwargs):
    texts = positions_to_compare()
    if kwargs:
        texts = texts[::4]
    expected = analyze_batch(texts, *args)
    assert len(expected) == len(texts)
    for text, want in zip(texts, expected):
        if "error" in want:
            with pytest.raises(tavla.Error):
                engine.analyze(text, **kwargs)
            continue
        assert engine.analyze(text, **kwargs) == want, text
        assert engine.analyze(tavla.Position(text), **kwargs) == want  # the id as given


def test_two_ply_equals_tavla_analyze(engine):
    texts = ["4HPwATDgc/ABMA:cAkAAAAAAAAA", "4HPwATDgc/ABMA:cIkKAAAAAAAA",
             "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:3:0:7:10"]
    for text, want in zip(texts, analyze_batch(texts, "--plies", "2")):
        assert engine.analyze(text, plies=2) == want


def test_evaluate_hint_cube_are_parts_of_analyze(engine):
    text = "XGID=-b----E-C---eE---c-e----B-:1:1:1:31:2:3:0:7:10"
    a = engine.analyze(text)
    e = engine.evaluate(text)
    assert e == dict(a["eval"], **{"class": a["class"]})
    assert engine.hint(text) == a["moves"]
    assert [m["move"] for m in a["moves"]][0] == engine.hint(tavla.Position(text))[0]["move"]
    no_dice = tavla.Position.from_dict(dict(tavla.Position(text).to_dict(),
                                            state=dict(tavla.Position(text).state, dice=None)))
    b = engine.analyze(no_dice)
    assert engine.cube(no_dice) == b["cube"]
    assert engine.evaluate(no_dice) == dict(b["eval"], **{"class": b["class"]})
    # hint with dice given: the same as the position with those dice.
    assert engine.hint(no_dice, dice=(3, 1)) == a["moves"]
    # A pending double: the cube decision carries the answer.
    doubled = "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10"
    c = engine.cube(doubled)
    assert c["take"] == engine.analyze(doubled)["take"]


def test_other_weights(engine):
    own = ROOT / "weights" / "tavla.wd"
    texts = ["4HPwATDgc/ABMA:cAkAAAAAAAAA", "4HPwATDgc/ABMA:cIkKAAAAAAAA"]
    other = tavla.Engine(weights=str(own), threads=1)
    assert other.weights_version
    for text, want in zip(texts, analyze_batch(texts, "--plies", "1", weights=str(own))):
        assert other.analyze(text, plies=1) == want
    assert other.evaluate(texts[0])["probs"] != engine.evaluate(texts[0])["probs"]


def test_bearoff(engine):
    # Two-sided: each side 2 chequers on its ace point (off in one roll).
    side = [2] + [0] * 24
    p = tavla.Position.from_dict({"board": {"on_roll": side, "opponent": side}})
    b = engine.bearoff(p)
    assert b["database"] == "two_sided"
    assert b["probs"] == engine.evaluate(p, plies=0)["probs"]
    assert b["two_sided"]["cubeless"] == pytest.approx(2 * b["probs"][0] - 1, abs=1e-6)
    assert set(b["two_sided"]) == {"cubeless", "owned", "centered", "opponent_owns"}
    ones = b["one_sided"]["on_roll"]
    assert ones["bear_off"][1] == pytest.approx(1.0) and ones["mean"] == pytest.approx(1.0)
    assert b["one_sided"]["opponent"]["index"] == ones["index"]
    # One-sided only: 15 chequers a side in the home boards (more than the two-sided 6 chequers).
    home = [3, 3, 3, 2, 2, 2] + [0] * 19
    q = tavla.Position.from_dict({"board": {"on_roll": home, "opponent": home}})
    b = engine.bearoff(q)
    assert b["database"] == "one_sided" and b["two_sided"] is None
    assert b["probs"] == engine.evaluate(q, plies=0)["probs"]
    assert abs(sum(b["one_sided"]["on_roll"]["bear_off"]) - 1) < 1e-4
    with pytest.raises(tavla.Error, match="not in the bearoff databases"):
        engine.bearoff(tavla.Position())


def test_bad_input_raises(engine):
    with pytest.raises(tavla.Error, match="nonexistent"):
        tavla.Engine(weights="/nonexistent/weights.wd")
    with pytest.raises(tavla.Error, match="threads"):
        tavla.Engine(weights=None, threads=0)
    with pytest.raises(tavla.Error, match="variation"):
        tavla.Engine(variation="nackgammon")
    start = tavla.Position()
    with pytest.raises(tavla.Error, match="unknown level"):
        engine.evaluate(start, level="godlike")
    with pytest.raises(tavla.Error, match="plies"):
        engine.evaluate(start, plies=9)
    with pytest.raises(tavla.Error, match="plies"):
        engine.analyze(start, plies=-1)
    with pytest.raises(tavla.Error, match="dice"):
        engine.hint(start)
    with pytest.raises(tavla.Error, match="dice"):
        engine.cube(start.with_dice(3, 1))
    with pytest.raises(tavla.Error):
        engine.analyze("not an id")
    with pytest.raises(TypeError):
        engine.evaluate(42)
    with pytest.raises(tavla.Error, match="trials"):
        engine.rollout(start, trials=0)
    with pytest.raises(tavla.Error, match="cannot double"):
        # Player 1 on roll, the cube owned by player 0.
        owned = tavla.Position.from_dict({"board": start.board, "state": {"cube": 2, "cube_owner": 0}})
        engine.rollout(owned, cube=True, trials=1)


def test_threads_share_an_engine(engine):
    import threading
    texts = positions_to_compare()[:24]
    want = [engine.analyze(t) for t in texts]
    batch = engine.evaluate_batch(texts[6:])
    results, errors = {}, []

    def work(k):
        try:
            for i in range(k, len(texts), 4):
                results[i] = engine.analyze(texts[i])
            assert (engine.evaluate_batch(texts[6:]) == batch).all()
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert [results[i] for i in range(len(texts))] == want
