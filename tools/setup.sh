#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what tavla needs to build and test, from Debian packages. Safe to run any number of
# times: packages already present are not touched, and apt is only called when something is missing.
set -euo pipefail

packages=(
  g++ cmake make
  libeigen3-dev libboost-program-options-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libreadline-dev
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module and its tests
  libcpp-httplib-dev  # tavla serve's HTTP server (optional: without it tavla serve is left out)
  chromium  # the headless browser that tests tavla serve's web page
  gnubg  # the reference: its weights, databases and binaries drive the differential tests
  libopenmpi-dev openmpi-bin  # optional: rollouts and batches across MPI ranks (CMake finds MPI)
)

# --fuzz: also what the fuzz preset needs (clang and its libFuzzer and sanitizer runtimes).
if [ "${1:-}" = --fuzz ]; then
  packages+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
