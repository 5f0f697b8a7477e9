"""Suspensions the league actually issued: the season's `issued` list, or a file of them.

An entry names the person and the game the suspension was earned in, its number of
games (or `indefinite: true`), and optionally the rules the league cited (free
text), the date it was issued and a note. `hockeyrules reconcile` compares them with
what the rules require (hockeyrules/office/reconcile.py).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace
from pathlib import Path

from hockeyrules.model.errors import InputError, Problem

FIELDS = ("person", "game", "games", "indefinite", "rules", "date", "note")
CSV_COLUMNS = ("person", "game", "games", "indefinite", "rules", "date", "note")
_TRUE = {"true", "yes", "y", "1", "x", "indefinite"}
_FALSE = {"false", "no", "n", "0", ""}


@dataclass(frozen=True)
class Issued:
    index: int
    person: str
    game: str
    games: int | None  # None when indefinite
    indefinite: bool
    rules: str | None  # as the league wrote them (free text)
    date: str | None
    note: str
    where: str  # issued[3] (or the file and line it came from)
    line: int | None

    def to_dict(self) -> dict:
        out = {"person": self.person, "game": self.game, "games": self.games, "indefinite": self.indefinite}
        if self.rules is not None:
            out["rules"] = self.rules
        if self.date is not None:
            out["date"] = self.date
        if self.note:
            out["note"] = self.note
        out["where"] = self.where
        return out


def check(c, raw: list, people: dict, games: list, key: str = "issued") -> list:
    """The issued entries of a season, checked by the season's checker `c` (hockeyrules/read/season.py)."""
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.model import guard
    from hockeyrules.read.checks import date_field, known  # one definition of a date and of an id named

    games_known = {g.id for g in games}
    out = []
    for k, item in enumerate(raw):
        path = (key, k)
        obj = c.mapping(item, path, FIELDS)
        if obj is None:
            continue
        person = known(c, obj, path, "person", people)
        game = known(c, obj, path, "game", games_known)
        indefinite = c.flag(obj, "indefinite", path)
        count = None
        if obj.get("games") is not None:
            count = c.integer(obj, "games", path, None, 0, guard.MAX_GAMES)
        elif not indefinite:
            c.error(path + ("games",), "missing: the number of games issued (or indefinite: true)")
        rules = obj.get("rules")
        if isinstance(rules, list) and all(isinstance(r, (str, int, float)) and not isinstance(r, bool) for r in rules):
            rules = ", ".join(str(r) for r in rules)
        elif rules is not None:
            rules = c.text(obj, "rules", path, required=False, ref=True)  # free text, or a bare number
        date = date_field(c, obj, path) if obj.get("date") is not None else None
        note = c.text(obj, "note", path, required=False, default="", ref=True)
        if person is None or game is None or (count is None and not indefinite):
            continue
        out.append(
            Issued(
                k,
                person,
                game,
                None if indefinite and count is None else count,
                indefinite,
                rules or None,
                date,
                note or "",
                f"{key}[{k}]",
                c.located.line(path),
            )
        )
    return out


def rows_to_entries(rows: list[tuple[int, dict]], file: str) -> tuple[list[dict], list[Problem]]:
    """CSV rows (line, column -> text) as issued entries (plain data), with the cells
    that are not what they should be. The season check then checks the entries."""
    entries, problems = [], []
    for line, cells in rows:
        entry: dict = {"person": cells.get("person", "").strip(), "game": cells.get("game", "").strip()}
        games = cells.get("games", "").strip()
        if games:
            if games.isdigit():
                entry["games"] = int(games)
            else:
                problems.append(Problem(file, f"column games: not a whole number of games: {games!r}", line))
        flag = cells.get("indefinite", "").strip().lower()
        if flag in _TRUE:
            entry["indefinite"] = True
        elif flag not in _FALSE:
            problems.append(Problem(file, f"column indefinite: expected true or false, got {flag!r}", line))
        for key in ("rules", "date", "note"):
            value = cells.get(key, "")
            if value.strip():
                entry[key] = value if key == "note" else value.strip()
        entries.append(entry)
    return entries, problems


def read_csv_text(text: str, file: str) -> tuple[list[dict], list[Problem], list[int]]:
    """An issued.csv: its entries, the problems of its cells, and each entry's line."""
    problems: list[Problem] = []
    sample = text.splitlines()[0] if text.strip() else ""
    delimiter = max((",", ";", "\t"), key=sample.count) if sample else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, dict]] = []
    header = None
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if header is None:
                header = [c.strip().lower() for c in cells]
                missing = [c for c in ("person", "game") if c not in header]
                if missing:
                    problems.append(
                        Problem(
                            file,
                            f"the header line lacks the column(s) {', '.join(missing)} "
                            f"(columns: {', '.join(CSV_COLUMNS)})",
                            line,
                        )
                    )
                    return [], problems, []
                for name in header:
                    if name and name not in CSV_COLUMNS:
                        problems.append(
                            Problem(file, f"unknown column {name!r} (columns: {', '.join(CSV_COLUMNS)})", line)
                        )
                continue
            if not any(c.strip() for c in cells):
                continue
            rows.append((line, {header[i]: c for i, c in enumerate(cells) if i < len(header)}))
    except csv.Error as exc:
        problems.append(Problem(file, f"not readable as CSV: {exc}", start))
    entries, more = rows_to_entries(rows, file)
    return entries, problems + more, [line for line, _ in rows]


def load(path, season) -> list[Issued]:
    """Issued suspensions from a file of their own (YAML, JSON or CSV), checked against
    the season: unknown persons and games are errors located in that file."""
    # (here: start-up time: only for an issued file)
    from hockeyrules.read.checks import Checker
    from hockeyrules.read.loader import Located, read

    path = Path(path)
    source = str(path)
    if path.suffix.lower() == ".csv":
        try:
            text = path.read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(
                source, [Problem("(file)", f"cannot read: {getattr(exc, 'strerror', None) or exc}")]
            ) from None
        entries, problems, lines = read_csv_text(text, path.name)
        located = Located({"issued": entries}, {("issued", k): line for k, line in enumerate(lines)})
    else:
        located = read(path)
        problems = list(located.problems)
        data = located.data
        if isinstance(data, list):  # a bare list of entries
            located = Located({"issued": data}, {("issued",) + p: n for p, n in located.lines.items()})
        elif not isinstance(data, dict) or "issued" not in data:
            raise InputError(
                source,
                problems
                + [Problem("(top)", "expected a list of issued suspensions, or a mapping with an `issued` list")],
            )
    c = Checker(located, source)
    raw = located.data["issued"]
    if not isinstance(raw, list):
        raise InputError(source, [Problem("issued", "expected a list")])
    found = check(c, raw, season.people, season.games)
    problems += c.problems
    if problems:
        raise InputError(source, sorted(problems, key=lambda p: (p.line is None, p.line or 0, p.where)))
    if path.suffix.lower() == ".csv":
        found = [replace(e, where=f"{path.name}, {e.where}") for e in found]
    return found
