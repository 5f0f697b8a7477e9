"""The engine's output, byte for byte, as it was before the engine was made faster.

tests/golden/engine/outputs.json holds the SHA-256 of each command's standard
output on the example season and on the benchmark's generated seasons (1x: one
league solved at once; 10x: ten leagues, solved part by part in parallel, while
the file is read). The hashes were taken with main's engine at commit 03e2b9b
(facts built symbol by symbol, every atom read back), the explanations' words
from main at 3c4bba9 (the views' plain wording); a
change to the facts, the read-back or the encoding that is meant to keep every
result must keep them. (A change of the rules' meaning changes them: take them
again, and say so.) example/explain-all was taken again after the explanations
were worded in plain words (Hockey Canada part, league part): the same bytes
from the engine before and after the integer facts. It was taken again for issue 29
(the readers' vocabulary of views/wording.py): the explanations' words only, every
id, number and field as before.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hockeyrules.cli.commands import main
from seasongen import generate_season, write_season

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = json.loads((Path(__file__).parent / "golden" / "engine" / "outputs.json").read_text())
PROPOSAL = str(ROOT / "proposals" / "examples" / "late-head-contact.yaml")

# name: arguments after the season file
COMMANDS = {
    "suspensions-json": ["suspensions", "{season}", "--format", "json"],
    "suspensions-csv": ["suspensions", "{season}", "--format", "csv"],
    "suspensions-max-not-once": [
        "suspensions",
        "{season}",
        "--format",
        "json",
        "--layers",
        "max",
        "--no-late-game-counted-once",
    ],
    "suspensions-proposal": ["suspensions", "{season}", "--format", "json", "--proposal", PROPOSAL],
    "explain-all": ["suspensions", "{season}", "--format", "json", "--explain"],
    "audit": ["audit", "{season}", "--format", "json"],
}
# every command on the example season; the engine's own output on the generated ones
CASES = (
    [("example", c) for c in COMMANDS]
    + [("1x", c) for c in ("suspensions-json", "suspensions-csv", "suspensions-max-not-once", "suspensions-proposal")]
    + [("10x", "suspensions-json")]
)


@pytest.fixture(scope="module")
def seasons(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seasons")
    paths = {"example": str(ROOT / "examples" / "mu18aaa-example.yaml")}

    def generated(leagues):
        path = folder / f"season-{leagues}x.json"
        if not path.exists():  # the benchmark's seasons (benchmarks/run.py: TEAMS, GAMES_PER_TEAM, SEED)
            write_season(generate_season(12, 44, seed=20250101, leagues=leagues), path)
        return str(path)

    return paths, generated


def output(args: list) -> bytes:
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    return res.stdout_bytes


@pytest.mark.parametrize("season,command", CASES)
def test_output_is_byte_identical_to_the_reference(seasons, season, command):
    paths, generated = seasons
    path = paths[season] if season in paths else generated(int(season.rstrip("x")))
    args = [a.replace("{season}", path) for a in COMMANDS[command]]
    digest = hashlib.sha256(output(args)).hexdigest()
    assert digest == EXPECTED[f"{season}/{command}"]
