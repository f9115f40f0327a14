#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tavla serve's API through a real server on an ephemeral loopback port: answers equal to
`tavla analyze --json` and `tavla rollout --json` run on the same input, rollout jobs polled,
streamed and cancelled, and bad requests answered with a 4xx JSON error while the server
stays up. Run by ctest (serve.api) with TAVLA_BIN set."""
import json
import socket
import sys
import time

from serve_process import Server, tavla_json

OPENING = "4HPwATDgc/ABMA:cAkAAAAAAAAA"  # money, no dice
# (position, plies or None): money with dice, match play, an XGID, a position ID alone, 1 ply.
POSITIONS = [
    (OPENING, None),
    ("4HPwATDgc/ABMA:cIkKAAAAAAAA", None),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", None),
    ("XGID=-a-B--C-B---bD---c-e-A--A-:1:1:-1:00:2:3:0:7:10", None),
    ("jGfgAQbgc+QBMA", None),
    (OPENING, 1),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", 1),
]

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def wait_done(s, job, limit=300):
    t0 = time.time()
    while time.time() - t0 < limit:
        status, st = s.request("GET", "/api/rollouts/" + job)
        check(status == 200, f"poll {job}: {status}")
        if st["state"] != "running":
            return st
        time.sleep(0.2)
    raise RuntimeError("rollout job did not finish")


def analysis_matches(s):
    for pos, plies in POSITIONS:
        body = {"position": pos}
        args = ["analyze", "--json", pos]
        if plies is not None:
            body["plies"] = plies
            args += ["--plies", str(plies)]
        status, got = s.request("POST", "/api/analyze", body)
        check(status == 200, f"analyze {pos}: status {status} {got}")
        check(got == tavla_json(*args), f"analyze {pos} plies {plies}: differs from tavla analyze")
    status, got = s.request("POST", "/api/analyze", {"position": OPENING, "level": "world-class"})
    check(got == tavla_json("analyze", "--json", OPENING, "--level", "world-class"), "level")


def bad_requests(s):
    too_big = b'{"position": "' + b"a" * 20000 + b'"}'
    cases = [
        ("POST", "/api/analyze", b"not json", 400),
        ("POST", "/api/analyze", b"", 400),
        ("POST", "/api/analyze", b"[1,2]", 400),
        ("POST", "/api/analyze", b'{"position": "' + OPENING.encode() + b'",}', 400),
        ("POST", "/api/analyze", b'{"position": {"nested": 1}}', 400),
        ("POST", "/api/analyze", b'{"position": "' + OPENING.encode() + b'"} trailing', 400),
        ("POST", "/api/analyze", b'{"position": "\\ud800"}', 400),
        ("POST", "/api/analyze", b'{"position": 5}', 400),
        ("POST", "/api/analyze", b'{}', 400),
        ("POST", "/api/analyze", b'{"position": "nonsense"}', 400),
        ("POST", "/api/analyze", b'{"position": "XGID=garbage"}', 400),
        ("POST", "/api/analyze", b'{"position": "/etc/passwd"}', 400),
        ("POST", "/api/analyze", json.dumps({"position": OPENING, "plies": 9}).encode(), 400),
        ("POST", "/api/analyze", json.dumps({"position": OPENING, "plies": 1.5}).encode(), 400),
        ("POST", "/api/analyze", json.dumps({"position": OPENING, "level": "god"}).encode(), 400),
        ("POST", "/api/analyze", json.dumps({"position": OPENING, "level": "4ply"}).encode(), 400),
        ("POST", "/api/analyze", json.dumps({"position": OPENING, "weights": "/x"}).encode(), 400),
        ("POST", "/api/analyze", too_big, 413),
        ("POST", "/api/rollouts", json.dumps({"position": OPENING, "trials": 0}).encode(), 400),
        ("POST", "/api/rollouts", json.dumps({"position": OPENING, "trials": 10**9}).encode(), 400),
        ("POST", "/api/rollouts", json.dumps({"position": OPENING, "seed": -1}).encode(), 400),
        ("POST", "/api/rollouts", json.dumps({"position": OPENING, "cube": "yes"}).encode(), 400),
        # A cube decision where the player on roll cannot double (the opponent owns the cube).
        ("POST", "/api/rollouts",
         json.dumps({"position": "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:0:0:0:0:10",
                     "cube": True}).encode(), 422),
        ("GET", "/api/rollouts/999999", None, 404),
        ("DELETE", "/api/rollouts/999999", None, 404),
        ("GET", "/api/rollouts/abc", None, 404),
        ("GET", "/nothing", None, 404),
        ("GET", "/../../etc/passwd", None, 404),
        ("GET", "/api/analyze", None, 404),
    ]
    for method, path, raw, want in cases:
        status, got = s.request(method, path, raw=raw)
        check(status == want and isinstance(got.get("error"), str) and got["error"],
              f"{method} {path} {raw[:60] if raw else ''}: want {want} with an error, got {status} {got}")
    # Not HTTP at all, and a request line cut short: the server answers or closes, and lives.
    for junk in [b"GARBAGE\r\n\r\n", b"POST /api/analyze HTTP/1.1\r\nContent-Length: 100\r\n\r\n{",
                 b"\x00\xff" * 100 + b"\r\n\r\n"]:
        with socket.create_connection(("127.0.0.1", s.port), timeout=30) as c:
            c.sendall(junk)
            c.shutdown(socket.SHUT_WR)
            reply = c.recv(4096)
            check(reply == b"" or reply.startswith(b"HTTP/1.1 4"), f"junk {junk[:20]}: {reply[:80]}")
    status, got = s.request("GET", "/api/health")
    check(status == 200 and got["status"] == "ok", "health after bad requests")


def matches(s):
    """POST /api/match: the analysis of `tavla analyze FILE --json --plies N`, for .mat and SGF
    text, JSON or the HTML report; bad match files and fields refused."""
    import os
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "mat")
    for name, plies in (("match3.mat", 0), ("money_jacoby.sgf", 0), ("match1.sgf", 1)):
        path = os.path.join(fixtures, name)
        text = open(path, encoding="utf-8").read()
        body = {"match": text}
        if plies:
            body["plies"] = plies
        status, got = s.request("POST", "/api/match", body)
        check(status == 200, f"match {name}: status {status} {got if status != 200 else ''}")
        want = tavla_json("analyze", path, "--json", "--plies", str(plies), "--threads", "1")
        check(got == want, f"match {name} plies {plies}: differs from tavla analyze")
    text = open(os.path.join(fixtures, "match3.mat"), encoding="utf-8").read()
    status, page = s.request_text("POST", "/api/match", {"match": text, "html": True})
    check(status == 200 and page.startswith("<!DOCTYPE html>") and "tavla-graph" in page,
          f"match html: {status} {page[:80]}")
    broken = text.replace("  2) 42: 13/9 13/11 ", "  2) 42: 13/1 13/11 ", 1)
    for body, want in (({"match": "nonsense"}, 422), ({"match": broken}, 422),
                       ({"match": text, "format": "pdf"}, 400), ({"match": text, "plies": 9}, 400),
                       ({"match": text, "file": "/etc/passwd"}, 400), ({}, 400),
                       ({"match": "x" * 5000}, 422), ({"match": "x" * 40000}, 413),
                       ({"match": "(;" + "x" * 5000}, 422)):
        status, got = s.request("POST", "/api/match", body)
        check(status == want and isinstance(got.get("error"), str) and got["error"],
              f"match {str(body)[:60]}: want {want}, got {status} {got}")


def rollouts(s):
    # A finished job equals `tavla rollout --json` with the same options and seed.
    for extra, args in [({}, []), ({"cube": True, "truncate": 7}, ["--cube", "--truncate", "7"]),
                        ({"truncate": 5, "cubeful": False}, ["--truncate", "5", "--cubeless"])]:
        pos = OPENING
        body = {"position": pos, "trials": 36, "seed": 11, **extra}
        status, st = s.request("POST", "/api/rollouts", body)
        check(status == 202 and st["state"] in ("running", "done"), f"start {body}: {status} {st}")
        st = wait_done(s, st["job"])
        check(st["state"] == "done" and st["trials_done"] == 36, f"job {st['job']} state {st}")
        want = tavla_json("rollout", "--json", pos, "--trials", "36", "--seed", "11", *args)
        check(st["rollout"] == want, f"rollout {extra}: differs from tavla rollout")
    # With dice: the candidate plays.
    pos = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    status, st = s.request("POST", "/api/rollouts", {"position": pos, "trials": 36, "seed": 3, "moves": 3,
                                                     "truncate": 7})
    st = wait_done(s, st["job"])
    check(st["rollout"] == tavla_json("rollout", "--json", pos, "--trials", "36", "--seed", "3",
                                      "--moves", "3", "--truncate", "7"), "rollout of plays")

    # Streamed: events until the job has finished, trials never going back.
    status, st = s.request("POST", "/api/rollouts", {"position": OPENING, "trials": 72, "seed": 2})
    events = []
    with s.open_stream(f"/api/rollouts/{st['job']}/events") as stream:
        for line in stream:
            if line.startswith(b"data: "):
                events.append(json.loads(line[6:]))
    check(events and events[-1]["state"] == "done" and events[-1]["trials_done"] == 72,
          f"events end with the finished job: {events[-1] if events else None}")
    done = [e["trials_done"] for e in events]
    check(done == sorted(done), "events in order")

    # Cancelled, and the running-job limit (2 here): a third start is refused with 429.
    jobs = []
    for _ in range(2):
        status, st = s.request("POST", "/api/rollouts", {"position": OPENING, "trials": 100000, "seed": 1})
        check(status == 202, f"long job start: {status} {st}")
        jobs.append(st["job"])
    status, got = s.request("POST", "/api/rollouts", {"position": OPENING, "trials": 10})
    check(status == 429 and "error" in got, f"third running job: {status} {got}")
    for job in jobs:
        status, st = s.request("DELETE", "/api/rollouts/" + job)
        check(status == 200, f"cancel {job}: {status}")
        st = wait_done(s, job)
        check(st["state"] == "cancelled" and st["trials_done"] < 100000, f"cancelled job {st['state']}")


def time_limit():
    with Server("--rollout-seconds", "0.5") as s:
        status, st = s.request("POST", "/api/rollouts", {"position": OPENING, "trials": 100000, "seed": 1})
        st = wait_done(s, st["job"])
        check(st["state"] == "timed_out" and 0 < st["trials_done"] < 100000, f"timed out job: {st['state']}")


def pages(s):
    for path in ["/", "/page.js", "/page.css"]:
        with s.open_stream(path) as r:
            check(r.status == 200 and len(r.read()) > 100, f"page {path}")
    with s.open_stream("/openapi.json") as r:
        api = json.loads(r.read())
    check(api["openapi"].startswith("3.") and "/api/analyze" in api["paths"]
          and "/api/rollouts/{job}" in api["paths"], "openapi description")


def main():
    with Server("--threads", "2", "--max-plies", "2", "--max-body", "4096",
                "--max-match-body", "32768") as s:
        analysis_matches(s)
        matches(s)
        bad_requests(s)
        pages(s)
        rollouts(s)
        check(s.alive(), "server still running")
        check(s.stop() == 0, "server stops cleanly on SIGTERM")
    time_limit()
    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("all serve API checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
