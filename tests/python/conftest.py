# SPDX-License-Identifier: GPL-3.0-or-later
# Shared fixtures of the Python module's tests (run by ctest as python.pytest, which sets
# PYTHONPATH to the module and TAVLA_BIN to the tavla program; by hand:
# PYTHONPATH=build/release/python python3 -m pytest tests/python).
import json
import os
import pathlib
import subprocess

import pytest

import tavla

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
GNUBG_WEIGHTS = "/usr/lib/gnubg/gnubg.wd"


def tavla_bin():
    return os.environ.get("TAVLA_BIN", str(ROOT / "build" / "release" / "tavla"))


def run_tavla(*args, stdin=None):
    """Runs the tavla program with gnubg's weights; returns its standard output."""
    env = dict(os.environ, TAVLA_WEIGHTS=GNUBG_WEIGHTS)
    done = subprocess.run([tavla_bin(), *args], input=stdin, capture_output=True, text=True,
                          env=env, check=True)
    return done.stdout


def analyze_batch(lines, *args, weights=GNUBG_WEIGHTS):
    """`tavla analyze --batch` on the lines: one parsed JSON object per line."""
    out = run_tavla("analyze", "--batch", "--weights", weights, *args,
                    stdin="".join(line + "\n" for line in lines))
    return [json.loads(line) for line in out.splitlines()]


def fixture_lines(name):
    with open(FIXTURES / name) as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


@pytest.fixture(scope="session")
def engine():
    if not os.path.exists(GNUBG_WEIGHTS):
        pytest.skip("gnubg's weights are not installed")
    return tavla.Engine(weights=GNUBG_WEIGHTS, threads=2)
