"""Issue 32, nothing lost, nothing crashes: a report on a JSON season with a warning,
outputs that never overwrite inputs, writes that fail cleanly and leave the previous
output whole, round trips of the largest legal fields, messages naming what is at fault."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from hockeyrules.cli.commands import main
from hockeyrules.committee.scenarios import base_season, build_season
from seasongen import generate_season


def warned_season() -> dict:
    """A one-game season whose line carries a field the format does not have: a warning."""
    line = {"person": "A1", "period": 2, "time": "12:00", "infraction": "boarding", "penalties": ["major"], "x": 1}
    return build_season({"games": [{"incidents": [line]}]}, base_season())


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# ----------------------------------------------------------------- the JSON warning


def test_a_report_on_a_json_season_with_a_warning_lists_the_warning(tmp_path: Path):
    season = tmp_path / "season.json"
    season.write_text(json.dumps(warned_season()))
    out = tmp_path / "report.html"
    res = run("report", str(season), "-o", str(out), "-q")
    assert res.exit_code == 0, res.output
    page = out.read_text()
    warnings = page.split("<h3>Warnings</h3>", 1)[1].split("</ul>", 1)[0]
    assert "unknown field &#39;x&#39; ignored" in warnings
    assert "season file line" not in warnings  # JSON gives no line to name


def test_a_report_site_on_a_json_season_with_a_warning(tmp_path: Path):
    season = tmp_path / "season.json"
    season.write_text(json.dumps(warned_season()))
    res = run("report", str(season), "-o", str(tmp_path / "site") + "/", "-q")
    assert res.exit_code == 0, res.output
    pages = "".join(p.read_text() for p in (tmp_path / "site").rglob("*.html"))
    assert "unknown field &#39;x&#39; ignored" in pages


def test_a_report_on_the_same_season_in_yaml_names_the_line(tmp_path: Path):
    import yaml

    season = tmp_path / "season.yaml"
    season.write_text(yaml.safe_dump(warned_season()))
    out = tmp_path / "report.html"
    assert run("report", str(season), "-o", str(out), "-q").exit_code == 0
    assert "season.yaml line " in out.read_text().split("<h3>Warnings</h3>", 1)[1].split("</ul>", 1)[0]


# ----------------------------------------------------------- an output is never an input

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mu18aaa-example.yaml"


@functools.cache
def small() -> str:
    """A small generated league as YAML (made when a test first asks: every worker
    imports this file to collect it, one runs it)."""
    return yaml.safe_dump(generate_season(teams=4, games_per_team=6, seed=3), sort_keys=False)


def a_season(tmp_path: Path, example: bool = False) -> Path:
    """A season file in tmp_path: a small generated league, or the example season where
    a writer must be stopped part way (its outputs are large enough to take a while)."""
    season = tmp_path / "season.yaml"
    if example:
        season.write_bytes(EXAMPLE.read_bytes())
    else:
        season.write_text(small())
    return season


def refused(res, output: str, source: str) -> None:
    assert res.exit_code == 2, res.output
    assert "--output" in res.stderr and output in res.stderr and source in res.stderr
    assert "an output never overwrites an input" in res.stderr
    assert "Traceback" not in res.output


def test_a_report_onto_its_own_season_is_refused_and_the_season_kept(tmp_path: Path):
    season = a_season(tmp_path)
    refused(run("report", str(season), "-o", str(season)), str(season), str(season))
    assert season.read_text() == small()


def test_an_output_that_is_a_symlink_to_the_input_is_refused(tmp_path: Path):
    season = a_season(tmp_path)
    link = tmp_path / "link.html"
    link.symlink_to(season)
    refused(run("report", str(season), "-o", str(link)), str(link), str(season))
    assert season.read_text() == small()


def test_an_output_that_is_a_hard_link_to_the_input_is_refused(tmp_path: Path):
    season = a_season(tmp_path)
    hard = tmp_path / "hard.md"
    hard.hardlink_to(season)
    refused(run("notice", str(season), "--person", "x", "--game", "y", "-o", str(hard)), str(hard), str(season))
    assert season.read_text() == small()


def test_an_import_onto_a_file_of_its_own_folder_is_refused(tmp_path: Path):
    folder = tmp_path / "csv"
    assert run("export", str(a_season(tmp_path)), "-o", str(folder)).exit_code == 0
    people = (folder / "people.csv").read_bytes()
    refused(run("import", str(folder), "-o", str(folder / "people.csv")), "people.csv", "people.csv")
    assert (folder / "people.csv").read_bytes() == people


def test_an_export_into_its_own_folder_or_a_folder_holding_the_season_is_refused(tmp_path: Path):
    season = a_season(tmp_path)
    folder = tmp_path / "csv"
    assert run("export", str(season), "-o", str(folder)).exit_code == 0
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    refused(run("export", str(folder), "-o", str(folder)), str(folder), str(folder))
    refused(run("export", str(season), "-o", str(tmp_path)), str(tmp_path), str(season))
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert season.read_text() == small()


def test_a_mapping_or_a_proposal_is_an_input_too(tmp_path: Path):
    season = a_season(tmp_path)
    folder = tmp_path / "csv"
    assert run("export", str(season), "-o", str(folder)).exit_code == 0
    mapping = tmp_path / "mapping.yaml"
    mapping.write_text("periods:\n  SO: post\n")
    refused(run("import", str(folder), "--mapping", str(mapping), "-o", str(mapping)), "mapping.yaml", "mapping.yaml")
    assert mapping.read_text() == "periods:\n  SO: post\n"
    proposal = tmp_path / "p.yaml"
    proposal.write_text("not read")
    refused(run("report", str(season), "--proposal", str(proposal), "-o", str(proposal)), "p.yaml", "p.yaml")
    assert proposal.read_text() == "not read"


def test_a_folder_output_holding_other_files_is_refused_not_replaced(tmp_path: Path):
    season = a_season(tmp_path)
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "minutes.docx").write_text("the board's minutes")
    res = run("export", str(season), "-o", str(folder))
    assert res.exit_code == 2 and "minutes.docx" in res.stderr and "--output" in res.stderr
    assert (folder / "minutes.docx").read_text() == "the board's minutes"


# ------------------------------------------------------------- round trips, messages


def test_a_200000_character_name_exports_and_imports_back(tmp_path: Path):
    import yaml
    from helpers import line, season_of

    # (a small season, read from YAML as the example would be: the name's size is the point)
    data = season_of([{"incidents": [line()]}, {"incidents": [line("B2", "fighting")]}])
    data["people"][0]["name"] = "N" * 200_000
    data["league"] = "L" * 200_000
    season = tmp_path / "big.yaml"
    season.write_text(yaml.safe_dump(data))
    assert run("export", str(season), "-o", str(tmp_path / "csv")).exit_code == 0
    res = run("import", str(tmp_path / "csv"), "-o", str(tmp_path / "back.json"))
    assert res.exit_code == 0, res.output
    back = json.loads((tmp_path / "back.json").read_text())
    assert back["league"] == "L" * 200_000
    assert back["people"][0]["name"] == "N" * 200_000


def test_an_empty_output_names_the_option(tmp_path: Path):
    res = run("report", str(a_season(tmp_path)), "-o", "")
    assert res.exit_code == 2
    assert "--output: no file name given" in res.stderr


def test_a_mapping_entry_with_a_period_out_of_range_is_reported_at_the_entry(tmp_path: Path):
    import csv

    folder = tmp_path / "csv"
    assert run("export", str(a_season(tmp_path)), "-o", str(folder)).exit_code == 0
    with open(folder / "incidents.csv", newline="") as fh:
        rows = list(csv.reader(fh))
    rows[1][rows[0].index("period")] = "SO"
    with open(folder / "incidents.csv", "w", newline="") as fh:
        csv.writer(fh).writerows(rows)
    mapping = tmp_path / "words.yaml"
    mapping.write_text("# the league's words\nperiods:\n  SO: 99999999999\n")
    res = run("suspensions", str(folder), "--mapping", str(mapping))
    assert res.exit_code == 2
    assert "words.yaml" in res.stderr
    assert "periods.SO (line 3): a period is a number from 1 to 99" in res.stderr
    assert "incidents.csv" not in res.stderr


# ------------------------------------------------------------ writes that fail cleanly


SCRAP = ".hockeyrules-part"


def limited(args: list[str], limit: int) -> subprocess.CompletedProcess:
    """The command in a process that may write no file larger than `limit` bytes; SIGXFSZ
    ignored (inherited across exec), so that a write past the limit fails with EFBIG."""

    def cap():
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(
        [sys.executable, "-m", "hockeyrules", *args], capture_output=True, text=True, preexec_fn=cap, env=env
    )


def contents(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def no_scrap(parent: Path) -> None:
    assert not [p.name for p in parent.iterdir() if p.name.endswith(SCRAP) or p.name.endswith(".part")]


def clean_failure(res: subprocess.CompletedProcess, path) -> None:
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr
    assert str(path) in res.stderr and "File too large" in res.stderr


needs_rlimit = pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="no file size limit on this system")


@needs_rlimit
def test_a_report_past_the_file_size_limit_fails_cleanly_and_keeps_the_old_one(tmp_path: Path):
    season, out = a_season(tmp_path), tmp_path / "report.html"
    out.write_text("the previous report")
    clean_failure(limited(["report", str(season), "-o", str(out), "-q"], 4096), out)
    assert out.read_text() == "the previous report"
    no_scrap(tmp_path)


@needs_rlimit
def test_an_import_past_the_file_size_limit_fails_cleanly_and_keeps_the_old_one(tmp_path: Path):
    folder, out = tmp_path / "csv", tmp_path / "season.json"
    assert run("export", str(a_season(tmp_path)), "-o", str(folder)).exit_code == 0
    out.write_text("{}")
    clean_failure(limited(["import", str(folder), "-o", str(out), "-q"], 4096), out)
    assert out.read_text() == "{}"
    no_scrap(tmp_path)


@needs_rlimit
def test_an_export_past_the_file_size_limit_leaves_the_previous_folder_whole(tmp_path: Path):
    season, folder = a_season(tmp_path), tmp_path / "csv"
    assert run("export", str(season), "-o", str(folder)).exit_code == 0
    before = contents(folder)
    clean_failure(limited(["export", str(season), "-o", str(folder), "--semicolon"], 4096), folder)
    assert contents(folder) == before
    no_scrap(tmp_path)


@needs_rlimit
def test_notices_past_the_file_size_limit_leave_the_previous_folder_whole(tmp_path: Path):
    season, folder = a_season(tmp_path), tmp_path / "notices"
    assert run("notices", str(season), "-o", str(folder), "-q").exit_code == 0
    before = contents(folder)
    assert len(before) > 2 and sum(len(b) for b in before.values()) > 1024  # (several notices, past the limit)
    clean_failure(limited(["notices", str(season), "-o", str(folder), "--since", "2025-09-01", "-q"], 1024), folder)
    assert contents(folder) == before
    no_scrap(tmp_path)


# The command runs in a process of its own with one function slowed down, so that the
# test can stop it while it writes: the marker file says the writing has begun.
SLOWED = """
import pathlib, sys, time
marker = pathlib.Path(sys.argv[1])
if sys.argv[2] == "export":
    import os
    import hockeyrules.read.csv.exporter as mod
    real = mod._cell
    # HOCKEYRULES_TEST_PARTNER: the marker of another export into the same folder; its
    # first cell waits for the other's, so that the two certainly write at the same time
    partner = os.environ.get("HOCKEYRULES_TEST_PARTNER")
    # alone: every cell slow enough to be stopped while writing; with a partner, a pause
    # every 8th cell keeps the two exports' files overlapping
    every, pace = (8, 0.001) if partner else (1, 0.002)
    cells = 0
    def slow(value):
        global partner, cells
        marker.touch()
        if partner:
            deadline = time.monotonic() + 120
            while not pathlib.Path(partner).exists() and time.monotonic() < deadline:
                time.sleep(0.005)
            partner = None
        cells += 1
        if cells % every == 0:
            time.sleep(pace)
        return real(value)
    mod._cell = slow
