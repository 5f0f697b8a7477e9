"""A process that solves many times gives each new control the encoding as clingo's parsed
statements (hockeyrules/engine/solver.py, SETTINGS.encoding_texts_before_parsed): the
answers, their explanations and a proposal's answers are those of the encoding's text."""

from __future__ import annotations

from pathlib import Path

import pytest

import hockeyrules
from hockeyrules.engine import solver
from hockeyrules.engine.settings import SETTINGS
from hockeyrules.views.explain import explain_all
from seasongen import generate_season

ROOT = Path(__file__).resolve().parent.parent
# new rules of its own (a program added as text beside the encoding) and a changed row
PROPOSALS = [ROOT / "proposals" / "examples" / n for n in ("late-head-contact.yaml", "first-fight-two-games.yaml")]


def answers(season: dict) -> tuple:
    return (
        hockeyrules.evaluate(season).to_dict(),
        hockeyrules.evaluate(season, layers="max").to_dict(),
        explain_all(season)[2],
        *(hockeyrules.evaluate(season, proposal=p).to_dict() for p in PROPOSALS),
    )


def test_the_encoding_from_parsed_statements_gives_the_answers_of_its_text(monkeypatch):
    season = generate_season(4, 8, seed=11)
    monkeypatch.setattr(solver, "_PARSED", solver._Parsed())
    monkeypatch.setattr(SETTINGS, "encoding_texts_before_parsed", 10**9)
    from_text = answers(season)
    assert solver._PARSED.kept == {}  # every control was given the text

    monkeypatch.setattr(solver, "_PARSED", solver._Parsed())
    monkeypatch.setattr(SETTINGS, "encoding_texts_before_parsed", 0)
    from_statements = answers(season)
    assert [len(s or ()) for s in solver._PARSED.kept.values()] != [0]  # ... and here the statements
    assert from_statements == from_text
    assert from_text[0]["suspensions"] and from_text[0] not in from_text[3:]  # the proposals changed something


@pytest.mark.parametrize("before, texts", [(0, 0), (1, 1), (2, 2)])
def test_the_text_is_parsed_on_the_solve_after_the_set_number(monkeypatch, before, texts):
    monkeypatch.setattr(solver, "_PARSED", solver._Parsed())
    monkeypatch.setattr(SETTINGS, "encoding_texts_before_parsed", before)
    kinds = []
    for _ in range(before + 2):
        kinds.append("text" if solver._PARSED.statements(solver.ENCODING) is None else "statements")
    assert kinds == ["text"] * texts + ["statements"] * (before + 2 - texts)
