"""A season as a folder of CSV files, read: the importer (docs/csv-import.md).

A league office's scoring system exports spreadsheets. A folder holds

    settings.csv   key,value rows: clock (required), league, season, period_minutes, ...
    teams.csv      one row per team
    people.csv     one row per person
    games.csv      one row per game
    incidents.csv  one row per penalty line of a game sheet
    dressed.csv    optional: one row per person listed on a game sheet
    decisions.csv  optional: one row per league decision

with columns named after the fields of the season format (docs/season-format.md).
`read_folder` turns it into season@1 data, exactly the model a season file
gives; `load_folder` also checks it (every problem at once, each with its file
and line). The exporter (exporter.py) writes a season out as such a folder; reading
it back gives the same season.

Cells are text and nothing else: they are never evaluated, a cell like
`=cmd|' /C calc'!A0` is a name like any other. Words, abbreviations and rule
numbers are mapped to codes by the one table in csv_mapping.py.
"""

from __future__ import annotations

import contextlib
import contextvars
import csv
import dataclasses
import io
import itertools
import re
from pathlib import Path

from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import MAX_CSV_FIELD
from hockeyrules.read.csv.identity import Registry, Wearer, jersey, zeros_hint
from hockeyrules.read.csv.mapping import COLUMNS, Mapping, MappingError, column_key
from hockeyrules.read.csv.text import TextProblem, check_encoding, decode, delimiter, split_sep_line
from hockeyrules.read.loader import Located, render_path
from hockeyrules.read.season import FORMAT, Season, validate

# any field the exporter writes comes back (the guard's limit, not csv's 131,072);
# process-wide, so a mapping file read as CSV is held to it too
csv.field_size_limit(MAX_CSV_FIELD)

__all__ = [
    "read_folder",
    "import_folder",
    "load_folder",
    "load_any",
    "own_mapping",
    "reading_options",
    "FILES",
    "REQUIRED_FILES",
    "TEXT_TOP",
]

FILES = (
    "settings.csv",
    "teams.csv",
    "people.csv",
    "games.csv",
    "dressed.csv",
    "incidents.csv",
    "decisions.csv",
    "issued.csv",
)
REQUIRED_FILES = ("settings.csv", "teams.csv", "people.csv", "games.csv", "incidents.csv")
REQUIRED_COLUMNS = {
    "settings.csv": ("key", "value"),
    "teams.csv": ("id",),
    "people.csv": ("id", "team", "role"),
    "games.csv": ("id", "date", "home", "away", "kind"),
    "dressed.csv": ("game", "person"),
    "incidents.csv": ("game", "person", "period", "time", "penalty"),
    "decisions.csv": ("person", "game", "date"),
    "issued.csv": ("person", "game"),
}
_INT_SETTINGS = ("period_minutes", "regulation_periods", "roster_limit", "max_affiliate_games")
TEXT_TOP = ("format", "league", "season")
_TITLE_ROWS = 10  # rows above the header that may be a spreadsheet's title
_FREE_TEXT = {"name", "registered_team", "reason", "note"}  # kept exactly as written; other cells are trimmed

_TIME = re.compile(r"^(\d{1,3}):(\d{2})(?:\.0+)?$")
_TIME_HMS = re.compile(r"^0{1,2}:(\d{2}):(\d{2})$")  # a spreadsheet's 0:08:12 for 08:12
_START = re.compile(r"^(\d{1,2}):(\d{2})(?::00)?$")
_DATE = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$")
_WHOLE = re.compile(r"^[+-]?\d+(?:\.0+)?$")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")


# ====================================================================== reading
@dataclasses.dataclass
class _Row:
    line: int  # physical line where the record starts
    cells: dict  # column -> text ("" when empty or absent)
    file: str = ""  # the file the row is in (incidents may come in several files)

    def get(self, column: str) -> str:
        return self.cells.get(column, "")


_OPTIONS: contextvars.ContextVar[tuple] = contextvars.ContextVar("hockeyrules_csv_options", default=(None, None))


@contextlib.contextmanager
def reading_options(mapping=None, encoding: str | None = None):
    """Within it, every folder read without a mapping or encoding of its own (engine.as_season,
    a scenario file's base folder, read_folder(path)) is read with these: how the command
    line's --mapping and --encoding reach whatever part of a command reads the folder."""
    token = _OPTIONS.set((mapping, encoding))
    try:
        yield
    finally:
        _OPTIONS.reset(token)


def own_mapping(folder) -> Path | None:
    """The folder's own mapping file (mapping.yaml, .yml or .json), if it has one."""
    return next(
        (Path(folder) / n for n in ("mapping.yaml", "mapping.yml", "mapping.json") if (Path(folder) / n).is_file()),
        None,
    )


