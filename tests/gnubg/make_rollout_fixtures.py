# SPDX-License-Identifier: GPL-3.0-or-later
# make_rollout_fixtures.py -- reference rollouts for tavla's rollout tests, made by GNU Backgammon
# 1.07 itself.
#
# Run from the repository root (gnubg runs the script in its own embedded Python 3, keeps the
# working directory and passes no argv):
#
#     /usr/games/gnubg -t -q -r -p tests/gnubg/make_rollout_fixtures.py
#
# It writes tests/fixtures/rollout/gnubg_rollouts.txt (override the directory with the environment
# variable TAVLA_ROLLOUT_FIXTURES=<dir>); the format is described in the file's own header.
# Runtime: about 2 minutes of CPU (one gnubg thread); 8-10 minutes on this 2-core machine while
# other jobs kept it 6x oversubscribed.
#
# Every record is one `rollout` of a position (gnubg's GeneralEvaluationR: no cube decision for
# the player on roll at the start) with fixed settings: 0-ply chequer play and cube decisions,
# quasi-random dice, the seed and trial count of the record, no truncation, and no bearoff
# truncation (`set rollout bearofftruncation exact off` / `onesided off`, so games are played to
# the end, as tavla does while its bearoff databases are not wired into rollouts).  gnubg uses
# its one-sided database (/usr/share/gnubg/gnubg_os0.bd) and, where the Debian package made it,
# the two-sided one (/var/lib/gnubg/gnubg_ts0.bd) in its evaluations.
#
# gnubg prints rollout results only when its stdout is a terminal (fShowProgress = isatty(1) at
# start-up), and its Python module has no rollout function.  So the script re-runs itself in a
# gnubg started on a pseudo-terminal (the "worker", marked by TAVLA_ROLLOUT_WORKER=1); the worker
# sends gnubg's output to a temporary file around each `rollout` command and parses the final
# result block ("Rollout done. Printing final results.") printed with `set output digits 6`.
# One calculation thread, so gnubg accumulates the trials in trial order and reruns give identical
# files.  TAVLA_FIXTURES_DEBUG=1 logs every gnubg command.

import os
import pty
import re
import select
import sys
import tempfile
import time
import traceback

import gnubg  # provided by gnubg's embedded interpreter

GNUBG = os.environ.get("TAVLA_GNUBG", "/usr/games/gnubg")
SCRIPT = "tests/gnubg/make_rollout_fixtures.py"
T0 = time.time()
DEBUG = bool(os.environ.get("TAVLA_FIXTURES_DEBUG"))

START = "4HPwATDgc/ABMA"       # the opening position
MIDGAME = "yLPwACPQ28gBIQ"     # the middle game of gnubg-perf.md section 3
RACE = "Znt2AABsd+YAAA"        # no contact, 93 vs 89 pips
BEAROFF_OS = "1TYAALTZAAAAAA"  # 9 vs 8 chequers, all home (gnubg: one-sided database class)
BEAROFF_TS = "ZQIAQGoAAAAAAA"  # 5 vs 5 chequers, all home (gnubg: two-sided database class)
BLITZ = "4HPwAWC27QwGAA"       # two on the bar against a 5-point board: gammons
BACKGAMMON = "eO8BAFi2uwMAAA"  # bearing off against a trapped ace-point anchor: backgammons

# Match set-ups (commands after `new match`/`new session`); the ID recorded is gnubg's own.
# (`set jacoby` only affects sessions started after it.)
MONEY = ("set jacoby on", "new session")
MONEY_NOJACOBY = ("set jacoby off", "new session")
MONEY_NOJACOBY_CUBE2_OWNED = ("set jacoby off", "new session", "set cube value 2",
                              "set cube owner 1")
# 7-point match, player 0 (not on roll) 6-away owns the cube at 2, player 1 on roll 5-away.
MATCH7_1_2_CUBE2 = ("new match 7", "set score 1 2", "set cube value 2", "set cube owner 0")
# 5-point match after the Crawford game: player 0 4-away, player 1 (on roll) 1-away.
MATCH5_POSTCRAWFORD = ("new match 5", "set score 1 4", "set postcrawford on")

