# SPDX-License-Identifier: GPL-3.0-or-later
# Positions: IDs and XGIDs in and out, dicts, legal plays and their text against gnubg's lists
# (tests/fixtures/engine/legal_moves.txt) and tavla analyze, playing moves.
import itertools

import pytest

import tavla
from conftest import analyze_batch, fixture_lines


def xgid_fixtures():
    """(XGID, gnubg's POSID:MATCHID after `set xgid`) from tests/fixtures/engine/xgids.txt."""
    out = []
    for line in fixture_lines("engine/xgids.txt"):
        text, _, gnubg = line.rpartition(" ")
        out.append((text, gnubg))
    return out


def legal_move_fixtures(limit):
    """Blocks of legal_moves.txt: (posid, d1, d2, {move text: resulting posid})."""
    lines = fixture_lines("engine/legal_moves.txt")
    blocks, i = [], 0
    while i < len(lines) and len(blocks) < limit:
        _, posid, d1, d2, n = lines[i].split()
        n = int(n)
        moves = dict(line.split("\t") for line in lines[i + 1:i + 1 + n])
        blocks.append((posid, int(d1), int(d2), moves))
        i += 1 + n
    return blocks


def test_starting_position():
    p = tavla.Position()
    assert p.position_id == "4HPwATDgc/ABMA"
    assert p.gnubg_id == "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    assert p.dice is None
    assert p.pips == (167, 167)
    assert p.board["on_roll"] == p.board["opponent"]
    assert sum(p.board["on_roll"]) == 15


def test_gnubg_ids_round_trip():
    ids = ["4HPwATDgc/ABMA:cIkKAAAAAAAA", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "sGfwATDgc/ABMA:MAHgAAAAAAAA"]
    for line in fixture_lines("engine/position_ids.txt")[:300]:
        ids.append(line.split()[0])
    for text in ids:
        p = tavla.Position(text)
        if ":" in text:
            assert p.gnubg_id == text
        else:
            assert p.position_id == text
        assert tavla.Position(p.gnubg_id) == p
        assert_same_by_xgid(p)
        assert tavla.Position.from_dict(p.to_dict()).gnubg_id == p.gnubg_id


def assert_same_by_xgid(p):
    """The XGID carries the position and its state (not the game state of a finished game, nor
    the Jacoby rule in match play)."""
    q = tavla.Position(p.xgid)
    assert q.xgid == p.xgid
    assert q.board == p.board
    if p.state["match_length"] == 0:
        assert q.state == p.state
    else:
        assert dict(q.state, jacoby=None) == dict(p.state, jacoby=None)


def test_match_ids_round_trip():
    lines = fixture_lines("engine/match_ids.txt")
    assert len(lines) > 1000
    for line in lines:
        match_id = line.split()[0]
        fields = dict(word.split("=") for word in line.split()[1:])
        p = tavla.Position("4HPwATDgc/ABMA:" + match_id)
        assert p.match_id == match_id
        # The protocol's state has no game state (a game over, resigned, dropped): only games in
        # play go through a dict unchanged; an XGID also says nothing of a resignation, nor of
        # whose turn it is apart from a double.
        if fields["state"] == "1":
            assert tavla.Position.from_dict(p.to_dict()).gnubg_id == p.gnubg_id
            if fields["resigned"] == "0" and (fields["turn"] == fields["move"]) != (fields["doubled"] == "1"):
                assert_same_by_xgid(p)


def test_xgids_as_gnubg_reads_them():
    cases = xgid_fixtures()
    assert len(cases) > 300
    for text, gnubg in cases:
        p = tavla.Position(text)
        # gnubg's `set xgid` steps a pending double back; tavla keeps it (see engine/xgid.h).
        if text.split(":")[4] != "D":
            assert p.gnubg_id == gnubg, text
        assert tavla.Position(p.xgid) == p
        assert tavla.Position(p.gnubg_id).gnubg_id == p.gnubg_id


def test_to_dict_is_the_batch_protocol():
    text = "XGID=-b----E-C---eE---c-e----B-:1:1:1:31:2:3:0:7:10"
    p = tavla.Position(text)
    [analysed] = analyze_batch([text])
    d = p.to_dict()
    for key in ("gnubg_id", "xgid", "state", "board"):
        assert d[key] == analysed[key]
    assert p.state == analysed["state"]
    assert p.board == analysed["board"]
    assert p.dice == (3, 1)


