"""The contract's own examples give exactly their expected results.

The copy under tests/contract always runs. Where the project's specification
folder sits beside the checkout, its examples run too (so a change to the
contract is seen at once) and must equal the copy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hockeyrules

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "spec" / "examples"
COPY = HERE / "contract"
FOLDERS = [COPY] + ([SHARED] if SHARED.is_dir() else [])


def _seasons(folder: Path) -> list:
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".json") and ".expected" not in p.name)


SEASONS = [season for folder in FOLDERS for season in _seasons(folder)]


def _comparable(result: dict) -> dict:
    """As the examples' README says: ignore warnings (and key order)."""
    return {k: v for k, v in result.items() if k != "warnings"}


@pytest.mark.parametrize("season", SEASONS, ids=[f"{p.parent.name}/{p.stem}" for p in SEASONS])
def test_example_gives_exactly_its_expected_result(season: Path):
    expected = json.loads((season.parent / f"{season.stem}.expected.json").read_text())
    got = hockeyrules.evaluate(season).to_dict()
    assert [(s["person"], s["game"]) for s in got["suspensions"]] == [
        (s["person"], s["game"]) for s in expected["suspensions"]
    ], "order or set of suspensions differs"
    assert _comparable(got) == _comparable(expected)


def test_the_copy_under_tests_is_whole_and_matches_the_shared_contract():
    seasons = _seasons(COPY)
    assert len(seasons) >= 3
    assert {p.stem for p in seasons} == {p.name[: -len(".expected.json")] for p in COPY.glob("*.expected.json")}
    if SHARED.is_dir():
        for path in SHARED.iterdir():
            if path.suffix in (".yaml", ".json"):  # the data; the README is in the project's own words
                assert (COPY / path.name).read_bytes() == path.read_bytes(), path.name
