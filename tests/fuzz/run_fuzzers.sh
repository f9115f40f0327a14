#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# run_fuzzers.sh BUILD_DIR [SECONDS] -- runs every libFuzzer target of a TAVLA_FUZZ build (the
# `fuzz` preset: clang, ASan + UBSan) for SECONDS each (default 30), starting from the seeds in
# tests/fuzz/corpus/<target>/, and prints executions per target. New inputs go to a scratch
# directory, never into the repository. A crash, a sanitizer report, a leak or a timeout fails
# the run: the input is kept as BUILD_DIR/fuzz/<target>-crash-..., and belongs in the target's
# corpus as a regression test (every build replays the corpus) once the bug is fixed.
set -euo pipefail

build=${1:?usage: run_fuzzers.sh BUILD_DIR [SECONDS]}
secs=${2:-30}
src="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TAVLA_WEIGHTS=${TAVLA_WEIGHTS:-/usr/lib/gnubg/gnubg.wd}

shopt -s nullglob
targets=("$build"/fuzz/*_fuzz)
if [ ${#targets[@]} -eq 0 ]; then
  echo "run_fuzzers: no fuzz targets in $build/fuzz (configure with the fuzz preset)" >&2
  exit 2
fi

status=0
printf '%-12s %12s %9s  %s\n' target executions "exec/s" result
for bin in "${targets[@]}"; do
  name=$(basename "$bin" _fuzz)
  mkdir -p "$work/$name"
  log="$work/$name.log"
  result=ok
  # -timeout: one input may take at most 10 s; -rss_limit_mb: at most 2 GB.
  if ! "$bin" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$build/fuzz/$name-" "$work/$name" "$src/corpus/$name" > "$log" 2>&1; then
    result=FAILED
    status=1
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{print $2}' | tail -1)
  execs=${execs:-0}
  printf '%-12s %12s %9s  %s\n' "$name" "$execs" "$((execs / secs))" "$result"
  if [ "$result" != ok ]; then
    tail -n 60 "$log"
  fi
done
exit $status