def test_from_dict_defaults_and_edits():
    p = tavla.Position()
    q = tavla.Position.from_dict({"board": p.board, "state": {"dice": [6, 5], "match_length": 7,
                                                             "score": [2, 4], "cube": 2,
                                                             "cube_owner": 0, "on_roll": 0}})
    assert q.dice == (6, 5)
    assert q.state["match_length"] == 7 and q.state["score"] == [2, 4]
    assert q.state["cube"] == 2 and q.state["cube_owner"] == 0 and q.state["on_roll"] == 0
    assert tavla.Position(q.gnubg_id) == q
    money = tavla.Position.from_dict({"board": p.board})
    assert money.gnubg_id == p.gnubg_id


def test_legal_moves_equal_gnubgs():
    blocks = legal_move_fixtures(400)
    assert len(blocks) == 400
    for posid, d1, d2, moves in blocks:
        got = tavla.Position(posid).legal_moves((d1, d2))
        assert len(got) == len(moves), posid
        assert {m["move"]: m["position_id"] for m in got} == moves, posid


def test_legal_moves_equal_tavla_analyze():
    texts = []
    for posid, d1, d2, _ in legal_move_fixtures(60)[::3]:
        texts.append(tavla.Position(posid).with_dice(d1, d2).gnubg_id)
    for text, analysed in zip(texts, analyze_batch(texts)):
        got = tavla.Position(text).legal_moves()
        assert sorted((m["move"], m["position_id"]) for m in got) == \
            sorted((m["move"], m["position_id"]) for m in analysed["moves"])


def test_play():
    p = tavla.Position().with_dice(3, 1)
    q = p.play("8/5 6/5")
    assert q.dice is None
    assert q.state["on_roll"] == 1 - p.state["on_roll"]
    assert q.board["opponent"] == tavla.Position(
        [m for m in p.legal_moves() if m["move"] == "8/5 6/5"][0]["position_id"]).board["on_roll"]
    # Any legal way of writing the play.
    assert p.play("6/5 8/5") == q
    # A whole game of first legal plays ends with someone off.
    g = tavla.Position()
    for d1, d2 in itertools.islice(itertools.cycle([(6, 5), (4, 2), (3, 1), (6, 6), (5, 2)]), 400):
        g = g.with_dice(d1, d2)
        moves = g.legal_moves()
        g = g.play(moves[0]["move"] if moves else "")
        if 0 in g.pips:
            break
    assert 0 in g.pips


def test_bad_positions_raise():
    for bad in ["", "garbage", "4HPwATDgc/ABMA:zzzz", "XGID=abc", "4HPwATDgc/ABM!", "/////////////w"]:
        with pytest.raises(tavla.Error) as e:
            tavla.Position(bad)
        assert str(e.value)
    assert issubclass(tavla.Error, ValueError)
    with pytest.raises(TypeError):
        tavla.Position(42)
    p = tavla.Position()
    with pytest.raises(tavla.Error, match="dice"):
        p.legal_moves()
    with pytest.raises(tavla.Error, match="1..6"):
        p.with_dice(7, 1)
    with pytest.raises(tavla.Error, match="no dice"):
        p.play("8/5 6/5")
    with pytest.raises(tavla.Error):
        p.with_dice(3, 1).play("24/10")
    with pytest.raises(tavla.Error):
        p.with_dice(3, 1).play("nonsense")
    with pytest.raises(tavla.Error, match="25 counts"):
        tavla.Position.from_dict({"board": {"on_roll": [0] * 24, "opponent": [0] * 25}})
    with pytest.raises(tavla.Error):
        tavla.Position.from_dict({"board": {"on_roll": [16] + [0] * 24, "opponent": [0] * 25}})
    with pytest.raises(tavla.Error, match="unknown state field"):
        tavla.Position.from_dict({"board": p.board, "state": {"colour": 1}})
    with pytest.raises(tavla.Error):
        tavla.Position.from_dict({"board": p.board, "state": {"cube": 3}})
    with pytest.raises(tavla.Error):
        tavla.Position.from_dict({"board": p.board, "state": {"match_length": 5, "score": [7, 0]}})
    both = [0] * 25
    both[5] = 2
    with pytest.raises(tavla.Error):  # a point held by both sides
        tavla.Position.from_dict({"board": {"on_roll": both, "opponent": both[:18] + [2] + [0] * 6}})


def test_help_works():
    import pydoc
    text = pydoc.render_doc(tavla)
    for name in ("Position", "Engine", "evaluate_batch", "rollout", "bearoff", "legal_moves"):
        assert name in text
    assert tavla.__doc__ and tavla.Engine.__doc__ and tavla.Position.__doc__
