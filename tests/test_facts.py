"""The facts clingo reads: integers and fixed constants only, whatever the season says."""

from __future__ import annotations

import re

import pytest

from hockeyrules.facts.build import BASE, Fact, Facts, Id, const, decision_facts, season_facts, term
from hockeyrules.read.season import from_data
from tests.test_hostile_text import HOSTILE, hostile_season


def test_the_fact_text_of_a_hostile_season_holds_no_user_text():
    season = from_data(hostile_season())
    out = Facts()
    season_facts(season, out, line_ups=True)
    text = out.text()
    # only predicate names, constants, integers and punctuation: no quote, no space, no '#', no ':-'
    assert re.fullmatch(r"[a-z0-9_(),.\n]*", text), text[:200]
    for hostile in HOSTILE:
        assert hostile not in text
    # every hostile id is a number in the table, and comes back out unchanged
    for hostile in (HOSTILE[0], HOSTILE[1], HOSTILE[2], HOSTILE[4]):
        n = out.names.number[hostile]
        assert n >= BASE and f"{n}" in text and out.names.text(n) == hostile


def test_the_serializer_refuses_text_that_is_not_a_checked_constant():
    out = Facts()
    with pytest.raises(TypeError):
        out.add("person", "x). evil :- y", 1)
    with pytest.raises(ValueError):
        const("x). evil")
    with pytest.raises(ValueError):
        out.add("evil :- y", 1)
    with pytest.raises(TypeError):
        term("at", "1")
    with pytest.raises(TypeError):
        out.add_fact(Fact("focusperson", HOSTILE[0]))  # text must be marked as an Id
    assert out.terms == {}


def test_facts_given_by_callers_write_their_ids_as_numbers():
    out = Facts()
    out.add_fact(Fact("focusline", Id(HOSTILE[1]), 3))
    out.add_fact(Fact("decision", 0, Id("p"), (Id(HOSTILE[1]), const("rules")), const("addgames"), 2, 7))
    g = out.names.number[HOSTILE[1]]
    assert out.terms == {
        "focusline": [f"focusline({g},3)"],
        "decision": [f"decision(0,{g + 1},({g},rules),addgames,2,7)"],
    }
    assert out.given()["focusline"] == f"(focusline({g},3),)"


def test_decoded_atoms_carry_the_text_again():
    from clingo import Function, Number, String, Supremum, Tuple_

    from hockeyrules.engine.readback import decode_all

    out = Facts()
    p, g = out.names.id(HOSTILE[0]), out.names.id(HOSTILE[1])
    rule = 'x"). evil :- y. #script \\ \n'  # a proposal's rule id is text of its own, printed escaped
    shown = [
        Function("component", [Number(p), Function("team", [Number(p)]), Number(5), String(rule)]),
        Function("premise", [Tuple_([Number(g), Function("rules")]), Tuple_([Number(-3)]), Supremum, Tuple_([])]),
        Function("late", [Number(g), Number(7)], False),
        Function("focusall"),
    ]
    expected = [
        Function("component", [String(HOSTILE[0]), Function("team", [String(HOSTILE[0])]), Number(5), String(rule)]),
        Function(
            "premise", [Tuple_([String(HOSTILE[1]), Function("rules")]), Tuple_([Number(-3)]), Supremum, Tuple_([])]
        ),
        Function("late", [String(HOSTILE[1]), Number(7)], False),
        Function("focusall"),
    ]
    decoded = decode_all([str(s) for s in shown], out.names)
    assert [str(t) for t in decoded] == [str(s) for s in expected]
    component, premise, late, _ = decoded
    assert component.arguments[0].string == HOSTILE[0] and component.arguments[1].arguments[0].string == HOSTILE[0]
    assert component.arguments[3].string == rule and component.arguments[2].number == 5
    assert premise.arguments[0].arguments[1].name == "rules" and premise.arguments[1].arguments[0].number == -3
    assert late.name == "late" and late.negative and not late.positive


def test_decisions_become_facts_without_text():
    data = hostile_season()
    data["decisions"] = [
        {"person": HOSTILE[0], "game": HOSTILE[1], "add_games": 1, "date": "2025-01-10", "reason": HOSTILE[3]}
    ]
    season = from_data(data)
    out = Facts()
    for f in decision_facts(season):
        out.add_fact(f)
    assert re.fullmatch(r"[a-z0-9_(),.\n]*", out.text())


def test_only_input_predicates_with_their_arity_are_facts():
    out = Facts()
    with pytest.raises(ValueError):
        out.add("component", 1, 2)  # a derived predicate is never given
    with pytest.raises(ValueError):
        out.add("line", 1, 2)  # line/7 only
    out.add("focusall")
    assert out.given() == {"focusall": "(focusall,)"}


def test_asp_input_unpacks_every_input_predicate_and_no_other():
    from hockeyrules.engine.solver import encoding_text
    from hockeyrules.facts.build import INPUT

    rules = re.findall(r"^(\w+)(?:\(([A-Z, ]*)\))? :- \1(?:\(\2\))? = @facts\(\1\)\.$", encoding_text("input.lp"), re.M)
    assert {name: len(args.split(",")) if args else 0 for name, args in rules} == INPUT


def test_every_given_fact_reaches_the_grounder_unchanged():
    from hockeyrules.engine.solver import solve
    from hockeyrules.facts.build import INPUT

    out = Facts()
    sample = {"line": (BASE, 3, BASE + 1, const("slashing"), term("at", 3, 540), 5, 1), "focusall": ()}
    for name, n in INPUT.items():
        out.add(name, *sample.get(name, tuple(range(1, n + 1))))
    shown = "".join(f"#show {name}/{n}." for name, n in INPUT.items())
    got = {str(s) for s in solve(programs=[shown], given=out.given(), count=out.count).symbols}
    assert got == set(out.text().replace(".\n", "\n").split())


def test_no_further_programs_given_as_an_empty_iterator_leave_the_shown_atoms_as_clingo_made_them():
    """engine.run reads `programs` twice (the facts, then whether to decode): an empty
    iterator is no programs, as an empty list is."""
    import clingo

    from hockeyrules.engine.run import run
    from hockeyrules.model.policy import Policy
    from seasongen import generate_season

    season = from_data(generate_season(teams=4, games_per_team=4, seed=1))
    _, shown = run(season, Policy(), programs=[])
    _, shown_too = run(season, Policy(), programs=iter(()))
    assert shown and all(isinstance(s, clingo.Symbol) for s in shown_too)
    assert [str(s) for s in shown_too] == [str(s) for s in shown]