# name, position, set-up, cubeful, variance reduction, cubeful chequer play, initial, seed, trials,
# kind.  kind "replay": tavla's test rolls the record out again with the same seed and trial
# count; "reference": a longer rollout with another seed of the same name's settings, compared
# statistically only.  Trial counts are multiples of 36 (quasi-random dice stratify the first roll
# over every 36 trials) and sized for the tavla test's time budget.
RECORDS = [
    ("opening_cubeful_vr", START, MONEY, 1, 1, 1, 0, 11, 144, "replay"),
    ("opening_initial_cubeless_vr", START, MONEY, 0, 1, 0, 1, 12, 144, "replay"),
    ("midgame_cubeful_vr", MIDGAME, MONEY, 1, 1, 1, 0, 13, 144, "replay"),
    ("midgame_cubeless", MIDGAME, MONEY, 0, 0, 1, 0, 14, 1296, "replay"),
    ("race_cubeful", RACE, MONEY, 1, 0, 1, 0, 15, 1296, "replay"),
    ("race_cube2_owned_nojacoby", RACE, MONEY_NOJACOBY_CUBE2_OWNED, 1, 0, 1, 0, 16, 1296,
     "replay"),
    ("bearoff_os_cubeless_vr", BEAROFF_OS, MONEY, 0, 1, 0, 0, 17, 216, "replay"),
    ("bearoff_ts_cubeful", BEAROFF_TS, MONEY, 1, 0, 1, 0, 18, 1296, "replay"),
    ("blitz_cubeful_nojacoby", BLITZ, MONEY_NOJACOBY, 1, 0, 1, 0, 19, 1296, "replay"),
    ("blitz_cubeless_vr", BLITZ, MONEY, 0, 1, 0, 0, 20, 144, "replay"),
    ("backgammon_cubeless", BACKGAMMON, MONEY, 0, 0, 0, 0, 21, 1296, "replay"),
    ("match7_cube2_cubeful_vr", MIDGAME, MATCH7_1_2_CUBE2, 1, 1, 1, 0, 22, 144, "replay"),
    ("match5_postcrawford_cubeful", RACE, MATCH5_POSTCRAWFORD, 1, 0, 1, 0, 23, 1296, "replay"),
    # Independent dice: longer gnubg rollouts of three of the above.
    ("midgame_cubeless", MIDGAME, MONEY, 0, 0, 1, 0, 1001, 5184, "reference"),
    ("blitz_cubeful_nojacoby", BLITZ, MONEY_NOJACOBY, 1, 0, 1, 0, 1002, 5184, "reference"),
    ("opening_cubeful_vr", START, MONEY, 1, 1, 1, 0, 1003, 648, "reference"),
]

BASE = (
    "set player 0 human",
    "set player 1 human",
    "set automatic game off",
    "set automatic roll off",
    "set automatic bearoff off",
    "set confirm new off",
    "set confirm default no",
    "set cube use on",
    "set beavers 3",
    "set variation standard",
    "set threads 1",
    "set output digits 6",
    "set output winpc off",
    "set output mwc on",
    "set output matchpc off",
    "set rollout rng mersenne",
    "set rollout quasirandom on",
    "set rollout truncation enable off",
    "set rollout bearofftruncation exact off",
    "set rollout bearofftruncation onesided off",
    "set rollout later enable off",
    "set rollout limit enable off",
    "set rollout jsd stop off",
    "set rollout players-are-same on",
    "set rollout chequerplay plies 0",
    "set rollout chequerplay noise 0",
    "set rollout chequerplay deterministic on",
    "set rollout chequerplay prune on",
    "set rollout cubedecision plies 0",
    "set rollout cubedecision noise 0",
    "set rollout cubedecision deterministic on",
    "set rollout cubedecision prune on",
    "set rollout cubedecision cubeful on",
)


def log(msg):
    sys.stderr.write("[%6.1fs] %s\n" % (time.time() - T0, msg))
    sys.stderr.flush()


