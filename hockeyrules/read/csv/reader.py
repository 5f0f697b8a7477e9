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
import datetime as _dt
import io
import itertools
import re
from pathlib import Path

from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import MAX_CSV_FIELD
from hockeyrules.read.csv.identity import Registry, Wearer, jersey, zeros_hint
from hockeyrules.read.csv.mapping import COLUMNS, Mapping, MappingError, column_key, header_key
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
# read, never written: a game's kind by its season, the goals for the clock check, the
# persons' moves between teams (the exporter writes memberships as people.csv rows)
READ_ONLY_FILES = ("seasons.csv", "goals.csv", "moves.csv")
REQUIRED_FILES = ("settings.csv", "teams.csv", "people.csv", "games.csv", "incidents.csv")
REQUIRED_COLUMNS = {
    "settings.csv": ("key", "value"),
    "teams.csv": ("id",),
    "people.csv": ("id", "team", "role"),
    "games.csv": ("id", "date", "home", "away"),  # and kind, or season with a seasons file
    "dressed.csv": ("game", "person"),
    "incidents.csv": ("game", "person", "period", "time", "penalty"),
    "decisions.csv": ("person", "game", "date"),
    "issued.csv": ("person", "game"),
    "seasons.csv": ("id",),
    "goals.csv": ("game", "period", "time", "team"),
    "moves.csv": ("person", "team", "from"),
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
# ISO 8601 with a time: the date and time written are the local ones, whatever the offset
_DATE_TIME = re.compile(r"^(\d{4}-\d{1,2}-\d{1,2})[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
_DAY_FIRST = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$")
_ID_HEADER = re.compile(r"(?:^|[\W_])[Ii][Dd]$|[a-z]I[Dd]$")
# penalties written as rows of their own, apart from the infraction they complete (HockeyTech's
# "Misconduct / Game Misconduct" row beside the major): joined to that line
_APART = ("misconduct", "game_misconduct", "gross_misconduct", "match")


# ====================================================================== reading
@dataclasses.dataclass
class _Row:
    line: int | None  # physical line where the record starts (None: a setting of the mapping file)
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
    if name in FILES or name in READ_ONLY_FILES:
        return name
    if name.startswith("incidents") and name.endswith(".csv"):
        return "incidents.csv"
    return None


class FolderReader:
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
        self.people_index: dict = {}  # a person on several teams (people.csv rows): his index
        self.line_teams: list = []  # (person, game index, team) of each line that names both
        self.reported: set[str] = set()  # season paths whose problem the reader already gave
        self.lines: dict[tuple, int] = {}  # season path -> CSV line
        self.files: dict[tuple, str] = {}  # season path -> CSV file
        self.headers: dict[tuple[str, str], str] = {}  # (file kind, column) -> the header as written
        self.left_out: dict[str, set] = {}  # file kind -> ids of rows the mapping's `where` left out
        self.defer: dict[str, tuple[str, str]] = {}  # file -> two headers both giving infraction
        # the dry run (survey.py): unknown headers are noted, read as the column they suggest,
        # and the rows read on whatever the problems; None: an import
        self.survey: dict | None = None
        self.clock_at: tuple[str, int | None] | None = None  # the settings row of the clock
        self.infer_clock = False
        self.tables: dict[str, list[_Row]] = {}

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
            clock_given = "clock" in self.overrides or "clock" in self.mapping.options["settings"]
            if name not in found and not (name == "settings.csv" and clock_given):
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
        rows: list[tuple[_Row, list]] = []
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
            rows.append((_Row(line, values, file), cells))
        return None if broken else self._keep(kind, file, head[at][1], header, rows)

    def _find_header(self, kind: str, file: str, records: list) -> tuple[int, list | None, set]:
        """The header: the first record, or, where that is not one, the first of the next few
        records that is (spreadsheets put a title above it); said in a note."""
        first_problems: list[Problem] = []
        first_pending: dict = {}
        for at, (line, cells) in enumerate(records[: _TITLE_ROWS + 1]):
            found: list[Problem] = []
            blank_columns: set[int] = set()
            header = self._header(kind, file, cells, line, blank_columns, found)
            if at == 0:
                first_problems = found
                first_pending = (self.survey or {}).get("pending", {})
            if not found:
                if self.survey is not None:
                    columns = self.survey.setdefault("columns", {}).setdefault(kind, {})
                    columns.update(self.survey.pop("pending", {}))
                if at:
                    above = records[0][0] if at == 1 else f"{records[0][0]} to {records[at - 1][0]}"
                    self.notes.append(
                        Problem(file, f"the header is line {line}; line {above} above it skipped (a title)", line)
                    )
                return at, header, blank_columns
        self.problems += first_problems
        if self.survey is not None and first_pending:  # the dry run: the first line's unknown headers,
            # to map (a column the file lacks may be one of them: GameSheet's Label is the infraction)
            self.survey.setdefault("columns", {}).setdefault(kind, {}).update(first_pending)
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
            if column is None and header_key(text) in self.filtered:
                header.append(None)  # read for the mapping's `where` alone
                continue
            if column is None and self.survey is not None:
                header.append(("?", text))  # decided below, once every known header is seen
                continue
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
            if column in seen and column == "infraction" and "infraction~" not in seen:
                # a system's own numeric code beside its description (HockeyTech's offence): which
                # one is the infraction is decided by the mapping file, else by the cells (_table)
                mapped = self._mapped(kind, seen[column], text)
                if mapped is not None:
                    if mapped == text:
                        header[header.index("infraction")] = None
                        seen[column] = text
                        header.append(column)
                    else:
                        header.append(None)
                    continue
                seen["infraction~"] = text
                self.defer[file] = (seen[column], text)
                header.append("infraction~")
                continue
            if column in seen and self.survey is not None:
                header.append(("?", text))
                continue
            if column in seen:
                error(f"columns {seen[column]!r} and {text!r} both give {column}")
            seen[column] = text
            header.append(column)
            self.headers[(file, column)] = text
        if self.survey is not None:
            self._suggest(kind, file, header, seen)
        required = REQUIRED_COLUMNS[kind]
        if kind == "games.csv" and "kind" not in seen and "season" not in seen:
            error("missing column 'kind' (or 'season', with a seasons file or the mapping's seasons)")
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

    def _suggest(self, kind: str, file: str, header: list, seen: dict) -> None:
        """The dry run: each unknown header read as the column its name contains (the longest
        name of a column found in it: 'time_off_formatted' is time), where no other header gives
        that column; noted for the mapping it writes."""
        assert self.survey is not None
        names = sorted(
            ((header_key(w), c) for c, words in COLUMNS[kind].items() for w in (c,) + words if len(header_key(w)) >= 4),
            key=lambda wc: (-len(wc[0]), wc[0]),
        )
        self.survey["pending"] = pending = {}  # kept if this line is the header (_find_header)
        for i, cell in enumerate(header):
            if not isinstance(cell, tuple):
                continue
            text = cell[1]
            key = header_key(text)
            # a second infraction column (a description beside a system's code) is decided by its cells
            twice = "infraction" in seen and "infraction~" not in seen
            guess = next((c for w, c in names if w in key and (c not in seen or (c == "infraction" and twice))), None)
            pending[text] = guess
            header[i] = guess
            if guess == "infraction" and "infraction" in seen:
                header[i] = "infraction~"
                self.defer[file] = (seen["infraction"], text)
                seen["infraction~"] = text
            elif guess is not None:
                seen[guess] = text
                self.headers[(file, guess)] = text

    @property
    def filtered(self) -> set[str]:
        """The headers the mapping's `where` names (compared as headers are)."""
        return {header_key(h) for h in self.mapping.options["where"]}

    def _mapped(self, kind: str, first: str, second: str) -> str | None:
        """Of two headers both giving infraction, the one the mapping file names (None: neither)."""
        named = {header_key(h) for h in (self.mapping.extra.get("columns") or {}).get(kind, {})}
        hits = [h for h in (first, second) if header_key(h) in named]
        return hits[0] if len(hits) == 1 else None

    def _keep(self, kind: str, file: str, raw: list, header: list, rows: list) -> list:
        """The rows the mapping's `where` keeps, by the header of the filter's columns; an infraction
        column given twice resolved by its cells (a column of whole numbers is a system's code)."""
        where = {header_key(h): set(v) for h, v in self.mapping.options["where"].items()}
        at = {i: where[header_key(c)] for i, c in enumerate(raw) if header_key(c) in where}
        if at:
            kept = []
            for row, cells in rows:
                if all(i < len(cells) and cells[i].strip() in values for i, values in at.items()):
                    kept.append(row)
                elif row.get("id") or row.get("game"):
                    self.left_out.setdefault(kind, set()).add(row.get("id") or row.get("game"))
            out = kept
        else:
            out = [row for row, _ in rows]
        if "infraction~" in header:
            first, second = self.defer[file]
            codes = [
                all(_WHOLE.match(row.get(c)) or not row.get(c) for row in out) for c in ("infraction", "infraction~")
            ]
            if codes == [True, False]:
                for row in out:
                    row.cells["infraction"] = row.cells.pop("infraction~", "")
            elif codes == [False, True]:
                for row in out:
                    row.cells.pop("infraction~", None)
            else:
                self.error(
                    file,
                    None,
                    f"columns {first!r} and {second!r} both give infraction: ignore one in the mapping file",
                )
        return out

    # ------------------------------------------------------------ the season
    def read(self) -> dict:
        found = self._find()
        tables: dict[str, list[_Row]] = {}
        for name in FILES + READ_ONLY_FILES:
            for path in found.get(name, []):
                rows = self._table(name, path)
                if rows is not None:
                    tables.setdefault(name, []).extend(rows)
        self.tables = tables
        if self.survey is not None:  # the dry run reads on, whatever the shape's problems
            missing = [n for n in ("teams.csv", "people.csv", "games.csv") if n not in tables]
            if missing:
                raise InputError(self.source, _sorted(self.problems))
        elif self.problems:  # the folder's shape is wrong: its rows would only add noise
            raise InputError(self.source, _sorted(self.problems))
        data: dict = {"format": FORMAT}
        given = {column_key(row.get("key")) for row in tables.get("settings.csv", [])}
        named = Path(self.mapping.source).name if self.mapping.source else "the mapping"
        profile = [  # the mapping's settings, where settings.csv does not give them; located there
            _Row(None, {"key": k, "value": v}, f"{named}, settings")
            for k, v in self.mapping.options["settings"].items()
            if column_key(k) not in given
        ]
        settings = self._settings(tables.get("settings.csv", []) + profile, data)
        data["settings"] = settings
        data["teams"] = self._teams(tables["teams.csv"])
        people = self._people(tables["people.csv"])
        data["people"] = people
        self._check_mapping_ids()
        self.plain_ids = self.registry.plain_ids()
        self.season_kinds = self._seasons(tables.get("seasons.csv", []))
        games, index = self._games(tables["games.csv"])
        data["games"] = games
        if "moves.csv" in tables:
            self._moves(tables["moves.csv"], people)
        from_incidents = self.mapping.options["membership"] == "from_incidents"
        teams_of: dict = {}
        for p in people:
            # (a person on several teams, or one whose team the lines give: his team is
            # checked on each game's date by the season's reader)
            teams_of.setdefault(p["id"], None if from_incidents else p.get("team"))
        periods = settings.get("regulation_periods")
        periods = periods if isinstance(periods, int) and periods >= 1 else 3
        self._incidents(tables.get("incidents.csv", []), games, index, teams_of, periods)
        if from_incidents:
            self._from_incidents(data, games)
            teams_of = {p["id"]: p.get("team") for p in reversed(people)}  # (the first row of an id wins)
        if "dressed.csv" in tables:  # (after the lines: they may give a person's teams)
            members = {p["id"]: p["teams"] for p in people if p.get("teams")}
            self._dressed(tables["dressed.csv"], games, index, teams_of, members)
        goals = self._goals(tables.get("goals.csv", []), games, index, teams_of, periods, settings)
        self._check_clock(settings, games, periods, goals)
        if tables.get("decisions.csv"):  # a header alone: no decisions
            data["decisions"] = self._decisions(tables["decisions.csv"], games, index)
        if tables.get("issued.csv"):
            data["issued"] = self._issued(tables["issued.csv"])
        self._without_teamless(data)
        return data

    def _without_teamless(self, data: dict) -> None:
        """A person of people.csv with no team (a registry lists people who no longer play) and
        named by no line, dressed list or decision is left out with a warning; one who is named
        keeps the season check's error (their team is needed)."""
        teamless = [i for i, p in enumerate(data["people"]) if not p.get("team") and not p.get("teams")]
        if not teamless:
            return
        named: set = set()
        for game in data["games"]:
            named.update(i.get("person") for i in game["incidents"])
            for names in (game.get("dressed") or {}).values():
                named.update(names)
        named.update(d.get("person") for d in data.get("decisions") or [])
        named.update(e.get("person") for e in data.get("issued") or [])
        gone = [i for i in teamless if data["people"][i]["id"] not in named]
        if not gone:
            return
        for i in gone:
            person = data["people"][i]
            self.notes.append(
                Problem(
                    "people.csv",
                    f"{person.get('name') or person['id']} has no team and no line in the season: left out",
                    self.lines.get(("people", i)),
                )
            )
        kept = [i for i in range(len(data["people"])) if i not in set(gone)]
        data["people"] = [data["people"][i] for i in kept]
        moved = {old: new for new, old in enumerate(kept)}
        self.files = {_moved(path, moved): f for path, f in self.files.items() if _moved(path, moved)}
        self.lines = {_moved(path, moved): n for path, n in self.lines.items() if _moved(path, moved)}

    def _goals(self, rows: list, games: list, index: dict, teams_of: dict, periods: int, settings: dict):
        """goals.csv, for the clock check alone: the power-play goals (every goal where the file
        says nothing of the strength) that fit only one clock. A power-play goal comes after a
        penalty of the other team in the same period, within the penalty's length (2 minutes of
        a minor, 4 of a double minor, 5 of a major); read on the wrong clock, the goal comes
        before it. (elapsed, remaining): how many fit only that clock; None without the file."""
        if not rows:
            return None
        file = "goals.csv"
        minutes = settings.get("period_minutes")
        length = 60 * (minutes if isinstance(minutes, int) else 20)
        span = {"minor": 120, "double_minor": 240, "major": 300}
        fits = {"elapsed": 0, "remaining": 0}
        for row in rows:
            gi = self._game(file, row, index)
            if gi is None or games[gi].get("clock"):
                continue
            if row.get("power_play"):
                try:
                    if not Mapping.boolean(row.get("power_play")):
                        continue
                except MappingError as exc:
                    self.error(file, row.line, str(exc), "power_play")
                    continue
            team = self._team(file, row, "team")
            try:
                period = self.mapping.period(row.get("period"), periods)
            except MappingError as exc:
                self.error(file, row.line, str(exc), "period")
                continue
            scored = _seconds(_clock_text(row.get("time")))
            if team is None or scored is None or not isinstance(period, int) or period > periods:
                continue
            against = []
            for incident in games[gi]["incidents"]:
                other = incident.get("team") or teams_of.get(incident.get("person"))
                at = _seconds(incident.get("time"))
                kinds = [span[k] for k in incident["penalties"] if k in span]
                if incident["period"] == period and other and other != team and at is not None and kinds:
                    against.append((at, max(kinds)))
            elapsed = any(at < scored <= at + width for at, width in against)
            # on a countdown the time played is the period's length less the time written
            remaining = any(length - at < length - scored <= length - at + width for at, width in against)
            fits["elapsed"] += elapsed and not remaining
            fits["remaining"] += remaining and not elapsed
        return fits["elapsed"], fits["remaining"]

    def _check_clock(self, settings: dict, games: list, periods: int, goals=None) -> None:
        """The clock against the lines at a period's edge: a line at exactly the period's length
        (20:00) is the period's end if the clock counts time played (elapsed), its first second
        if it counts down; a line at 00:00 the other way round. End-of-period lines are common
        (misconducts after the buzzer) and first-second ones rare, so the edges tell the clock.
        A clock most such lines contradict is a warning with the counts; `clock: infer` takes
        the clock they tell, and says so."""
        if self.clock_at is None:
            return
        file, line = self.clock_at
        minutes = settings.get("period_minutes")
        length = f"{minutes if isinstance(minutes, int) else 20:02d}:00"
        full = zero = 0  # lines at the period's length, at 00:00 (games on the season's clock)
        for game in games:
            if game.get("clock"):
                continue
            for incident in game["incidents"]:
                if isinstance(incident["period"], int) and incident["period"] <= periods:
                    full += incident.get("time") == length
                    zero += incident.get("time") == "00:00"
        counts = f"{full} line{'s' if full != 1 else ''} at {length} and {zero} at 00:00"
        if goals is not None:  # goals.csv's power-play goals, as votes of their own
            counts += f"; {goals[0]} power-play goals fit only elapsed and {goals[1]} only remaining"
            full, zero = full + goals[0], zero + goals[1]
        voters = " and power-play goals" if goals is not None else ""
        row = line
        if self.infer_clock:
            if full == zero:
                self.error(
                    file,
                    row,
                    f"clock infer: the lines do not tell the clock ({counts}); give it (remaining or elapsed)",
                    "value",
                )
                return
            settings["clock"] = "elapsed" if full > zero else "remaining"
            self.notes.append(
                Problem(
                    file,
                    f"clock inferred: {settings['clock']} ({counts}: lines at a period's end are "
                    f"common, at its first second rare)",
                    row,
                )
            )
            return
        clock = settings.get("clock")
        against, told = (zero, full) if clock == "elapsed" else (full, zero)
        if against >= 3 and against > 2 * told:
            other = "remaining" if clock == "elapsed" else "elapsed"
            self.notes.append(
                Problem(
                    file,
                    f"the clock is {clock}, but most lines at a period's edge{voters} say {other} ({counts}: "
                    f"lines at a period's end are common, at its first second rare): check the clock",
                    row,
                )
            )

    def _issued(self, rows: list[_Row]) -> list:
        """issued.csv: the suspensions the league issued (hockeyrules/read/issued.py reads the cells)."""
        # (here: start-up time: only for a folder with issued.csv)
        from hockeyrules.read.issued import rows_to_entries

        entries, problems = rows_to_entries([(row.line or 0, row.cells) for row in rows], "issued.csv")
        self.problems += problems
        for k, row in enumerate(rows):
            self.origin(("issued", k), "issued.csv", row.line)
        return entries

    def _settings(self, rows: list[_Row], top: dict) -> dict:
        file = "settings.csv"
        settings: dict = {}
        seen: dict[str, int | None] = {}
        for row in rows:
            file = row.file or "settings.csv"  # a mapping file's settings are located there
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
            elif key == "clock" and column_key(value) == "infer":
                self.clock_at, self.infer_clock = (file, row.line), True  # from the lines: _check_clock
                settings["clock"] = "remaining"
                self.origin(("settings", "clock"), file, row.line)
            elif key == "clock":
                self.clock_at = (file, row.line)
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
        file = "settings.csv"
        for key, value in self.overrides.items():
            if key in TEXT_TOP:
                top[key] = value
            elif key == "clock":  # given in place of settings.csv's (--clock): checked the same way
                self.clock_at, self.infer_clock = ("--clock", None), column_key(value) == "infer"
                settings[key] = "remaining" if self.infer_clock else value
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
            self.error(file, row.line, str(why), column)  # (why is given whenever tid is None)
            if path is not None:
                self.reported.add(render_path(path))
        return tid

    def _people(self, rows: list[_Row]) -> list:
        file = "people.csv"
        out: list = []
        numbered: dict[str, tuple[dict, _Row]] = {}  # a person's first row with a number
        members: dict[str, tuple[dict, _Row]] = {}  # a person's first row with team_from/team_to
        for row in rows:
            pid = row.get("id")
            if (row.get("team_from") or row.get("team_to")) and pid in members:
                self._member_row(members[pid], row)  # another team of the same person, for other dates
                continue
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
                self._as_first(row, first_row, pid, ("name", "team", "role"), "another number only")
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
            if row.get("team_from") or row.get("team_to"):
                members[pid] = (person, row)
                person["teams"] = []
                self._member_row(members[pid], row, i)
            out.append(person)
        for person in out:
            if person.get("teams"):
                person.pop("team", None)  # the latest membership's (season format)
        return out

    def _as_first(self, row: _Row, first_row: _Row, pid: str, columns: tuple, gives: str) -> None:
        """A second people.csv row of `pid`: each of `columns` it fills as its first row does."""
        for column in columns:
            mine, theirs = row.get(column).strip(), first_row.get(column).strip()
            if mine and mine != theirs:
                self.error(
                    "people.csv",
                    row.line,
                    f"{mine!r} differs from {theirs!r} on line {first_row.line}, the first row of "
                    f"{pid!r} (a second row of a person gives {gives})",
                    column,
                )

    def _member_row(self, first: tuple, row: _Row, i: int | None = None) -> None:
        """A people.csv row with team_from/team_to: a membership of the person of `first`
        (its first such row) in the row's team from a date to a date."""
        person, first_row = first
        file = "people.csv"
        later = i is None
        if i is None:
            i = self.people_index[person["id"]]
            self._as_first(row, first_row, person["id"], ("name", "role"), "another team or number only")
        else:
            self.people_index[person["id"]] = i
        k = len(person["teams"])
        team = self._team(file, row, "team", ("people", i, "teams", k, "team"))
        member = {"team": team if team is not None else row.get("team")}
        for column, key in (("team_from", "from"), ("team_to", "to")):
            date = self._number_date(row, column)
            if date is not None:
                member[key] = date
        self.origin(("people", i, "teams", k), file, row.line)
        person["teams"].append(member)
        if row.get("number") and later:
            since, until = (self._number_date(row, c) for c in ("number_from", "number_to"))
            self._number(member["team"], person["id"], row.get("number"), since, until, row)

    def _moves(self, rows: list[_Row], people: list) -> None:
        """moves.csv: from a date on (to a date, or the person's next move), a person belongs to
        a team; before his first move, to his people.csv team."""
        file = "moves.csv"
        by_id = {p["id"]: (i, p) for i, p in enumerate(people)}
        moves: dict = {}
        for row in rows:
            pid = row.get("person")
            if pid not in by_id:
                self.error(file, row.line, f"unknown person {pid!r} (not in people.csv)", "person")
                continue
            team = self._team(file, row, "team")
            if team is None:
                if not row.get("team"):
                    self.error(file, row.line, "empty: name the team the person moves to", "team")
                continue
            start = self._date(file, row, "from")[0] if row.get("from") else ""
            if not _is_date(start):
                self.error(file, row.line, f"not a date: {row.get('from')!r} (2025-11-30)", "from")
                continue
            end = self._date(file, row, "to")[0] if row.get("to") else None
            if end is not None and not _is_date(end):
                self.error(file, row.line, f"not a date: {row.get('to')!r} (2025-11-30)", "to")
                continue
            moves.setdefault(pid, []).append((start, team, end, row.line))
        for pid, found in moves.items():
            i, person = by_id[pid]
            found.sort()
            teams: list = list(person.get("teams") or [])
            if not teams and person.get("team"):  # before the first move: people.csv's team
                teams.append({"team": person["team"], "to": _day_before(found[0][0])})
                self.origin(("people", i, "teams", 0), "people.csv", self.lines.get(("people", i)))
            for n, (start, team, end, line) in enumerate(found):
                member = {"team": team, "from": start}
                if end is not None:
                    member["to"] = end
                elif n + 1 < len(found):
                    member["to"] = _day_before(found[n + 1][0])
                self.origin(("people", i, "teams", len(teams)), file, line)
                teams.append(member)
            person["teams"] = teams
            person.pop("team", None)

    def _from_incidents(self, data: dict, games: list) -> None:
        """membership: from_incidents: each line's team is its person's team on that game's
        date. A person whose lines name other teams than people.csv (or name one where
        people.csv gives none) has his teams from them: each team from the first game he has
        a line for it (after a line for another team), to the day before his next team's
        first; one warning counts them."""
        seen: dict = {}  # person -> [(date, team, game index)]
        for pid, gi, team in self.line_teams:
            seen.setdefault(pid, []).append((games[gi]["date"], team, gi))
        changed = []
        for i, person in enumerate(data["people"]):
            found = seen.get(person["id"])
            if not found or person.get("teams"):
                continue
            found.sort()
            runs: list = []  # [team, first date]
            for date, team, _gi in found:
                if runs and runs[-1][0] == team:
                    continue
                if runs and runs[-1][1] == date:
                    self.error(
                        "incidents.csv",
                        None,
                        f"{person['id']!r} has lines for {runs[-1][0]!r} and {team!r} on {date}: "
                        f"one team a day (membership: from_incidents)",
                    )
                runs.append([team, date])
            if len(runs) == 1 and runs[0][0] == person.get("team"):
                continue
            changed.append(person.get("name") or person["id"])
            if len(runs) == 1:
                person["team"] = runs[0][0]
                continue
            teams = []
            for n, (team, first) in enumerate(runs):
                member: dict = {"team": team}
                if n:
                    member["from"] = first
                if n + 1 < len(runs):
                    member["to"] = _day_before(runs[n + 1][1])
                teams.append(member)
                self.origin(("people", i, "teams", n), "people.csv", self.lines.get(("people", i)))
            person["teams"] = teams
            person.pop("team", None)
        if changed:
            shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
            self.notes.append(
                Problem(
                    "people.csv",
                    f"membership: from_incidents: the team of {len(changed)} "
                    f"{'person' if len(changed) == 1 else 'persons'} taken from their lines, "
                    f"game by game (people.csv gives another team, or none): {shown}",
                    None,
                )
            )

    def _seasons(self, rows: list[_Row]) -> dict[str, str]:
        """A season id -> the kind of its games: seasons.csv's kind, else its playoff and career
        flags (HockeyTech's: a playoff season; a season that does not count, exhibition), and
        the mapping's seasons."""
        file = "seasons.csv"
        out: dict[str, str] = {}
        for row in rows:
            kind = "regular"
            try:
                if row.get("kind"):
                    kind = self.mapping.choice("kinds", row.get("kind"), "game kind")
                elif row.get("playoff") and Mapping.boolean(row.get("playoff")):
                    kind = "playoff"
                elif row.get("career") and not Mapping.boolean(row.get("career")):
                    kind = "exhibition"
            except MappingError as exc:
                self.error(file, row.line, str(exc))
            out[row.get("id")] = kind
        out.update(self.mapping.options["seasons"])
        return out

    def _date(
        self, file: str, row: _Row, column: str, with_time: bool = False, path: tuple | None = None
    ) -> tuple[str, str | None]:
        """A date cell as YYYY-MM-DD, and the start time an ISO date-time carries (the local time
        as written: its offset only says where that local time is). A day-first or month-first
        date is read as the mapping's date_format says; without it, only where the day is over 12."""
        text = row.get(column)
        told = len(self.problems)
        try:
            return self._date_cell(file, row, column, text, with_time)
        finally:
            if path is not None and len(self.problems) > told:
                self.reported.add(render_path(path))  # not again by the season check

    def _date_cell(self, file: str, row: _Row, column: str, text: str, with_time: bool) -> tuple[str, str | None]:
        m = _DATE_TIME.match(text)
        if m:
            if m.group(4) == "Z":
                self.error(
                    file,
                    row.line,
                    f"{text!r} is a UTC time: the local date and start are not known; give them as the "
                    f"league's local time (2024-01-01T12:30:00-05:00) or the date alone",
                    column,
                )
                return _date_text(m.group(1)), None
            if not with_time:
                return _date_text(m.group(1)), None
            return _date_text(m.group(1)), f"{int(m.group(2)):02d}:{m.group(3)}"
        m = _DAY_FIRST.match(text)
        if m:
            first, second, year = int(m.group(1)), int(m.group(2)), m.group(3)
            fmt = self.mapping.options["date_format"]
            if fmt == "YYYY-MM-DD":
                if first > 12 >= second:
                    fmt = "DD/MM/YYYY"
                elif second > 12 >= first:
                    fmt = "MM/DD/YYYY"
                else:
                    self.error(
                        file,
                        row.line,
                        f"{text!r} could be day/month or month/day: say which in the mapping file "
                        f"(date_format: DD/MM/YYYY or MM/DD/YYYY)",
                        column,
                    )
                    return text, None
            day, month = (first, second) if fmt == "DD/MM/YYYY" else (second, first)
            date = f"{year}-{month:02d}-{day:02d}"
            if not _is_date(date):
                self.error(file, row.line, f"not a date in the form {fmt}: {text!r}", column)
            return date, None
        return _date_text(text), None

    def _number_date(self, row: _Row, column: str) -> str | None:
        text = row.get(column)
        if not text:
            return None
        date = self._date("people.csv", row, column)[0]
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
            date, start = self._date(file, row, "date", with_time=True, path=("games", i, "date"))
            game: dict = {"id": row.get("id"), "date": date}
            if row.get("start"):
                game["start"] = _start_text(row.get("start"))
            elif start:
                game["start"] = start
            for side in ("home", "away"):
                team = self._team(file, row, side, ("games", i, side))
                game[side] = team if team is not None else row.get(side)
            season = row.get("season")
            if not row.get("kind") and season:
                kind = self.season_kinds.get(season)
                if kind is None:
                    known = ", ".join(sorted(self.season_kinds)) or "none: add a seasons.csv or the mapping's seasons"
                    self.error(file, row.line, f"unknown season {season!r} (the seasons: {known})", "season")
                game["kind"] = kind or "regular"
            else:
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
            if row.get("status"):  # words or a system's codes (the mapping's statuses)
                try:
                    game["status"] = self.mapping.choice("statuses", row.get("status"), "game status")
                except MappingError as exc:
                    self.error(file, row.line, f"{exc} (a system's own codes go in the mapping's statuses)", "status")
            game["incidents"] = []
            index.setdefault(game["id"], i)  # a repeated id is reported by the season check
            self.origin(("games", i), file, row.line)
            out.append(game)
        return out, index

    def _game(self, file: str, row: _Row, index: dict):
        gid = row.get("game")
        if gid not in index and gid in self.left_out.get("games.csv", ()):
            return None  # a game the mapping's `where` leaves out: its lines go with it
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
        header = self.headers.get((file, "person"), "")
        numbers = self.mapping.options["numbers_in_id_columns"] or not _ID_HEADER.search(header.strip())
        pid, why = self.registry.person(text, row.get("number"), team, date, numbers)
        if pid is None:
            column = "person" if row.get("person") or not row.get("number") else "number"
            self.error(file, row.line, str(why), column)  # (why is given whenever pid is None)
        return pid

    def _dressed(self, rows: list[_Row], games: list, index: dict, teams_of: dict, members: dict) -> None:
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
                team = teams_of.get(person) or _member_on(members.get(person), games[gi]["date"])
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
        apart: list[dict] = []  # misconduct rows written apart from the line they complete
        for seq, row in enumerate(rows):
            file = row.file
            gi = self._game(file, row, index)
            if gi is None:
                continue
            bad = False
            team = self._team(file, row, "team")
            if row.get("team") and team is None:
                continue
            bench = False  # a bench penalty: a team line, whoever the person cell names (who serves it)
            if row.get("bench"):
                try:
                    bench = Mapping.boolean(row.get("bench"))
                except MappingError as exc:
                    self.error(file, row.line, str(exc), "bench")
                if bench and not team:
                    self.error(file, row.line, "a bench penalty needs its team (a team column)", "bench")
                    continue
            person = None
            if not bench and (row.get("person") or row.get("number") or not team):
                person = self._person(file, row, team, games[gi]["date"])
                if person is None:
                    continue
            try:
                period = self.mapping.period(row.get("period"), periods)
            except MappingError as exc:
                self.error(file, row.line, str(exc), "period")
                period, bad = "post", True
            time = _clock_text(row.get("time")) if row.get("time") else None
            if self._alone(row):  # a misconduct row with no infraction of its own
                infraction, implied = None, None
            else:
                infraction, implied = self._infraction(row)
                if infraction is None:
                    infraction, bad = "misconduct", True
            penalties = self._penalties(row, implied)
            if penalties == ["misconduct"] and infraction in ("game_misconduct", "gross_misconduct"):
                penalties = [infraction]  # class Misconduct, described as a Game Misconduct: HockeyTech's
            minutes = None
            if row.get("minutes"):
                minutes = _whole(row.get("minutes"))
                if minutes is None:
                    self.error(file, row.line, f"not a whole number of minutes: {row.get('minutes')!r}", "minutes")
            if person is not None and team:
                self.line_teams.append((person, gi, team))
            if person is not None and team and teams_of.get(person) and teams_of[person] != team:
                self.error(
                    file, row.line, f"{person!r} plays for {teams_of[person]!r} (people.csv), not {team!r}", "team"
                )
            stoppage = row.get("stoppage") or None
            label = row.get("incident")
            # a team line (season format revision 2): a team and no person
            fields: dict = {"person": person} if person is not None else {"team": team}
            fields.update(period=period, time=time, infraction=infraction)
            who = ("person", person) if person is not None else ("team", team)
            if not label and not bad and penalties and all(p in _APART for p in penalties):
                if infraction is None or infraction in _APART:
                    apart.append({"seq": seq, "gi": gi, "who": who, "fields": fields, "row": row})
                    apart[-1].update(penalties=penalties, minutes=minutes, stoppage=stoppage)
                    continue
            key = (gi, "#", label) if label else (gi, who, period, time, infraction)
            group = groups.get(key)
            if group is None:
                group = self._group(seq, who, fields, row, stoppage, bad)
                groups[key] = group
                order.setdefault(gi, []).append(group)
            else:
                if label:
                    for column in ("person", "team", "period", "time", "infraction"):
                        value, first = fields.get(column), group["fields"].get(column)
                        if column == "infraction" and (value is None or first is None):
                            # a misconduct row of the incident with no infraction of its own
                            group["fields"]["infraction"] = first or value
                            continue
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
        for line in apart:
            self._join(line, order.get(line["gi"], []), order)
        for gi, incidents in order.items():
            incidents.sort(key=lambda group: group["seq"])  # the order of their first rows
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

    @staticmethod
    def _group(seq: int, who: tuple, fields: dict, row: _Row, stoppage, bad: bool) -> dict:
        return {
            "seq": seq,
            "who": who,
            "line": row.line,
            "file": row.file,
            "fields": fields,
            "stoppage": (stoppage, row.line, row.file),
            "penalties": [],
            "minutes": [],
            "bad": bad,
        }

    def _alone(self, row: _Row) -> bool:
        """A row with no infraction of its own whose penalty is of the misconduct class: it
        completes another line of its person and time (joined in _join). An infraction cell that
        only names the penalty again and no infraction ('Match' of class Match, as GameSheet's
        penalty list has it) is no infraction of its own either."""
        text = row.get("infraction")
        if row.get("rule") or not row.get("penalty"):
            return False
        try:
            penalties = self.mapping.penalties(row.get("penalty"))
            if not text:
                return all(p in _APART for p in penalties)
            if not all(p in _APART for p in penalties) or self.mapping.penalties(text) != penalties:
                return False
        except MappingError:
            return False
        try:
            self.mapping.infraction_and_penalty(text)
        except MappingError:
            return True  # the penalty's name alone
        return False  # a word of an infraction too ('Game Misconduct'): read as one

    def _join(self, line: dict, groups: list, order: dict) -> None:
        """A misconduct row written apart, joined to the line of its person, game and period at
        its time (or within the mapping's join_seconds, said in a warning); where there is no
        such line, or two, a line of its own, with a warning."""
        row, fields = line["row"], line["fields"]
        limit = self.mapping.options["join_seconds"]
        near: list[tuple[int, dict]] = []
        for group in groups:
            theirs = group["fields"]
            if group["who"] != line["who"] or group["bad"] or theirs["period"] != fields["period"]:
                continue
            gap = _gap(theirs.get("time"), fields["time"])
            if gap is not None and gap <= limit:
                near.append((gap, group))
        kinds = " and ".join(k.replace("_", " ") for k in line["penalties"])
        who = self._who(line["who"])
        when = f"{fields['time']} of period {fields['period']}" if fields["time"] else f"period {fields['period']}"
        best = min((gap for gap, _ in near), default=None)
        closest = [group for gap, group in near if gap == best]
        if len(closest) == 1:
            group = closest[0]
            for kind in line["penalties"]:
                self._add_penalty(group, kind, row)
            group["minutes"].append(line["minutes"])
            if best:
                self.notes.append(
                    Problem(
                        row.file,
                        f"the {kinds} of {who} at {when} joined to the {group['fields']['infraction'].replace('_', ' ')} line at "
                        f"{group['fields']['time']} ({_at(group['file'], group['line'], row.file)}), {best} s "
                        f"apart: the sheet's one incident; check the times",
                        row.line,
                    )
                )
            return
        if closest:
            lines = " and ".join(_at(g["file"], g["line"], row.file) for g in closest)
            why = f"it could complete the lines on {lines}: kept as a line of its own; give the infraction"
        else:
            why = f"no line of {who} within {limit} s to join: kept as a line of its own"
        infraction = fields["infraction"]
        if infraction is None:
            infraction = line["penalties"][0]
            if infraction not in vocab.INFRACTIONS:
                self.error(row.file, row.line, f"a {kinds} with no infraction, and {why.split(':')[0]}", "infraction")
                return
        self.notes.append(Problem(row.file, f"the {kinds} of {who} at {when}: {why}", row.line))
        group = self._group(line["seq"], line["who"], dict(fields, infraction=infraction), row, line["stoppage"], False)
        for kind in line["penalties"]:
            self._add_penalty(group, kind, row)
        group["minutes"].append(line["minutes"])
        order.setdefault(line["gi"], []).append(group)

    def _who(self, who: tuple) -> str:
        """A person's or team's name, as a league person reads it."""
        kind, key = who
        if kind == "person":
            return self.registry.people.get(key, {}).get("name") or key
        return self.registry.teams.get(key) or key

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
            decision["date"] = self._date(file, row, "date")[0]
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


def _moved(path: tuple, moved: dict) -> tuple:
    """A season path with its person's new index (); () for a person left out."""
    if path[:1] != ("people",) or len(path) < 2:
        return path
    return ("people", moved[path[1]]) + path[2:] if path[1] in moved else ()


def _member_on(teams: list | None, date: str) -> str | None:
    """The team of a person on several teams on that date (his memberships as season data)."""
    for m in teams or ():
        if (m.get("from") or "") <= date and (m.get("to") is None or date <= m["to"]):
            return m.get("team")
    return None


def _day_before(date: str) -> str:
    return (_dt.date.fromisoformat(date) - _dt.timedelta(days=1)).isoformat()


def _seconds(time: str | None) -> int | None:
    m = _TIME.match(time) if time else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def _gap(one: str | None, other: str | None) -> int | None:
    """Seconds between two times of a period; 0 for two lines without a time (pre, post)."""
    if one == other:
        return 0
    a, b = _seconds(one), _seconds(other)
    return abs(a - b) if a is not None and b is not None else None


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
    reader = FolderReader(path, mapping, settings, encoding)
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
    reader = FolderReader(path, mapping, settings, encoding)
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
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.read.season import load

    if Path(path).is_dir():
        return load_folder(path, mapping, settings=settings, encoding=encoding)
    return load(path)
