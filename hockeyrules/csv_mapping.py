"""THE table of the words, abbreviations and rule numbers of league exports.

A league's scoring system writes "Checking from Behind", "7.2", "GM", "Misc.",
"3rd" or "Head Coach" where the season format (season-format.md) has the codes
`checking_from_behind`, `boarding`, `game_misconduct`, `misconduct`, 3 and
`head_coach`. This module is the one place that says which text means which
code; the CSV importer (csvio.py) only asks it. A league adds its own words
with a mapping file (`Mapping.load`), which is checked against the vocabulary
and takes precedence over the built-in words.

Rule numbers are not retyped here: they come from
`vocabulary.RULED_INFRACTIONS`. A number shared by several codes (7.10(e),
7.11(a), 10.4(e)) is ambiguous on its own: the line must also carry words
("7.10(e) Joining a fight") or the code, else it is an error.

Matching ignores case, accents' composition, punctuation and spacing:
"Cross-Checking", "cross checking" and "CROSS_CHECKING" are one word
(`norm`).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from . import vocabulary as vocab

__all__ = ["Mapping", "MappingError", "norm", "RULE_CODES", "COLUMNS", "SHOOTOUT"]


class MappingError(ValueError):
    """A cell that the table cannot map; the message says why and what would."""


def norm(text) -> str:
    """Case, punctuation and spacing removed: 'Cross-Checking ' -> 'cross checking'."""
    text = unicodedata.normalize("NFKC", str(text)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


def column_key(text) -> str:
    """A header as a column name: 'Game ID' -> 'game_id'."""
    return "_".join(norm(text).split())


# ------------------------------------------------------------------ infractions
# Words a league export may use for each code, beyond the code itself (which is
# always accepted, with any case, spaces for underscores and punctuation).
INFRACTION_WORDS: dict[str, tuple[str, ...]] = {
    "unsportsmanlike_conduct": ("unsportsmanlike", "unsportsman like conduct", "unsportsmanlike behaviour",
                                "unsportsmanlike behavior"),
    "abusive_behaviour": ("abusive behavior", "abuse of officials", "abuse of official", "abuse of an official",
                          "verbal abuse of officials", "verbal abuse of an official"),
    "spitting": ("spit", "spitting on an opponent"),
    "discrimination": ("discriminatory", "discriminatory slur", "discriminatory remarks", "harassment discrimination"),
    "physical_harassment_of_officials": ("physical harassment of an official", "physical abuse of officials",
                                         "physical abuse of an official", "physical harassment of official"),
    "attempt_to_injure": ("attempt to injure", "attempting to injure", "intent to injure"),
    "boarding": ("board", "boarding penalty"),
    "body_checking": ("body check", "body checking", "illegal body check", "illegal body checking"),
    "charging": ("charge",),
    "checking_from_behind": ("check from behind", "checking from behind", "cfb", "hit from behind"),
    "head_contact": ("contact to the head", "head contact", "checking to the head", "check to the head"),
    "kneeing": ("knee", "kneeing"),
    "roughing": ("roughing",),
    "fighting": ("fight", "fisticuffs"),
    "joining_fight": ("joining a fight", "joining fight", "joining", "third man in", "third player in",
                      "third player into a fight", "peacemaker"),
    "secondary_fight": ("secondary fight", "second fight", "secondary", "subsequent fight"),
    "instigator": ("instigator", "instigating", "instigating a fight", "instigator of a fight"),
    "aggressor": ("aggressor", "aggressor in a fight"),
    "interference": ("interference",),
    "interference_from_bench": ("interference from bench", "interference from the bench", "bench interference"),
    "goaltender_interference": ("goalie interference", "interference on goaltender", "interference on the goaltender",
                                "goalkeeper interference"),
    "clipping": ("clip",),
    "slew_footing": ("slew foot", "slew footing", "slewfoot", "slewfooting"),
    "butt_ending": ("butt end", "butt ending", "butt end of stick"),
    "cross_checking": ("cross check", "cross checking", "crosscheck", "crosschecking"),
    "slashing": ("slash",),
    "spearing": ("spear",),
    "first_off_bench": ("first off bench", "first off the bench", "first player off bench",
                        "first player off the bench", "first to leave the bench", "first player to leave the bench",
                        "first player leaving the bench"),
    "left_bench": ("left the bench", "leaving bench", "leaving the bench", "leaving players bench",
                   "leaving the players bench", "leaving bench for an altercation",
                   "leaving the bench for an altercation"),
    "returning_after_ejection": ("returning after ejection", "returning to the ice after ejection",
                                 "return after ejection", "returning to ice after ejection"),
    "throwing_object": ("throwing stick", "throwing a stick", "throwing object", "throwing an object",
                        "throwing equipment", "throwing stick or object"),
    "refusing_to_start_play": ("refusing to start play", "refusal to start play", "refusing to play",
                               "refusal to play"),
    "misconduct": ("misc", "misconduct penalty", "10 minute misconduct"),
    "game_misconduct": ("gm", "gmc", "game misc", "game misconduct penalty"),
    "gross_misconduct": ("gross misc", "gross", "gross misconduct penalty"),
    # ordinary infractions
    "tripping": ("trip",),
    "hooking": ("hook",),
    "holding": ("hold",),
    "holding_the_stick": ("holding stick", "holding the stick", "holding an opponents stick"),
    "high_sticking": ("high stick", "high sticking", "highsticking"),
    "elbowing": ("elbow",),
    "delay_of_game": ("delay", "delay of game", "delaying the game"),
    "too_many_players": ("too many men", "too many players", "too many players on the ice",
                         "too many men on the ice"),
    "embellishment": ("diving", "dive", "embellishment diving"),
    "body_contact": ("body contact", "illegal body contact"),
    "illegal_equipment": ("illegal equipment", "dangerous equipment"),
    "broken_stick": ("broken stick", "playing with a broken stick"),
    "closing_hand_on_puck": ("closing hand on puck", "closing hand on the puck", "hand on puck"),
    "goaltender_leaving_crease": ("goaltender leaving crease", "goalie leaving crease",
                                  "goaltender leaving the crease"),
    "illegal_substitution": ("illegal substitution", "illegal sub"),
}

# Rule number -> the codes tied to it, derived from the vocabulary.
RULE_CODES: dict[str, tuple[str, ...]] = {}
for _code, _rule in vocab.RULED_INFRACTIONS.items():
    RULE_CODES[_rule] = RULE_CODES.get(_rule, ()) + (_code,)
del _code, _rule

# ------------------------------------------------------------------ penalty types
PENALTY_WORDS: dict[str, tuple[str, ...]] = {
    "minor": ("min", "mnr", "minor penalty", "bench minor", "2 minute minor"),
    "double_minor": ("double minor", "dbl minor", "double minor penalty", "2 minors", "two minors", "minor x2",
                     "double"),
    "major": ("maj", "major penalty", "5 minute major"),
    "misconduct": ("misc", "msc", "misconduct penalty", "10 minute misconduct"),
    "game_misconduct": ("game misconduct", "game misc", "gm", "gmc", "game misconduct penalty"),
    "gross_misconduct": ("gross misconduct", "gross misc", "gross", "gross misconduct penalty"),
    "match": ("match penalty", "mp", "match pen"),
    "game_ejection": ("game ejection",),
}
# tokens dropped from a penalty cell that is not otherwise understood: "Minor (2)", "5 min Major"
_PENALTY_NOISE = re.compile(r"^(\d+|min|mins|minute|minutes|pim|penalty)$")
_PENALTY_SPLIT = re.compile(r"\s*(?:[+;,&]|\band\b)\s*", re.IGNORECASE)

# ------------------------------------------------------------------ periods
SHOOTOUT = "shootout"  # a table value: not a period of the season format
PERIOD_WORDS: dict[str, object] = {
    "first": 1, "second": 2, "third": 3,
    "ot": "OT", "overtime": "OT", "ot1": "OT", "1st ot": "OT", "first overtime": "OT",
    "so": SHOOTOUT, "shootout": SHOOTOUT, "shoot out": SHOOTOUT, "s o": SHOOTOUT, "sho": SHOOTOUT,
    "pre": "pre", "pregame": "pre", "pre game": "pre", "before game": "pre", "before the game": "pre",
    "warmup": "pre", "warm up": "pre", "warm ups": "pre",
    "post": "post", "postgame": "post", "post game": "post", "after game": "post", "after the game": "post",
}
_ORDINAL = re.compile(r"^(?:p|per|period )?(\d+)(?:st|nd|rd|th)?(?: period)?$")
_OVERTIME = re.compile(r"^(?:(?:ot|overtime) ?(\d+)|(\d+)(?:st|nd|rd|th)? ?(?:ot|overtime))$")

# ------------------------------------------------------------------ other columns
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "player": ("p", "skater", "goaltender", "goalie", "g", "f", "d", "forward", "defence", "defense"),
    "head_coach": ("hc", "head coach", "coach head"),
    "assistant_coach": ("ac", "asst coach", "assistant coach", "asst", "assistant"),
    "trainer": ("tr", "trainer", "athletic therapist", "safety person", "safety", "therapist"),
    "manager": ("mgr", "team manager", "manager"),
}
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "regular": ("reg", "regular season", "rs", "league"),
    "playoff": ("playoffs", "po", "post season", "postseason"),
    "exhibition": ("exh", "ex", "pre season", "preseason", "exhibition game"),
}
CLOCK_WORDS: dict[str, tuple[str, ...]] = {
    "remaining": ("time remaining", "countdown", "count down", "scoreboard", "down"),
    "elapsed": ("time elapsed", "count up", "time played", "up"),
}
TRUE_WORDS = ("true", "yes", "y", "1", "x", "ap", "affiliate", "t")
FALSE_WORDS = ("false", "no", "n", "0", "f")

# The files of a CSV season folder, their columns (season field names) and the
# header words accepted for each. A header is compared as column_key(header).
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {
    "settings.csv": {"key": ("setting", "name"), "value": ()},
    "teams.csv": {"id": ("team_id", "team", "code"), "name": ("team_name",)},
    "people.csv": {
        "id": ("person_id", "player_id", "person", "member_id"),
        "name": ("person_name", "player_name", "full_name"),
        "team": ("team_id",),
        "role": ("position_role",),
        "affiliate": ("affiliated", "ap"),
        "registered_team": ("registered_with", "registration_team", "home_club"),
    },
    "games.csv": {
        "id": ("game_id", "game", "game_number", "game_no"),
        "date": ("game_date",),
        "start": ("start_time", "time", "game_time"),
        "home": ("home_team", "home_id"),
        "away": ("away_team", "visitor", "visitors", "visiting_team", "away_id"),
        "kind": ("game_type", "type"),
    },
    "dressed.csv": {
        "game": ("game_id",),
        "team": ("team_id",),
        "person": ("person_id", "player_id", "player", "member_id"),
    },
    "incidents.csv": {
        "game": ("game_id",),
        "incident": ("sheet_line", "incident_no", "line_no"),
        "person": ("person_id", "player_id", "player", "member_id"),
        "team": ("team_id",),
        "period": ("per", "prd"),
        "time": ("clock", "time_of_penalty", "penalty_time"),
        "infraction": ("offence", "offense", "infraction_code", "violation", "penalty_name"),
        "rule": ("rule_number", "rule_no", "rule_num"),
        "penalty": ("penalties", "penalty_type", "type"),
        "minutes": ("pim", "mins", "min"),
        "stoppage": ("stoppage_id",),
    },
    "decisions.csv": {
        "person": ("person_id",),
        "game": ("game_id",),
        "rule": (),
        "set_games": (),
        "add_games": (),
        "date": ("decision_date",),
        "reason": (),
    },
}

_TABLES = ("infractions", "penalties", "periods", "roles", "kinds", "clocks")

# rule number at the start ("7.10(e) Joining") or the end ("Boarding (7.2)") of a cell
_RULE = r"(?:rule\s*|r\.?\s*)?(\d{1,2})\.(\d{1,2})(?:\s*\(\s*([a-z])\s*\)|([a-z])\b)?"
_RULE_FIRST = re.compile(r"^\s*" + _RULE + r"\s*[-–—:,/]?\s*(.*?)\s*$", re.IGNORECASE)
_RULE_LAST = re.compile(r"^\s*(.*?)\s*[-–—:,/]?\s*\(?\s*" + _RULE + r"\s*\)?\s*$", re.IGNORECASE)


def _words(table: dict[str, tuple[str, ...]], name: str) -> dict[str, str]:
    """word -> code, every code also standing for itself; a word used twice is a bug here."""
    out: dict[str, str] = {}
    for code, words in table.items():
        for word in (code,) + tuple(words):
            key = norm(word)
            if out.get(key, code) != code:
                raise AssertionError(f"{name}: {word!r} means both {out[key]} and {code}")
            out[key] = code
    return out


def _check_tables() -> None:
    assert set(INFRACTION_WORDS) <= vocab.INFRACTIONS, set(INFRACTION_WORDS) - vocab.INFRACTIONS
    assert set(PENALTY_WORDS) == set(vocab.PENALTIES)
    assert set(ROLE_WORDS) == set(vocab.ROLES)
    assert set(KIND_WORDS) == set(vocab.GAME_KINDS)
    assert set(CLOCK_WORDS) == set(vocab.CLOCKS)
    for value in PERIOD_WORDS.values():
        assert value in (1, 2, 3, "OT", "pre", "post", SHOOTOUT), value


_check_tables()
_BUILTIN = {
    "infractions": _words({code: INFRACTION_WORDS.get(code, ()) for code in sorted(vocab.INFRACTIONS)},
                          "infractions"),
    "penalties": _words(PENALTY_WORDS, "penalties"),
    "roles": _words(ROLE_WORDS, "roles"),
    "kinds": _words(KIND_WORDS, "kinds"),
    "clocks": _words(CLOCK_WORDS, "clocks"),
    "periods": {norm(k): v for k, v in PERIOD_WORDS.items()},
}
_KNOWN = {"infractions": vocab.INFRACTIONS, "penalties": vocab.PENALTIES, "roles": vocab.ROLES,
          "kinds": vocab.GAME_KINDS, "clocks": vocab.CLOCKS}


def _split_rule(text: str):
    """(number, letter or None, words) of a cell naming a rule number, or None."""
    for pattern, first in ((_RULE_FIRST, True), (_RULE_LAST, False)):
        m = pattern.match(text)
        if not m:
            continue
        groups = m.groups()
        if first:
            major, minor, sub1, sub2, words = groups
        else:
            words, major, minor, sub1, sub2 = groups
        return f"{int(major)}.{minor}", (sub1 or sub2 or "").lower() or None, words.strip(" -–—:,/()")
    return None


def _rule_candidates(number: str, sub: str | None) -> tuple[str, tuple[str, ...]]:
    """The rule as it is in the table and its codes (none: not in the table)."""
    if sub:
        exact = f"{number}({sub})"
        if exact in RULE_CODES:
            return exact, RULE_CODES[exact]
        if number in RULE_CODES:  # 7.10(b): a clause of 7.10, fighting
            return number, RULE_CODES[number]
        return exact, ()
    if number in RULE_CODES:
        return number, RULE_CODES[number]
    codes = tuple(c for rule, cs in RULE_CODES.items() if rule.startswith(number + "(") for c in cs)
    return number, codes


def _rule_fits(code: str, number: str, sub: str | None) -> bool:
    rule = vocab.RULED_INFRACTIONS.get(code)
    if rule is None:
        return False
    if sub:
        exact = f"{number}({sub})"
        return rule == exact or (exact not in RULE_CODES and rule == number)
    return rule == number or rule.startswith(number + "(")


def _rules_of(number: str) -> str:
    """'10.4(e) first_off_bench or left_bench; 10.4(f) returning_after_ejection'."""
    parts = [f"{rule} {' or '.join(codes)}" for rule, codes in RULE_CODES.items()
             if rule == number or rule.startswith(number + "(")]
    return "; ".join(parts)


class Mapping:
    """The built-in table, with a league's own words (which win) on top.

    `extra`: {"infractions": {text: code}, "penalties": {...}, "periods": {text: 1 | "OT" | "pre" | "post"},
    "roles": {...}, "kinds": {...}, "clocks": {...}, "columns": {"incidents.csv": {header: column}},
    "ignore_columns": {"incidents.csv": [header, ...]}}; checked by `Mapping.load`.
    """

    def __init__(self, extra: dict | None = None, source: str | None = None):
        extra = extra or {}
        self.source = source  # the mapping file, if any (not read as a season file when in the folder)
        self.tables = {name: dict(table) for name, table in _BUILTIN.items()}
        self.league = {name: {norm(k): v for k, v in (extra.get(name) or {}).items()} for name in _TABLES}
        for name in _TABLES:
            self.tables[name].update(self.league[name])
        self.columns: dict[str, dict[str, str]] = {}
        for file, aliases in COLUMNS.items():
            table = {}
            for column, words in aliases.items():
                for word in (column,) + words:
                    table.setdefault(column_key(word), column)
            for header, column in ((extra.get("columns") or {}).get(file) or {}).items():
                table[column_key(header)] = column
            self.columns[file] = table
        self.ignored = {file: {column_key(h) for h in headers}
                        for file, headers in (extra.get("ignore_columns") or {}).items()}

    # -------------------------------------------------------------- loading
    @classmethod
    def load(cls, mapping) -> "Mapping":
        """A Mapping from None, a Mapping, a dict, or a mapping file (.yaml/.yml/.json, or .csv
        with the columns table,text,code). Raises InputError naming every bad entry."""
        from .errors import InputError, Problem
        from .loader import Located, read

        if mapping is None:
            return cls()
        if isinstance(mapping, Mapping):
            return mapping
        source, file = "<mapping>", None
        if isinstance(mapping, dict):
            located = Located(mapping)
        else:
            file = str(mapping)
            source = str(mapping)
            if Path(mapping).suffix.lower() == ".csv":
                located = _read_csv_mapping(Path(mapping))
            else:
                located = read(mapping)
        problems = list(located.problems)
        data = located.data
        if not isinstance(data, dict):
            raise InputError(source, [Problem("(file)", "expected tables (infractions:, penalties:, ...)")])
        known_top = _TABLES + ("columns", "ignore_columns")
        clean: dict = {}
        for name, table in data.items():
            where = (name,)
            if name not in known_top:
                problems.append(Problem(str(name), f"unknown table; one of {', '.join(known_top)}",
                                        located.line(where)))
                continue
            if table is None:
                continue
            if not isinstance(table, dict):
                problems.append(Problem(name, "expected text: code entries", located.line(where)))
                continue
            if name == "columns" or name == "ignore_columns":
                clean[name] = _check_columns(name, table, located, problems)
                continue
            entries = {}
            for text, value in table.items():
                path = (name, text)
                at = f"{name}.{text}"
                if not isinstance(text, str):
                    problems.append(Problem(at, f"write the text {text!r} in quotes: YAML reads 7.10 as the number "
                                                f"7.1", located.line(path)))
                    continue
                message = _check_entry(name, value)
                if message:
                    problems.append(Problem(at, message, located.line(path)))
                    continue
                entries[text] = value
            clean[name] = entries
        if problems:
            raise InputError(source, problems)
        return cls(clean, file)

    # -------------------------------------------------------------- lookups
    def _word(self, table: str, text: str):
        return self.tables[table].get(norm(text))

    def infraction(self, text: str) -> str:
        """The infraction code a cell names: a code, words, a rule number, or a rule number with words."""
        text = text.strip()
        if not text:
            raise MappingError("empty: name the infraction (a code, its words or its rule number)")
        code = self._word("infractions", text)
        if code is not None:
            return code
        split = _split_rule(text)
        if split is None:
            near = vocab.closest(norm(text), self.tables["infractions"])
            hint = (f"; closest: {', '.join(sorted({self.tables['infractions'][w] for w in near}))}"
                    if near else "")
            raise MappingError(f"cannot map {text!r} to an infraction code{hint} "
                               f"(a league's own words go in a mapping file)")
        number, sub, words = split
        rule, codes = _rule_candidates(number, sub)
        if words:
            named = self._word("infractions", words)
            if named is None:
                near = vocab.closest(norm(words), self.tables["infractions"])
                hint = (f"; closest: {', '.join(sorted({self.tables['infractions'][w] for w in near}))}"
                        if near else "")
                raise MappingError(f"cannot map the words {words!r} of {text!r} to an infraction code{hint}")
            if codes and not _rule_fits(named, number, sub):
                told = vocab.RULED_INFRACTIONS.get(named)
                raise MappingError(f"{text!r}: rule {rule} is {' or '.join(codes)}, but the words name {named}"
                                   + (f" (rule {told})" if told else " (no rule of the table)"))
            if not codes and named in vocab.RULED_INFRACTIONS:
                raise MappingError(f"{text!r}: the words name {named} (rule {vocab.RULED_INFRACTIONS[named]}), "
                                   f"not rule {rule}")
            return named
        if len(codes) == 1:
            return codes[0]
        if codes:
            raise MappingError(f"rule {rule} is ambiguous: it is {' or '.join(codes)}; write the words too "
                               f"(e.g. '{rule} {codes[0].replace('_', ' ')}') or the code")
        others = _rules_of(number)
        raise MappingError(f"rule {rule} is not in the table"
                           + (f" (rules of {number}: {others})" if others else "")
                           + "; an infraction without a rule of the table needs its words")

    def penalties(self, text: str) -> list[str]:
        """The penalty types a cell names ('Major', 'GM', 'Minor + Misconduct')."""
        text = text.strip()
        if not text:
            raise MappingError("empty: name the penalty type (minor, major, misconduct, ...)")
        whole = self._penalty(text)
        if whole is not None:
            return [whole]
        out = []
        parts = [p for p in _PENALTY_SPLIT.split(text) if p.strip()]
        for part in parts:
            found = self._penalty(part)
            if found is None:
                near = vocab.closest(norm(part), self.tables["penalties"])
                hint = (f"; closest: {', '.join(sorted({self.tables['penalties'][w] for w in near}))}"
                        if near else f"; one of {', '.join(vocab.PENALTIES)}")
                raise MappingError(f"cannot map {part.strip()!r} to a penalty type{hint}")
            out.append(found)
        return out

    def _penalty(self, text: str):
        found = self._word("penalties", text)
        if found is None:
            stripped = " ".join(t for t in norm(text).split() if not _PENALTY_NOISE.match(t))
            if stripped and stripped != norm(text):
                found = self.tables["penalties"].get(stripped)
        return found

    def period(self, text: str, regulation_periods: int = 3):
        """1, 2, ... 'OT', 'pre' or 'post' for '1st', '3', 'OT', 'OT2', 'Pre', 'post-game', ..."""
        text = text.strip()
        if not text:
            raise MappingError("empty: give the period (1, 2, 3, OT, pre or post)")
        key = norm(text)
        found = self.tables["periods"].get(key)
        if found is None:
            m = _ORDINAL.match(key)
            if m:
                found = int(m.group(1))
            else:
                m = _OVERTIME.match(key)
                if m:
                    n = int(m.group(1) or m.group(2))
                    if n < 1:
                        raise MappingError(f"not a period: {text!r}")
                    found = "OT" if n == 1 else regulation_periods + n
        if found == SHOOTOUT:
            raise MappingError(f"{text!r} is the shootout: the season format has no shootout period, so a "
                               f"penalty in a shootout is not a game-sheet line it can hold. Write the line "
                               f"with the period the league decides (the last overtime, or post), or map "
                               f"{text!r} in a mapping file (periods: {{{text}: post}})")
        if found is None:
            raise MappingError(f"not a period: {text!r} (1st, 2nd, 3rd, 1, 2, 3, OT, OT2, pre or post)")
        return found

    def choice(self, table: str, text: str, what: str) -> str:
        """A role, game kind or clock from its words."""
        text = text.strip()
        found = self._word(table, text)
        if found is None:
            known = _KNOWN[table]
            near = vocab.closest(norm(text).replace(" ", "_"), known)
            hint = f"; did you mean {' or '.join(near)}?" if near else f"; one of {', '.join(known)}"
            raise MappingError(f"unknown {what} {text!r}{hint}")
        return found

    @staticmethod
    def boolean(text: str) -> bool:
        key = norm(text)
        if key in TRUE_WORDS:
            return True
        if key in FALSE_WORDS:
            return False
        raise MappingError(f"expected true or false (yes/no), got {text!r}")

    def column(self, file: str, header: str):
        """The column a header names in `file`, "" for an ignored column, None if unknown."""
        key = column_key(header)
        if key in self.ignored.get(file, ()):
            return ""
        return self.columns.get(file, {}).get(key)


def _check_entry(table: str, value) -> str | None:
    if table == "periods":
        if value in ("OT", "pre", "post") or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
            return None
        return f"a period is a number from 1, OT, pre or post; not {value!r}"
    known = _KNOWN[table]
    if value in known:
        return None
    near = vocab.closest(str(value), known)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return f"unknown code {value!r}{hint}"


def _check_columns(name: str, table: dict, located, problems: list) -> dict:
    from .errors import Problem

    out = {}
    for file, entries in table.items():
        where = f"{name}.{file}"
        if file not in COLUMNS:
            problems.append(Problem(where, f"unknown file; one of {', '.join(COLUMNS)}", located.line((name, file))))
            continue
        if name == "ignore_columns":
            if not isinstance(entries, list) or not all(isinstance(h, str) for h in entries):
                problems.append(Problem(where, "expected a list of headers", located.line((name, file))))
                continue
            out[file] = list(entries)
            continue
        if not isinstance(entries, dict):
            problems.append(Problem(where, "expected header: column entries", located.line((name, file))))
            continue
        good = {}
        for header, column in entries.items():
            if column not in COLUMNS[file]:
                problems.append(Problem(f"{where}.{header}", f"unknown column {column!r} of {file}; one of "
                                                             f"{', '.join(COLUMNS[file])}",
                                        located.line((name, file, header))))
                continue
            good[str(header)] = column
        out[file] = good
    return out


def _read_csv_mapping(path: Path):
    """A mapping file as CSV: columns table,text,code (one row per word)."""
    import csv
    import io

    from .errors import InputError, Problem
    from .loader import Located

    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise InputError(str(path), [Problem("(file)", f"cannot read: {exc.strerror}")]) from None
    except UnicodeDecodeError as exc:
        raise InputError(str(path), [Problem("(file)", f"not UTF-8 text (byte {exc.start})")]) from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    data: dict = {}
    lines: dict = {}
    problems = []
    header = None
    start = 1
    for row in reader:
        if header is None:
            header = [column_key(h) for h in row]
            if header[:3] != ["table", "text", "code"]:
                problems.append(Problem("(file)", "expected the header table,text,code", 1))
                break
            start = reader.line_num + 1
            continue
        if not any(cell.strip() for cell in row):
            start = reader.line_num + 1
            continue
        cells = (row + ["", "", ""])[:3]
        table, word, code = (c.strip() for c in cells)
        table = column_key(table)
        value: object = code
        if table == "periods" and code.isdigit():
            value = int(code)
        data.setdefault(table, {})[word] = value
        lines[(table,)] = lines.get((table,), start)
        lines[(table, word)] = start
        start = reader.line_num + 1
    return Located(data, lines, problems)
