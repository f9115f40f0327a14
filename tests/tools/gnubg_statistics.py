# SPDX-License-Identifier: GPL-3.0-or-later
# gnubg_statistics.py -- what GNU Backgammon 1.07 makes of a saved match: it loads the SGF file
# named by $TAVLA_SGF (e.g. one tavla wrote with `tavla analyze MATCHFILE --sgf FILE`) and prints
# `show statistics match`, then "=== game G" and `show statistics game` for every game G (from 1),
# which gnubg recounts from the analysis stored in the file. Run by
# tests/tools/match_analysis_test.cpp as
#
#     TAVLA_SGF=FILE /usr/games/gnubg -t -q -r -p tests/tools/gnubg_statistics.py
#
# Everything else gnubg prints (boards) is discarded.

import ctypes
import os
import sys
import tempfile

import gnubg  # provided by gnubg's embedded interpreter

libc = ctypes.CDLL(None)
fd, path = tempfile.mkstemp(prefix="tavla_gnubg_", suffix=".txt")
null_fd = os.open(os.devnull, os.O_WRONLY)
saved = os.dup(1)


def flush():
    try:
        sys.stdout.flush()
    except Exception:
        pass
    libc.fflush(None)


def run(command, keep=False):
    """gnubg's output of `command` (empty unless keep)."""
    flush()
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, 0)
    os.dup2(fd if keep else null_fd, 1)
    try:
        gnubg.command(command)
    finally:
        flush()
        os.dup2(saved, 1)
    if not keep:
        return ""
    os.lseek(fd, 0, 0)
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def main():
    run("set display off")
    run("load match " + os.environ["TAVLA_SGF"])
    out = [run("show statistics match", keep=True).rstrip("\n")]
    games = len(gnubg.match(analysis=0, boards=0)["games"])
    for g in range(games):
        run("first game")
        for _ in range(g):
            run("next game")
        out.append("=== game %d" % (g + 1))
        out.append(run("show statistics game", keep=True).rstrip("\n"))
    flush()
    os.write(saved, ("\n".join(out) + "\n").encode("utf-8"))
    os.unlink(path)


main()
