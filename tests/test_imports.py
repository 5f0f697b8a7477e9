"""What `hockeyrules suspensions` loads in its own process for a JSON season. Imports
are about a third of a league's time from the command line (issue 16), and each of
these modules is wanted only by other commands or other inputs: the audit, the
explanations, the report, CSV and YAML, multiprocessing (a season split into parts),
importlib.resources, and pathlib (with urllib.parse, ipaddress and fnmatch, 5 ms:
the command reads and checks its paths through os). Where processes fork, clingo too:
the process started ahead holds it (hockeyrules/engine/parallel/ahead.py).

The command runs in a fresh interpreter without `site` (`-S`), its packages given on
the path (hockeyrules laid out as a wheel installs it, with its encoding inside): an
editable install's path finder, which `site` runs, imports pathlib itself before any
command."""

from __future__ import annotations

import json
import os
import site
import subprocess
import sys
from pathlib import Path

from hockeyrules.engine.parallel import processes
from seasongen import generate_season

ROOT = Path(__file__).resolve().parent.parent
NEVER = (
    "hockeyrules.views.audit",
    "hockeyrules.views.explain",
    "hockeyrules.report.pages",
    "hockeyrules.read.csv.reader",
    "hockeyrules.read.yamlread",
    "yaml",
    "multiprocessing",
    "importlib.resources",
    "pathlib",
    "urllib.parse",
)

CHILD = """\
import os, sys, json
before = set(sys.modules)
from hockeyrules.cli.commands import run
exit_, command = os._exit, os.getpid()
def done(code):
    if os.getpid() == command:  # (not a process the command forked)
        sys.stderr.write("LOADED " + json.dumps(sorted(set(sys.modules) - before)) + "\\n")
    exit_(code)
os._exit = done
sys.argv = ["hockeyrules", "suspensions", sys.argv[1], "--format", "json", "--quiet"]
run()
"""


def installed(where: Path) -> Path:
    """The package as a wheel lays it out, of links to this checkout's files."""
    package = where / "hockeyrules"
    package.mkdir(parents=True)
    for module in (ROOT / "hockeyrules").rglob("*"):
        if module.suffix == ".py" or "templates" in module.parts:
            if module.is_file():
                link = package / module.relative_to(ROOT / "hockeyrules")
                link.parent.mkdir(parents=True, exist_ok=True)
                link.symlink_to(module)
    (package / "asp").symlink_to(ROOT / "asp")
    return where


def loaded_by_suspensions(path: Path, tmp_path: Path) -> set:
    paths = [str(installed(tmp_path / "site"))] + site.getsitepackages() + [site.getusersitepackages()]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    done = subprocess.run(
        [sys.executable, "-S", "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["suspensions"]  # it did its work
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED "))
    return set(json.loads(line[len("LOADED ") :]))


def test_suspensions_on_a_json_season_loads_only_what_it_needs(tmp_path):
    path = tmp_path / "season.json"
    path.write_text(json.dumps(generate_season(teams=6, games_per_team=10, seed=3)))
    loaded = loaded_by_suspensions(path, tmp_path)
    assert "hockeyrules.read.season" in loaded and "click" in loaded  # (what it does load: the check can fail)
    assert loaded.isdisjoint(NEVER), sorted(loaded & set(NEVER))
    assert ("clingo" in loaded) == (not processes.forks())
