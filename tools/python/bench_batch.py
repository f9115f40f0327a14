#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# The Python module's batch evaluation against the C++ batch path: evaluate_batch on every
# position of bench/error_positions.txt, as an (N, 2, 25) board array and as position IDs, and
# bench_eval's BM_EvaluateBatch (boards) and BM_EvaluateBatchFromIds (IDs decoded, then boards)
# on the same positions, per thread count; prints microseconds per position (wall clock, and CPU
# time of the whole process) and the ratios Python / C++. Best of 7 repetitions (of at least 0.5 s) each: run it on an idle machine.
#
#   PYTHONPATH=build/release/python [REPEATS=7] /usr/bin/python3 tools/python/bench_batch.py [BUILD_DIR]
import json
import os
import pathlib
import subprocess
import sys
import time

import numpy as np

import tavla

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "release"
WEIGHTS = os.environ.get("TAVLA_WEIGHTS", "/usr/lib/gnubg/gnubg.wd")
REPEATS = int(os.environ.get("REPEATS", "7"))


def error_set_ids():
    ids = []
    with open(ROOT / "bench" / "error_positions.txt") as f:
        for line in f:
            if not line.strip() or line.startswith("#") or line.startswith("reference"):
                continue
            words = line.split()
            ids.append(words[0].split(":")[0])
            ids += words[3::2]
    return ids


def best_time(call):
    """As Google Benchmark's repetitions: each repetition calls for at least 0.5 s and takes
    the means of wall-clock and process CPU time; the best repetition of each counts."""
    walls, cpus = [], []
    for _ in range(REPEATS):
        calls, t0, c0 = 0, time.perf_counter(), time.process_time()
        while True:
            call()
            calls += 1
            elapsed = time.perf_counter() - t0
            if elapsed >= 0.5:
                break
        walls.append(elapsed / calls)
        cpus.append((time.process_time() - c0) / calls)
    return min(walls), min(cpus)


def cpp_times():
    """bench_eval's BM_EvaluateBatch[FromIds]/threads: (wall, CPU) seconds per batch, by (name,
    threads)."""
    out = subprocess.run([str(BUILD / "bench" / "bench_eval"), "--benchmark_filter=BM_EvaluateBatch",
                          "--benchmark_format=json", "--benchmark_repetitions=%d" % REPEATS],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, TAVLA_WEIGHTS=WEIGHTS)).stdout
    best = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        name, threads = b["name"].split("/")[:2]
        key = (name, int(threads))
        wall, cpu = b["real_time"] / 1e3, b["cpu_time"] / 1e3  # milliseconds
        old = best.get(key, (wall, cpu))
        best[key] = (min(old[0], wall), min(old[1], cpu))
    return best


def main():
    ids = error_set_ids()
    engine = tavla.Engine(weights=WEIGHTS)
    boards = np.array([[p.board["on_roll"], p.board["opponent"]] for p in map(tavla.Position, ids)],
                      dtype=np.uint8)
    n = len(ids)
    out = np.empty((n, 5), dtype=np.float32)
    cpp = cpp_times()
    print("%d positions (bench/error_positions.txt), best of %d repetitions, microseconds per position"
          % (n, REPEATS))
    print("time  threads   C++ boards   Python boards   ratio   C++ IDs   Python IDs   ratio")
    for threads in sorted({t for _, t in cpp}):
        arr = best_time(lambda: engine.evaluate_batch(boards, out=out, threads=threads))
        idt = best_time(lambda: engine.evaluate_batch(ids, out=out, threads=threads))
        cb, ci = cpp[("BM_EvaluateBatch", threads)], cpp[("BM_EvaluateBatchFromIds", threads)]
        for k, clock in enumerate(("wall", "CPU")):
            print("%-4s  %7d   %10.3f   %13.3f   %5.3f   %7.3f   %10.3f   %5.3f" % (
                clock, threads, 1e6 * cb[k] / n, 1e6 * arr[k] / n, arr[k] / cb[k],
                1e6 * ci[k] / n, 1e6 * idt[k] / n, idt[k] / ci[k]))


if __name__ == "__main__":
    main()