class Fail(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Fail(msg)


# --------------------------------------------------------------------------------------------
# Parent: start the worker on a pseudo-terminal and relay its log
# --------------------------------------------------------------------------------------------

def parent():
    check(os.path.isfile(SCRIPT), "run from the repository root (cwd is %s)" % os.getcwd())
    pid, fd = pty.fork()
    if pid == 0:  # child: gnubg on the terminal's slave side, stdin from /dev/null
        try:
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            env = dict(os.environ, TAVLA_ROLLOUT_WORKER="1")
            os.execve(GNUBG, [GNUBG, "-t", "-q", "-r", "-p", SCRIPT], env)
        finally:
            os._exit(127)
    buf = b""
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
        except OSError:  # EIO: the worker closed the terminal
            break
        if not chunk:
            break
        buf += chunk
        *lines, buf = buf.replace(b"\r", b"\n").split(b"\n")
        for line in lines:
            if line.startswith(b"[") or b"Error" in line or b"Traceback" in line or DEBUG:
                sys.stderr.write(line.decode("utf-8", "replace") + "\n")
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.stderr.write("worker failed with status %d\n" % code)
    return code


# --------------------------------------------------------------------------------------------
# Worker: the rollouts
# --------------------------------------------------------------------------------------------

class Capture:
    """Runs gnubg commands with its stdout/stderr sent to a temporary file (the descriptors are
    swapped, so gnubg still believes it writes to the terminal it started on)."""

    def __init__(self):
        fd, self.path = tempfile.mkstemp(prefix="tavla_rollout_fixtures_", suffix=".txt")
        self.fd = fd
        self.saved = (os.dup(1), os.dup(2))
        self.null = os.open(os.devnull, os.O_WRONLY)

    def _flush(self):
        try:
            sys.stdout.flush()
        except Exception:
            pass

    def cmd(self, command, capture=False):
        if DEBUG:
            log("cmd: " + command)
        self._flush()
        if capture:
            os.ftruncate(self.fd, 0)
            os.lseek(self.fd, 0, 0)
        target = self.fd if capture else self.null
        os.dup2(target, 1)
        os.dup2(target, 2)
        try:
            gnubg.command(command)
        finally:
            self._flush()
            os.dup2(self.saved[0], 1)
            os.dup2(self.saved[1], 2)
        if not capture:
            return ""
        os.lseek(self.fd, 0, 0)
        chunks = []
        while True:
            chunk = os.read(self.fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8", "replace")

    def close(self):
        os.close(self.fd)
        os.unlink(self.path)


NUM = r"([-+]?\d+\.\d+)"


def parse_result(text, cubeful, match):
    """The final block of a `rollout`: means and standard errors of the 7 outputs (None for the
    cubeful equity of a cubeless rollout) and the number of games."""
    text = text.replace("\r", "\n")
    marker = "Rollout done. Printing final results."
    check(marker in text, "no final rollout result in gnubg's output:\n" + text[-2000:])
    block = text[text.rindex(marker):]
    mean_re = (r"\n\s+" + NUM + r"\s+" + NUM + r"\s+" + NUM + r"\s+-\s+" + NUM + r"\s+" + NUM +
               r"\s+" + NUM + r"\s+CL\s+" + NUM + (r"\s+CF\s+" + NUM if cubeful else ""))
    se_re = (r"\n\s*\[\s*" + NUM + r"\s+" + NUM + r"\s+" + NUM + r"\s+-\s+" + NUM + r"\s+" + NUM +
             r"\s+" + NUM + r"\s+CL\s+" + NUM + (r"\s+CF\s+" + NUM if cubeful else "") + r"\s*\]")
    m = re.search(mean_re, block)
    s = re.search(se_re, block)
    g = re.search(r"\n(\d+) games, ", block)
    check(m and s and g, "cannot parse gnubg's rollout result:\n" + block)
    mv = [float(x) for x in m.groups()]
    sv = [float(x) for x in s.groups()]
    # Printed: win, wg, wbg, 1 - win, lg, lbg (means) / se(win) again (errors), then CL [CF].
    check(abs(mv[0] + mv[3] - 1.0) < 2e-6, "win + lose != 1 in " + m.group(0))
    check(sv[0] == sv[3], "two different win errors in " + s.group(0))
    means = [mv[0], mv[1], mv[2], mv[4], mv[5], mv[6], mv[7] if cubeful else None]
    ses = [sv[0], sv[1], sv[2], sv[4], sv[5], sv[6], sv[7] if cubeful else None]
    digits = 7 if match else 6  # MWCs are printed with one digit more
    for x in m.groups()[6:]:
        check(len(x.split(".")[1]) == digits, "unexpected precision: " + m.group(0))
    return means, ses, int(g.group(1))


def fmt(v, digits):
    return "-" if v is None else "%.*f" % (digits, v)


def worker():
    root = os.environ.get("TAVLA_ROLLOUT_FIXTURES") or os.path.join(os.getcwd(), "tests",
                                                                    "fixtures", "rollout")
    os.makedirs(root, exist_ok=True)
    g = Capture()
    for c in BASE:
        g.cmd(c)
    rows = []
    for (name, pos, setup, cubeful, vr, chequer_cubeful, initial, seed, trials, kind) in RECORDS:
        for c in setup:
            g.cmd(c)
        # `new session`/`new match` start a game with the opening roll; the board and the side
        # on roll are then set explicitly (player 1 on roll, the position from his side).
        g.cmd("set turn 1")
        g.cmd("set board %s" % pos)
        posid, matchid = gnubg.positionid(), gnubg.matchid()
        check(posid == pos, "gnubg set up %s instead of %s" % (posid, pos))
        match = gnubg.cubeinfo()["matchto"] > 0
        for c in ("set rollout cubeful %s" % ("on" if cubeful else "off"),
                  "set rollout varredn %s" % ("on" if vr else "off"),
                  "set rollout chequerplay cubeful %s" % ("on" if chequer_cubeful else "off"),
                  "set rollout initial %s" % ("on" if initial else "off"),
                  "set rollout seed %d" % seed,
                  "set rollout trials %d" % trials):
            g.cmd(c)
        settings = g.cmd("show rollout", capture=True)
        check("Lookahead variance reduction is %s" % ("enabled" if vr else "disabled") in settings,
              "variance reduction not as requested:\n" + settings)
        t = time.time()
        out = g.cmd("rollout", capture=True)
        elapsed = time.time() - t
        means, ses, games = parse_result(out, cubeful, match)
        check(games == trials, "%s: %d games instead of %d" % (name, games, trials))
        digits = 7 if match else 6
        cols = [name, kind, "%s:%s" % (posid, matchid), str(seed), str(trials), str(cubeful),
                str(vr), str(chequer_cubeful), str(initial), "match" if match else "money"]
        cols += [fmt(v, 6 if i < 5 else digits) for i, v in enumerate(means)]
        cols += [fmt(v, 6 if i < 5 else digits) for i, v in enumerate(ses)]
        rows.append(" ".join(cols))
        log("%-30s %-9s %5d trials %6.1f s  win %.4f  cl %+.4f  cf %s" %
            (name, kind, trials, elapsed, means[0], means[5], fmt(means[6], 4)))
    g.close()
    header = [
        "Generated by tests/gnubg/make_rollout_fixtures.py with GNU Backgammon 1.07.001 - do not edit.",
        "",
        "One gnubg `rollout` of a position per line (GeneralEvaluationR: the player on roll makes",
        "no cube decision at the start). Settings common to all: 0-ply chequer play and cube",
        "decisions (deterministic, no noise), quasi-random dice (Mersenne Twister), no truncation,",
        "no bearoff truncation (games played to the end), 1 thread; gnubg evaluated with its",
        "one-sided database and, if installed, /var/lib/gnubg/gnubg_ts0.bd.",
        "",
        "Fields (whitespace separated):",
        "  name kind gnubg_id seed trials cubeful vr chequer_cubeful initial units",
        "  mean0 .. mean6  se0 .. se6",
        "kind: replay (the test rolls out again with this seed and trial count) or reference",
        "  (another seed, more trials: compared statistically with the replay of the same name).",
        "gnubg_id: POSID:MATCHID after set-up; player on roll = the match ID's on-roll player;",
        "  the dice in the match ID are an artefact of the set-up and are ignored.",
        "cubeful, vr (variance reduction), chequer_cubeful (cubeful 0-ply chequer play; gnubg",
        "  keeps it on in cubeless rollouts unless told), initial (`set rollout initial`): 0/1.",
        "Outputs for the player on roll: 0 win, 1 win gammon, 2 win backgammon, 3 lose gammon,",
        "  4 lose backgammon, 5 cubeless equity, 6 cubeful equity; se = gnubg's standard errors.",
        "units money: 5 and 6 are money equities per unit of the current cube (6 digits).",
        "units match: 5 is gnubg's display of the cubeless equity as MWC (eq2mwc, and se_eq2mwc",
        "  for its error) and 6 the cubeful MWC, both with 7 digits.",
        "Output 6 of cubeless rollouts is not printed by gnubg: '-'.",
    ]
    path = os.path.join(root, "gnubg_rollouts.txt")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        for h in header:
            f.write("# " + h + "\n" if h else "#\n")
        for r in rows:
            f.write(r + "\n")
    os.replace(tmp, path)
    log("wrote %d records to %s (%.0f s)" % (len(rows), path, time.time() - T0))
    return 0


def main():
    if os.environ.get("TAVLA_ROLLOUT_WORKER") == "1":
        return worker()
    return parent()


try:
    code = main()
except BaseException:
    sys.stderr.write(traceback.format_exc())
    code = 1
sys.stderr.flush()
os._exit(code)