def _kind(name: str) -> str | None:
    """Which file of a season folder a file name is: incidents*.csv are all incidents."""
    name = name.lower()
    if name in FILES:
        return name
    if name.startswith("incidents") and name.endswith(".csv"):
        return "incidents.csv"
    return None


class _FolderReader:
    """Reads one folder; collects every problem and where each part of the season came from."""

    def __init__(self, folder, mapping, settings, encoding=None):
        self.folder = Path(folder)
        self.source = str(folder)
        given_mapping, given_encoding = _OPTIONS.get()
        mapping = given_mapping if mapping is None else mapping
        encoding = given_encoding if encoding is None else encoding
        self.encoding = encoding
        if encoding is not None:
            try:
                check_encoding(encoding)
            except ValueError as exc:
                raise InputError(self.source, [Problem("(encoding)", str(exc))]) from None
        if mapping is None and self.folder.is_dir():
            mapping = own_mapping(self.folder)
        self.mapping = Mapping.load(mapping, encoding)
        self.registry = Registry(self.mapping)
        self.plain_ids: set[str] = set()
        self.overrides = dict(settings or {})
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []  # said, not wrong: which line was taken as a header
        self.reported: set[str] = set()  # season paths whose problem the reader already gave
        self.lines: dict[tuple, int] = {}  # season path -> CSV line
        self.files: dict[tuple, str] = {}  # season path -> CSV file

    # ------------------------------------------------------------ bookkeeping
    def error(self, file: str, line: int | None, message: str, column: str | None = None) -> None:
        if column:
            message = f"column {column}: {message}"
        self.problems.append(Problem(file, message, line))

    def origin(self, path: tuple, file: str, line: int | None) -> None:
        self.files[path] = file
        if line is not None:
            self.lines[path] = line

    # ------------------------------------------------------------ files
    def _find(self) -> dict[str, list[Path]]:
        if not self.folder.is_dir():
            raise InputError(self.source, [Problem("(folder)", "not a folder of CSV files")])
        found: dict[str, list[Path]] = {}
        mapping_file = Path(self.mapping.source).resolve() if self.mapping.source else None
        for entry in sorted(self.folder.iterdir(), key=lambda e: e.name):
            if not entry.is_file() or entry.suffix.lower() != ".csv":
                continue  # a README or the season as YAML may sit beside the exports
            if mapping_file is not None and entry.resolve() == mapping_file:
                continue
            kind = _kind(entry.name)
            if kind is None:
                self.error(
                    entry.name,
                    None,
                    f"unknown file: a season folder holds {', '.join(FILES)} "
                    f"(incidents may be split over several incidents*.csv files; "
                    f"rename it, or move it out of the folder)",
                )
                continue
            if kind in found and kind != "incidents.csv":
                self.error(entry.name, None, f"a second {kind} (also {found[kind][0].name})")
                continue
            found.setdefault(kind, []).append(entry)
        for name in REQUIRED_FILES:
            if name not in found and not (name == "settings.csv" and "clock" in self.overrides):
                why = (
                    "it gives at least the clock: a row clock,remaining or clock,elapsed"
                    if name == "settings.csv"
                    else "one row per record"
                )
                self.error(name, None, f"missing file ({why})")
        return found

    def _records(self, file: str, text: str, delimiter: str, broken: list):
        """Every record that is not blank, with the line where it starts. Where the text is not
        CSV the records stop, the error is said and `broken` gets an entry."""
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
        start = 1
        try:
            for cells in reader:
                if "".join(cells).strip():
                    yield start, cells
                start = reader.line_num + 1
        except csv.Error as exc:
            why = str(exc)
            if why == "unexpected end of data":
                why += " (a quote opened in this record is never closed)"
            self.error(file, start, f"not readable as CSV: {why}")
            broken.append(start)

    def _table(self, kind: str, path: Path) -> list[_Row] | None:
        """The rows of one file, or None if it cannot be read as a table."""
        file = path.name if kind == "incidents.csv" else kind
        try:
            raw = path.read_bytes()
        except OSError as exc:
            self.error(file, None, f"cannot read: {exc.strerror}")
            return None
        try:
            text = decode(raw, self.encoding)
        except TextProblem as exc:
            self.error(file, exc.line, str(exc))
            return None
        sep, text = split_sep_line(text)
        if not text.strip():
            self.error(file, None, "the file is empty: it needs at least its header line")
            return None
        broken: list = []
        records = self._records(file, text, sep or delimiter(text), broken)
        head = list(itertools.islice(records, _TITLE_ROWS + 1))  # the header is among these
        if broken:
            return None
        if not head:
            self.error(file, None, "the file is empty: it needs at least its header line")
            return None
        at, header, blank_columns = self._find_header(kind, file, head)
        if header is None:
            return None
        rows: list[_Row] = []
        for line, cells in itertools.chain(head[at + 1 :], records):
            values = {}
            for i, cell in enumerate(cells):
                column = header[i] if i < len(header) else None
                if column:
                    values[column] = cell if column in _FREE_TEXT else cell.strip()
                elif cell.strip() and (i >= len(header) or i in blank_columns):
                    self.error(
                        file,
                        line,
                        f"a cell ({cell.strip()!r}) in column {i + 1}, which has no header "
                        f"(the header line names {len(header)} columns)",
                    )
            rows.append(_Row(line, values, file))
        return None if broken else rows

    def _find_header(self, kind: str, file: str, records: list) -> tuple[int, list | None, set]:
        """The header: the first record, or, where that is not one, the first of the next few
        records that is (spreadsheets put a title above it); said in a note."""
        first_problems: list[Problem] = []
        for at, (line, cells) in enumerate(records[: _TITLE_ROWS + 1]):
            found: list[Problem] = []
            blank_columns: set[int] = set()
            header = self._header(kind, file, cells, line, blank_columns, found)
            if at == 0:
                first_problems = found
            if not found:
                if at:
                    above = records[0][0] if at == 1 else f"{records[0][0]} to {records[at - 1][0]}"
                    self.notes.append(
                        Problem(file, f"the header is line {line}; line {above} above it skipped (a title)", line)
                    )
                return at, header, blank_columns
        self.problems += first_problems
        return 0, None, set()

    def _header(self, kind: str, file: str, cells: list, line: int, blank_columns: set, problems: list) -> list:
        header: list = []
        seen: dict[str, str] = {}

        def error(message):
            problems.append(Problem(file, message, line))

        for i, cell in enumerate(cells):
            text = cell.strip()
            if not text:
                blank_columns.add(i)
                header.append(None)
                continue
            column = self.mapping.column(kind, text)
            if column is None:
                known = ", ".join(COLUMNS[kind])
                error(
                    f"unknown column {text!r}; the columns of {kind} are {known} "
                    f"(other names, or columns to ignore, go in a mapping file)"
                )
                header.append(None)
                continue
            if column == "":
                header.append(None)  # ignored by the league's mapping file
                continue
            if column in seen:
                error(f"columns {seen[column]!r} and {text!r} both give {column}")
            seen[column] = text
            header.append(column)
        required = REQUIRED_COLUMNS[kind]
        if kind == "incidents.csv":  # a person or a team line: person, number or team
            required = tuple(c for c in required if c != "person")
            if not {"person", "number", "team"} & set(seen):
                error("missing column 'person' (or 'number' with 'team', or 'team' alone for team lines)")
            if "infraction" not in seen and "rule" not in seen:
                error("missing column 'infraction' (or 'rule')")
        if kind == "dressed.csv" and "number" in seen:
            required = tuple(c for c in required if c != "person")
        for column in required:
            if column not in seen:
                error(f"missing column {column!r}")
        return header

    # ------------------------------------------------------------ the season
    def read(self) -> dict:
        found = self._find()
        tables: dict[str, list[_Row]] = {}
        for name in FILES:
            for path in found.get(name, []):
                rows = self._table(name, path)
                if rows is not None:
                    tables.setdefault(name, []).extend(rows)
        if self.problems:  # the folder's shape is wrong: its rows would only add noise
            raise InputError(self.source, _sorted(self.problems))
        data: dict = {"format": FORMAT}
        settings = self._settings(tables.get("settings.csv", []), data)
        data["settings"] = settings
        data["teams"] = self._teams(tables["teams.csv"])
        people = self._people(tables["people.csv"])
        data["people"] = people
        self._check_mapping_ids()
        self.plain_ids = self.registry.plain_ids()
        games, index = self._games(tables["games.csv"])
        data["games"] = games
        teams_of: dict = {}
        for p in people:
            teams_of.setdefault(p["id"], p.get("team"))
        if "dressed.csv" in tables:
            self._dressed(tables["dressed.csv"], games, index, teams_of)
        periods = settings.get("regulation_periods")
        periods = periods if isinstance(periods, int) and periods >= 1 else 3
        self._incidents(tables.get("incidents.csv", []), games, index, teams_of, periods)
        if tables.get("decisions.csv"):  # a header alone: no decisions
            data["decisions"] = self._decisions(tables["decisions.csv"], games, index)
        if tables.get("issued.csv"):
            data["issued"] = self._issued(tables["issued.csv"])
        return data

    def _issued(self, rows: list[_Row]) -> list:
        """issued.csv: the suspensions the league issued (hockeyrules/read/issued.py reads the cells)."""
        from hockeyrules.read.issued import rows_to_entries

        entries, problems = rows_to_entries([(row.line, row.cells) for row in rows], "issued.csv")
        self.problems += problems
        for k, row in enumerate(rows):
            self.origin(("issued", k), "issued.csv", row.line)
        return entries

    def _settings(self, rows: list[_Row], top: dict) -> dict:
        file = "settings.csv"
        settings: dict = {}
        seen: dict[str, int] = {}
        for row in rows:
            raw_key, value = row.get("key"), row.get("value")
            key = column_key(raw_key)
            if key in seen:
                self.error(file, row.line, f"{raw_key!r} given twice (also on line {seen[key]})", "key")
                continue
            seen[key] = row.line
            if not value:
                if key == "clock":
                    self.error(file, row.line, "clock is empty: remaining or elapsed", "value")
                continue  # an empty value: the default
            if key in TEXT_TOP:
                top[key] = value
                self.origin((key,), file, row.line)
            elif key == "clock":
                try:
                    settings["clock"] = self.mapping.choice("clocks", value, "clock")
                except MappingError as exc:
                    self.error(file, row.line, str(exc), "value")
                    settings["clock"] = "remaining"
                self.origin(("settings", "clock"), file, row.line)
            elif key in _INT_SETTINGS:
                number = _whole(value)
                if number is None:
                    self.error(file, row.line, f"{key} must be a whole number, not {value!r}", "value")
                    continue
                settings[key] = number
                self.origin(("settings", key), file, row.line)
            elif key.startswith("pim_") and self.mapping._word("penalties", key[4:]) is not None:
                kind = self.mapping._word("penalties", key[4:])
                number = _whole(value)
                if number is None:
                    self.error(file, row.line, f"{key} must be a whole number of minutes, not {value!r}", "value")
                    continue
                settings.setdefault("pim", {})[kind] = number
                self.origin(("settings", "pim", kind), file, row.line)
            else:
                known = ", ".join(TEXT_TOP + ("clock",) + _INT_SETTINGS + tuple(f"pim.{p}" for p in vocab.PENALTIES))
                self.error(file, row.line, f"unknown setting {raw_key!r}; known: {known}", "key")
        for key, value in self.overrides.items():
            if key in TEXT_TOP:
                top[key] = value
            elif key == "pim":
                settings.setdefault("pim", {}).update(value)
            else:
                settings[key] = value
        if "clock" not in settings and "clock" not in seen:
            self.error(
                file,
                None,
                "no clock: add the row clock,remaining (times as the scoreboard shows them) "
                "or clock,elapsed (time played in the period)",
            )
        return settings

    def _teams(self, rows: list[_Row]) -> list:
        out: list = []
        for i, row in enumerate(rows):
            team = {"id": row.get("id")}
            if row.get("name").strip():
                team["name"] = row.get("name")
            self.registry.add_team(team["id"], row.get("name").strip() or None)
            self.origin(("teams", i), "teams.csv", row.line)
            out.append(team)
        return out

    def _team(self, file: str, row: _Row, column: str, path: tuple | None = None) -> str | None:
        """The team id a cell names (by id or name); an error (and None) where none or two fit."""
        text = row.cells.get(column)
        if not text:
            return None
        if text in self.registry.teams:
            return text
        tid, why = self.registry.team(text)
        if tid is None:
            self.error(file, row.line, why, column)
            if path is not None:
                self.reported.add(render_path(path))
        return tid

    def _people(self, rows: list[_Row]) -> list:
        file = "people.csv"
        out: list = []
        numbered: dict[str, tuple[dict, _Row]] = {}  # a person's first row with a number
        for row in rows:
            pid = row.get("id")
            name = row.get("name")
            if not name.strip() and (row.get("first_name") or row.get("last_name")):
                name = " ".join(p for p in (row.get("first_name").strip(), row.get("last_name").strip()) if p)
            number = row.get("number")
            since, until = (self._number_date(row, c) for c in ("number_from", "number_to"))
            if (since or until) and not number:
                self.error(file, row.line, "a date range for a number, but no number", "number")
            earlier = numbered.get(pid) if number else None
            if earlier is not None:  # another number of the same person, for other dates
                first, first_row = earlier
                for column in ("name", "team", "role"):
                    mine, theirs = row.get(column).strip(), first_row.get(column).strip()
                    if mine and mine != theirs:
                        self.error(
                            file,
                            row.line,
                            f"{mine!r} differs from {theirs!r} on line {first_row.line}, "
                            f"the first row of {pid!r} (a second row of a person gives "
                            f"another number only)",
                            column,
                        )
                self._number(first["team"], pid, number, since, until, row)
                continue
            i = len(out)
            person: dict = {"id": pid}
            if name.strip():
                person["name"] = name
            team = self._team(file, row, "team", ("people", i, "team"))
            person["team"] = team if team is not None else row.get("team")
            try:
                person["role"] = self.mapping.choice("roles", row.get("role"), "role")
            except MappingError as exc:
                self.error(file, row.line, str(exc), "role")
                person["role"] = "player"
            if row.get("affiliate"):
                try:
                    person["affiliate"] = Mapping.boolean(row.get("affiliate"))
                except MappingError as exc:
                    self.error(file, row.line, str(exc), "affiliate")
            if row.get("registered_team").strip():
                person["registered_team"] = row.get("registered_team")
            self.origin(("people", i), file, row.line)
            self.registry.add_person(pid, name.strip() or None, person["team"])
            if number:
                numbered.setdefault(pid, (person, row))
                self._number(person["team"], pid, number, since, until, row)
            out.append(person)
        return out

    def _number_date(self, row: _Row, column: str) -> str | None:
        text = row.get(column)
        if not text:
            return None
        date = _date_text(text)
        if not _is_date(date):
            self.error("people.csv", row.line, f"not a date: {text!r} (2025-11-30)", column)
            return None
        return date

    def _number(self, team: str, pid: str, text: str, since, until, row: _Row) -> None:
        number = jersey(text)
        if number is None:
            self.error("people.csv", row.line, f"not a jersey number: {text!r}", "number")
            return
        self.registry.add_number(team, Wearer(pid, number, since, until, row.line))

    def _check_mapping_ids(self) -> None:
        """Every id of the mapping file's people and teams tables is one of the folder's."""
        source = self.mapping.source or "mapping"
        for table, known in (("people", self.registry.people), ("teams", self.registry.teams)):
            for text, value in self.mapping.ids[table].items():
                if value not in known:
                    hint = zeros_hint(value, known)
                    self.problems.append(
                        Problem(
                            f"{source}, {table}.{text}",
                            f"{value!r} is not an id of {table}.csv{hint}",
                            self.mapping.lines.get((table, text)),
                        )
                    )

    def _games(self, rows: list[_Row]) -> tuple[list, dict]:
        file = "games.csv"
        out: list = []
        index: dict = {}
        for i, row in enumerate(rows):
            game: dict = {"id": row.get("id"), "date": _date_text(row.get("date"))}
            if row.get("start"):
                game["start"] = _start_text(row.get("start"))
            for side in ("home", "away"):
                team = self._team(file, row, side, ("games", i, side))
                game[side] = team if team is not None else row.get(side)
            try:
                game["kind"] = self.mapping.choice("kinds", row.get("kind"), "game kind")
            except MappingError as exc:
                self.error(file, row.line, str(exc), "kind")
                game["kind"] = "regular"
            if row.get("clock"):  # this game's own clock (season format revision 2)
                try:
                    game["clock"] = self.mapping.choice("clocks", row.get("clock"), "clock")
                except MappingError as exc:
                    self.error(file, row.line, str(exc), "clock")
            if row.get("status"):
                game["status"] = row.get("status")
            game["incidents"] = []
            index.setdefault(game["id"], i)  # a repeated id is reported by the season check
            self.origin(("games", i), file, row.line)
            out.append(game)
        return out, index

    def _game(self, file: str, row: _Row, index: dict):
        gid = row.get("game")
        if gid not in index:
            self.error(
                file,
                row.line,
                f"unknown game {gid!r} (not in games.csv){zeros_hint(gid, index)}" if gid else "empty: name the game",
                "game",
            )
            return None
        return index[gid]

    def _person(self, file: str, row: _Row, team: str | None, date: str | None) -> str | None:
        """The person a row names (person and/or number cell); an error (and None) where not one."""
        text = row.cells.get("person", "")
        if text in self.plain_ids and not row.cells.get("number"):
            return text  # an id that can be nothing else: the usual case, kept fast
        pid, why = self.registry.person(text, row.get("number"), team, date)
        if pid is None:
            column = "person" if row.get("person") or not row.get("number") else "number"
            self.error(file, row.line, why, column)
        return pid

    def _dressed(self, rows: list[_Row], games: list, index: dict, teams_of: dict) -> None:
        file = "dressed.csv"
        known_teams, plain = self.registry.teams, self.plain_ids
        for row in rows:
            gi = self._game(file, row, index)
            if gi is None:
                continue
            cells = row.cells
            team = cells.get("team")
            if team and team not in known_teams:
                team = self._team(file, row, "team")
                if team is None:
                    continue
            person = cells.get("person")
            if person in plain and not cells.get("number"):
                pass  # an id that can be nothing else: the usual case, kept fast
            elif person or cells.get("number"):
                person = self._person(file, row, team, games[gi]["date"])
                if person is None:
                    continue
            if not team:
                team = teams_of.get(person)
                if not team:
                    self.error(file, row.line, "empty: name the team (or the person)", "team")
                    continue
            dressed = games[gi].setdefault("dressed", {})
            if ("games", gi, "dressed") not in self.files:
                self.origin(("games", gi, "dressed"), file, row.line)
            names = dressed.setdefault(team, [])
            if ("games", gi, "dressed", team) not in self.files:
                self.origin(("games", gi, "dressed", team), file, row.line)
            if person:  # a row without a person: the team's list exists, maybe empty
                self.origin(("games", gi, "dressed", team, len(names)), file, row.line)
                names.append(person)

    def _incidents(self, rows: list[_Row], games: list, index: dict, teams_of: dict, periods: int) -> None:
        groups: dict[tuple, dict] = {}
        order: dict[int, list] = {}
        for row in rows:
            file = row.file
            gi = self._game(file, row, index)
            if gi is None:
                continue
            bad = False
            team = self._team(file, row, "team")
            if row.get("team") and team is None:
                continue
            person = None
            if row.get("person") or row.get("number") or not team:
                person = self._person(file, row, team, games[gi]["date"])
                if person is None:
                    continue
            try:
                period = self.mapping.period(row.get("period"), periods)
            except MappingError as exc:
                self.error(file, row.line, str(exc), "period")
                period, bad = "post", True
            time = _clock_text(row.get("time")) if row.get("time") else None
            infraction, implied = self._infraction(row)
            if infraction is None:
                infraction, bad = "misconduct", True
            penalties = self._penalties(row, implied)
            minutes = None
            if row.get("minutes"):
                minutes = _whole(row.get("minutes"))
                if minutes is None:
                    self.error(file, row.line, f"not a whole number of minutes: {row.get('minutes')!r}", "minutes")
            if person is not None and team and person in teams_of and teams_of[person] != team:
                self.error(
                    file, row.line, f"{person!r} plays for {teams_of[person]!r} (people.csv), not {team!r}", "team"
                )
            stoppage = row.get("stoppage") or None
            label = row.get("incident")
            # a team line (season format revision 2): a team and no person
            fields: dict = {"person": person} if person is not None else {"team": team}
            fields.update(period=period, time=time, infraction=infraction)
            who = ("person", person) if person is not None else ("team", team)
            key = (gi, "#", label) if label else (gi, who, period, time, infraction)
            group = groups.get(key)
            if group is None:
                group = {
                    "line": row.line,
                    "file": file,
                    "fields": fields,
                    "stoppage": (stoppage, row.line, file),
                    "penalties": [],
                    "minutes": [],
                    "bad": bad,
                }
                groups[key] = group
                order.setdefault(gi, []).append(group)
            else:
                if label:
                    for column in ("person", "team", "period", "time", "infraction"):
                        value, first = fields.get(column), group["fields"].get(column)
                        if value != first and not bad and not group["bad"]:
                            self.error(
                                file,
                                row.line,
                                f"{_show(value)} differs from {_show(first)} on "
                                f"{_at(group['file'], group['line'], file)}, a line of "
                                f"the same incident {label!r}",
                                column,
                            )
                known, at, known_file = group["stoppage"]
                if stoppage and known and stoppage != known:
                    self.error(
                        file,
                        row.line,
                        f"{stoppage!r} differs from {known!r} on "
                        f"{_at(known_file, at, file)}, a line of the same incident",
                        "stoppage",
                    )
                elif stoppage and not known:
                    group["stoppage"] = (stoppage, row.line, file)
            for kind in penalties:
                self._add_penalty(group, kind, row)
            group["minutes"].append(minutes)
        for gi, incidents in order.items():
            out = games[gi]["incidents"]
            for j, group in enumerate(incidents):
                path = ("games", gi, "incidents", j)
                incident = {k: v for k, v in group["fields"].items() if v is not None}
                incident["penalties"] = [kind for kind, _ in group["penalties"]] or ["minor"]
                if group["minutes"] and all(m is not None for m in group["minutes"]):
                    incident["minutes"] = sum(group["minutes"])
                if group["stoppage"][0]:
                    incident["stoppage"] = group["stoppage"][0]
                self.origin(path, group["file"], group["line"])
                for k, (_, (file, line)) in enumerate(group["penalties"]):
                    self.origin(path + ("penalties", k), file, line)
                if group["stoppage"][0]:
                    self.origin(path + ("stoppage",), group["stoppage"][2], group["stoppage"][1])
                out.append(incident)

    def _add_penalty(self, group: dict, kind: str, row: _Row) -> None:
        """A penalty of a row into its incident. Two minor rows alike are one double minor, as
        penalty sheets write a double minor; any other type given twice is an error."""
        penalties = group["penalties"]
        if not penalties:  # the usual case: the incident's first row
            penalties.append((kind, (row.file, row.line)))
            return
        earlier = next(((k, where) for k, where in penalties if k == kind), None)
        if kind == "minor" and earlier is not None and not any(k == "double_minor" for k, _ in penalties):
            penalties[penalties.index(earlier)] = ("double_minor", earlier[1])
            return
        if kind == "minor" and earlier is None and any(k == "double_minor" for k, _ in penalties):
            earlier = next((k, where) for k, where in penalties if k == "double_minor")
        if earlier is not None:
            file, line = earlier[1]
            self.error(
                row.file,
                row.line,
                f"{kind} repeated in one incident (also on "
                f"{_at(file, line, row.file)}): one person, one time, one "
                f"infraction",
                "penalty",
            )
            return
        penalties.append((kind, (row.file, row.line)))

    def _infraction(self, row: _Row) -> tuple[str | None, str | None]:
        """The row's infraction code, and the penalty type its cell names too ('Fighting Major')."""
        text, rule = row.get("infraction"), row.get("rule")
        column = "infraction" if not rule else ("rule" if not text else "infraction/rule")
        cell = f"{rule} {text}".strip() if rule else text
        try:
            return self.mapping.infraction_and_penalty(cell)
        except MappingError as exc:
            self.error(row.file, row.line, str(exc), column)
            return None, None

    def _penalties(self, row: _Row, implied: str | None) -> list[str]:
        """The row's penalty types: its penalty cell, or the type its infraction cell names."""
        text = row.get("penalty")
        if not text and implied:
            return [implied]
        try:
            penalties = self.mapping.penalties(text)
        except MappingError as exc:
            self.error(row.file, row.line, str(exc), "penalty")
            return []
        if implied and implied not in penalties:
            self.error(
                row.file,
                row.line,
                f"{text!r} disagrees with the infraction cell {row.get('infraction')!r}, which says {implied}",
                "penalty",
            )
        return penalties

    def _decisions(self, rows: list[_Row], games: list, index: dict) -> list:
        file = "decisions.csv"
        out: list = []
        for row in rows:
            k = len(out)
            gid = row.get("game")
            date = games[index[gid]]["date"] if gid in index else None
            person = row.get("person")
            if person not in self.registry.people:
                found = self._person(file, row, None, date)
                if found is None:
                    continue
                person = found
            decision: dict = {"person": person, "game": gid}
            if row.get("rule"):
                decision["rule"] = row.get("rule")
            for key in ("set_games", "add_games"):
                if row.get(key):
                    number = _whole(row.get(key))
                    if number is None:
                        self.error(file, row.line, f"not a whole number of games: {row.get(key)!r}", key)
                    else:
                        decision[key] = number
            decision["date"] = _date_text(row.get("date"))
            if row.get("reason").strip():
                decision["reason"] = row.get("reason")
            self.origin(("decisions", k), file, row.line)
            out.append(decision)
        return out

    # ------------------------------------------------------------ locating the season check
    def said(self, where: str) -> bool:
        """Whether the reader reported the problem of this season path already."""
        return any(where == w or where.startswith(w + ".") or where.startswith(w + "[") for w in self.reported)

    def locate(self, problem: Problem) -> Problem:
        """A season problem with the CSV file and line of the record it is about."""
        where = problem.where
        probe = where
        while True:
            hit = self._rendered().get(probe)
            if hit is not None:
                file, line = hit
                return Problem(f"{file}, {where}", problem.message, line if line is not None else problem.line)
            shorter = _parent(probe)
            if shorter is None or shorter == probe:
                break
            probe = shorter
        if where.startswith("settings") or where in TEXT_TOP:
            return Problem(f"settings.csv, {where}", problem.message, problem.line)
        return problem

    def _rendered(self) -> dict:
        if not hasattr(self, "_by_where"):
            self._by_where = {render_path(p): (f, self.lines.get(p)) for p, f in self.files.items()}
        return self._by_where

    def relocate(self, season: Season) -> Season:
        """The season's games, incidents, decisions and warnings located in the CSV files."""
        table = self._rendered()

        def where(w):
            hit = table.get(w)
            return f"{hit[0]}, {w}" if hit else w

        games = []
        for g in season.games:
            incidents = tuple(
                dataclasses.replace(i, where=where(i.where)) if i is not None else None for i in g.incidents
            )
            games.append(dataclasses.replace(g, where=where(g.where), incidents=incidents))
        season.games = games
        season.decisions = [dataclasses.replace(d, where=where(d.where)) for d in season.decisions]
        season.warnings = list(self.notes) + [self.locate(w) for w in season.warnings]
        return season


