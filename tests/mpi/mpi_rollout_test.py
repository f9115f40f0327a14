#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`mpirun -np N tavla rollout` (and the --batch commands) against one process with one thread: the JSON must be the same,
byte for byte (tools/mpi/distributed_rollout.h). Also: a rank killed mid-run fails the job, and the
rollout resumes from its --save checkpoint with another number of ranks; bad checkpoints are
refused with a message naming the file.

usage: mpi_rollout_test.py TAVLA MPIEXEC WORKDIR CASE
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

TAVLA, MPIEXEC, WORK, CASE = sys.argv[1:5]
os.makedirs(WORK, exist_ok=True)

# The opening 31 (three candidate moves) and a contact position without dice.
MOVES = ["XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "--moves", "3"]
POSITION = ["4HPwATDgc/ABMA"]


def mpirun(n, args, command="rollout"):
    launcher = [MPIEXEC, "--oversubscribe", "-np", str(n)]
    if os.geteuid() == 0:
        launcher.insert(1, "--allow-run-as-root")
    return launcher + [TAVLA, command] + args


def run(cmd, expect_rc=0, stdin=None):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, input=stdin)
    if p.returncode != expect_rc:
        sys.exit(f"FAIL: {' '.join(cmd)}: exit {p.returncode}, expected {expect_rc}\n{p.stderr}")
    return p


def one_process(args):
    return run([TAVLA, "rollout"] + args + ["--threads", "1", "--json"]).stdout


def check_same(name, reference, got):
    if got != reference:
        sys.exit(f"FAIL: {name}: output differs from one process\n one: {reference}\n got: {got}")
    print(f"ok: {name}")


def identical():
    for args in (MOVES + ["--trials", "90", "--truncate", "4", "--seed", "11"],
                 POSITION + ["--trials", "60", "--truncate", "6", "--seed", "5", "--cubeless"]):
        ref = one_process(args)
        for n, threads in ((2, 1), (3, 1), (2, 2)):
            got = run(mpirun(n, args + ["--threads", str(threads), "--json"])).stdout
            check_same(f"{n} ranks x {threads} threads {args[0][:20]}", ref, got)
    # Progress comes from rank 0 alone, in trial order (every 36 trials and the last); `args` and
    # `ref` are the cubeless rollout of 60 trials.
    p = run(mpirun(3, args + ["--json", "--progress"]))
    check_same("3 ranks with --progress", ref, p.stdout)
    reports = [line.split()[0] for line in p.stderr.splitlines() if " trials " in line]
    if reports != ["36/60", "60/60"]:
        sys.exit(f"FAIL: progress lines {reports}, expected 36/60 and 60/60 once each\n{p.stderr}")


def std_error():
    # The standard-error rule stops at the same trial whatever the ranks (fewer than --trials).
    args = POSITION + ["--trials", "400", "--truncate", "2", "--seed", "9", "--std-error", "0.004"]
    ref = one_process(args)
    if '"trials":400' in ref:
        sys.exit("FAIL: the standard-error rule did not stop the reference rollout early")
    check_same("std-error stop, 3 ranks", ref, run(mpirun(3, args + ["--json"])).stdout)


def rank_of(pid):
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            env = dict(v.split(b"=", 1) for v in f.read().split(b"\0") if b"=" in v)
        if os.path.basename(os.readlink(f"/proc/{pid}/exe")) != os.path.basename(TAVLA):
            return None
        return int(env.get(b"OMPI_COMM_WORLD_RANK", b"-1"))
    except (OSError, ValueError):
        return None


def trial_lines(path):
    try:
        with open(path) as f:
            return sum(1 for line in f if line.startswith("trial "))
    except OSError:
        return 0


def session_of(pid):
    try:
        return os.getsid(pid)
    except OSError:
        return None


def kill_rank(job, rank, done, what):
    """Kills `rank` of `job` once done() >= what; returns its pid."""
    deadline = time.time() + 300
    while done() < what and job.poll() is None and time.time() < deadline:
        time.sleep(0.05)
    if job.poll() is not None:
        sys.exit(f"FAIL: the job ended before a rank could be killed: {job.communicate()}")
    # The job's own rank (its session: tests of other jobs may run beside it).
    victims = [p for p in map(int, filter(str.isdigit, os.listdir("/proc")))
               if rank_of(p) == rank and session_of(p) == job.pid]
    if len(victims) != 1:
        os.killpg(job.pid, signal.SIGKILL)
        sys.exit(f"FAIL: found {len(victims)} processes of rank {rank}")
    os.kill(victims[0], signal.SIGKILL)
    return victims[0]


