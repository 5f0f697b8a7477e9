"""A JSON season's usual lines and line-ups are read by a short path
(season._plain_incident, the whole-list branch of season._dressed); anything
unusual takes the full check. Both must read the same season, and say the same
problems: each case here is read both ways, the short path switched off for the
second."""

from __future__ import annotations

import json

import pytest
from helpers import line as _line

from hockeyrules import InputError
from hockeyrules.committee.scenarios import base_season, build_season
from hockeyrules.read import season as season_mod


def line(**kw):  # by default a roughing minor
    return _line(**{"infraction": "roughing", "penalties": ["minor"], **kw})


CASES = {
    "an ordinary line": line(),
    "a line in overtime": line(period="OT", time="03:10"),
    "a pre-game line": line(period="pre", time=None),
    "a post-game line with a time (ignored, with a warning)": line(period="post", time="01:00"),
    "written minutes": line(minutes=5),
    "minutes of zero": line(minutes=0),
    "a stoppage label": line(stoppage="S1"),
    "an empty stoppage label": line(stoppage=""),
    "a stoppage written as a number": line(stoppage=7),
    "a period written as text": line(period="2"),
    "a period written as a decimal": line(period=2.0),
    "a period of zero": line(period=0),
    "a period of true": line(period=True),
    "a time past the period's end": line(time="21:00"),
    "a time with 60 seconds": line(time="10:60"),
    "a time as a number": line(time=1200),
    "minutes of true": line(minutes=True),
    "negative minutes": line(minutes=-2),
    "minutes at the limit of one line": line(minutes=999_999),
    "minutes past the limit of one line": line(minutes=1_000_000),
    "minutes as text": line(minutes="2"),
    "a stoppage with a newline": line(stoppage="S\n1"),
    "a penalty twice": line(penalties=["minor", "minor"]),
    "penalties as text": line(penalties="minor"),
    "a penalty list inside the list": line(penalties=[["minor"]]),
    "penalties as a mapping": line(penalties={"minor": 1}),
    "no penalties": line(penalties=[]),
    "an unknown penalty": line(penalties=["minr"]),
    "an unknown infraction": line(infraction="rouhging"),
    "an infraction as a list": line(infraction=["roughing"]),
    "an unknown field": line(note="x"),
    "a person and a team": line(team="A"),
    "a person of neither team": line(person="C1"),
    "an unknown person": line(person="Z9"),
    "a person written as a number": line(person=1),
    "a team line": {
        "team": "B",
        "period": 1,
        "time": "05:00",
        "infraction": "too_many_men",
        "penalties": ["bench_minor"],
    },
    "a line that is not a mapping": ["A1"],
}


def read(data: dict, tmp_path, plain: bool, monkeypatch):
    path = tmp_path / ("plain.json" if plain else "full.json")
    path.write_text(json.dumps(data))
    with monkeypatch.context() as m:
        if not plain:
            m.setattr(season_mod, "_plain_incident", lambda *args: None)
            m.setattr(season_mod, "_dressed", _full_dressed)
        try:
            if plain:  # once to learn its times and penalty lists, as a season's later lines find them
                try:
                    season_mod.load(str(path))
                except InputError:
                    pass
            s = season_mod.load(str(path))
        except InputError as exc:
            return ("error", [(p.where, p.message, p.line) for p in exc.problems])
    return ("season", s.games, s.people, [(w.where, w.message) for w in s.warnings])


_DRESSED = season_mod._dressed


class _List(list):
    """A list the whole-list branch does not take (it asks `type(names) is list`)."""


def _full_dressed(c, raw, path, game_teams, people):
    if isinstance(raw, dict):
        raw = {t: _List(v) if type(v) is list else v for t, v in raw.items()}
    return _DRESSED(c, raw, path, game_teams, people)


def season_with(incident=None, dressed=None) -> dict:
    data = build_season(
        {"games": [{"incidents": [line(), incident] if incident is not None else [line()]}]}, base_season()
    )
    data["people"].append({"id": "C1", "name": "Player C1", "team": "C", "role": "player"})
    data["teams"].append({"id": "C", "name": "Charlie"})
    if dressed is not None:
        data["games"][0]["dressed"] = dressed
    return data


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_line_reads_the_same_by_the_short_path_and_the_full_check(case, tmp_path, monkeypatch):
    data = season_with(CASES[case])
    assert read(data, tmp_path, True, monkeypatch) == read(data, tmp_path, False, monkeypatch)


