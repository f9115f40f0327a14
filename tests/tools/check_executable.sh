#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check_executable.sh -- every script of tavla that starts with a #! line can be run as it is
# (weights/README.md and the test scripts' headers run them by path): lists those that are not
# executable and fails. Session 35 found two of tools/weights' scripts, documented as commands,
# answering "Permission denied" in a fresh checkout; the tests had run them through python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
bad=0
while IFS= read -r -d '' f; do
  if head -c 2 "$f" | grep -q '^#!' && [ ! -x "$f" ]; then
    echo "starts with #! but is not executable: $f"
    bad=1
  fi
done < <(find engine eval bearoff rollout tools tests bench weights .ci \
           -path tests/fixtures -prune -o -path tests/fuzz/corpus -prune -o -type f \
           \( -name '*.py' -o -name '*.sh' -o -name 'run' \) -print0 | sort -z)
exit $bad
