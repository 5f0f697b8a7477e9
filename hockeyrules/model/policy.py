"""The readings: where the rulebook reads more than one way (docs/rules.md, "Readings").

One register (READINGS) says, for each reading, the provision it concerns, the
rulebook's words, its default and its other values, and the fact the encoding
reads (policy(Name, Value) in asp/). Everything else takes it from here: the
Policy a result reports, the facts, `--reading NAME=VALUE`, a proposal's
`policy`, `hockeyrules readings` and the table of docs/rules.md. The rules that read a
reading are in asp/, never here.
"""

from __future__ import annotations

from dataclasses import fields, replace

from hockeyrules.model.records import record


@record(frozen=True)
class Reading:
    """One point where the rulebook reads two ways: its values and its default."""

    name: str  # as result@1 and proposals write it
    provision: str  # the provision it concerns
    words: str  # the rulebook's own words that read two ways
    default: object
    values: tuple  # every value, the default first; () for a whole number
    meanings: dict  # value -> what it means, in plain words
    fact: str  # the encoding's name: policy(fact, value)
    low: int = 1  # a whole number's range
    high: int = 60
    tried: tuple = ()  # for a whole number: the other values `hockeyrules readings` tries on a season

    @property
    def others(self) -> tuple:
        """The other values: every one, or for a whole number those tried on a season."""
        return tuple(v for v in (self.values or self.tried) if v != self.default)

    def meaning(self, value) -> str:
        return self.meanings.get(value) or f'"late" as the last {value} minutes'

    def other_values_text(self) -> str:
        if not self.values:
            return f"any whole number of minutes, {self.low} to the period length"
        return "; ".join(f"{self.text(v)}: {self.meaning(v)}" for v in self.others)

    def text(self, value) -> str:
        """A value as written on the command line and in proposals."""
        return str(value).lower() if isinstance(value, bool) else str(value)

    def known(self) -> str:
        if not self.values:
            return f"a whole number of minutes, {self.low} to {self.high}"
        return " or ".join(self.text(v) for v in self.values)

    def check(self, value):
        """The value if it is one of this reading's, else ValueError naming the known ones."""
        if self.values:
            for v in self.values:
                if type(v) is type(value) and v == value:
                    return v
        elif type(value) is int and self.low <= value <= self.high:
            return value
        raise ValueError(f"reading {self.name}: {value!r} is not a value of it (known: {self.known()})")

    def parse(self, text: str):
        """A value from its written form ("max", "false", "5")."""
        for v in self.values:
            if self.text(v) == text.strip().lower():
                return v
        if not self.values and text.strip().isdigit():
            return self.check(int(text.strip()))
        raise ValueError(f"reading {self.name}: {text!r} is not a value of it (known: {self.known()})")

    def constant(self, value):
        """The value as the encoding reads it: a constant or a number."""
        if not self.values:
            return value
        return self.text(value).replace("_", "")


READINGS: tuple[Reading, ...] = (
    Reading(
        "layers",
        "league:10.01A, how Hockey Canada's minimum and the league's games combine",
        "Any player suspended in league play must serve the full suspension during league play "
        "in addition to any suspension in accordance with the Hockey Canada rules.",
        "sum",
        ("sum", "max"),
        {
            "sum": "the league's games added to Hockey Canada's minimum",
            "max": "the larger of Hockey Canada's minimum and the league's games",
        },
        "layers",
    ),
    Reading(
        "late_game_counted_once",
        "hc:4.8(c) and hc:4.9(b), the late game misconduct's extra game",
        "The 1 game suspension under Rule 4.8(c) is in addition to any suspensions applied under "
        "the minimum guidelines.",
        True,
        (True, False),
        {
            True: "a late game misconduct's extra game not added where the rule's late column already holds it",
            False: "a late game misconduct's extra game added whenever the line is late",
        },
        "countedonce",
    ),
    Reading(
        "late_window_minutes",
        '"late": the last minutes of regular playing time',
        "in the last 10 minutes of regular playing time, at any time in overtime, or after the conclusion of the game",
        10,
        (),
        {},  # (every value's meaning is meaning()'s: "late" as the last N minutes)
        "latewindow",
        tried=(5, 15),
    ),
    Reading(
        "league_persons",
        "who the league's By-Law 10 rows apply to (each says player or players)",
        "By-Law 10.01 – Player Suspensions",
        "players",
        ("players", "all"),
        {"players": "the league's by-laws for players only", "all": "the league's by-laws for team officials too"},
        "leaguepersons",
    ),
    Reading(
        "league_games",
        "which games the league's By-Law 10 rows read",
        "Any player suspended in league play must serve the full suspension during league play",
        "league_play",
        ("league_play", "all"),
        {
            "league_play": "the league's by-laws in regular and playoff games only",
            "all": "the league's by-laws in exhibition games too",
        },
        "leaguegames",
    ),
    Reading(
        "league_restatements",
        "league:10.02 and league:10.06 restate Hockey Canada minimums",
        "the player would incur a second game suspension (same as the hit from behind rule)",
        "add",
        ("add", "overlap"),
        {
            "add": "league:10.02 and league:10.06 adding like every league row",
            "overlap": "league:10.02 and league:10.06 counting only what they ask beyond Hockey Canada's "
            "minimum for the same line",
        },
        "leaguerestatements",
    ),
)

BY_NAME = {r.name: r for r in READINGS}


def reading(name: str) -> Reading:
    """The reading of that name, or ValueError naming the known ones."""
    if name not in BY_NAME:
        raise ValueError(f"unknown reading {name!r} (known: {', '.join(BY_NAME)})")
    return BY_NAME[name]


def parse_assignment(text: str) -> tuple[str, object]:
    """NAME=VALUE as written on the command line."""
    name, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"expected NAME=VALUE, got {text!r} (readings: {', '.join(BY_NAME)})")
    r = reading(name.strip())
    return r.name, r.parse(value)


@record(frozen=True)
class Policy:
    """The value of every reading for one evaluation (result@1's `policy`)."""

    layers: str = "sum"
    late_game_counted_once: bool = True
    late_window_minutes: int = 10
    league_persons: str = "players"
    league_games: str = "league_play"
    league_restatements: str = "add"

    def __post_init__(self):
        for f in fields(self):
            BY_NAME[f.name].check(getattr(self, f.name))

    def to_dict(self) -> dict:
        """As result@1 prints it: every reading, in the register's order."""
        return {r.name: getattr(self, r.name) for r in READINGS}

    def with_readings(self, readings: dict) -> Policy:
        """This policy with some readings set (names and values checked)."""
        for name in readings:
            reading(name)
        return replace(self, **readings)

    def changed(self) -> dict:
        """The readings that differ from the defaults."""
        return {r.name: getattr(self, r.name) for r in READINGS if getattr(self, r.name) != r.default}
