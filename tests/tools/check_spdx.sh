#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check_spdx.sh [--add] -- every source file of tavla carries its licence as an SPDX line in its
# first two lines (after a #! line): "SPDX-License-Identifier: GPL-3.0-or-later" in the file's
# comment syntax. Lists the files that lack it and fails; with --add, adds it to them.
set -euo pipefail
cd "$(dirname "$0")/../.."
tag="SPDX-License-Identifier: GPL-3.0-or-later"
missing=0
while IFS= read -r -d '' f; do
  if head -n 2 "$f" | grep -q "$tag"; then continue; fi
  if [ "${1:-}" = --add ]; then
    case "$f" in
      *.cpp|*.h) line="// $tag" ;;
      *) line="# $tag" ;;
    esac
    if head -n 1 "$f" | grep -q '^#!'; then
      { head -n 1 "$f"; echo "$line"; tail -n +2 "$f"; } > "$f.spdx"
    else
      { echo "$line"; cat "$f"; } > "$f.spdx"
    fi
    chmod --reference="$f" "$f.spdx"
    mv "$f.spdx" "$f"
    echo "added: $f"
  else
    echo "no SPDX line: $f"
    missing=1
  fi
done < <(find engine eval bearoff rollout tools tests bench weights .ci CMakeLists.txt \
           -path tests/fixtures -prune -o -path tests/fuzz/corpus -prune -o -type f \
           \( -name '*.cpp' -o -name '*.h' -o -name '*.py' -o -name '*.sh' -o -name 'CMakeLists.txt' \
              -o -name 'run' \) -print0 | sort -z)
exit $missing
