# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading label files, shared by the scripts of tools/weights.

A label line is CLASS POSID and the five cubeless probabilities of the side on roll (win, win
gammon, win backgammon, lose gammon, lose backgammon; tools/train/label_file.h). Comment lines
(#) and blank lines are skipped.
"""


class LabelError(ValueError):
    """A line that is not a label line, named by file and line."""


def records(name):
    """(line number, class, position ID, five probabilities) of each label line of the file."""
    with open(name) as f:
        for number, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            if len(fields) != 7:
                raise LabelError(f"{name}:{number}: expected CLASS POSID and five probabilities, "
                                 f"got {len(fields)} fields")
            try:
                probs = [float(x) for x in fields[2:]]
            except ValueError:
                raise LabelError(f"{name}:{number}: a probability is not a number") from None
            yield number, fields[0], fields[1], probs
