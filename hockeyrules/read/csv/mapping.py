"""THE table of the words, abbreviations and rule numbers of league exports.

A league's scoring system writes "Checking from Behind", "7.2", "GM", "Misc.",
"3rd" or "Head Coach" where the season format (docs/season-format.md) has the codes
`checking_from_behind`, `boarding`, `game_misconduct`, `misconduct`, 3 and
`head_coach`. This module is the one place that says which text means which
code; the CSV importer (reader.py) only asks it. A league adds its own words
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

from hockeyrules.model import vocabulary as vocab

__all__ = ["Mapping", "MappingError", "norm", "RULE_CODES", "COLUMNS", "SHOOTOUT", "PROFILES", "profile_path"]


class MappingError(ValueError):
    """A cell that the table cannot map; the message says why and what would."""


def norm(text) -> str:
    """Case, punctuation and spacing removed: 'Cross-Checking ' -> 'cross checking'."""
    text = unicodedata.normalize("NFKC", str(text)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


def column_key(text) -> str:
    """A settings key as a name: 'pim.Minor' -> 'pim_minor'."""
    return "_".join(norm(text).split())


def header_key(text) -> str:
    """A header as compared: case, accents, spaces and punctuation dropped, so that 'GameID',
    'Game ID', 'game_id' and 'Game-Id' are one; '#' reads as 'number' ('Player #', '#')."""
    text = str(text).replace("#", " number ")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", "", text.casefold())


def squash(text) -> str:
    """A word without its spaces: 'GameMisconduct' and 'Game Misconduct' are one."""
    return norm(text).replace(" ", "")


def name_key(text) -> str:
    """A person's name as compared when not written exactly: case, accents and punctuation
    dropped, and 'Last, First' read as 'First Last'."""
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c))
    if text.count(",") == 1:
        last, first = text.split(",")
        text = f"{first} {last}"
    return norm(text)


# ------------------------------------------------------------------ infractions
# Words a league export may use for each code, beyond the code itself (which is
# always accepted, with any case, spaces for underscores and punctuation).
INFRACTION_WORDS: dict[str, tuple[str, ...]] = {
    "unsportsmanlike_conduct": (
        "unsportsmanlike",
        "unsportsman like conduct",
        "unsportsmanlike behaviour",
        "unsportsmanlike behavior",
    ),
    "abusive_behaviour": (
        "abusive behavior",
        "abusive language",
        "abuse of officials",
        "abuse of official",
        "abuse of an official",
        "verbal abuse of officials",
        "verbal abuse of an official",
    ),
    "spitting": ("spit", "spitting on an opponent"),
    "discrimination": ("discriminatory", "discriminatory slur", "discriminatory remarks", "harassment discrimination"),
    "physical_harassment_of_officials": (
        "physical harassment of an official",
        "physical abuse of officials",
        "physical abuse of an official",
        "physical harassment of official",
    ),
    # head-butting, kicking and hair pulling: the rulebook's own note to 7.1(b)/(c)
    "attempt_to_injure": (
        "attempt to injure",
        "attempting to injure",
        "intent to injure",
        "deliberate injury",
        "head butting",
        "head butt",
        "headbutting",
        "kicking",
        "kick",
        "hair pulling",
        "pulling hair",
        "grabbing face mask",
        "grabbing the face mask",
    ),
    "boarding": ("board", "boarding penalty"),
    "body_checking": ("body check", "body checking", "illegal body check", "illegal body checking"),
    "charging": ("charge",),
    "checking_from_behind": (
        "check from behind",
        "checking from behind",
        "cfb",
        "hit from behind",
        "hitting from behind",
        "check behind",
        "checking behind",
    ),
    "head_contact": (
        "contact to the head",
        "head contact",
        "checking to the head",
        "check to the head",
        "illegal check to the head",
        "illegal check to head",
        "check to head",
        "hit to the head",
        "head checking",
    ),
    "kneeing": ("knee", "kneeing"),
    "roughing": ("roughing", "roughing after the whistle", "roughing after whistle", "roughing after the play"),
    "fighting": ("fight", "fisticuffs"),
    "joining_fight": (
        "joining a fight",
        "joining fight",
        "joining",
        "third man in",
        "third player in",
        "third player into a fight",
        "peacemaker",
    ),
    "secondary_fight": ("secondary fight", "second fight", "secondary", "subsequent fight"),
    "instigator": (
        "instigator",
        "instigating",
        "instigating a fight",
        "instigator of a fight",
        "instigator fighting",
        "instigator of fighting",
    ),
    "aggressor": ("aggressor", "aggressor in a fight", "aggressor fighting"),
    "interference": ("interference",),
    "interference_from_bench": ("interference from bench", "interference from the bench", "bench interference"),
    "goaltender_interference": (
        "goalie interference",
        "interference on goaltender",
        "interference on the goaltender",
        "goalkeeper interference",
    ),
    "clipping": ("clip",),
    "slew_footing": ("slew foot", "slew footing", "slewfoot", "slewfooting"),
    "butt_ending": ("butt end", "butt ending", "butt end of stick"),
    "cross_checking": (
        "cross check",
        "cross checking",
        "crosscheck",
        "crosschecking",
        "x check",
        "x checking",
        "xcheck",
    ),
    "slashing": ("slash",),
    "spearing": ("spear",),
    "first_off_bench": (
        "first off bench",
        "first off the bench",
        "first player off bench",
        "first player off the bench",
        "first to leave the bench",
        "first player to leave the bench",
        "first player leaving the bench",
    ),
    "left_bench": (
        "left the bench",
        "leaving bench",
        "leaving the bench",
        "leaving players bench",
        "leaving the players bench",
        "leaving bench for an altercation",
        "leaving the bench for an altercation",
    ),
    "returning_after_ejection": (
        "returning after ejection",
        "returning to the ice after ejection",
        "return after ejection",
        "returning to ice after ejection",
    ),
    "throwing_object": (
        "throwing stick",
        "throwing a stick",
        "throwing object",
        "throwing an object",
        "throwing equipment",
        "throwing stick or object",
    ),
    "refusing_to_start_play": (
        "refusing to start play",
        "refusal to start play",
        "refusing to play",
        "refusal to play",
    ),
    "misconduct": ("misc", "misconduct penalty", "10 minute misconduct"),
    "game_misconduct": ("gm", "gmc", "game misc", "game misconduct penalty"),
    "gross_misconduct": ("gross misc", "gross", "gross misconduct penalty"),
    # ordinary infractions
    "tripping": ("trip",),
    "hooking": ("hook",),
    "holding": ("hold",),
    "holding_the_stick": ("holding stick", "holding the stick", "holding an opponents stick"),
    "high_sticking": (
        "high stick",
        "high sticking",
        "highsticking",
        "hi stick",
        "hi sticking",
        "high sticks",
        "hi sticks",
    ),
    "elbowing": ("elbow",),
    "delay_of_game": (
        "delay",
        "delay of game",
        "delaying the game",
        "puck over glass",
        "puck over the glass",
        "delay of game puck over glass",
    ),
    "too_many_players": ("too many men", "too many players", "too many players on the ice", "too many men on the ice"),
    "embellishment": ("diving", "dive", "embellishment diving"),
    "body_contact": ("body contact", "illegal body contact"),
    "illegal_equipment": ("illegal equipment", "dangerous equipment"),
    "broken_stick": ("broken stick", "playing with a broken stick"),
    "closing_hand_on_puck": ("closing hand on puck", "closing hand on the puck", "hand on puck"),
    "goaltender_leaving_crease": (
        "goaltender leaving crease",
        "goalie leaving crease",
        "goaltender leaving the crease",
    ),
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
    "double_minor": (
        "double minor",
        "dbl minor",
        "double minor penalty",
        "2 minors",
        "two minors",
        "minor x2",
        "double",
    ),
    "major": ("maj", "major penalty", "5 minute major"),
    "misconduct": ("misc", "msc", "misconduct penalty", "10 minute misconduct"),
    "game_misconduct": ("game misconduct", "game misc", "gm", "gmc", "game misconduct penalty"),
    "gross_misconduct": ("gross misconduct", "gross misc", "gross", "gross misconduct penalty"),
    "match": ("match penalty", "mp", "match pen"),
    # season format revision 2: removal from the game with no penalty minutes
    "game_ejection": (
        "game ejection",
        "ejection",
        "ejected",
        "ge",
        "game ejection no pim",
        "ejection from game",
        "ejected from game",
    ),
}
# tokens dropped from a penalty cell that is not otherwise understood: "Minor (2)", "5 min Major"
_PENALTY_NOISE = re.compile(r"^(\d+|min|mins|minute|minutes|pim|penalty)$")
_PENALTY_SPLIT = re.compile(r"\s*(?:[+;,&]|\band\b)\s*", re.IGNORECASE)

# ------------------------------------------------------------------ periods
SHOOTOUT = "shootout"  # a table value: not a period of the season format
PERIOD_WORDS: dict[str, object] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "ot": "OT",
    "overtime": "OT",
    "ot1": "OT",
    "1st ot": "OT",
    "first overtime": "OT",
    "so": SHOOTOUT,
    "shootout": SHOOTOUT,
    "shoot out": SHOOTOUT,
    "s o": SHOOTOUT,
    "sho": SHOOTOUT,
    "pre": "pre",
    "pregame": "pre",
    "pre game": "pre",
    "before game": "pre",
    "before the game": "pre",
    "warmup": "pre",
    "warm up": "pre",
    "warm ups": "pre",
    "post": "post",
    "postgame": "post",
    "post game": "post",
    "after game": "post",
    "after the game": "post",
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
# a game's status: played (its sheet counts) or scheduled (not played yet: where suspensions are served)
STATUS_WORDS: dict[str, tuple[str, ...]] = {
    "played": ("final", "completed", "complete", "official", "final ot", "final so", "closed"),
    "scheduled": ("not started", "upcoming", "future", "sched", "not played"),
}
TRUE_WORDS = ("true", "yes", "y", "1", "x", "ap", "affiliate", "t")
FALSE_WORDS = ("false", "no", "n", "0", "f")

# The files of a CSV season folder, their columns and the header words accepted
# for each: the field names of the season format, and the names the usual
# scoring-system exports give them (listed in docs/csv-import.md, checked by a
# test). A header is compared as header_key(header): 'GameID', 'Game ID',
# 'game_id' and 'Game-Id' are one. No word may name two columns of one file.
_PERSON = (
    "person_id",
    "player_id",
    "player",
    "member_id",
    "participant_id",
    "registration_id",
    "hcr_number",
    "offender",
    "penalized_player",
    "player_name",
    "name",
    "participant",
)
_NUMBER = (
    "jersey",
    "jersey_number",
    "jersey_no",
    "sweater",
    "sweater_number",
    "no",
    "num",
    "player_number",
    "uniform_number",
    "#",
)
_TEAM = ("team_id", "team_name", "club", "team_code")
_GAME = ("game_id", "game_no", "game_number", "game_num", "match_id", "match_no")
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {
    "settings.csv": {"key": ("setting", "name"), "value": ()},
    "teams.csv": {
        "id": ("team_id", "team", "code", "team_code", "abbreviation", "abbr", "short_name"),
        "name": ("team_name", "full_name", "club", "club_name", "long_name"),
    },
    "people.csv": {
        "id": (
            "person_id",
            "player_id",
            "person",
            "member_id",
            "participant_id",
            "registration_id",
            "hcr_number",
            "player_key",
        ),
        "name": ("person_name", "player_name", "full_name", "player"),
        "first_name": ("first", "given_name", "firstname"),
        "last_name": ("last", "surname", "family_name", "lastname"),
        "team": _TEAM,
        "role": ("position_role", "position", "pos", "staff_role", "title"),
        "number": _NUMBER,
        "number_from": ("from", "since", "valid_from", "number_since", "jersey_from", "start_date"),
        "number_to": ("to", "until", "valid_to", "number_until", "jersey_to", "end_date"),
        # a membership of the row's team from a date to a date (a person on several teams)
        "team_from": ("member_from", "team_since", "joined", "joined_team", "signed"),
        "team_to": ("member_to", "team_until", "left", "left_team", "released"),
        "affiliate": ("affiliated", "ap", "affiliate_player"),
        "registered_team": ("registered_with", "registration_team", "home_club"),
    },
    "games.csv": {
        "id": ("game",) + _GAME + ("number", "no"),
        "date": ("game_date", "date_played", "scheduled_date"),
        "start": ("start_time", "time", "game_time", "faceoff", "face_off", "faceoff_time"),
        "home": ("home_team", "home_id", "home_team_id", "home_club", "home_team_name"),
        "away": (
            "away_team",
            "visitor",
            "visitors",
            "visiting_team",
            "away_id",
            "visitor_team",
            "visiting",
            "guest",
            "guest_team",
            "road_team",
            "away_team_id",
            "away_team_name",
        ),
        "kind": ("game_type", "type", "category", "season_type", "game_category"),
        "clock": ("clock_mode", "time_mode", "clock_type"),
        "status": ("game_status",),
        "season": ("season_id",),
    },
    "goals.csv": {  # the goals of the games, for the clock check alone (read only)
        "game": _GAME,
        "period": ("per", "prd", "period_number", "period_no"),
        "time": ("goal_time", "time_of_goal", "time_formatted"),
        "team": _TEAM,
        "power_play": ("pp", "ppg", "power_play_goal", "powerplay"),
    },
    "seasons.csv": {  # the league years of an export, for a game's kind (read only)
        "id": ("season_id", "season"),
        "name": ("season_name", "short_name"),
        "kind": ("game_kind", "season_type"),
        "playoff": ("playoffs", "is_playoff"),
        "career": ("counts",),
    },
    "moves.csv": {  # a person's moves between teams (read only): from that date, that team
        "person": _PERSON,
        "team": _TEAM + ("to_team", "new_team"),
        "from": ("date", "move_date", "effective", "effective_date", "since"),
        "to": ("until", "end_date"),
    },
    "dressed.csv": {
        "game": _GAME,
        "team": _TEAM,
        "person": _PERSON,
        "number": _NUMBER,
    },
    "incidents.csv": {
        "game": _GAME,
        "incident": ("sheet_line", "incident_no", "line_no", "incident_number", "line_number"),
        "person": _PERSON,
        "number": _NUMBER,
        "team": _TEAM,
        "period": ("per", "prd", "period_number", "period_no"),
        "time": (
            "clock",
            "time_of_penalty",
            "penalty_time",
            "game_time",
            "offence_time",
            "offense_time",
            "time_of_infraction",
        ),
        "infraction": (
            "offence",
            "offense",
            "infraction_code",
            "violation",
            "penalty_name",
            "description",
            "penalty_description",
            "infraction_name",
            "infraction_description",
            "call",
            "foul",
            "penalty_infraction",
        ),
        "rule": ("rule_number", "rule_no", "rule_num", "rule_ref", "rule_reference"),
        "penalty": ("penalties", "penalty_type", "type", "penalty_class", "severity", "class", "penalty_kind"),
        "minutes": ("pim", "pims", "mins", "min", "penalty_minutes", "duration", "length", "pen_min", "pen_mins"),
        "stoppage": ("stoppage_id", "stoppage_no", "stoppage_number", "whistle"),
        "bench": ("bench_penalty", "is_bench"),
    },
    "decisions.csv": {
        "person": ("person_id", "player_id", "player", "member_id", "name", "player_name"),
        "game": _GAME,
        "rule": ("rule_id",),
        "set_games": ("games", "suspension_games", "set_to"),
        "add_games": ("additional_games", "extra_games", "more_games"),
        "date": ("decision_date", "decided", "decided_on"),
        "reason": ("note", "notes", "comment", "comments"),
    },
    "issued.csv": {  # suspensions the league issued (hockeyrules/read/issued.py)
        "person": ("person_id",),
        "game": ("game_id",),
        "games": ("games_issued",),
        "indefinite": (),
        "rules": ("rule",),
        "date": ("issued_date",),
        "note": ("notes",),
    },
}

_TABLES = ("infractions", "penalties", "periods", "roles", "kinds", "clocks", "statuses")
_ID_TABLES = ("people", "teams")  # text -> an id of people.csv / teams.csv, checked against the folder

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
_BUILTIN: dict[str, dict] = {
    "infractions": _words({code: INFRACTION_WORDS.get(code, ()) for code in sorted(vocab.INFRACTIONS)}, "infractions"),
    "penalties": _words(PENALTY_WORDS, "penalties"),
    "roles": _words(ROLE_WORDS, "roles"),
    "kinds": _words(KIND_WORDS, "kinds"),
    "clocks": _words(CLOCK_WORDS, "clocks"),
    "statuses": _words(STATUS_WORDS, "statuses"),
    "periods": {norm(k): v for k, v in PERIOD_WORDS.items()},
}


def _squashed(table: dict) -> dict:
    """The words of a table without their spaces ('gamemisconduct'), where that names one code only."""
    out: dict = {}
    for word, code in table.items():
        key = word.replace(" ", "")
        out[key] = code if out.get(key, code) == code else None
    return {k: v for k, v in out.items() if v is not None}


_KNOWN = {
    "infractions": vocab.INFRACTIONS,
    "penalties": vocab.PENALTIES,
    "roles": vocab.ROLES,
    "kinds": vocab.GAME_KINDS,
    "clocks": vocab.CLOCKS,
    "statuses": tuple(STATUS_WORDS),
}


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
    parts = [
        f"{rule} {' or '.join(codes)}"
        for rule, codes in RULE_CODES.items()
        if rule == number or rule.startswith(number + "(")
    ]
    return "; ".join(parts)


class Mapping:
    """The built-in table, with a league's own words (which win) on top.

    `extra`: {"infractions": {text: code}, "penalties": {...}, "periods": {text: 1 | "OT" | "pre" | "post"},
    "roles": {...}, "kinds": {...}, "clocks": {...}, "columns": {"incidents.csv": {header: column}},
    "ignore_columns": {"incidents.csv": [header, ...]}}; checked by `Mapping.load`.
    """

    def __init__(self, extra: dict | None = None, source: str | None = None):
        extra = extra or {}
        self.extra = extra  # as checked: what a league's file extending this one starts from
        self.options = {name: extra.get(name, default) for name, default in OPTIONS.items()}
        self.source = source  # the mapping file, if any (not read as a season file when in the folder)
        self.tables = {name: dict(table) for name, table in _BUILTIN.items()}
        self.league = {name: {norm(k): v for k, v in (extra.get(name) or {}).items()} for name in _TABLES}
        for name in _TABLES:
            self.tables[name].update(self.league[name])
        self.squashed = {name: _squashed(table) for name, table in self.tables.items()}
        # people and teams: the text as written, and its name_key (an id is never guessed from them)
        self.ids = {name: dict(extra.get(name) or {}) for name in _ID_TABLES}
        self.id_keys: dict[str, dict[str, set]] = {name: {} for name in _ID_TABLES}
        for name in _ID_TABLES:
            for text, value in self.ids[name].items():
                self.id_keys[name].setdefault(name_key(text), set()).add(value)
        self.lines: dict[tuple, int] = dict(extra.get("_lines") or {})  # (table, text) -> mapping file line
        self.columns: dict[str, dict[str, str]] = {}
        for file, aliases in COLUMNS.items():
            table: dict[str, str] = {}
            for column, words in aliases.items():
                for word in (column,) + words:
                    key = header_key(word)
                    if table.get(key, column) != column:
                        raise AssertionError(f"{file}: {word!r} names both {table[key]} and {column}")
                    table[key] = column
            for header, column in ((extra.get("columns") or {}).get(file) or {}).items():
                table[header_key(header)] = column
            self.columns[file] = table
        self.ignored = {
            file: {header_key(h) for h in headers} for file, headers in (extra.get("ignore_columns") or {}).items()
        }
        for file, entries in (extra.get("columns") or {}).items():
            skipped = {header_key(h) for h, column in entries.items() if column == "ignore"}
            if skipped:
                self.ignored[file] = self.ignored.get(file, set()) | skipped

    # -------------------------------------------------------------- loading
    @classmethod
    def load(cls, mapping, encoding: str | None = None) -> Mapping:
        """A Mapping from None, a Mapping, a dict, or a mapping file (.yaml/.yml/.json, or .csv
        with the columns table,text,code, read in `encoding` as the folder's files are).
        Raises InputError naming every bad entry."""
        # (here: start-up time: only for a mapping file)
        from hockeyrules.model.errors import InputError, Problem
        from hockeyrules.read.loader import Located, read

        if mapping is None:
            return cls()
        if isinstance(mapping, Mapping):
            return mapping
        if isinstance(mapping, str) and mapping in PROFILES and not Path(mapping).exists():
            mapping = profile_path(mapping)  # a built-in profile, by its name
        source, file = "<mapping>", None
        if isinstance(mapping, dict):
            located = Located(mapping)
        else:
            file = str(mapping)
            source = str(mapping)
            if Path(mapping).suffix.lower() == ".csv":
                located = _read_csv_mapping(Path(mapping), encoding)
            else:
                located = read(mapping)
        problems = list(located.problems)
        data = located.data
        if not isinstance(data, dict):
            raise InputError(source, [Problem("(file)", "expected tables (infractions:, penalties:, ...)")])
        known_top = _TABLES + _ID_TABLES + ("columns", "ignore_columns") + tuple(OPTIONS)
        clean: dict = {"_lines": {}}
        for name, table in data.items():
            where = (name,)
            if name not in known_top:
                problems.append(
                    Problem(str(name), f"unknown table; one of {', '.join(known_top)}", located.line(where))
                )
                continue
            if table is None:
                continue
            if name in OPTIONS:
                value, message = _check_option(name, table)
                if message:
                    problems.append(Problem(str(name), message, located.line(where)))
                else:
                    clean[name] = value
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
                if name in _ID_TABLES:  # ids are text, however YAML read them; checked against the folder
                    if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
                        problems.append(
                            Problem(at, f"expected the id of one of the {name}, not {value!r}", located.line(path))
                        )
                        continue
                    entries[str(text)] = str(value)
                    clean["_lines"][(name, str(text))] = located.line(path)
                    continue
                if name == "statuses" and isinstance(text, int) and not isinstance(text, bool):
                    text = str(text)  # a system's status codes (1 scheduled, 4 final)
                if not isinstance(text, str):
                    problems.append(
                        Problem(
                            at,
                            f"write the text {text!r} in quotes: YAML reads 7.10 as the number 7.1",
                            located.line(path),
                        )
                    )
                    continue
                message = _check_entry(name, value)
                if message:
                    problems.append(Problem(at, message, located.line(path)))
                    continue
                entries[text] = value
            clean[name] = entries
        if problems:
            raise InputError(source, problems)
        if clean.get("extends"):  # a league's file on top of a profile: its entries win
            base = cls.load(profile_path(clean["extends"]), encoding)
            clean = _merge(base.extra, clean)
        return cls(clean, file)

    # -------------------------------------------------------------- lookups
    def _word(self, table: str, text: str):
        key = norm(text)
        found = self.tables[table].get(key)
        return found if found is not None else self.squashed[table].get(key.replace(" ", ""))

    def identity(self, table: str, text: str) -> str | None:
        """The id the league's mapping file gives a text of a people or teams cell, or None."""
        if not self.ids[table]:
            return None
        found = self.ids[table].get(text.strip())
        if found is None:
            hits = self.id_keys[table].get(name_key(text), set())
            found = next(iter(hits)) if len(hits) == 1 else None
        return found

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
            hint = f"; closest: {', '.join(sorted({self.tables['infractions'][w] for w in near}))}" if near else ""
            raise MappingError(
                f"cannot map {text!r} to an infraction code{hint} (a league's own words go in a mapping file)"
            )
        number, sub, words = split
        rule, codes = _rule_candidates(number, sub)
        if words:
            named = self._word("infractions", words)
            if named is None:
                near = vocab.closest(norm(words), self.tables["infractions"])
                hint = f"; closest: {', '.join(sorted({self.tables['infractions'][w] for w in near}))}" if near else ""
                raise MappingError(f"cannot map the words {words!r} of {text!r} to an infraction code{hint}")
            if codes and not _rule_fits(named, number, sub):
                told = vocab.RULED_INFRACTIONS.get(named)
                raise MappingError(
                    f"{text!r}: rule {rule} is {' or '.join(codes)}, but the words name {named}"
                    + (f" (rule {told})" if told else " (no rule of the table)")
                )
            if not codes and named in vocab.RULED_INFRACTIONS:
                raise MappingError(
                    f"{text!r}: the words name {named} (rule {vocab.RULED_INFRACTIONS[named]}), not rule {rule}"
                )
            return named
        if len(codes) == 1:
            return codes[0]
        if codes:
            raise MappingError(
                f"rule {rule} is ambiguous: it is {' or '.join(codes)}; write the words too "
                f"(e.g. '{rule} {codes[0].replace('_', ' ')}') or the code"
            )
        others = _rules_of(number)
        raise MappingError(
            f"rule {rule} is not in the table"
            + (f" (rules of {number}: {others})" if others else "")
            + "; an infraction without a rule of the table needs its words"
        )

    def infraction_and_penalty(self, text: str) -> tuple[str, str | None]:
        """An infraction cell that may also name the penalty type, as penalty sheets write it:
        'Fighting Major' is (fighting, major), 'Major - Boarding' is (boarding, major);
        (code, None) for a cell naming the infraction alone. A cell read two ways is an error."""
        try:
            return self.infraction(text), None
        except MappingError as first:
            error = first
        # a hyphen joins the type to the words as a spaced one does: 'Major-Boarding' is 'Major - Boarding'
        tokens = re.sub(r"[-–—]", " - ", text).split()
        readings = set()
        for i in range(1, len(tokens)):
            for words, kind in ((tokens[:i], tokens[i:]), (tokens[i:], tokens[:i])):
                kind_text = " ".join(kind).strip(" -–—:/,()")
                words_text = " ".join(words).strip(" -–—:/,(")
                if not kind_text or not words_text or self._word("penalties", kind_text) is None:
                    continue
                try:
                    readings.add((self.infraction(words_text), self._word("penalties", kind_text)))
                except MappingError:
                    continue
        if len(readings) == 1:
            return readings.pop()
        if len(readings) > 1:
            told = " or ".join(f"{code} with a {kind}" for code, kind in sorted(readings))
            raise MappingError(
                f"{text!r} reads two ways: {told}; write the infraction and the penalty type in their own columns"
            )
        raise error

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
                hint = (
                    f"; closest: {', '.join(sorted({self.tables['penalties'][w] for w in near}))}"
                    if near
                    else f"; one of {', '.join(vocab.PENALTIES)}"
                )
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
            raise MappingError(
                f"{text!r} is the shootout: the season format has no shootout period, so a "
                f"penalty in a shootout is not a game-sheet line it can hold. Write the line "
                f"with the period the league decides (the last overtime, or post), or map "
                f"{text!r} in a mapping file (periods: {{{text}: post}})"
            )
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
        key = header_key(header)
        if key in self.ignored.get(file, ()):
            return ""
        return self.columns.get(file, {}).get(key)


# ------------------------------------------------------------------ options and profiles
# Settings of a mapping file beside its tables (docs/csv-import.md, "The mapping"), and their defaults.
OPTIONS: dict[str, object] = {
    "extends": None,  # the built-in profile a league's file adds to
    "settings": {},  # settings.csv rows the export has no file for (a profile's clock)
    "join_seconds": 30,  # how far apart a misconduct row written apart may be from its line
    "date_format": "YYYY-MM-DD",  # or DD/MM/YYYY, MM/DD/YYYY
    "where": {},  # header -> the values of the rows to read (one league year of an export)
    "numbers_in_id_columns": False,  # a person cell under an id header read as a jersey number too
    "seasons": {},  # a seasons file's season id -> game kind (beside or instead of seasons.csv)
    # people_csv: a person's team is people.csv's (its rows with team_from/team_to, moves.csv);
    # from_incidents: each line's team is its person's team on that game's date (an export
    # whose registry lists today's team, or none)
    "membership": "people_csv",
}
MEMBERSHIPS = ("people_csv", "from_incidents")
DATE_FORMATS = ("YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY")
PROFILE_FOLDER = Path(__file__).resolve().parent / "profiles"
PROFILES: dict[str, str] = {
    "hockeytech": "HockeyTech / LeagueStat exports (CHL and many Junior A leagues)",
    "gamesheet": "GameSheet exports (the digital game sheet of many minor and junior leagues); partly assumed",
}


def profile_path(name: str) -> Path:
    """The mapping file of a built-in profile."""
    if name not in PROFILES:
        raise ValueError(f"no profile {name!r}; the profiles are {', '.join(PROFILES)}")
    return PROFILE_FOLDER / f"{name}.yaml"


def _check_option(name: str, value) -> tuple[object, str | None]:
    """(the option's value, None) or (None, what is wrong with it)."""
    if name == "extends":
        if value not in PROFILES:
            return None, f"no profile {value!r}; one of {', '.join(PROFILES)}"
        return value, None
    if name == "join_seconds":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return None, f"a whole number of seconds (0: only rows at the same time), not {value!r}"
        return value, None
    if name == "date_format":
        if value not in DATE_FORMATS:
            return None, f"one of {', '.join(DATE_FORMATS)}, not {value!r}"
        return value, None
    if name == "membership":
        if value not in MEMBERSHIPS:
            return None, f"one of {', '.join(MEMBERSHIPS)}, not {value!r}"
        return value, None
    if name == "numbers_in_id_columns":
        if not isinstance(value, bool):
            return None, f"true or false, not {value!r}"
        return value, None
    if not isinstance(value, dict):
        return None, "expected entries (key: value)"
    if name == "settings":
        return {str(k): str(v) for k, v in value.items()}, None
    if name == "seasons":
        out = {}
        for k, v in value.items():
            if v not in vocab.GAME_KINDS:
                return None, f"season {k!r}: a game kind ({', '.join(vocab.GAME_KINDS)}), not {v!r}"
            out[str(k)] = v
        return out, None
    where: dict = {}  # the row filter: header -> the texts kept
    for header, values in value.items():
        values = values if isinstance(values, list) else [values]
        if not values or any(isinstance(v, (dict, list)) or v is None for v in values):
            return None, f"{header}: expected a value or a list of values, not {value[header]!r}"
        where[str(header)] = [str(v) for v in values]
    return where, None


def _merge(base: dict, mine: dict) -> dict:
    """A profile's checked entries with a league's on top: a league's word, column or option wins."""
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in base.items()}
    for key, value in mine.items():
        if key in ("columns", "ignore_columns"):
            files: dict = {f: (dict(v) if isinstance(v, dict) else list(v)) for f, v in out.get(key, {}).items()}
            for file, entries in value.items():
                if isinstance(entries, dict):
                    files[file] = {**files.get(file, {}), **entries}
                else:
                    files[file] = list(files.get(file, [])) + list(entries)
            out[key] = files
        elif isinstance(value, dict) and key not in ("where",):
            out[key] = {**out.get(key, {}), **value}
        else:
            out[key] = value
    # a header the league's file reads is no longer skipped where the profile skips it (GameSheet's
    # Code read in place of its Label); one it skips is skipped already (ignored comes first)
    for file, entries in (mine.get("columns") or {}).items():
        read = {header_key(h) for h, column in entries.items() if column != "ignore"}
        skipped = out.get("ignore_columns", {}).get(file)
        if read and skipped:
            out["ignore_columns"][file] = [h for h in skipped if header_key(h) not in read]
    out.pop("extends", None)
    return out


