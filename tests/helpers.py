"""Builders shared by the tests: game-sheet lines and seasons on the scenario base
(hockeyrules.committee.scenarios.base_season: teams A and B, players A1..A20 and
B1..B20, head coaches CA and CB, assistants XA and XB, trainers TA and TB).

Imported as `from helpers import line, season` (tests/ is on the path: pytest puts a
conftest's folder there). Fixtures are in tests/conftest.py.
"""

from __future__ import annotations

import yaml

from hockeyrules.committee.scenarios import base_season, build_season

# libyaml's safe loader and dumper where PyYAML has them: the same data as yaml.safe_load
# and yaml.safe_dump, four times faster on the example season (0.34 s against 1.35 s):
# for tests where the data is the point, not the reader (hockeyrules reads YAML its own way)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def yaml_data(text: str):
    """yaml.safe_load(text), by libyaml where PyYAML has it."""
    return yaml.load(text, Loader=_LOADER)


def yaml_text(data, **options) -> str:
    """yaml.safe_dump(data, **options), by libyaml where PyYAML has it."""
    return yaml.dump(data, Dumper=_DUMPER, **options)


def line(person="A1", infraction="boarding", penalties=("major",), period=2, time="12:00", **more) -> dict:
    """One game-sheet line; by default A1's boarding major at 12:00 of the second period
    (one game, hc:7.2(b)). The base season's clock counts time remaining. Penalties given
    as a list or tuple are copied; anything else (a text, a mapping: bad input on
    purpose) is kept as it is."""
    return {
        "person": person,
        "period": period,
        "time": time,
        "infraction": infraction,
        "penalties": list(penalties) if isinstance(penalties, (list, tuple)) else penalties,
        **more,
    }


def season(*lines, **game) -> dict:
    """The base season with one game, G1, holding these lines, its other fields from
    `game` (kind, date, home, away...); or, where the arguments are lists, one game a
    list (G1, G2, ... a week apart), each list that game's lines."""
    if lines and all(isinstance(x, list) for x in lines):
        if game:
            raise TypeError("season(): game fields go with one game's lines, not with a list of games")
        return season_of([{"incidents": list(x)} for x in lines])
    return season_of([dict(game, incidents=list(lines))])


def season_of(games: list, settings=None, people=None, teams=None, decisions=None) -> dict:
    """The base season with these games (mappings; id, date, home, away and kind default
    as in a scenario file), settings over the base's, more people and teams, and the
    league's decisions where given."""
    test = {"games": games, "settings": settings or {}, "people": people or [], "teams": teams or []}
    data = build_season(test, base_season())
    if decisions is not None:
        data["decisions"] = decisions
    return data
