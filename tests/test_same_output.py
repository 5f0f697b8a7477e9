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

Beside the hashes, each output is kept readable in tests/golden/engine/<season>/,
so that a change shows as a diff: the output itself where it is small, else its
canonical lines (one a suspension, its explanations one a line under it: see
`readable`). The hash stays the test of every byte; the readable file says what
changed. Take both again, deliberately, with

    HOCKEYRULES_REGOLD=1 python -m pytest -q tests/test_same_output.py

(the tests then write their files and skip); then read `git diff tests/golden/engine`.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from hockeyrules.cli.commands import main
from seasongen import generate_season, write_season

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "engine"
HASHES = GOLDEN / "outputs.json"
EXPECTED = json.loads(HASHES.read_text())
PROPOSAL = str(ROOT / "proposals" / "examples" / "late-head-contact.yaml")
REGOLD = os.environ.get("HOCKEYRULES_REGOLD") == "1"
WHOLE = 50_000  # bytes: an output up to this size is kept whole, a larger one as its canonical lines

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


def _node_lines(node: dict, depth: int) -> list[str]:
    text = node.get("text") or " ".join(str(node[k]) for k in ("kind", "rule") if k in node)
    where = f"  [{node['where']}]" if node.get("where") else ""
    lines = ["  " * depth + text + where]
    for child in node.get("children", []):
        lines += _node_lines(child, depth + 1)
    return lines


def _pairs(record: dict, skip: tuple = ()) -> str:
    return " ".join(
        f"{k}={v if isinstance(v, (str, int)) and not isinstance(v, bool) else json.dumps(v)}"
        for k, v in record.items()
        if k not in skip and v is not False and v is not None
    )


def readable(command: str, data: bytes) -> str:
    """The output as kept in the golden folder: whole when small; else one line a
    suspension (its fields as key=value, false and null left out; the person's name, team
    and role are the season's) with a line a component beneath it, its explanations'
    words one a line under that, indented by depth with the place each cites; and one
    line for each other entry of the output."""
    text = data.decode("utf-8")
    out = json.loads(text) if len(data) > WHOLE and command != "suspensions-csv" else None
    if not isinstance(out, dict) or "suspensions" not in out:
        return text
    lines = []
    for key, value in out.items():
        if key == "suspensions":
            continue
        if isinstance(value, list):
            lines += [f"{key}: {json.dumps(v, ensure_ascii=False)}" for v in value]
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    for s in out["suspensions"]:
        lines.append(_pairs(s, ("components", "explanation", "name", "team", "role")))
        for c in s["components"]:
            lines.append("  " + _pairs(c, ("explanation",)))
            if "explanation" in c:
                lines += _node_lines(c["explanation"], 2)
        if "explanation" in s:
            lines += _node_lines(s["explanation"], 1)
    return "\n".join(lines) + "\n"


def golden_file(season: str, command: str, data: bytes, kept: str) -> Path:
    whole = kept == data.decode("utf-8")
    suffix = ".csv" if command.endswith("csv") else ".json" if whole else ".lines.txt"
    return GOLDEN / season / (command + suffix)


def _kept(season: str, command: str) -> Path | None:
    found = sorted((GOLDEN / season).glob(command + ".*"))
    return found[0] if found else None


@pytest.mark.slow
@pytest.mark.parametrize("season,command", CASES)
def test_output_is_byte_identical_to_the_reference(seasons, season, command):
    paths, generated = seasons
    path = paths[season] if season in paths else generated(int(season.rstrip("x")))
    args = [a.replace("{season}", path) for a in COMMANDS[command]]
    data = output(args)
    digest = hashlib.sha256(data).hexdigest()
    key = f"{season}/{command}"
    if REGOLD:
        for old in (GOLDEN / season).glob(command + ".*"):
            old.unlink()
        kept = readable(command, data)
        file = golden_file(season, command, data, kept)
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(kept, encoding="utf-8")
        hashes = json.loads(HASHES.read_text())  # other cases' entries kept as they are
        hashes[key] = digest
        HASHES.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
        pytest.skip(f"wrote {file.relative_to(ROOT)} and its hash (HOCKEYRULES_REGOLD=1)")
    kept_file = _kept(season, command)
    assert kept_file is not None, f"no readable output kept for {key}: run with HOCKEYRULES_REGOLD=1"
    want = kept_file.read_text(encoding="utf-8")
    got = readable(command, data)
    if got != want:
        diff = difflib.unified_diff(
            want.splitlines(), got.splitlines(), str(kept_file.relative_to(ROOT)), "now", n=1, lineterm=""
        )
        shown = list(diff)
        pytest.fail(
            f"{key} differs from {kept_file.relative_to(ROOT)} ({len(shown)} diff lines; the first 80):\n"
            + "\n".join(line[:400] for line in shown[:80])
        )
    assert digest == EXPECTED[key], f"{key}: the same {kept_file.name}, yet other bytes (spacing? key order?)"