def death_reported(err, victim, where):
    # The job must say that rank 2 died. Rank 0 says so in tavla's words, with where the work is
    # kept (tools/mpi/world.h); but Open MPI, aborting the job, may kill rank 0 or drop its last
    # output before it reaches mpirun (seen once in a CI run): then mpirun's own report of the
    # rank's death must be there.
    if f"tavla: rank 2 (pid {victim} on " in err and ") died" in err and where in err:
        return True
    if "rank 2" in err and "exited on signal 9" in err:
        print("note: rank 0's own message did not come through; mpirun reported the death")
        return True
    return False


def killed_then_resumed():
    args = MOVES + ["--trials", "240", "--truncate", "5", "--seed", "23"]
    ref = one_process(args)
    save = os.path.join(WORK, "killed.ckpt")
    if os.path.exists(save):
        os.remove(save)
    job = subprocess.Popen(mpirun(3, args + ["--json", "--save", save]), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    victims = [kill_rank(job, 2, lambda: trial_lines(save), 30)]
    out, err = job.communicate(timeout=120)
    if job.returncode == 0:
        sys.exit("FAIL: the job with a killed rank exited 0")
    if out.strip():
        sys.exit(f"FAIL: the job with a killed rank printed a result: {out}")
    if not death_reported(err, victims[0], f"the finished trials are kept in {save}"):
        sys.exit(f"FAIL: the job did not say that rank 2 died (and where the trials are): {err}")
    kept = trial_lines(save)
    print(f"ok: killed rank 2: exit {job.returncode}, {kept} trials kept")
    if not 30 <= kept < 240:
        sys.exit(f"FAIL: expected 30..239 trials in the checkpoint, found {kept}")
    # A kill mid-line leaves a cut line: cut the last one short too, it must be dropped.
    with open(save, "rb+") as f:
        size = f.seek(0, 2)
        f.truncate(size - 7)
    check_same("resumed with 2 ranks", ref,
               run(mpirun(2, args + ["--json", "--save", save])).stdout)
    if trial_lines(save) < 240:
        sys.exit("FAIL: the resumed checkpoint does not hold every trial")
    # Complete: resuming again plays nothing and gives the same result, in one process.
    check_same("resumed complete, 1 process", ref,
               run([TAVLA, "rollout"] + args + ["--json", "--save", save]).stdout)


def checkpoint_errors():
    args = POSITION + ["--trials", "12", "--truncate", "2", "--seed", "4"]
    save = os.path.join(WORK, "errors.ckpt")
    if os.path.exists(save):
        os.remove(save)
    run([TAVLA, "rollout"] + args + ["--json", "--save", save])
    # Another rollout (other truncation) must not resume from it.
    p = run(mpirun(2, POSITION + ["--trials", "12", "--truncate", "3", "--save", save]), expect_rc=1)
    if "another rollout" not in p.stderr:
        sys.exit(f"FAIL: no message for a checkpoint of another rollout: {p.stderr}")
    p = run([TAVLA, "rollout"] + POSITION + ["--trials", "12", "--truncate", "2", "--seed", "5",
                                              "--save", save], expect_rc=1)
    if "seed 4" not in p.stderr:
        sys.exit(f"FAIL: no message for a checkpoint of another seed: {p.stderr}")
    # Other weights (tavla's own nets, not gnubg's): the first trial plays differently.
    other = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "weights", "tavla.wd")
    p = run(mpirun(2, args + ["--save", save, "--weights", other]), expect_rc=1)
    if "other weights" not in p.stderr:
        sys.exit(f"FAIL: no message for a checkpoint made with other weights: {p.stderr}")
    bad = os.path.join(WORK, "bad.ckpt")
    shutil.copy(save, bad)
    with open(bad, "a") as f:
        f.write("trial 3 0x1p-1 junk\n")
    p = run([TAVLA, "rollout"] + args + ["--save", bad], expect_rc=1)
    if f"{bad}:" not in p.stderr or "expected 7 numbers" not in p.stderr:
        sys.exit(f"FAIL: no file:line message for a bad trial line: {p.stderr}")
    print("ok: checkpoint errors")