def _parent(where: str) -> str | None:
    """'games[3].incidents[1].time' -> 'games[3].incidents[1]' -> 'games[3].incidents' -> ..."""
    m = re.match(r"^(.*?)(?:\[\d+\]|\.[^.\[\]]*)$", where)
    return m.group(1) if m and m.group(1) else None


_FILE_ORDER = {name: i for i, name in enumerate(FILES)}


def _sorted(problems: list[Problem]) -> list[Problem]:
    def key(p: Problem):
        file = p.where.split(",", 1)[0]
        kind = _kind(file) or ""
        # stable: a line's problems stay in column order; incidents files in name order
        return (_FILE_ORDER.get(kind, -1), file if kind == "incidents.csv" else "", p.line or 0)

    return sorted(problems, key=key)


def _is_date(text: str) -> bool:
    import datetime

    try:
        return bool(_ISO.match(text)) and datetime.date.fromisoformat(text) is not None
    except ValueError:
        return False


def _at(file: str, line: int | None, here: str) -> str:
    """'line 4', or 'incidents-G2.csv line 4' where that is another file."""
    return f"line {line}" if file == here else f"{file} line {line}"


def _whole(text: str) -> int | None:
    text = text.strip()
    if not _WHOLE.match(text):
        return None
    return int(float(text)) if "." in text else int(text)


