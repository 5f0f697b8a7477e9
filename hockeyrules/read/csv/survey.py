"""The dry run of an import (`hockeyrules import FOLDER --dry-run`, docs/csv-import.md).

A league with a scoring system that has no profile starts from a mapping file
this writes: the whole folder is read (unknown columns and all), and the
mapping lists every column the importer does not know (read as the column its
name contains, where one does, or left blank: a column or `ignore`), every
distinct word of the columns that are mapped to codes with its count and the
code it is given (as a comment, to uncomment where it should read otherwise;
blank where it has none, with the closest codes), and the settings
the folder lacks (the clock). Filled in, it is the league's mapping file. The
problems of the reading are grouped as every command groups them
(model/grouping.py): one line per distinct problem, with its count and first lines,
never one line per row for a few causes.
"""

from __future__ import annotations

import dataclasses
import json
import re

from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.grouping import group_problems, kinds
from hockeyrules.read.csv.mapping import COLUMNS, MappingError, norm
from hockeyrules.read.csv.reader import FolderReader

__all__ = ["Survey", "survey"]


@dataclasses.dataclass
class Survey:
    mapping: str  # the mapping file's text (YAML), to edit
    problems: list[str]  # the reading's problems, grouped
    blanks: int  # the entries left to fill
    distinct: int = 0  # how many distinct problems (alike ones counted once)


# (file, column, mapping table, what a value is)
_WORD_COLUMNS = (
    ("incidents.csv", "infraction", "infractions", "an infraction code"),
    ("incidents.csv", "penalty", "penalties", f"one of {', '.join(vocab.PENALTIES)}"),
    ("incidents.csv", "period", "periods", "1, 2, 3, OT, pre or post"),
    ("people.csv", "role", "roles", f"one of {', '.join(vocab.ROLES)}"),
    ("games.csv", "kind", "kinds", f"one of {', '.join(vocab.GAME_KINDS)}"),
    ("games.csv", "status", "statuses", "played or scheduled"),
    ("games.csv", "clock", "clocks", f"one of {', '.join(vocab.CLOCKS)}"),
)


def survey(folder, mapping=None, *, encoding: str | None = None) -> Survey:
    """Read the folder as far as it goes and write the mapping to edit (see the module's note).
    Raises InputError only where the folder cannot be read at all (no teams, people or games)."""
    reader = FolderReader(folder, mapping, None, encoding)
    reader.survey = {}
    try:
        reader.read()
    except InputError as err:
        if not reader.tables:
            raise
        reader.problems = list(err.problems)
    # lines whose team is not their person's in people.csv (a trade, a registry of today's
    # teams): the mapping says to take each line's team on its game's date
    moved = [p for p in reader.problems if "(people.csv), not " in p.message]
    problems = [p for p in reader.problems if not _about_a_word(p) and p not in moved]
    out: list[str] = [
        f"# A mapping for {folder}, written by `hockeyrules import --dry-run`.",
        '# Fill in every "" (a code, a column, or ignore for a column to skip), then:',
        f"#   hockeyrules import {folder} --mapping THIS_FILE -o season.yaml",
    ]
    blanks = 0
    settings = {r.get("key").strip().casefold(): r.get("value") for r in reader.tables.get("settings.csv", [])}
    if not settings.get("clock") and "clock" not in reader.mapping.options["settings"]:
        out += ["settings:", '  clock: ""  # the clock of the times: remaining (scoreboard) or elapsed (time played)']
        blanks += 1
    if moved:
        out.append(
            f"membership: from_incidents  # {len(moved)} line{'s' if len(moved) > 1 else ''} name another team "
            "than people.csv's: each line's team taken as its person's on that game's date; check it"
        )
    columns = (reader.survey or {}).get("columns", {})
    if any(columns.values()):
        out.append("columns:")
        for kind in sorted(columns, key=lambda k: list(COLUMNS).index(k)):
            if not columns[kind]:
                continue
            out.append(f"  {kind}:")
            for header, guess in columns[kind].items():
                if guess is None:
                    blanks += 1
                    known = ", ".join(COLUMNS[kind])
                    out.append(f'    {_q(header)}: ""  # unknown: a column of {kind} ({known}), or ignore')
                else:
                    out.append(f"    {_q(header)}: {guess}  # read as {guess} (its name): check it")
    for file, column, table, what in _WORD_COLUMNS:
        counts: dict[str, int] = {}
        for row in reader.tables.get(file, []):
            text = row.get(column)
            if column == "infraction" and row.get("rule"):
                text = f"{row.get('rule')} {text}".strip()
            if text.strip():
                counts[text.strip()] = counts.get(text.strip(), 0) + 1
        if not counts:
            continue
        out.append(f"{table}:")
        for text in sorted(counts, key=lambda t: (-counts[t], t)):
            code, near = _code(reader, table, text)
            rows = f"{counts[text]} row{'s' if counts[text] > 1 else ''}"
            apart = _apart(reader, text) if table == "infractions" and code is None else None
            if apart is not None:  # 'Match' of class Match: no infraction of its own, nothing to fill
                out.append(
                    f"  # {_q(text)}: a {apart} penalty written apart, joined to the line it completes  ({rows})"
                )
            elif code is None:
                blanks += 1
                hint = f"closest: {', '.join(near)}" if near else what
                out.append(f'  {_q(text)}: ""  # {rows}; {hint}')
            else:  # read so already: said, as a comment to uncomment where it should read otherwise
                out.append(f"  # {_q(text)}: {_value(code)}  ({rows})")
    return Survey("\n".join(out) + "\n", group_problems(problems), blanks, kinds(problems))


def _about_a_word(problem: Problem) -> bool:
    """A problem the mapping's blanks say already (a word without a code, the clock)."""
    message = problem.message
    return (
        bool(
            re.search(
                r"column (infraction|penalty|period|role|kind|status|clock)[/a-z]*: (cannot map|unknown)", message
            )
        )
        or message.startswith("no clock")
        or message.startswith("missing file (it gives at least the clock")
    )


def _code(reader: FolderReader, table: str, text: str) -> tuple[object, list[str]]:
    """The code a word is given (None: none), and the closest codes where none."""
    mapping = reader.mapping
    try:
        if table == "infractions":
            return mapping.infraction_and_penalty(text)[0], []
        if table == "penalties":
            found = mapping.penalties(text)
            return (found[0] if len(found) == 1 else None), ([" + ".join(found)] if len(found) > 1 else [])
        if table == "periods":
            return mapping.period(text), []
        return mapping.choice(table, text, table), []
    except MappingError:
        words = mapping.tables[table]
        near = vocab.closest(norm(text), words) if table != "periods" else []
        return None, sorted({str(words[w]) for w in near})


def _apart(reader: FolderReader, text: str) -> str | None:
    """The penalty an infraction word names alone where it is of the misconduct class ('Match'):
    such a row joins the line it completes (reader.py), so the word needs no code."""
    try:
        found = reader.mapping.penalties(text)
    except MappingError:
        return None
    apart = ("misconduct", "game_misconduct", "gross_misconduct", "match")
    return " and ".join(p.replace("_", " ") for p in found) if all(p in apart for p in found) else None


def _q(text: str) -> str:
    """A text as a YAML key or value, quoted (json's double quotes are YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def _value(code) -> str:
    return str(code) if isinstance(code, int) else _q(str(code))