def batch():
    # Lines of unequal cost (rollouts of one or three candidates, a bad line, blank lines), more
    # lines than ranks: shared dynamically, answered in input order.
    lines = ["4HPwATDgc/ABMA", MOVES[0], "", "not-a-position", "yLPwACPQ28gBIQ",
             "4HPwAWC27QwGAA:cAkAAAAAAAAE", "yLPwACPQ28gBIQ:QQngADAAKAAE",
             "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "   ", "4HPwATDgc/ABMA"]
    stdin = "\n".join(lines) + "\n"
    for command, args in (("rollout", ["--trials", "18", "--truncate", "3", "--seed", "8",
                                       "--moves", "3"]),
                          ("analyze", ["--plies", "1"])):
        ref = run([TAVLA, command, "--batch"] + args, stdin=stdin).stdout
        if ref.count("\n") != 8 or '"error"' not in ref:
            sys.exit(f"FAIL: {command} --batch: expected 8 answers, one an error\n{ref}")
        for n in (2, 3):
            got = run(mpirun(n, ["--batch"] + args, command), stdin=stdin).stdout
            check_same(f"{command} --batch, {n} ranks", ref, got)


def batch_matches():
    # analyze --batch lines naming match files: each answered with the file's match analysis
    # (tavla analyze FILE --json with "id" first), shared by the ranks like positions.
    mat = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "mat")
    files = [os.path.join(mat, f) for f in ("match1.sgf", "match3.mat", "match1.mat")]
    lines = [files[0], "4HPwATDgc/ABMA", os.path.join(mat, "no-such-file.mat"), files[1],
             files[2]]
    stdin = "\n".join(lines) + "\n"
    args = ["--batch", "--plies", "0"]
    ref = run([TAVLA, "analyze"] + args, stdin=stdin).stdout
    answers = ref.splitlines()
    if len(answers) != 5 or '"error"' not in answers[2]:
        sys.exit(f"FAIL: analyze --batch with match files: expected 5 answers, one an error\n{ref}")
    for line, path in ((answers[0], files[0]), (answers[3], files[1]), (answers[4], files[2])):
        alone = run([TAVLA, "analyze", path, "--json", "--plies", "0"]).stdout.strip()
        prefix = '{"id":' + json.dumps(path) + ","
        if not line.startswith(prefix) or "{" + line[len(prefix):] != alone:
            sys.exit(f"FAIL: the batch answer for {path} is not tavla analyze FILE --json's")
    for n in (2, 3):
        got = run(mpirun(n, args, "analyze"), stdin=stdin).stdout
        check_same(f"analyze --batch with match files, {n} ranks", ref, got)


def train_labels():
    # Supervised rounds with rollout labels: the games and their labels are shared by the ranks,
    # rank 0 trains; nets, labels and state (but the seconds) must be those of one process.
    common = ["--kind", "supervised", "--from", "/usr/lib/gnubg/gnubg.wd", "--seed", "3",
              "--games-per-round", "7", "--rounds", "2", "--label-rollout", "4",
              "--label-truncate", "3", "--label-fraction", "0.1", "--quiet"]

    def train(name, launcher, threads):
        d = os.path.join(WORK, name)
        shutil.rmtree(d, ignore_errors=True)
        labels = d + ".labels"
        if os.path.exists(labels):
            os.remove(labels)
        args = common + ["--dir", d, "--save-labels", labels, "--threads", str(threads)]
        p = run(launcher(args) if launcher else [TAVLA, "train"] + args)
        with open(os.path.join(d, "nets.wd"), "rb") as f:
            nets = f.read()
        with open(os.path.join(d, "state.txt")) as f:
            state = [line for line in f if not line.startswith("seconds = ")]
        with open(labels) as f:
            lab = f.read()
        return nets, state, lab, p.stderr

    ref = train("one", None, 1)
    n_labels = sum(1 for line in ref[2].splitlines() if not line.startswith("#"))
    if n_labels < 5:
        sys.exit(f"FAIL: only {n_labels} labels in the one-process run")
    for n, threads in ((2, 1), (3, 1), (2, 2)):
        got = train(f"ranks{n}x{threads}", lambda a: mpirun(n, a, "train"), threads)
        # Every rank played some of the games (rank 0's count of them).
        played = [line for line in got[3].splitlines() if "games played by ranks" in line]
        counts = played[0].split("games played by ranks")[1].split(":")[1].split(";")[0].split() \
            if played else []
        if len(counts) != n or min(map(int, counts)) == 0:
            sys.exit(f"FAIL: train with {n} ranks: not every rank played games\n{got[3]}")
        for what, a, b in zip(("nets.wd", "state.txt", "labels"), ref, got):
            if a != b:
                sys.exit(f"FAIL: train with {n} ranks x {threads} threads: {what} differs from "
                         "one process")
        print(f"ok: train, {n} ranks x {threads} threads: same nets, state and {n_labels} labels")