def _clock_text(text: str) -> str:
    """'8:12' -> '08:12'; '0:08:12' (a spreadsheet's time of day) -> '08:12'; else as written."""
    m = _TIME.match(text) or _TIME_HMS.match(text)
    if not m:
        return text
    return f"{int(m.group(1)):02d}:{m.group(2)}"


def _start_text(text: str) -> str:
    m = _START.match(text)
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else text


def _date_text(text: str) -> str:
    """'2025-9-26' or '2025/09/26' -> '2025-09-26'; else as written (the season check reports it)."""
    m = _DATE.match(text)
    return f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else text


def _show(value) -> str:
    return "nothing" if value is None else repr(value)


def read_folder(path, mapping=None, *, settings: dict | None = None, encoding: str | None = None) -> dict:
    """Read a folder of CSV files into season@1 data (a plain dict for season.from_data).

    `mapping`: a league's own words (a .yaml/.yml/.json/.csv mapping file, a dict,
    or None for the folder's own mapping.yaml/.yml/.json, else the built-in table
    alone). `settings`: values that take the place of settings.csv rows (e.g.
    {"clock": "elapsed"}); with "clock" given, settings.csv may be absent.
    `encoding`: the files' encoding (e.g. "cp1252"); without it UTF-8, with or
    without a BOM, or UTF-16 with its BOM. Raises InputError with every line that
    could not be read or mapped: where is the file ("incidents.csv"), line the CSV
    line where the record starts, and the message names the column. The season
    itself is not checked here: load_folder does that.
    """
    reader = _FolderReader(path, mapping, settings, encoding)
    data = reader.read()
    if reader.problems:
        raise InputError(reader.source, _sorted(reader.problems))
    return data


