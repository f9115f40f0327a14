#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tavla serve's web page in headless Chromium: the page loads, a position given to it shows the
numbers the API gives (rounded to 4 decimals, as the page shows them), a rollout started from
the page runs to its end and shows the job's numbers, and the browser logs no console message
(the page itself logs none, so any is an error). A screenshot is kept as the test's artefact
(argument 1, a PNG path). Run by ctest (serve.page) with TAVLA_BIN and CHROMIUM set."""
import decimal
import html.parser
import os
import subprocess
import sys
import urllib.parse

from serve_process import Server, tavla_json

CHROMIUM = os.environ.get("CHROMIUM", "chromium")
OPENING = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
WITH_DICE = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
MATCH = "XGID=-a-B--C-B---bD---c-e-A--A-:1:1:-1:00:2:3:0:7:10"

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def js_fixed4(x):
    """Number.prototype.toFixed(4): the exact value rounded half away from zero."""
    if x == 0:
        return "0.0000"
    return str(decimal.Decimal(x).quantize(decimal.Decimal("0.0001"), rounding=decimal.ROUND_HALF_UP))


class Dom(html.parser.HTMLParser):
    """The body's data attributes, the text of elements by id, and per table the cells that
    carry a data-field, in order."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.text = {}
        self.fields = {}
        self._ids = []  # open elements: their id or None
        self._table = None
        self._field = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = {k: v for k, v in a.items() if k.startswith("data-")}
        self._ids.append(a.get("id"))
        if a.get("id"):
            self.text.setdefault(a["id"], "")
        if tag == "table":
            self._table = a.get("id")
            self.fields.setdefault(self._table, [])
        if tag == "td" and "data-field" in a:
            self._field = [a["data-field"], ""]

    def handle_endtag(self, tag):
        if self._ids:
            self._ids.pop()
        if tag == "td" and self._field:
            self.fields[self._table].append(tuple(self._field))
            self._field = None

    def handle_data(self, data):
        for i in self._ids:
            if i:
                self.text[i] += data
        if self._field:
            self._field[1] += data


def chromium(url, *extra, budget=60000):
    """(DOM, console lines) of the page after its scripts settle."""
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-proxy-server",
                        "--enable-logging=stderr", "--v=0", f"--virtual-time-budget={budget}",
                        "--window-size=1100,1000", *extra, url],
                       capture_output=True, text=True, timeout=300)
    console = [l for l in r.stderr.splitlines() if ":CONSOLE" in l]
    dom = Dom()
    dom.feed(r.stdout)
    return dom, console


def page_url(s, **params):
    return s.url + "/#" + urllib.parse.urlencode(params)


def analysis_shown(s, position, plies):
    dom, console = chromium(page_url(s, position=position, plies=plies), "--dump-dom")
    check(not console, f"{position}: console messages {console}")
    check(dom.body.get("data-ready") == "1", f"{position}: page not ready ({dom.body})")
    check(dom.body.get("data-analysed") == position, f"{position}: not analysed")
    check(not dom.text.get("errors", "").strip(), f"{position}: page errors {dom.text.get('errors')}")
    status, a = s.request("POST", "/api/analyze", {"position": position, "plies": plies})
    check(status == 200, f"{position}: API {status}")
    e = a["eval"]
    want = [("win", e["probs"][0]), ("win_g", e["probs"][1]), ("win_bg", e["probs"][2]),
            ("lose_g", e["probs"][3]), ("lose_bg", e["probs"][4]), ("equity", e["equity"]),
            ("cubeful_equity", e["cubeful_equity"])]
    check(dom.fields.get("eval") == [(k, js_fixed4(v)) for k, v in want],
          f"{position}: eval shown {dom.fields.get('eval')} vs API {want}")
    if "cube" in a:
        c = a["cube"]
        want = [(k, js_fixed4(c[k]) if c[k] is not None else "") for k in
                ("no_double", "double_take", "double_pass")] + [("action", c["action"])]
        check(dom.fields.get("cube") == want, f"{position}: cube shown {dom.fields.get('cube')} vs {want}")
    if "moves" in a:
        want = []
        for m in a["moves"]:
            want += [("move", m["move"]), ("equity", js_fixed4(m["equity"])),
                     ("cubeful_equity", js_fixed4(m["cubeful_equity"])), ("win", js_fixed4(m["probs"][0])),
                     ("win_g", js_fixed4(m["probs"][1])), ("lose_g", js_fixed4(m["probs"][3]))]
        check(dom.fields.get("moves") == want, f"{position}: moves shown differ from the API")
    check(a["gnubg_id"] in dom.text.get("ids", ""), f"{position}: IDs not shown")
    # 30 chequers drawn (at most 5 a point; the opening has none above 5).
    return a


def set_up_by_clicking(s):
    # The starting position clicked onto an empty board (shift: the opponent's chequers, at our
    # point numbers), with dice 52: the page's position must be the one tavla itself writes for
    # WITH_DICE (its "xgid"), and the numbers shown those of the API for it.
    clicks = ["24"] * 2 + ["13"] * 5 + ["8"] * 3 + ["6"] * 5
    clicks += ["s1"] * 2 + ["s12"] * 5 + ["s17"] * 3 + ["s19"] * 5
    clicks += ["s6", "6"]  # a dark chequer onto a white point takes a white one; a white puts it back
    dom, console = chromium(page_url(s, setup=",".join(clicks), dice="52", plies=0), "--dump-dom")
    check(not console, f"setup: console messages {console}")
    status, a = s.request("POST", "/api/analyze", {"position": WITH_DICE})
    check(dom.body.get("data-analysed") == a["xgid"],
          f"set up by clicking: {dom.body.get('data-analysed')} vs {a['xgid']}")
    analysis_shown(s, a["xgid"], 0)


def rollout_shown(s):
    dom, console = chromium(page_url(s, position=OPENING, plies=0, rollout=1, trials=12), "--dump-dom",
                            budget=120000)
    check(not console, f"rollout: console messages {console}")
    check(dom.body.get("data-rollout") == "done", f"rollout not done: {dom.body} {dom.text.get('rollout-status')}")
    status, job = s.request("GET", "/api/rollouts/1")
    check(status == 200 and job["state"] == "done", f"rollout job: {status}")
    want = tavla_json("rollout", "--json", OPENING, "--trials", "12", "--seed", "1")
    check(job["rollout"] == want, "page's rollout differs from tavla rollout")
    shown = [v for k, v in dom.fields.get("rollout", []) if k == "rollout_equity"]
    check(shown == [js_fixed4(r["mean"][6]) for r in want["results"]], f"rollout shown {shown}")
    check("12/12" in dom.text.get("rollout-status", ""), "rollout status")


def main():
    shot = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "serve_page.png")
    with Server("--threads", "2") as s:
        for position, plies in [(OPENING, 0), (WITH_DICE, 0), (MATCH, 1)]:
            analysis_shown(s, position, plies)
        set_up_by_clicking(s)
        rollout_shown(s)
        if os.path.exists(shot):
            os.remove(shot)
        chromium(page_url(s, position=WITH_DICE, plies=0), f"--screenshot={shot}")
        with open(shot, "rb") as f:
            png = f.read()
        check(png.startswith(b"\x89PNG") and len(png) > 10000, f"screenshot {shot}")
        check(s.stop() == 0, "server stops cleanly")
    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("page checks passed; screenshot:", shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