def answer_lines(path):
    try:
        with open(path) as f:
            return sum(1 for line in f if line.startswith("answer ") and line.endswith("\n"))
    except OSError:
        return 0


def batch_resumed():
    # rollout --batch --save: a run of 3 ranks killed mid-batch, resumed with 2 ranks, then
    # (complete) in one process: the answers of an uninterrupted run, in input order.
    lines = ["4HPwATDgc/ABMA", MOVES[0], "yLPwACPQ28gBIQ", "4HPwAWC27QwGAA:cAkAAAAAAAAE",
             "yLPwACPQ28gBIQ:QQngADAAKAAE", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
             "not-a-position", "4HPwATDgc/ABMA", "yLPwACPQ28gBIQ", MOVES[0]]
    stdin = "\n".join(lines) + "\n"
    # 108 trials a line: slow enough (a tenth of a second a line) that the job is still running
    # when the kill comes after 3 answers, on machines faster than this one.
    args = ["--batch", "--trials", "108", "--truncate", "5", "--seed", "8", "--cubeless",
            "--moves", "2"]
    ref = run([TAVLA, "rollout"] + args, stdin=stdin).stdout
    save = os.path.join(WORK, "batch.ckpt")
    if os.path.exists(save):
        os.remove(save)
    input_file = os.path.join(WORK, "batch.txt")
    with open(input_file, "w") as f:
        f.write(stdin)
    with open(input_file) as f:
        job = subprocess.Popen(mpirun(3, args + ["--save", save]), stdin=f, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    victim = kill_rank(job, 2, lambda: answer_lines(save), 3)
    out, err = job.communicate(timeout=120)
    if job.returncode == 0:
        sys.exit("FAIL: the batch with a killed rank exited 0")
    if not death_reported(err, victim, "the finished positions are kept"):
        sys.exit(f"FAIL: the job did not say that rank 2 died (and where the answers are): {err}")
    kept = answer_lines(save)
    print(f"ok: killed rank 2 of a batch: exit {job.returncode}, {kept} answers kept")
    if not 3 <= kept < len(lines):
        sys.exit(f"FAIL: expected 3..{len(lines) - 1} answers in the checkpoint, found {kept}")
    with open(save, "rb+") as f:  # a line cut by the kill is dropped
        size = f.seek(0, 2)
        f.truncate(size - 5)
    check_same("batch resumed with 2 ranks", ref,
               run(mpirun(2, args + ["--save", save]), stdin=stdin).stdout)
    if answer_lines(save) != len(lines):
        sys.exit(f"FAIL: the resumed checkpoint holds {answer_lines(save)} answers, not {len(lines)}")
    check_same("batch resumed complete, 1 process", ref,
               run([TAVLA, "rollout"] + args + ["--save", save], stdin=stdin).stdout)
    # Another input, or other settings, must not resume from it.
    p = run([TAVLA, "rollout"] + args + ["--save", save], stdin=stdin.replace("yLPw", "4HPw", 1),
            expect_rc=1)
    if "another batch" not in p.stderr or f"{save}:" not in p.stderr:
        sys.exit(f"FAIL: no message for a checkpoint of another input: {p.stderr}")
    p = run([TAVLA, "rollout"] + args[:-2] + ["--moves", "3", "--save", save], stdin=stdin,
            expect_rc=1)
    if "other settings or nets" not in p.stderr:
        sys.exit(f"FAIL: no message for a checkpoint of other settings: {p.stderr}")
    print("ok: batch checkpoint of another input or settings refused")


def train_race_sides():
    # A run from weights with a race sides net beside them (tavla.wd and tavla.race-sides): every
    # rank values races by rank 0's copy of it, in play and in 1-ply labels, so 2 ranks give the
    # nets, state and labels of one process, and labels other than those of the race net.
    weights = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "weights")
    own = os.path.join(WORK, "own.wd")
    shutil.copyfile(os.path.join(weights, "tavla.wd"), own)
    shutil.copyfile(os.path.join(weights, "tavla.race-sides"), os.path.join(WORK, "own.race-sides"))
    common = ["--kind", "supervised", "--from", own, "--seed", "5", "--games-per-round", "6",
              "--rounds", "2", "--label-plies", "1", "--label-fraction", "0",
              "--label-fraction-race", "1", "--threads", "1", "--quiet"]

    def train(name, launcher, more=()):
        d = os.path.join(WORK, name)
        shutil.rmtree(d, ignore_errors=True)
        if os.path.exists(d + ".labels"):
            os.remove(d + ".labels")
        args = common + list(more) + ["--dir", d, "--save-labels", d + ".labels"]
        run(launcher(args) if launcher else [TAVLA, "train"] + args)
        nets = open(os.path.join(d, "nets.wd"), "rb").read()
        state = [line for line in open(os.path.join(d, "state.txt")) if not line.startswith("seconds = ")]
        return nets, state, open(d + ".labels").read(), os.path.exists(os.path.join(d, "nets.race-sides"))

    ref = train("sides_one", None)
    if not ref[3] or "race sides net" not in ref[2]:
        sys.exit("FAIL: the run from weights with a race sides net did not keep or use it")
    if ref[2] == train("sides_none", None, ["--race-sides", "none"])[2]:
        sys.exit("FAIL: the race sides net changed no label")
    got = train("sides_ranks2", lambda a: mpirun(2, a, "train"))
    for what, a, b in zip(("nets.wd", "state.txt", "labels"), ref, got):
        if a != b:
            sys.exit(f"FAIL: train with a race sides net, 2 ranks: {what} differs from one process")
    print("ok: train with a race sides net, 2 ranks: same nets, state and labels")


