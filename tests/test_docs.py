"""The repository stands on its own: its docs are its own, written from the encoding
where they can be, and nothing needs the specification folder beside the checkout."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hockeyrules.cli.commands import main
from hockeyrules.committee.docs import rules_markdown

ROOT = Path(__file__).parent.parent
TEXT = (".md", ".py", ".lp", ".yaml", ".yml", ".toml", ".txt", ".json", ".cfg", "")
# the specification's file names; the project's own pages are docs/season-format.md and docs/result-format.md
SPEC_ONLY = re.compile(r"rule-catalog\.md|proposal-format\.md")
OWN_PAGES = re.compile(r"(?<![\w/.-])((?:season|result)-format\.md)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
# the tests that run the specification's own files where its folder is beside the checkout
# (and in-repo copies where it is not), and this test
LOOKS_FOR_THE_SPEC = {"tests/test_contract_examples.py", "tests/test_catalog_coverage.py", "tests/test_docs.py"}


def repository_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True
    )
    names = (
        listed.stdout.splitlines()
        if listed.returncode == 0
        else [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    )
    return [
        ROOT / n
        for n in sorted(set(names))
        if (ROOT / n).is_file()
        and (ROOT / n).suffix in TEXT
        and not n.startswith(("tests/contract/", "tests/catalog-ids.txt"))
    ]


def test_docs_rules_md_is_what_the_encoding_says():
    """Regenerate with `python -m hockeyrules.committee.docs > docs/rules.md` after changing asp/."""
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == rules_markdown(), "docs/rules.md is stale: python -m hockeyrules.committee.docs > docs/rules.md"
    res = CliRunner().invoke(main, ["rules", "--format", "markdown"])
    assert res.exit_code == 0 and res.stdout == committed


def test_every_rule_id_is_on_the_rules_page_with_its_words():
    from hockeyrules.engine.catalog import catalog
    from hockeyrules.engine.rulebook import excerpts

    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rid in set(catalog().rows) | set(excerpts()):
        assert f"| `{rid}` |" in page, rid
    for rid, words in excerpts().items():
        assert " ".join(words.split()).replace("|", "\\|") in page, rid


def test_nothing_in_the_repository_needs_the_specification_folder():
    found = []
    for path in repository_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        rel = path.relative_to(ROOT)
        if str(rel) in LOOKS_FOR_THE_SPEC:
            continue
        for n, line in enumerate(text.splitlines(), start=1):
            if "../shared" in line or "shared/spec" in line or SPEC_ONLY.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
            if rel.parts[0] != "docs" and OWN_PAGES.search(line):
                found.append(f"{rel}:{n}: name the page as docs/...: {line.strip()}")
    assert found == []


def test_every_link_of_the_markdown_files_is_inside_the_repository_and_there():
    broken = []
    for path in repository_files():
        if path.suffix != ".md":
            continue
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            resolved = (path.parent / target).resolve()
            if not resolved.exists() or ROOT.resolve() not in (resolved, *resolved.parents):
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert broken == []


def test_the_documented_formats_have_their_pages():
    season = (ROOT / "docs" / "season-format.md").read_text(encoding="utf-8")
    for word in (
        "team:",
        "clock:",
        "game_ejection",
        "Ids are text",
        "csv-import.md",
        "Errors and warnings",
        "duplicate key",
        "warning",
    ):
        assert word in season, word
    result = (ROOT / "docs" / "result-format.md").read_text(encoding="utf-8")
    for word in ("hockeyrules/result@1", "governing_games", "team_event", "warnings"):
        assert word in result, word
    assert (ROOT / "docs" / "proposals.md").is_file()


@pytest.mark.slow
def test_a_clone_without_the_specification_folder_runs_its_tests_without_a_skip(tmp_path):
    """The tests that read the specification's examples, run from a copy of the
    repository in a folder with nothing beside it: they pass on the in-repo copies."""
    clone = tmp_path / "hockeyrules"
    shutil.copytree(ROOT / "tests", clone / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", clone / "pyproject.toml")
    assert not (tmp_path / "shared").exists()
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "tests/test_contract_examples.py",
            "tests/test_catalog_coverage.py",
        ],
        cwd=clone,
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, res.stdout[-3000:]
    assert "skipped" not in res.stdout and "SKIPPED" not in res.stdout
    assert re.search(r"\d+ passed", res.stdout)
