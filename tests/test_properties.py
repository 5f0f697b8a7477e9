"""Properties of the whole engine, checked on generated seasons (hypothesis)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hockeyrules import evaluate
from hockeyrules.committee.scenarios import base_season, build_season

PEOPLE = [f"A{n}" for n in range(1, 5)] + [f"B{n}" for n in range(1, 5)] + ["CA", "CB"]
INFRACTIONS = [
    "fighting",
    "boarding",
    "checking_from_behind",
    "abusive_behaviour",
    "instigator",
    "unsportsmanlike_conduct",
    "first_off_bench",
    "left_bench",
    "tripping",
    "secondary_fight",
    "physical_harassment_of_officials",
    "roughing",
    "spearing",
]
PENALTIES = ["minor", "major", "misconduct", "game_misconduct", "gross_misconduct", "match"]

incident = st.fixed_dictionaries(
    {
        "person": st.sampled_from(PEOPLE),
        "period": st.sampled_from([1, 2, 3, 3, "OT", "pre", "post"]),
        "time": st.sampled_from(["19:00", "10:01", "10:00", "09:59", "00:30"]),
        "infraction": st.sampled_from(INFRACTIONS),
        "penalties": st.lists(st.sampled_from(PENALTIES), min_size=1, max_size=3, unique=True),
    }
)
game = st.fixed_dictionaries(
    {
        "date": st.sampled_from(["2025-10-01", "2025-10-02", "2025-10-03"]),
        "start": st.sampled_from([None, "13:00", "19:30"]),
        "home": st.sampled_from(["A", "B"]),
        "incidents": st.lists(incident, max_size=6),
    }
)
# Distinct (date, start): season order then never falls back on file order.
season_games = st.lists(game, min_size=1, max_size=6, unique_by=lambda g: (g["date"], g["start"]))


def make(games: list) -> dict:
    games = copy.deepcopy(games)
    for n, g in enumerate(games, start=1):
        g["id"] = f"G{n}"
        g["away"] = "B" if g["home"] == "A" else "A"
        if g["start"] is None:
            del g["start"]
        for inc in g["incidents"]:
            if inc["period"] in ("pre", "post"):
                del inc["time"]
    return build_season({"games": games}, base_season())


def totals(result: dict) -> dict:
    """Each person's season total; indefinite ranks above every number."""
    out: dict = {}
    for s in result["suspensions"]:
        t = out.get(s["person"], (0, 0))
        out[s["person"]] = (max(t[0], int(s["indefinite"])), t[1] + s["games"])
    return out


common = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@common
@given(season_games, st.randoms(use_true_random=False))
def test_reordering_the_games_of_a_file_changes_nothing(games, rnd):
    data = make(games)
    shuffled = copy.deepcopy(data)
    rnd.shuffle(shuffled["games"])
    first, second = evaluate(data).to_dict(), evaluate(shuffled).to_dict()
    # a warning names its place in the file, which moved with the game
    assert sorted(w["message"] for w in first.pop("warnings")) == sorted(w["message"] for w in second.pop("warnings"))
    assert first == second


# The one exception the catalog itself makes: the 10.4(e) coach rows take their
# lateness from the team's earliest bench-leaving line, so an earlier, not late,
# bench-leaving line lowers the coach's late value (tests/rules/hc_section4_fighting).
not_bench_leaving = incident.filter(lambda i: i["infraction"] not in ("first_off_bench", "left_bench"))


@pytest.mark.slow
@common
@given(season_games, st.integers(min_value=0, max_value=5), not_bench_leaving)
def test_adding_an_incident_never_lowers_a_persons_season_total(games, at, extra):
    data = make(games)
    before = totals(evaluate(data).to_dict())
    more = copy.deepcopy(data)
    target = more["games"][at % len(more["games"])]
    extra = dict(extra)
    if extra["period"] in ("pre", "post"):
        extra.pop("time", None)
    target["incidents"].append(extra)
    after = totals(evaluate(more).to_dict())
    for person, (indefinite, games_) in before.items():
        assert person in after
        a_indef, a_games = after[person]
        assert a_indef >= indefinite
        if a_indef == indefinite:
            assert a_games >= games_, (person, before[person], after[person])


@pytest.mark.slow
@common
@given(season_games)
def test_the_output_is_byte_identical_across_runs(games):
    data = make(games)
    from hockeyrules.views.render import to_json

    assert to_json(evaluate(data).to_dict()) == to_json(evaluate(copy.deepcopy(data)).to_dict())
