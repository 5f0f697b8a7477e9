"""The contract's own examples give exactly their expected results.

They are run from ../shared/spec/examples when that folder is there (so a
change to the contract is seen at once), and from the copy under
tests/contract otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hockeyrules

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "spec" / "examples"
FOLDER = SHARED if SHARED.is_dir() else HERE / "contract"
SEASONS = sorted(p for p in FOLDER.iterdir() if p.suffix in (".yaml", ".json") and ".expected" not in p.name)


def _comparable(result: dict) -> dict:
    """As the examples' README says: ignore warnings (and key order)."""
    return {k: v for k, v in result.items() if k != "warnings"}


@pytest.mark.parametrize("season", SEASONS, ids=[p.stem for p in SEASONS])
def test_example_gives_exactly_its_expected_result(season: Path):
    expected = json.loads((FOLDER / f"{season.stem}.expected.json").read_text())
    got = hockeyrules.evaluate(season).to_dict()
    assert [(s["person"], s["game"]) for s in got["suspensions"]] == \
        [(s["person"], s["game"]) for s in expected["suspensions"]], "order or set of suspensions differs"
    assert _comparable(got) == _comparable(expected)


def test_the_copy_under_tests_matches_the_shared_contract():
    if not SHARED.is_dir():
        pytest.skip("../shared/spec/examples is not beside this checkout")
    for path in SHARED.iterdir():
        if path.is_file():
            assert (HERE / "contract" / path.name).read_bytes() == path.read_bytes(), path.name
