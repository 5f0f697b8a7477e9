"""The repository stands on its own: its docs are its own, written from the encoding
where they can be, and nothing needs the specification folder beside the checkout."""

from __future__ import annotations

import re
import shlex
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
    """The tests that read the specification's examples or its catalog, run from a copy
    of the repository in a folder with nothing beside it: they pass on the in-repo copies.
    (The catalog file's other tests read only the encoding and tests/rules.)"""
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
            "-k",
            "catalog_id or contract_examples",
        ],
        cwd=clone,
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, res.stdout[-3000:]
    assert "skipped" not in res.stdout and "SKIPPED" not in res.stdout
    assert re.search(r"\d+ passed", res.stdout)


# ------------------------------------------------ the README and the commands the docs show

README_MAX_LINES = 160
FENCE = re.compile(r"^\s*```\s*([\w-]*)")
SHELL_BLOCKS = {"", "sh", "bash", "shell", "console"}
CODE_SPAN = re.compile(r"`([^`\n]+)`")
# a `hockeyrules` program named at the start, after a path (.venv/bin/) or after a shell word
COMMAND_AT = re.compile(r"(?:^|(?<=[\s|&;(/]))hockeyrules[ \t]+(?=[-\w\[])")
# where the command's words end: a comment, a redirection, the next command of a line
COMMAND_END = re.compile(r"\s#|\s[12]?[<>]|&&|;|\)|\s\|\s+(?=[^-\s])")
PLACEHOLDER_CHOICES = re.compile(r"^[a-z0-9_]+(\|[a-z0-9_]+)*$")


def documented_commands(path: Path) -> list[tuple[int, str]]:
    """(line number, the words after `hockeyrules`) for every command line of the file's
    shell code blocks and every inline code span that runs `hockeyrules`."""
    found: list[tuple[int, str]] = []
    language = None  # None: outside a code block
    pending = ""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        fence = FENCE.match(line)
        if fence:
            language = None if language is not None else fence.group(1)
            continue
        if language is not None:
            if language not in SHELL_BLOCKS:
                continue
            if line.rstrip().endswith("\\"):
                pending += line.rstrip()[:-1] + " "
                continue
            texts, pending = [pending + line], ""
        else:
            texts = CODE_SPAN.findall(line)
        for text in texts:
            for at in COMMAND_AT.finditer(text):
                rest = text[at.end() :]
                end = COMMAND_END.search(rest)
                found.append((n, rest[: end.start()] if end else rest))
    return found


def command_problems(words: str) -> list[str]:
    """What in one documented command line click's own command objects do not have."""
    import click

    tokens = [t.strip("[]") for t in shlex.split(words)]
    tokens = [t for t in tokens if t]
    root = click.Context(main, info_name="hockeyrules", **main.context_settings)
    if not tokens:
        return ["no command"]
    if tokens[0].startswith("-"):
        command, ctx, rest = main, root, tokens
    elif tokens[0] in main.commands:
        command = main.commands[tokens[0]]
        ctx = click.Context(command, info_name=tokens[0], parent=root, **command.context_settings)
        rest = tokens[1:]
    else:
        return [f"no command {tokens[0]!r}"]
    options = {}
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            for name in (*param.opts, *param.secondary_opts):
                options[name] = param
    problems = []
    for i, token in enumerate(rest):
        for word in token.split("|"):
            word = word.split("=")[0].rstrip(".,")
            if not word.startswith("-") or word in ("-", "--") or not re.match(r"-{1,2}[a-zA-Z]", word):
                continue
            param = options.get(word)
            if param is None:
                problems.append(f"{command.name}: no option {word}")
                continue
            following = rest[i + 1] if i + 1 < len(rest) and "|" not in token else ""
            if isinstance(param.type, click.Choice) and PLACEHOLDER_CHOICES.match(following):
                for value in following.split("|"):
                    if value not in param.type.choices:
                        problems.append(f"{command.name} {word}: no value {value!r}")
    return problems


def test_the_readme_is_a_short_guide_for_users():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines: details go to docs/"


def test_every_hockeyrules_command_the_docs_show_has_its_command_and_options():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    shown, problems = 0, []
    for page in pages:
        for n, words in documented_commands(page):
            shown += 1
            problems += [f"{page.relative_to(ROOT)}:{n}: {p}: hockeyrules {words}" for p in command_problems(words)]
    assert problems == []
    assert shown > 50  # the docs show commands: a parser that finds none would pass on nothing


def test_the_check_of_documented_commands_finds_what_does_not_exist(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "Run `hockeyrules suspensons SEASON` or\n\n```sh\n"
        "curl x | hockeyrules suspensions - --format yaml   # a comment --not-an-option\n"
        "hockeyrules report SEASON -o X --site | --one-file --bogus\n"
        "hockeyrules diff SEASON \\\n  --proposl FILE\n```\n\n```python\nhockeyrules foo --bar\n```\n",
        encoding="utf-8",
    )
    problems = [p for _, words in documented_commands(page) for p in command_problems(words)]
    assert problems == [
        "no command 'suspensons'",
        "suspensions --format: no value 'yaml'",
        "report: no option --bogus",
        "diff: no option --proposl",
    ]


def test_every_command_of_the_readme_parses_as_written(tmp_path, monkeypatch):
    """The README's commands, as a reader types them from a checkout: click parses each
    one whole (its command, its options and their values), and the files it reads exist."""
    import click

    for name in ("examples", "proposals", "tests"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    commands = [shlex.split(words) for _, words in documented_commands(ROOT / "README.md")]  # as a shell reads them
    assert len(commands) >= 12  # the two typical weeks and the season's data
    root = click.Context(main, info_name="hockeyrules", **main.context_settings)
    for words in commands:
        assert words[0] in main.commands, words
        try:
            main.commands[words[0]].make_context(words[0], words[1:], parent=root)
        except click.ClickException as err:
            raise AssertionError(f"hockeyrules {' '.join(words)}: {err.format_message()}") from err
        # the files and folders it reads are there (what it writes, after -o, need not be)
        read = [w for i, w in enumerate(words) if ("/" in w or w.endswith((".yaml", ".json"))) and words[i - 1] != "-o"]
        reads_nothing = words[0] in ("rulebooks", "rules")  # (the built-in rulebooks, the catalog)
        assert (read or reads_nothing) and all(Path(w).exists() for w in read), words