else:
    import hockeyrules.report.pages as mod
    real = mod._stream
    def slow(template, context, path):
        size = real(template, context, path)
        marker.touch()
        time.sleep(60)
        return size
    mod._stream = slow
from hockeyrules.cli.commands import main
main(sys.argv[2:], prog_name="hockeyrules")
"""


def stopped_while_writing(tmp_path: Path, args: list[str]) -> subprocess.CompletedProcess:
    marker = tmp_path / "marker"
    proc = subprocess.Popen(
        [sys.executable, "-c", SLOWED, str(marker), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120
    while not marker.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marker.exists(), "the command never began writing"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert "Traceback" not in err
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_sigterm_in_the_middle_of_an_export_leaves_the_previous_folder(tmp_path: Path):
    season, folder = a_season(tmp_path, example=True), tmp_path / "csv"
    assert run("export", str(season), "-o", str(folder)).exit_code == 0
    before = contents(folder)
    res = stopped_while_writing(tmp_path, ["export", str(season), "-o", str(folder), "--semicolon"])
    assert res.returncode != 0
    assert contents(folder) == before
    no_scrap(tmp_path)


def test_sigterm_in_the_middle_of_a_report_site_leaves_the_previous_site(tmp_path: Path):
    season, site = a_season(tmp_path, example=True), tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the previous site")
    res = stopped_while_writing(tmp_path, ["report", str(season), "-o", f"{site}/", "-q"])
    assert res.returncode != 0
    assert contents(site) == {"index.html": b"the previous site"}
    no_scrap(tmp_path)


def test_a_folder_left_by_a_killed_run_is_removed_by_the_next(tmp_path: Path):
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    scrap = tmp_path / f".csv.{gone.pid}.x1y2{SCRAP}"
    scrap.mkdir()
    (scrap / "people.csv").write_text("half")
    assert run("export", str(a_season(tmp_path)), "-o", str(tmp_path / "csv")).exit_code == 0
    assert not scrap.exists()
    assert (tmp_path / "csv" / "people.csv").read_text().startswith("id,")


def test_two_exports_into_one_folder_at_once_end_with_one_whole_export(tmp_path: Path):
    from seasongen import generate_season

    data = generate_season(teams=4, games_per_team=4, seed=3)
    one = tmp_path / "one.json"
    one.write_text(json.dumps(data))
    for person in data["people"]:
        person["name"] += " II"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data))
    whole = []
    for season in (one, other):
        assert run("export", str(season), "-o", str(tmp_path / season.stem)).exit_code == 0
        whole.append(contents(tmp_path / season.stem))
    assert whole[0] != whole[1]
    target = tmp_path / "shared"
    for round_ in range(2):
        # both begin writing together and write slowly (SLOWED), so that their writing
        # overlaps file by file
        markers = [tmp_path / f"m{round_}-{n}" for n in range(2)]
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", SLOWED, str(markers[n]), "export", str(s), "-o", str(target), "-q"],
                stderr=subprocess.PIPE,
                env={**os.environ, "HOCKEYRULES_TEST_PARTNER": str(markers[1 - n])},
            )
            for n, s in enumerate((one, other))
        ]
        assert [p.wait(timeout=300) for p in procs] == [0, 0]
        assert all(m.exists() for m in markers)
        assert contents(target) in whole
        no_scrap(tmp_path)