DRESSED = {
    "known ids, each once": {"A": ["A1", "A2"], "B": ["B1"]},
    "an id twice": {"A": ["A1", "A1"]},
    "an unknown id": {"A": ["A1", "Z9"]},
    "an id written as a number": {"A": ["A1", 7]},
    "a list inside the list": {"A": ["A1", ["A2"]]},
    "a team not in the game": {"C": ["C1"]},
    "not a list": {"A": "A1"},
    "an empty list": {"A": []},
}


@pytest.mark.parametrize("case", sorted(DRESSED))
def test_a_line_up_reads_the_same_by_the_short_path_and_the_full_check(case, tmp_path, monkeypatch):
    data = season_with(dressed=DRESSED[case])
    assert read(data, tmp_path, True, monkeypatch) == read(data, tmp_path, False, monkeypatch)


def short_path_taken(monkeypatch) -> list:
    """Whether the short path read each line it was given, in order."""
    taken: list = []
    original = season_mod._plain_incident

    def spy(*args):
        found = original(*args)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(season_mod, "_plain_incident", spy)
    return taken


def test_the_short_path_is_taken_for_an_ordinary_line(tmp_path, monkeypatch):
    """The comparisons above would hold trivially if the short path never answered."""
    taken = short_path_taken(monkeypatch)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(season_with(line(period="OT", minutes=4, stoppage="S1"))))
    season_mod.load(str(path))
    assert taken == [True, True]


def test_a_time_never_seen_before_is_read_by_the_short_path(tmp_path, monkeypatch):
    """Most of one league's times come once: the short path learns a new time itself
    (it declined them before, and 1,050 of the 1x season's 2,592 lines took the full
    check), and still leaves a time it cannot read to the full check."""
    taken = short_path_taken(monkeypatch)
    monkeypatch.setattr(season_mod, "_CLOCKS", {})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(season_with(line(time="07:31"))))
    loaded = season_mod.load(str(path))
    assert taken == [True, True]
    assert [(i.time, i.seconds) for i in loaded.games[0].incidents] == [("12:00", 720), ("07:31", 451)]
    assert season_mod._CLOCKS == {"12:00": ("12:00", 720), "07:31": ("07:31", 451)}
    taken.clear()
    path.write_text(json.dumps(season_with(line(time="7:61"))))
    with pytest.raises(InputError) as raised:
        season_mod.load(str(path))
    assert [p.message for p in raised.value.problems] == ["not a clock time: '7:61' (seconds above 59)"]
    assert taken == [True, False]


ABSENT = object()
# For each field of a line: the usual value, then values that are not usual (those
# at a boundary first: hypothesis draws the first ones of a list more often).
FIELDS = {
    "person": ("A1", ["B1", "C1", "Z9", 1, None, ["A1"], ABSENT]),
    "team": (ABSENT, [None, "A", "C"]),
    "period": (2, [1, 4, "OT", "pre", "post", 0, 99, 100, "2", 2.0, True, None, []]),
    "time": ("12:00", ["03:10", "20:00", "21:00", "10:60", "x", 1200, None, ABSENT]),
    "infraction": ("roughing", ["fighting", "rouhging", None, ["roughing"], ABSENT]),
    "penalties": (["minor"], [["major", "game_misconduct"], ["minor", "minor"], [], "minor", [["minor"]], None]),
    "minutes": (ABSENT, [1_000_000, 999_999, -1, True, None, 0, 2, 5, "2", 2.5]),
    "stoppage": (ABSENT, [None, "S1", "", "S\n1", 7]),
    "note": (ABSENT, ["x"]),
}


@pytest.mark.slow
def test_any_line_reads_the_same_by_the_short_path_and_the_full_check(tmp_path_factory, monkeypatch):
    """Usual lines with one or two fields made unusual (hypothesis): where the short
    path must decline exactly what the full check refuses or warns of."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @st.composite
    def a_line(draw):
        odd = draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=2, unique=True))
        values = {name: draw(st.sampled_from(FIELDS[name][1])) if name in odd else FIELDS[name][0] for name in FIELDS}
        return {k: v for k, v in values.items() if v is not ABSENT}

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(a_line(), min_size=1, max_size=3))
    def check(lines):
        tmp = tmp_path_factory.mktemp("lines")
        data = season_with()
        data["games"][0]["incidents"] += lines
        assert read(data, tmp, True, monkeypatch) == read(data, tmp, False, monkeypatch)

    check()
