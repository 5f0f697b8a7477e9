"""Spelling a line's time out only where a rule reads it changes no answer.

asp/definitions.lp derives period, clock, late, in the game, minutes and the
season-order key only for the lines some rule asks for (timed/2), and a game's
key for a team event only where a team counts one on a ladder; head coaches only
for the team games a coach row fired on (coachasked/2); running penalty minutes
line by line only in the games where a mark is passed (pimrunning/2). A rule that
reads a line's time must ask for it; if one forgot, its answer would change when
every line is timed. So each case below is solved twice, once as shipped and once
with every line timed, every team game asked for, every running total kept and
every game keyed, and every atom shown (the result's, the explanations' and the
audit's) must be the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hockeyrules.engine.rulebookfile import in_force
from hockeyrules.engine.solver import encoding_text, solve
from hockeyrules.facts.build import Fact, Facts, Id, decision_facts, policy_facts, season_facts
from hockeyrules.model.policy import Policy, parse_assignment
from hockeyrules.read.season import from_data, load
from hockeyrules.views.audit import AUDIT_PROGRAMS, serving_stages
from seasongen import generate_season

ROOT = Path(__file__).resolve().parent.parent
EVERYTHING = (
    "timed(G, I) :- line(G, I, _A, _B, _C, _D, _E).\n"
    "coachasked(G, T) :- game(G, T, _, _).\n"
    "coachasked(G, T) :- game(G, _, T, _).\n"
    "pimrunning(P, G) :- pimgame(P, G, _).\n"
    "key(G, 0, (N, 1001, 0, 0)) :- gameorder(G, N).\n"
)


def shown(season, policy: Policy, programs=(), extra=(), line_ups=False, everything=False, stages=()) -> list[str]:
    out = Facts()
    season_facts(season, out, line_ups)
    policy_facts(policy, out)
    in_force(season).facts(out)  # the catalog's league: its rows are facts (asp/league.lp)
    for fact in extra:
        out.add_fact(fact)
    texts = [encoding_text(name) for name in programs] + ([EVERYTHING] if everything else [])
    return sorted(str(s) for s in solve(programs=texts, given=out.given(), count=out.count, stages=stages).symbols)


@pytest.fixture(scope="module")
def example():
    return load(ROOT / "examples" / "mu18aaa-example.yaml")


@pytest.fixture(scope="module")
def generated():
    return from_data(generate_season(teams=8, games_per_team=30, seed=7))


@pytest.mark.parametrize(
    "reading",
    [None, "late_window_minutes=5", "late_window_minutes=15", "layers=max", "league_games=all", "league_persons=all"],
)
@pytest.mark.parametrize("which", ["example", "generated"])
def test_the_suspensions_are_the_same_with_every_line_timed(which, reading, request):
    season = request.getfixturevalue(which)
    policy = Policy() if reading is None else Policy().with_readings(dict([parse_assignment(reading)]))
    assert shown(season, policy) == shown(season, policy, everything=True)


def test_the_explanations_of_every_suspension_are_the_same_with_every_line_timed(example):
    focus = [Fact("focusall")]
    plain = shown(example, Policy(), ["explain.lp"], focus)
    assert any(s.startswith("premise(") for s in plain)
    assert plain == shown(example, Policy(), ["explain.lp"], focus, everything=True)


def test_why_not_for_every_line_of_a_game_is_the_same_with_every_line_timed(example):
    game = example.games[5]
    focus = [Fact("focusline", Id(game.id), inc.number) for inc in game.incidents]
    plain = shown(example, Policy(), ["explain.lp"], focus)
    assert any(s.startswith("linecontext(") for s in plain)
    assert plain == shown(example, Policy(), ["explain.lp"], focus, everything=True)


def test_why_not_for_every_line_of_the_most_penalized_player_is_the_same_with_every_running_total():
    # league:10.04 keeps a person's running total line by line only in the games where
    # it passes a mark; a line in focus asks for its game's totals itself
    season = from_data(generate_season(teams=12, games_per_team=44, seed=20250101))  # the 1x benchmark season
    minutes: dict = {}
    for g in season.games:
        if g.kind != "exhibition":
            for inc in g.incidents:
                if inc.person is not None and season.people[inc.person].role == "player":
                    minutes[inc.person] = minutes.get(inc.person, 0) + season.minutes(inc)
    person = max(sorted(minutes), key=minutes.__getitem__)
    assert minutes[person] > 125  # passes two marks, in two of its games; its other games pass none
    focus = [
        Fact("focusline", Id(g.id), inc.number) for g in season.games for inc in g.incidents if inc.person == person
    ]
    plain = shown(season, Policy(), ["explain.lp"], focus)
    running = [s for s in plain if s.startswith('ladderstatus("league:10.04"') and "minutes(" in s]
    assert len({s.split(",")[1] for s in running}) > 2  # its totals in games that pass no mark too
    assert plain == shown(season, Policy(), ["explain.lp"], focus, everything=True)


@pytest.mark.slow
def test_the_audit_is_the_same_with_every_line_timed(example):
    # the audit asks for every team game's head coaches itself; its findings must not
    # depend on which lines are timed either
    args = dict(programs=AUDIT_PROGRAMS, extra=decision_facts(example), line_ups=True, stages=serving_stages(example))
    plain = shown(example, Policy(), **args)
    assert any(s.startswith("servedin(") for s in plain)
    assert plain == shown(example, Policy(), everything=True, **args)
