"""The command line as a good Unix tool: `-` for standard input and output, -h, exit
codes, output paths checked before any work, files replaced whole, strict scenario
files, progress only for a terminal, tables that fit it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from hockeyrules.cli import commands as cli_mod
from hockeyrules.cli.commands import main
from hockeyrules.model import progress
from hockeyrules.model.errors import InputError
from hockeyrules.read import streams
from hockeyrules.views import render

HERE = Path(__file__).parent
EXAMPLE = HERE / "contract" / "worked-example.yaml"
SIX = HERE / "contract" / "six-teams-elapsed.json"
PROPOSAL = HERE.parent / "proposals" / "examples" / "first-fight-two-games.yaml"


def run(*args, stdin: bytes | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def no_traceback(res):
    assert "Traceback" not in res.output and res.exception is None or isinstance(res.exception, SystemExit)


# ---------------------------------------------------------------- standard input


@pytest.mark.slow
@pytest.mark.parametrize("path", [EXAMPLE, SIX])
@pytest.mark.parametrize(
    "args",
    [
        ["suspensions", "--format", "json"],
        ["suspensions", "--format", "csv"],
        ["audit", "--format", "json"],
        ["diff", "--proposal", PROPOSAL, "--format", "json"],
    ],
)
def test_dash_reads_the_season_from_standard_input_yaml_or_json_by_content(path, args):
    from_file = run(args[0], path, *args[1:])
    from_stdin = run(args[0], "-", *args[1:], stdin=path.read_bytes())
    assert from_file.exit_code == 0, from_file.output
    assert from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.stdout == from_file.stdout


def test_explain_and_export_read_standard_input_too(tmp_path):
    a = run("explain", EXAMPLE, "--person", "A1", "--format", "json")
    b = run("explain", "-", "--person", "A1", "--format", "json", stdin=EXAMPLE.read_bytes())
    assert a.exit_code == 0 and b.stdout == a.stdout and "explanations" in a.stdout
    res = run("export", "-", "-o", tmp_path / "csv", stdin=EXAMPLE.read_bytes())
    assert res.exit_code == 0, res.output
    assert (tmp_path / "csv" / "incidents.csv").is_file()


def test_a_bad_season_on_standard_input_is_located_exit_2():
    res = run("suspensions", "-", stdin=b"format: hockeyrules/season@1\nteams: 3\n")
    assert res.exit_code == 2
    assert "<stdin>" in res.stderr and "teams (line 2)" in res.stderr
    no_traceback(res)
    res = run("suspensions", "-", stdin=b"")
    assert res.exit_code == 2 and "nothing on standard input" in res.stderr
    res = run("suspensions", "-", stdin=b'{"format": ')
    assert res.exit_code == 2 and "not valid JSON" in res.stderr


# ---------------------------------------------------------------- standard output


def test_report_dash_o_dash_writes_the_page_to_standard_output(tmp_path):
    res = run("report", EXAMPLE, "-o", "-")
    assert res.exit_code == 0, res.output
    assert res.stdout.lstrip().lower().startswith("<!doctype html")
    assert not Path("-").exists()
    run("report", EXAMPLE, "-o", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == res.stdout


def test_import_dash_o_dash_writes_the_season_to_standard_output(tmp_path):
    assert run("export", EXAMPLE, "-o", tmp_path / "csv").exit_code == 0
    res = run("import", tmp_path / "csv", "-o", "-")
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("format: hockeyrules/season@1")
    as_json = run("import", tmp_path / "csv", "-o", "-", "--format", "json")
    assert json.loads(as_json.stdout)["format"] == "hockeyrules/season@1"
    # the season printed reads back through standard input to the same suspensions
    again = run("suspensions", "-", "--format", "json", stdin=res.stdout.encode("utf-8"))
    assert again.exit_code == 0
    assert [s["games"] for s in json.loads(again.stdout)["suspensions"]] == [1, 5]


# ---------------------------------------------------------------- help and exit codes


def test_python_dash_m_dash_h_lists_the_commands_and_the_exit_codes():
    res = subprocess.run([sys.executable, "-m", "hockeyrules", "-h"], capture_output=True, text=True)
    assert res.returncode == 0
    for word in (
        "suspensions",
        "report",
        "test",
        "Exit codes",
        "0  done",
        "1  a scenario test failed",
        "2  bad input or usage",
    ):
        assert word in res.stdout
    sub = subprocess.run([sys.executable, "-m", "hockeyrules", "report", "-h"], capture_output=True, text=True)
    assert sub.returncode == 0 and "-o, --output" in sub.stdout and "Exit codes" in sub.stdout


def test_a_usage_error_is_exit_2():
    assert run("suspensions").exit_code == 2
    assert run("suspensions", EXAMPLE, "--format", "xml").exit_code == 2


# ---------------------------------------------------------------- output paths


@pytest.mark.parametrize(
    "where, words",
    [
        ("missing/dir/x.html", "does not exist"),
        ("afile/x.html", "is a file, not a folder"),
        ("", "no file name"),
        ("x" * 300 + ".html", "too long"),
        (".", "is a directory"),  # click's own check, the same exit code
    ],
)
def test_an_output_that_cannot_be_written_is_refused_before_any_work(tmp_path, monkeypatch, where, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    called = []
    monkeypatch.setattr("hockeyrules.report.pages.build_report", lambda *a, **k: called.append(1) or "")
    res = run("report", EXAMPLE, "-o", where)
    assert res.exit_code == 2, res.output
    assert words in res.stderr and (where == "." or "--output" in res.stderr)
    no_traceback(res)
    assert not called  # nothing computed


def test_a_folder_that_is_not_writable_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(streams.os, "access", lambda p, mode: False)
    with pytest.raises(InputError) as err:
        streams.check_output(str(tmp_path / "x.html"))
    assert f"the folder {tmp_path} is not writable" in err.value.report()


def test_export_and_import_check_their_outputs(tmp_path):
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    res = run("export", EXAMPLE, "-o", tmp_path / "afile")
    assert res.exit_code == 2 and "is a file" in res.stderr
    res = run("export", EXAMPLE, "-o", tmp_path / "afile" / "csv")
    assert res.exit_code == 2 and "is a file, not a folder" in res.stderr
    res = run("import", HERE.parent / "examples" / "csv-season", "-o", tmp_path / "no" / "s.yaml")
    assert res.exit_code == 2 and "does not exist" in res.stderr


def test_a_failed_run_leaves_the_previous_file_as_it_was(tmp_path):
    out = tmp_path / "r.html"
    out.write_text("previous", encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: hockeyrules/season@1\n", encoding="utf-8")
    res = run("report", bad, "-o", out)
    assert res.exit_code == 2
    assert out.read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml", "r.html"]


def test_an_interrupted_write_leaves_no_partial_file_and_the_previous_one_intact(tmp_path, monkeypatch):
    out = tmp_path / "r.html"
    out.write_text("previous", encoding="utf-8")

    real = streams.replacing

    @contextlib.contextmanager
    def interrupted(path, *args, **kwargs):  # the report streams its page: cut it after a first piece
        with real(path, *args, **kwargs) as fh:
            fh.write("<!DOCTYPE html>")
            raise KeyboardInterrupt
        yield fh

    monkeypatch.setattr(cli_mod.streams, "replacing", interrupted)
    res = run("report", EXAMPLE, "-o", out)
    assert res.exit_code != 0
    assert out.read_text(encoding="utf-8") == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]


def test_a_replaced_file_keeps_its_permissions_and_a_new_one_gets_the_usual_ones(tmp_path):
    old = tmp_path / "old.txt"
    old.write_text("a", encoding="utf-8")
    old.chmod(0o640)
    streams.write_text(old, "b")
    assert old.read_text(encoding="utf-8") == "b" and (old.stat().st_mode & 0o777) == 0o640
    new = tmp_path / "new.txt"
    streams.write_text(new, "c")
    mask = os.umask(0)
    os.umask(mask)
    assert new.stat().st_mode & 0o777 == 0o666 & ~mask


# ---------------------------------------------------------------- scenario files

GOOD_TEST = """\
  - name: A boarding major costs one game.
    games:
      - incidents:
          - {person: A1, period: 2, time: "12:00", infraction: boarding, penalties: [major]}
    expect:
      - {person: A1, game: G1, games: 1}
