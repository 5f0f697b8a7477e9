"""Every row the encoding defines is fired by a scenario test and missed by a near miss."""

from __future__ import annotations

import re
from pathlib import Path

import clingo
import pytest

from hockeyrules.committee import scenarios
from hockeyrules.read.loader import read

RULES = Path(__file__).parent / "rules"


def encoded_rows() -> set[str]:
    """The catalog ids the encoding has a row for under the catalog's league (its
    rulebook's rows are facts: hockeyrules/engine/rulebookfile.py), grounded with no season."""
    from hockeyrules.engine.catalog import catalog

    return set(catalog().rows)


def scenario_tests():
    for path in sorted(RULES.glob("*.scenarios.yaml")):
        yield from scenarios.load_file(path)[0]


@pytest.mark.slow
def test_every_encoded_row_has_a_scenario_that_fires_it():
    fired = {rule for t in scenario_tests() for e in t.get("expect", []) for rule in e.get("components", {})}
    assert encoded_rows() - fired == set()


_ID = re.compile(r"(?:hc|hm|league):[A-Za-z0-9.()/\-]+")


def ids_in(text: str) -> set[str]:
    """Catalog ids written in prose: trailing full stops and unmatched ')' are not part of them."""
    out = set()
    for found in _ID.findall(text):
        while found[-1] in ".," or found.count(")") > found.count("("):
            found = found[:-1]
        out.add(found)
    return out


def named_tests():
    """(test, ids it is about): the ids in its name and in the section comment above it."""
    for path in sorted(RULES.glob("*.scenarios.yaml")):
        tests = scenarios.load_file(path)[0]
        located = read(path)
        lines = path.read_text().splitlines()
        for i, test in enumerate(tests):
            start = located.lines[("tests", i)] - 1
            section: set[str] = set()
            for text in reversed(lines[:start]):
                if text.lstrip().startswith("#") and ids_in(text):
                    section = ids_in(text)
                    break
            yield test, ids_in(test["name"]) | section


@pytest.mark.slow
def test_every_encoded_row_has_a_near_miss_that_does_not_fire_it():
    # a near miss: a test about the row (named in it, or in its section comment)
    # with exact expectations in which the row does not fire
    missed: set[str] = set()
    for test, about in named_tests():
        if not (test.get("only") or test.get("absent")):
            continue
        fired = {rule for e in test.get("expect", []) for rule in e.get("components", {})}
        missed |= about - fired
    assert encoded_rows() - missed == set()


CATALOG_IDS = Path(__file__).parent / "catalog-ids.txt"
SPEC_CATALOG = Path(__file__).parent.parent.parent / "shared" / "spec" / "rule-catalog.md"


def catalog_ids() -> set[str]:
    """The specification's rule ids, from the copy kept in tests/ (a clone has no spec folder)."""
    lines = CATALOG_IDS.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_the_copy_of_the_catalog_ids_is_the_specifications_list_where_it_is_beside_the_checkout():
    ids = catalog_ids()
    assert len(ids) > 50 and all(re.fullmatch(r"(hc|hm|league):\S+", i) for i in ids)
    if SPEC_CATALOG.is_file():
        text = SPEC_CATALOG.read_text(encoding="utf-8")
        assert set(re.findall(r"\|\s*((?:hc|hm|league):[^\s|,]+)", text)) == ids


def test_the_encoding_has_a_row_for_every_game_yielding_catalog_id():
    ids = catalog_ids()
    audit_only = {"league:10.01A", "league:10.01B", "league:10.01C", "league:10.03", "league:10.07", "league:10.08"}
    assert clingo.__version__  # the solver is what answers
    assert ids - audit_only - encoded_rows() == set()
