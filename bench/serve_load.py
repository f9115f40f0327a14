#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Load test of `tavla serve` on the loopback: CLIENTS concurrent clients, each on its own
keep-alive connection, POST /api/analyze in a loop for SECONDS; every answer is checked against
`tavla analyze --json` run on the same input (fetched once per position before the test).
Prints the requests done, failures, requests/s and latency percentiles; exits 1 on any failed
or wrong answer. Starts its own server unless --url is given.

    python3 bench/serve_load.py --tavla build/release/tavla --clients 32 --seconds 60
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import threading
import time

# Money positions without and with dice, a match position, an XGID: 0-ply analyses.
POSITIONS = [
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:cIkKAAAAAAAA",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
    "XGID=-a-B--C-B---bD---c-e-A--A-:1:1:-1:00:2:3:0:7:10",
    "jGfgAQbgc+QBMA",
]


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tavla", default=os.environ.get("TAVLA_BIN", "tavla"), help="the tavla program")
    ap.add_argument("--url", help="an already running server (default: start one)")
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--threads", type=int, default=2, help="the started server's --threads")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    a = ap.parse_args()

    expected = {}
    for p in POSITIONS:
        out = subprocess.run([a.tavla, "analyze", "--json", p], check=True, capture_output=True,
                             text=True).stdout
        expected[p] = json.loads(out)

    proc = None
    url = a.url
    if not url:
        proc = subprocess.Popen([a.tavla, "serve", "--port", "0", "--threads", str(a.threads)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = proc.stdout.readline()
        if "listening on " not in line:
            print("tavla serve did not start", file=sys.stderr)
            return 1
        url = line.split("listening on ", 1)[1].strip()
    host, port = url.split("//", 1)[1].rstrip("/").rsplit(":", 1)

    lock = threading.Lock()
    latencies = []
    failures = []
    start = time.monotonic()
    deadline = start + a.seconds

    def client(k):
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        mine = []
        i = k
        while time.monotonic() < deadline:
            p = POSITIONS[i % len(POSITIONS)]
            i += 1
            t0 = time.monotonic()
            try:
                conn.request("POST", "/api/analyze", json.dumps({"position": p}),
                             {"Content-Type": "application/json"})
                r = conn.getresponse()
                body = r.read()
                dt = time.monotonic() - t0
                if r.status != 200 or json.loads(body) != expected[p]:
                    with lock:
                        failures.append(f"{p}: HTTP {r.status} {body[:200]!r}")
                else:
                    mine.append(dt)
            except Exception as e:  # a failed request is counted, not fatal
                with lock:
                    failures.append(f"{p}: {e!r}")
                conn.close()
                conn = http.client.HTTPConnection(host, int(port), timeout=60)
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(a.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    if proc:
        proc.terminate()
        proc.wait(timeout=30)

    lat = sorted(latencies)
    ms = lambda x: round(1000 * x, 2)
    summary = {
        "clients": a.clients, "seconds": round(elapsed, 2), "requests": len(lat) + len(failures),
        "failures": len(failures), "requests_per_s": round(len(lat) / elapsed, 1),
        "latency_ms": {"p50": ms(percentile(lat, 50)), "p90": ms(percentile(lat, 90)),
                       "p99": ms(percentile(lat, 99)), "max": ms(lat[-1]) if lat else None},
    }
    if a.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['requests']} requests from {a.clients} clients in {summary['seconds']} s, "
              f"{summary['failures']} failed, {summary['requests_per_s']} requests/s")
        l = summary["latency_ms"]
        print(f"latency ms: p50 {l['p50']}  p90 {l['p90']}  p99 {l['p99']}  max {l['max']}")
    for f in failures[:10]:
        print("failed:", f, file=sys.stderr)
    return 1 if failures or not lat else 0


if __name__ == "__main__":
    sys.exit(main())
