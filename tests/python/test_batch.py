# SPDX-License-Identifier: GPL-3.0-or-later
# evaluate_batch: the same numbers as single evaluations and as `tavla analyze --plies 0`, from
# IDs, Positions and board arrays, on any number of threads; gnubg's own 0-ply outputs within
# the bounds tests/eval/gnubg_agreement_test.cpp checks; bad input.
import numpy as np
import pytest

import tavla
from conftest import analyze_batch, fixture_lines


def gnubg_evaluations():
    """(position ID, gnubg's 0-ply outputs) of tests/fixtures/eval/positions.txt."""
    out = []
    for line in fixture_lines("eval/positions.txt"):
        words = line.split()
        out.append((words[0], [float(x) for x in words[3:8]]))
    return out


def test_batch_equals_tavla_analyze_and_gnubg(engine):
    cases = gnubg_evaluations()
    ids = [posid for posid, _ in cases]
    probs = engine.evaluate_batch(ids)
    assert probs.shape == (len(ids), 5) and probs.dtype == np.float32
    expected = np.array([a["eval"]["probs"] for a in analyze_batch(ids, "--plies", "0")],
                        dtype=np.float32)
    assert np.array_equal(probs, expected)
    gnubg = np.array([p for _, p in cases], dtype=np.float64)
    diff = np.abs(probs - gnubg)
    assert diff.max() <= 1e-3
    assert np.sqrt(np.mean(diff ** 2)) <= 1e-4


def test_batch_equals_single_evaluations(engine):
    ids = [posid for posid, _ in gnubg_evaluations()[::10]]
    probs = engine.evaluate_batch(ids)
    singles = np.array([engine.evaluate(i, plies=0)["probs"] for i in ids], dtype=np.float32)
    assert np.array_equal(probs, singles)


def test_batch_inputs_and_threads(engine):
    ids = [posid for posid, _ in gnubg_evaluations()[:1500]]
    probs = engine.evaluate_batch(ids)
    positions = [tavla.Position(i) for i in ids]
    boards = np.array([[p.board["on_roll"], p.board["opponent"]] for p in positions], dtype=np.uint8)
    assert boards.shape == (len(ids), 2, 25)
    assert np.array_equal(engine.evaluate_batch(boards), probs)
    assert np.array_equal(engine.evaluate_batch(boards.astype(np.int64)), probs)
    assert np.array_equal(engine.evaluate_batch(positions), probs)
    assert np.array_equal(engine.evaluate_batch(np.array(ids)), probs)
    assert np.array_equal(engine.evaluate_batch(iter(ids)), probs)
    for threads in (1, 2, 3):
        assert np.array_equal(engine.evaluate_batch(ids, threads=threads), probs)
    out = np.zeros((len(ids), 5), dtype=np.float32)
    result = engine.evaluate_batch(boards, out=out)
    assert result is out or np.shares_memory(result, out)
    assert np.array_equal(out, probs)
    assert engine.evaluate_batch([]).shape == (0, 5)
    assert engine.evaluate_batch(np.zeros((0, 2, 25), dtype=np.uint8)).shape == (0, 5)


def test_batch_bad_input(engine):
    ids = ["4HPwATDgc/ABMA"] * 600
    ids[517] = "4HPwATDgc/ABM!"
    with pytest.raises(tavla.Error, match="position 517"):
        engine.evaluate_batch(ids)
    with pytest.raises(tavla.Error, match="one string"):
        engine.evaluate_batch("4HPwATDgc/ABMA")
    with pytest.raises(TypeError):
        engine.evaluate_batch([1, 2, 3])
    with pytest.raises(tavla.Error, match="shape"):
        engine.evaluate_batch(np.zeros((4, 50), dtype=np.uint8))
    with pytest.raises(tavla.Error, match="integers"):
        engine.evaluate_batch(np.zeros((4, 2, 25), dtype=np.float32))
    boards = np.zeros((3, 2, 25), dtype=np.int32)
    boards[:, :, 0] = 1
    boards[1, 0, 0] = 300
    with pytest.raises(tavla.Error, match="0..15"):
        engine.evaluate_batch(boards)
    boards[1, 0, 0] = -1
    with pytest.raises(tavla.Error, match="0..15"):
        engine.evaluate_batch(boards)
    boards[1, 0, 0] = 1
    boards[2, 0, 5] = 2
    boards[2, 1, 18] = 2  # the same point held by both sides
    with pytest.raises(tavla.Error, match="position 2"):
        engine.evaluate_batch(boards)
    boards[2, 0, :] = 1  # 25 chequers
    with pytest.raises(tavla.Error, match="position 2"):
        engine.evaluate_batch(boards)
    for bad_out in (np.zeros((3, 5), dtype=np.float64), np.zeros((3, 4), dtype=np.float32),
                    np.zeros((5, 3), dtype=np.float32).T, [[0.0] * 5] * 3):
        with pytest.raises(tavla.Error, match="out"):
            engine.evaluate_batch(["4HPwATDgc/ABMA"] * 3, out=bad_out)
