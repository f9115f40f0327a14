#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The HTML match report in a real browser: `tavla analyze MATCHFILE --html OUT` (0 ply, gnubg's
weights), then headless Chromium loads the page: it must log no console message, its DOM must
hold the statistics table with both players, the graph with one point per play and the boards
of the costliest decisions, and the numbers it shows must be those of `tavla analyze --json` for
the same file. A screenshot is kept as the test's artefact (first argument).

Environment: TAVLA_BIN (the tavla program), CHROMIUM (the browser), TAVLA_FIXTURES."""
import json
import os
import re
import subprocess
import sys
import tempfile

TAVLA = os.environ["TAVLA_BIN"]
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
FIXTURES = os.environ["TAVLA_FIXTURES"]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def chromium(path, *extra):
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-proxy-server",
                        "--enable-logging=stderr", "--v=0", "--window-size=1000,3000", *extra,
                        "file://" + path], capture_output=True, text=True, timeout=300)
    console = [l for l in r.stderr.splitlines() if ":CONSOLE" in l]
    return r.stdout, console


def main():
    shot = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("match7.sgf", "money_jacoby.sgf", "match3.mat"):
            src = os.path.join(FIXTURES, "mat", name)
            html = os.path.join(tmp, name + ".html")
            r = subprocess.run([TAVLA, "analyze", src, "--plies", "0", "--threads", "1", "--json",
                                "--html", html], capture_output=True, text=True, timeout=600)
            check(r.returncode == 0, f"{name}: tavla analyze exit {r.returncode}: {r.stderr}")
            if r.returncode:
                continue
            analysis = json.loads(r.stdout)
            dom, console = chromium(html, "--dump-dom")
            check(not console, f"{name}: console messages {console}")
            names = [p["name"] for p in analysis["players"]]
            for n in names:
                check(f"<th>{n}</th>" in dom, f"{name}: player {n} in the table")
            # One graph point per analysed play, one board per costly decision shown.
            plays = sum(1 for g in analysis["games"] for d in g["decisions"]
                        if d.get("action") == "move" and d.get("rank") is not None)
            points = re.search(r'<polyline class="value"[^>]*points="([^"]*)"', dom)
            check(points is not None and len(points.group(1).split()) == plays,
                  f"{name}: {plays} plays, graph points "
                  f"{len(points.group(1).split()) if points else None}")
            boards = dom.count('class="tavla-board"')
            check(1 <= boards <= 10, f"{name}: {boards} boards")
            # The chequer error rates the page shows are the JSON's.
            for p in analysis["players"]:
                rate = p["chequer"]["error_rate_memg"]
                if rate is not None:
                    check(f"{-abs(rate):+.1f}" in dom or f"{rate:+.1f}" in dom,
                          f"{name}: chequer error rate {rate} of {p['name']} on the page")
            if name == "match7.sgf":
                chromium(html, f"--screenshot={shot}")
                check(os.path.getsize(shot) > 10000, "screenshot written")
    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("match report page: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
