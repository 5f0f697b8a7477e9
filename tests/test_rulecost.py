"""benchmarks/rulecost's copies: each rule once more under a new head name, feeding nothing.

The tool reads a copy's extra grounding as the rule's own cost; that holds only if a
copy changes no answer and copies exactly one rule.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from hockeyrules.engine.rulebookfile import in_force
from hockeyrules.engine.solver import ENCODING, encoding_text, solve
from hockeyrules.facts.build import Facts, policy_facts, season_facts
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import load

ROOT = Path(__file__).resolve().parent.parent


def _rulecost():
    spec = importlib.util.spec_from_file_location("rulecost", ROOT / "benchmarks" / "rulecost.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_rule_with_a_body_is_copied_once_under_a_new_head_and_no_answer_changes():
    rulecost = _rulecost()
    texts = {name: encoding_text(name) for name in ENCODING if name != "input.lp"}
    found = rulecost.copies(texts)
    # one copy a rule: every `:-` outside a comment (the encoding has no constraint)
    assert len(found) == sum(re.sub(r"%.*", "", text).count(":-") for text in texts.values())
    for where, rule, copy in found:
        assert copy == "copy" + rule and ":-" in rule, where
    assert "definitions.lp:" + str(
        next(
            n for n, line in enumerate(encoding_text("definitions.lp").splitlines(), 1) if line.startswith("incident(")
        )
    ) in {where for where, _, _ in found}

    season = load(ROOT / "examples" / "mu18aaa-example.yaml")
    out = Facts()
    season_facts(season, out)
    policy_facts(Policy(), out)
    in_force(season).facts(out)  # the catalog's league: its rows are facts (asp/league.lp)
    plain = solve(given=out.given(), count=out.count).symbols
    copied = solve(programs=["\n".join(copy for _, _, copy in found)], given=out.given(), count=out.count).symbols
    assert sorted(map(str, copied)) == sorted(map(str, plain))