def _check_entry(table: str, value) -> str | None:
    if table == "periods":
        from hockeyrules.model.guard import MAX_PERIOD  # one limit, the guard's (loaded already)

        # the season's own limit, checked here so that the entry that made a period is
        # named, not every line that the entry reads
        if value in ("OT", "pre", "post") or (
            isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_PERIOD
        ):
            return None
        return f"a period is a number from 1 to {MAX_PERIOD}, OT, pre or post; not {value!r}"
    known = _KNOWN[table]
    if value in known:
        return None
    near = vocab.closest(str(value), known)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return f"unknown code {value!r}{hint}"


def _check_columns(name: str, table: dict, located, problems: list) -> dict:
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.model.errors import Problem

    out: dict = {}
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
            if column == "ignore":  # a header to skip, as in ignore_columns (the dry run's mapping)
                good[str(header)] = column
                continue
            if column not in COLUMNS[file]:
                problems.append(
                    Problem(
                        f"{where}.{header}",
                        f"unknown column {column!r} of {file}; one of {', '.join(COLUMNS[file])}",
                        located.line((name, file, header)),
                    )
                )
                continue
            good[str(header)] = column
        out[file] = good
    return out


def _read_csv_mapping(path: Path, encoding: str | None = None):
    """A mapping file as CSV: columns table,text,code (one row per word)."""
    import csv
    import io

    # (here: start-up time: only for a mapping CSV)
    from hockeyrules.model.errors import InputError, Problem
    from hockeyrules.read.csv.text import TextProblem, decode, split_sep_line
    from hockeyrules.read.csv.text import delimiter as separator
    from hockeyrules.read.loader import Located

    try:
        text = decode(path.read_bytes(), encoding)
    except OSError as exc:
        raise InputError(str(path), [Problem("(file)", f"cannot read: {exc.strerror}")]) from None
    except (TextProblem, ValueError) as exc:
        raise InputError(str(path), [Problem("(file)", str(exc), getattr(exc, "line", None))]) from None
    sep, text = split_sep_line(text)
    delimiter = sep or separator(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    data: dict = {}
    lines: dict = {}
    problems = []
    header = None
    start = 1
    for row in reader:
        if header is None and not any(cell.strip() for cell in row):
            start = reader.line_num + 1  # the blanked sep= line
            continue
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
