"""`hockeyrules facts`: a season's facts as an ASP program that the clingo command,
with the shipped encoding, solves to the answer `suspensions` gives."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import clingo
import pytest
from click.testing import CliRunner
from test_hostile_text import HOSTILE, hostile_season

from hockeyrules import asp, evaluate
from hockeyrules.cli.commands import main
from hockeyrules.engine.encoding import ENCODING
from hockeyrules.engine.program import program_text, read_table
from hockeyrules.engine.result import read_model
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import from_data, load

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mu18aaa-example.yaml"
ASP = Path(asp.__file__).parent


def by_hand(program: str) -> list[str]:
    """The shown atoms of the clingo command's own run: the encoding's files in the
    order the header names them, and the program, no Python context."""
    ctl = clingo.Control(["--warn=no-operation-undefined", "--warn=no-global-variable"])
    for name in ENCODING:
        ctl.load(str(ASP / name))
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    shown: list[str] = []
    ctl.solve(on_model=lambda m: shown.extend(str(s) for s in m.symbols(shown=True)))
    return shown


@pytest.fixture(scope="module")
def example():
    """The example season, its program as the command writes it, and its atoms by hand."""
    out = CliRunner().invoke(main, ["facts", str(EXAMPLE), "-q"])
    assert out.exit_code == 0, out.output
    return load(EXAMPLE), out.output, by_hand(out.output)


def test_the_program_solved_by_hand_gives_the_answer_of_suspensions(example):
    season, program, atoms = example
    answer = read_model(season, Policy(), atoms, read_table(program)).to_dict()
    assert answer == evaluate(season).to_dict()
    assert len(answer["suspensions"]) > 100


def test_the_header_names_the_command_line_and_the_readings():
    program = program_text(from_data(hostile_season()), Policy(layers="max"))
    head = [line for line in program.splitlines() if line.startswith("%")]
    assert "%   clingo -W no-operation-undefined -W no-global-variable " + " ".join(ENCODING) + " FACTS.lp" in head
    assert any("layers=max" in line for line in head)
    # every fact line is a fact of integers and constants: no quote anywhere below the header
    facts = [line for line in program.splitlines() if line and not line.startswith("%")]
    assert facts and all(line.endswith(").") or line.endswith(".") for line in facts)
    # the only quoted text is the rulebook's by-law ids, each as the rulebook check allows it
    quoted = {q for line in facts for q in re.findall(r'"[^"]*"', line)}
    assert quoted and all(re.fullmatch(r'"league:[A-Za-z0-9][A-Za-z0-9.()/\-]{0,40}"', q) for q in quoted)


def test_a_reading_changes_the_facts_and_the_answer_by_hand():
    season = load(EXAMPLE)
    policy = Policy(layers="max")
    program = program_text(season, policy)
    assert "policy(layers,max)." in program
    answer = read_model(season, policy, by_hand(program), read_table(program)).to_dict()
    assert answer == evaluate(season, policy).to_dict()
    assert answer != evaluate(season).to_dict()


def test_hostile_ids_stay_in_comments_and_come_back_unchanged():
    season = from_data(hostile_season())
    program = program_text(season, Policy())
    table = read_table(program)
    assert set(HOSTILE[:3]) <= set(table.texts)
    # nothing of the ids reaches the program outside its comment lines
    for text in HOSTILE:
        assert not any(text in line for line in program.splitlines() if not line.startswith("%"))
    answer = read_model(season, Policy(), by_hand(program), table).to_dict()
    assert answer == evaluate(season).to_dict()
    assert {s["person"] for s in answer["suspensions"]} >= {HOSTILE[0]}


def test_a_line_separator_in_an_id_cannot_end_its_comment():
    data = hostile_season()
    data["teams"][0]["id"] = "A\u2028:- not x."
    for person in data["people"]:
        if person["team"] == "A":
            person["team"] = "A\u2028:- not x."
    for game in data["games"]:
        for side in ("home", "away"):
            if game[side] == "A":
                game[side] = "A\u2028:- not x."
    program = program_text(from_data(data), Policy())
    assert "\u2028" not in program and ":- not x." not in program.replace('"A\\u2028:- not x."', "")
    assert read_table(program).texts.count("A\u2028:- not x.") == 1


def test_the_written_file_and_standard_output_are_the_same_bytes(tmp_path, example):
    target = tmp_path / "facts.lp"
    to_file = CliRunner().invoke(main, ["facts", str(EXAMPLE), "-q", "-o", str(target)])
    assert to_file.exit_code == 0
    assert target.read_text(encoding="utf-8") == example[1]


def test_bad_input_is_refused_with_its_place_and_exit_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: hockeyrules/season@1\nteams: 3\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["facts", str(bad), "-q"])
    assert out.exit_code == 2
    assert "teams" in out.output and "Traceback" not in out.output


def test_a_late_window_longer_than_a_period_is_refused_as_suspensions_refuses_it():
    args = [str(EXAMPLE), "--reading", "late_window_minutes=25", "-q"]
    refused = {command: CliRunner().invoke(main, [command, *args]) for command in ("facts", "suspensions")}
    message = "late_window_minutes: 25 is longer than the season's 20-minute periods: give 1 to 20"
    for command, out in refused.items():
        assert out.exit_code == 2, (command, out.output)
        assert message in out.stderr and out.stdout == "" and "Traceback" not in out.output
    assert refused["facts"].stderr == refused["suspensions"].stderr


@pytest.mark.skipif(sys.platform == "win32", reason="runs the clingo command through the shell's cd")
def test_the_clingo_command_itself_runs_the_header_line(tmp_path, example):
    """The command line of the header, as a user types it (python -m clingo: the
    clingo package's own command), prints the same atoms."""
    _, program, atoms = example
    (tmp_path / "facts.lp").write_text(program, encoding="utf-8")
    line = next(x for x in program.splitlines() if x.startswith("%   clingo "))
    argv = line[len("%   clingo ") :].replace("FACTS.lp", str(tmp_path / "facts.lp")).split()
    done = subprocess.run(
        [sys.executable, "-m", "clingo", "--outf=2", "-V0", *argv],
        cwd=ASP,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
    )
    assert done.returncode in (0, 10, 30), done.stderr  # python -m clingo ends 0; the binary 10 (satisfiable)
    assert "info:" not in done.stderr  # the header's -W options leave no message
    witness = json.loads(done.stdout)["Call"][0]["Witnesses"][0]["Value"]
    assert sorted(witness) == sorted(atoms)


ENCODING_FILES = sorted(ASP.glob("*.lp"))


def comments(path: Path) -> list[tuple[int, str]]:
    return [(n, line) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "%" in line]


def test_no_timing_or_measured_share_is_written_into_the_encodings_comments():
    """Comments say why; figures go stale and live in docs/performance.md."""
    figure = re.compile(r"\b\d+(\.\d+)?\s*(%|ms\b|seconds?\b|s of\b|M instructions)|\b\d+x\b")
    found = [f"{p.name}:{n}: {line.strip()}" for p in ENCODING_FILES for n, line in comments(p) if figure.search(line)]
    assert found == []


def test_the_table_vocabulary_that_rows_lp_documents_is_what_the_tables_write():
    """Each predicate named in rows.lp's table vocabulary is written, with that many
    arguments, as a fact or head somewhere in the encoding."""
    text = (ASP / "rows.lp").read_text(encoding="utf-8")
    block = text.split("% Table vocabulary", 1)[1].split("\n\n", 1)[0]
    named = re.findall(r"^%\s{2,}([a-z]\w*)\(([^)]*)\)", block, re.M)
    assert len(named) >= 8
    code = "\n".join(
        line.split("%", 1)[0] for p in ENCODING_FILES for line in p.read_text(encoding="utf-8").splitlines()
    )
    for name, args in named:
        arity = len(args.split(","))
        used = re.findall(rf"(?<![\w]){name}\(([^()]*(?:\([^()]*\)[^()]*)*)\)", code)
        assert any(len(re.split(r",(?![^()]*\))", u)) == arity for u in used), f"{name}/{arity} is not in the encoding"


def test_another_rulebook_is_in_the_facts_and_gives_its_answer_by_hand():
    """--rulebook hockey-canada: the league's rows are not in the facts, and the clingo
    command's answer is the engine's under that rulebook."""
    season = load(EXAMPLE)
    out = CliRunner().invoke(main, ["facts", str(EXAMPLE), "-q", "--rulebook", "hockey-canada"])
    assert out.exit_code == 0, out.output
    program = out.output
    assert program != program_text(season, Policy())
    by_hand_answer = read_model(season, Policy(), by_hand(program), read_table(program)).to_dict()
    engine = evaluate(season, rulebook="hockey-canada").to_dict()
    assert by_hand_answer["suspensions"] == engine["suspensions"]
    assert not any(c["rule"].startswith("league:") for s in engine["suspensions"] for c in s["components"])
