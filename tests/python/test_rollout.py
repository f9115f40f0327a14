# SPDX-License-Identifier: GPL-3.0-or-later
# Rollouts: the numbers of `tavla rollout --json` for the same seed and options, the progress
# callback, and stopping: an exception in the callback or Ctrl-C (SIGINT) ends the rollout early
# and reaches the caller.
import json
import os
import signal
import threading

import pytest

import tavla
from conftest import GNUBG_WEIGHTS, run_tavla

# Cheap settings: cube decisions at 0 ply.
FAST = {"cube_plies": 0}
FAST_ARGS = ["--cube-plies", "0"]


def tavla_rollout(text, *args):
    return json.loads(run_tavla("rollout", text, "--json", "--weights", GNUBG_WEIGHTS, *args))


@pytest.mark.parametrize("text,kwargs,args", [
    ("4HPwATDgc/ABMA:cAkAAAAAAAAA", {}, []),
    ("4HPwATDgc/ABMA:cIkKAAAAAAAA", {"moves": 3, "truncate": 6}, ["--moves", "3", "--truncate", "6"]),
    ("4HPwATDgc/ABMA:cAkAAAAAAAAA", {"cube": True, "cubeful": True, "variance_reduction": False},
     ["--cube", "--no-variance-reduction"]),
    ("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:3:0:7:10", {"cubeful": False}, ["--cubeless"]),
])
def test_rollout_equals_tavla_rollout(engine, text, kwargs, args):
    got = engine.rollout(text, trials=72, seed=17, threads=2, **FAST, **kwargs)
    want = tavla_rollout(text, "--trials", "72", "--seed", "17", *FAST_ARGS, *args)
    assert got == want
    assert got["trials"] == 72 and got["seed"] == 17
    assert all(len(r["mean"]) == 7 and len(r["std_error"]) == 7 for r in got["results"])


def test_progress_callback(engine):
    seen = []
    result = engine.rollout(tavla.Position(), trials=144, seed=3, progress=seen.append,
                            progress_every=36, **FAST)
    done = [info["trials_done"] for info in seen]
    assert done == sorted(done) and done[-1] == 144 and len(done) >= 4
    assert all(info["trials_total"] == 144 for info in seen)
    assert seen[-1]["results"][0]["label"] == "Position"
    assert seen[-1]["results"][0]["mean"] == pytest.approx(result["results"][0]["mean"])
    # The seed makes the rollout: the same numbers without a callback and on one thread.
    assert engine.rollout(tavla.Position(), trials=144, seed=3, threads=1, **FAST) == result


def test_callback_exception_stops_the_rollout(engine):
    calls = []

    def stop(info):
        calls.append(info["trials_done"])
        if len(calls) == 2:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        engine.rollout(tavla.Position(), trials=36 * 100, seed=5, progress=stop, **FAST)
    assert len(calls) == 2
    # The engine is still usable.
    assert engine.rollout(tavla.Position(), trials=36, seed=5, **FAST)["trials"] == 36


def test_ctrl_c_interrupts(engine):
    calls = []

    def interrupt(info):
        calls.append(info["trials_done"])
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGINT)  # as Ctrl-C would

    with pytest.raises(KeyboardInterrupt):
        engine.rollout(tavla.Position(), trials=36 * 100, seed=5, progress=interrupt, **FAST)
    assert len(calls) == 2
    # Without a callback the rollout checks for Ctrl-C by itself: a SIGINT from another thread
    # while the rollout runs (the GIL released).
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.rollout(tavla.Position(), trials=36 * 100000, seed=5, **FAST)
    finally:
        timer.cancel()


def test_callback_cannot_reenter_the_engine(engine):
    def analyse(info):
        engine.evaluate(tavla.Position())

    with pytest.raises(tavla.Error, match="busy with a rollout"):
        engine.rollout(tavla.Position(), trials=72, seed=5, progress=analyse, **FAST)
    # Batch evaluation has its own evaluators: allowed.
    seen = []
    engine.rollout(tavla.Position(), trials=72, seed=5, **FAST,
                   progress=lambda info: seen.append(engine.evaluate_batch([tavla.Position()])[0][0]))
    assert seen and seen[0] == pytest.approx(engine.evaluate(tavla.Position(), plies=0)["probs"][0])