def import_folder(
    path, mapping=None, *, settings: dict | None = None, encoding: str | None = None
) -> tuple[dict, Season]:
    """Read and check a folder: (season@1 data, the checked Season).

    Every problem at once: the lines that could not be mapped, and the season
    check's problems, each located as "incidents.csv, games[3].incidents[1].time"
    with the CSV line in Problem.line (a problem the reader gave already, such as an
    unknown team, is not given twice). The Season's games, incidents, decisions and
    warnings are located in the CSV files the same way; its warnings also say which
    line of a file was taken as its header where a title stood above it.
    """
    reader = _FolderReader(path, mapping, settings, encoding)
    data = reader.read()
    problems = list(reader.problems)
    season: Season | None = None
    try:
        season = validate(Located(data, reader.lines), reader.source)
    except InputError as err:
        problems += [reader.locate(p) for p in err.problems if not reader.said(p.where)]
    if problems or season is None:
        raise InputError(reader.source, _sorted(problems))
    return data, reader.relocate(season)


def load_folder(path, mapping=None, *, settings: dict | None = None, encoding: str | None = None) -> Season:
    """Read and check a folder of CSV files: the Season (see import_folder)."""
    return import_folder(path, mapping, settings=settings, encoding=encoding)[1]


def load_any(path, mapping=None, *, settings: dict | None = None, encoding: str | None = None) -> Season:
    """A Season from a season file (.yaml/.yml/.json) or a folder of CSV files."""
    from hockeyrules.read.season import load

    if Path(path).is_dir():
        return load_folder(path, mapping, settings=settings, encoding=encoding)
    return load(path)