def train_killed_then_resumed():
    # A rank killed mid-run: rank 0 names it and the checkpoint; the run resumed with 2 ranks
    # ends with the nets, state and labels of an uninterrupted run in one process.
    common = ["--kind", "supervised", "--from", "/usr/lib/gnubg/gnubg.wd", "--seed", "4",
              "--games-per-round", "20", "--rounds", "5", "--label-rollout", "16",
              "--label-truncate", "5", "--label-fraction", "0.25", "--threads", "1", "--quiet"]
    out = {}
    for name in ("one", "killed"):
        d = os.path.join(WORK, name)
        shutil.rmtree(d, ignore_errors=True)
        if os.path.exists(d + ".labels"):
            os.remove(d + ".labels")
        out[name] = (d, common + ["--dir", d, "--save-labels", d + ".labels"])
    run([TAVLA, "train"] + out["one"][1])
    d, args = out["killed"]

    def rounds_done():
        try:
            with open(os.path.join(d, "state.txt")) as f:
                return next(int(line.split()[2]) for line in f if line.startswith("round = "))
        except (OSError, StopIteration, ValueError):
            return 0

    job = subprocess.Popen(mpirun(3, args, "train"), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    victim = kill_rank(job, 2, rounds_done, 1)
    _, err = job.communicate(timeout=120)
    if job.returncode == 0:
        sys.exit("FAIL: the training job with a killed rank exited 0")
    if not death_reported(err, victim, f"{d} holds the checkpoint"):
        sys.exit(f"FAIL: the job did not say that rank 2 died (and where the checkpoint is): {err}")
    kept = rounds_done()
    print(f"ok: killed rank 2 of a training run: exit {job.returncode}, {kept} rounds kept")
    if not 1 <= kept < 5:
        sys.exit(f"FAIL: expected 1..4 rounds in the checkpoint, found {kept}")
    run(mpirun(2, [a for a in args if a not in ("--from", "/usr/lib/gnubg/gnubg.wd", "--seed", "4")],
               "train"))
    for f in ("nets.wd", "state.txt"):
        a, b = (open(os.path.join(x, f), "rb").read() for x in (out["one"][0], d))
        if f == "state.txt":
            a, b = ([line for line in x.splitlines() if not line.startswith(b"seconds = ")]
                    for x in (a, b))
        if a != b:
            sys.exit(f"FAIL: resumed training: {f} differs from the uninterrupted run")
    # Rank 0 writes a round's labels and its checkpoint before it acts on a rank's death
    # (mpi::DeferStop), so the resumed run repeats no label.
    ref_labels = open(out["one"][0] + ".labels").read().splitlines()
    got_labels = open(d + ".labels").read().splitlines()
    if got_labels != ref_labels:
        sys.exit("FAIL: resumed training: the labels differ from the uninterrupted run "
                 f"({len(got_labels)} lines against {len(ref_labels)})")
    print("ok: resumed with 2 ranks: the nets, state and labels of the uninterrupted run")


{"identical": identical, "train_killed_then_resumed": train_killed_then_resumed,
 "train_race_sides": train_race_sides, "batch_resumed": batch_resumed, "train_labels": train_labels, "batch": batch, "std_error": std_error, "killed_then_resumed": killed_then_resumed,
 "checkpoint_errors": checkpoint_errors, "batch_matches": batch_matches}[CASE]()
