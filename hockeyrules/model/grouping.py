"""Input problems grouped for reading: one line per distinct problem, never 990 lines for 4 causes.

An export whose rows fail for a few causes (a column read the wrong way, one unknown game
named on every row) gives hundreds of problems alike. Printed one a line, the causes drown
in them. Problems are alike when they are in one file (the part of `where` before its first
comma: `incidents.csv` of `incidents.csv, games[3].incidents[1].person`) and their messages
differ only in quoted texts and numbers ('G9' or 'G12', line 4 or 804). A kind of problem
with more than `first` members is one line: its count, its first lines and its first
message; a kind with `first` members or fewer is written out, one line each, as it always
was. The problems themselves stay whole (`InputError.problems`): only their text is
grouped. This is the one grouping: `InputError.report()` (what every command prints) and
the dry run of an import (read/csv/survey.py) both use it.
"""

from __future__ import annotations

import re

__all__ = ["group_problems", "kinds"]

# quoted texts (repr's single or double quotes) and whole numbers: what differs between alike problems
_VARIES = re.compile(r"'[^']*'|\"[^\"]*\"|\b\d+\b")


def _key(problem) -> tuple[str, str]:
    return problem.where.split(",", 1)[0], _VARIES.sub("_", problem.message)


def kinds(problems) -> int:
    """How many distinct problems there are (problems alike counted once)."""
    return len({_key(p) for p in problems})


def group_problems(problems, first: int = 3) -> list[str]:
    """The problems' lines: each kind of more than `first` problems as one line (count, file,
    first lines, first message), every other problem as it reads alone; in the order of each
    kind's first problem."""
    groups: dict[tuple[str, str], list] = {}
    for p in problems:
        groups.setdefault(_key(p), []).append(p)
    out: list[str] = []
    for (where, _), members in groups.items():
        if len(members) <= first:
            out += [str(p) for p in members]
            continue
        lines = [str(p.line) for p in members if p.line is not None][:first]
        at = f" (lines {', '.join(lines)}, ...)" if lines else ""
        messages = len({p.message for p in members})
        differ = f" (the first of {messages} different messages)" if messages > 1 else ""
        out.append(f"{len(members)} x {where}{at}: {members[0].message}{differ}")
    return out