"""


def scenario(tmp_path, body: str, name="x.scenarios.yaml") -> Path:
    path = tmp_path / name
    path.write_text("format: hockeyrules/scenarios@1\ntests:\n" + textwrap.dedent(body), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "body, words",
    [
        (
            GOOD_TEST.replace("expect:", "expects:"),
            [
                "tests[0].expects (line 7): unknown key 'expects'; did you mean expect?",
                "tests[0] (line 3): the test checks nothing",
            ],
        ),
        (GOOD_TEST.replace("    expect:", "    games: []\n    expect:"), ["tests[0].games (line 7): duplicate key"]),
        ("  - name: Nothing is checked here.\n    games: []\n", ["the test checks nothing"]),
        (GOOD_TEST.replace("games: 1}", "games: one}"), ["tests[0].expect[0].games (line 8): expected a whole number"]),
        (GOOD_TEST.replace("game: G1", "game: G2"), ["no game 'G2' in this test's season"]),
        (GOOD_TEST.replace("person: A1, game", "person: A99, game"), ["no person 'A99'"]),
        (GOOD_TEST.replace("penalties:", "penalty:"), ["tests[0].games[0].incidents[0].penalties (line 6): missing"]),
        (
            GOOD_TEST.replace("penalties:", "minuts: 5, penalties:"),
            ["tests[0].games[0].incidents[0].minuts (line 6): unknown field 'minuts' ignored"],
        ),
        (GOOD_TEST + GOOD_TEST, ["tests[1].name (line 9): the same name as tests[0]"]),
    ],
)
def test_a_scenario_file_that_cannot_fail_is_refused_exit_2_nothing_passed(tmp_path, body, words):
    good = scenario(tmp_path, GOOD_TEST, "good.scenarios.yaml")
    bad = scenario(tmp_path, body)
    res = run("test", good, bad)
    assert res.exit_code == 2, res.output
    assert "PASS" not in res.stdout and "passed" not in res.stdout
    for w in words:
        assert w in res.stderr
    assert f"{bad}:" in res.stderr and "no test was run" in res.stderr
    no_traceback(res)


def test_a_good_scenario_file_passes_and_k_selects_by_name(tmp_path):
    path = scenario(
        tmp_path,
        GOOD_TEST
        + GOOD_TEST.replace("A boarding major costs one game.", "A second sentence.").replace("games: 1}", "games: 2}"),
    )
    res = run("test", path)
    assert res.exit_code == 1 and res.stdout.endswith("1 passed, 1 failed\n")
    res = run("test", path, "-k", "BOARDING")
    assert res.exit_code == 0 and res.stdout.endswith("1 passed, 0 failed\n")
    res = run("test", path, "-k", "no such words")
    assert res.exit_code == 2 and "no test was run" in res.stderr


def test_an_empty_folder_of_scenarios_is_an_error(tmp_path):
    res = run("test", tmp_path)
    assert res.exit_code == 2 and "no *.scenarios.yaml" in res.stderr


@pytest.mark.slow
def test_the_pytest_plugin_runs_a_leagues_own_scenario_folder(tmp_path):
    # one run of pytest (each costs a start-up): the good file's test passes beside the
    # bad file's error, and only the bad file fails the run
    scenario(tmp_path, GOOD_TEST, "ours.scenarios.yaml")
    scenario(tmp_path, GOOD_TEST.replace("expect:", "expects:"), "bad.scenarios.yaml")
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--continue-on-collection-errors", "."],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert res.returncode == 1, res.stdout
    assert "did you mean expect?" in res.stdout
    assert re.search(r"^1 passed, 1 error", res.stdout, re.M), res.stdout
    assert "bad.scenarios.yaml" in res.stdout and "ERROR ours.scenarios.yaml" not in res.stdout


# ---------------------------------------------------------------- progress and width


def test_progress_is_silent_unless_standard_error_is_a_terminal(monkeypatch):
    assert cli_mod._reporter(quiet=False) is None  # CliRunner's stderr is not a terminal

    class Tty:
        def isatty(self):
            return True

    monkeypatch.setattr(cli_mod.sys, "stderr", Tty())
    assert cli_mod._reporter(quiet=False) is not None
    assert cli_mod._reporter(quiet=True) is None


def test_the_parts_of_a_split_season_are_reported_as_they_are_solved(monkeypatch):
    from hockeyrules import evaluate
    from hockeyrules.engine.settings import SETTINGS
    from hockeyrules.read.season import from_data
    from seasongen import generate_season

    seen = []
    stages = []

    class Recorder:
        def stage(self, text):
            stages.append(text)

        def parts(self, done, total):
            seen.append((done, total))

    # the season split into its 3 leagues however small, solved one after another here
    monkeypatch.setattr(SETTINGS, "parallel_lines", 0)
    monkeypatch.setattr(SETTINGS, "chunk_lines", 1)
    monkeypatch.setattr(SETTINGS, "workers", 1)
    season = from_data(generate_season(teams=6, games_per_team=6, seed=2, leagues=3))
    with progress.reporting(Recorder()):
        evaluate(season)
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert stages == ["solving"]
    evaluate(season)  # no reporter: nothing recorded
    assert len(seen) == 4 and len(stages) == 1


def test_a_terminal_table_fits_the_terminal_and_a_pipe_gets_the_full_width():
    headers = ["date", "game", "team", "person", "name", "role", "games", "rules"]
    rows = [
        ["2025-10-08", "G2", "A", "A1", "A very long name " * 3, "player", "5", "hc:7.2(b) hc:s2-majors/2 league:10.02"]
    ] * 3
    full = render.table(headers, rows)
    assert max(len(line) for line in full.splitlines()) > 100
    for width in (100, 80, 60):
        narrow = render.table(headers, rows, width=width, drop=("role", "team"))
        assert max(len(line) for line in narrow.splitlines()) <= width
        assert "hc:s2-majors/2" in narrow  # a rule id wraps whole, never cut
    assert "role" not in render.table(headers, rows, width=80, drop=("role", "team")).splitlines()[0]
    res = run("suspensions", SIX)
    assert max(len(line) for line in res.stdout.splitlines()) > 100  # not a terminal: whole lines


# ---------------------------------------------------------------- proposals, as strict


@pytest.mark.parametrize(
    "text, words",
    [
        (
            "format: hockeyrules/proposal@1\nname: x\nchanges:\n  row:\n    league:10.06/1: {games: 2}\n",
            "changes.row (line 4): unknown change; did you mean rows?",
        ),
        (
            "format: hockeyrules/proposal@1\nname: x\nname: y\nchanges:\n  rows:\n    league:10.06/1: {games: 2}\n",
            "name (line 3): duplicate key",
        ),
        ("format: hockeyrules/proposal@1\nname: x\nchanges:\n  rows:\n    league:10.06/1: {games: two}\n", "line 5"),
    ],
)
def test_a_proposal_with_a_misspelt_or_duplicate_key_is_refused_before_any_work(tmp_path, text, words):
    bad = tmp_path / "p.yaml"
    bad.write_text(text, encoding="utf-8")
    res = run("suspensions", EXAMPLE, "--proposal", bad, "--format", "json")
    assert res.exit_code == 2 and res.stdout == ""
    assert str(bad) in res.stderr and words in res.stderr
    no_traceback(res)


def test_the_problems_of_the_season_and_of_the_proposal_are_reported_together(tmp_path):
    bad_proposal = tmp_path / "p.yaml"
    bad_proposal.write_text("format: hockeyrules/proposal@1\nname: x\nchanges: {row: {}}\n", encoding="utf-8")
    res = run("suspensions", "-", "--proposal", bad_proposal, stdin=b"format: hockeyrules/season@1\nteams: 3\n")
    assert res.exit_code == 2 and res.stdout == ""
    assert "changes.row" in res.stderr and "<stdin>" in res.stderr and "teams (line 2)" in res.stderr


def test_every_table_renderer_gets_the_width_only_if_it_takes_one(monkeypatch):
    monkeypatch.setattr(cli_mod, "_terminal_width", lambda: 80)
    res = run("readings")
    assert res.exit_code == 0, res.output
    res = run("suspensions", SIX)
    assert res.exit_code == 0 and max(len(line) for line in res.stdout.splitlines()) <= 80


@pytest.mark.slow
def test_readings_read_the_season_from_standard_input_too():
    a = run("readings", EXAMPLE, "--format", "json")
    b = run("readings", "-", "--format", "json", stdin=EXAMPLE.read_bytes())
    assert a.exit_code == 0 and b.stdout == a.stdout and '"effects"' in a.stdout
