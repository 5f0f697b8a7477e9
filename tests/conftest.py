"""Fixtures shared by the tests; the builders of lines and seasons are in tests/helpers.py.

Scenario files (*.scenarios.yaml) are collected by the package's own pytest plugin
(hockeyrules.committee.pytest_plugin, registered as a `pytest11` entry point by the install).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# The templates' compiled code (hockeyrules/views/templatecache.py) goes to a folder of the
# test run's own, not the user's cache (tests/test_templatecache.py sets its own).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="hockeyrules-test-cache-")


RULES = Path(__file__).parent / "rules"


def pytest_configure(config):
    """The cycle collector runs less often in a test process than Python's defaults say.
    A worker holds its session's fixtures (solved seasons, built reports), and each full
    collection walks them all for the few cycles the tests leave: fewer collections find
    the same cycles a little later (docs/testing.md has the figures). The package's own
    use of the collector (hockeyrules/model/collection.py) is the same under either."""
    gc.set_threshold(10_000, 10, 10)


# Under pytest-xdist (`-n auto`; `--dist loadfile` in pyproject.toml) each test file runs on
# one worker, so that what a module- or session-scoped fixture computes (a solved season,
# a built report, one Chromium) is computed once, not once on each worker and again each
# time a worker comes back to the file after another file's tests. The files that open
# the example report or the two-league site in the browser (SHARED) go to one worker
# together: that worker alone starts Chromium, builds the example report and the site,
# and solves the example season's views (pytest_xdist_make_scheduler, below).
# The work is handed out in the order of the items (`--no-loadscope-reorder`: xdist
# would order it by its number of tests): the costliest first (seconds, measured on a
# full run with the browser), so that none of it is left to run alone at the end while
# the other workers idle.
SHARED = ("test_report.py", "test_report_layout.py", "test_wording.py", "test_words.py", "test_notices.py")
FIRST = [
    *SHARED,  # ~45 s together, with the browser
    "test_properties.py",
    "test_proposals.py",
    "test_partition.py",
    "test_robust.py",
    "test_audit.py",
    "test_hostile_input.py",
    "test_rulebooks.py",
    "test_unix.py",
    "test_csvio.py",
    "test_demand.py",
    "test_explain.py",
    "test_same_output.py",  # ~4 s; every other file takes less
]
_RANK = {name: n for n, name in enumerate(FIRST)}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadfile`, with the SHARED files as one unit of work (one worker's)."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return "SHARED" if path.rsplit("/", 1)[-1] in SHARED else path

    return Scheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """The costliest files first (FIRST, above); then a scenario test of tests/rules that
    expects components is solved with its explanations, and checks them on that one solve
    (test_explain.check_scenario_explanations): one solve for the suspensions and for
    their explanations."""
    items.sort(key=lambda item: _RANK.get(item.path.name, len(FIRST)))  # (stable: a file's order kept)

    from hockeyrules.committee.pytest_plugin import ScenarioItem

    wanted = [
        item
        for item in items
        if isinstance(item, ScenarioItem)
        and item.path.parent == RULES
        and any("components" in e for e in item.test.get("expect", []))
    ]
    if wanted:
        from test_explain import check_scenario_explanations

        for item in wanted:
            item.check_explanations = check_scenario_explanations


@pytest.fixture(autouse=True)
def _working_directory_kept():
    """Every test ends in the folder it started in, and that folder still exists: a test
    that changes it (os.chdir without monkeypatch.chdir) or removes it would make the
    tests after it fail far from the cause (os.getcwd() raising FileNotFoundError)."""
    before = os.getcwd()
    yield
    try:
        after = os.getcwd()
    except FileNotFoundError:
        after = None
    if after != before:
        os.chdir(before)  # the next tests run where they should, whatever this one did
        where = "a folder that was removed" if after is None else after
        pytest.fail(f"the test left the working directory in {where} (it started in {before})")


# --- a large season file read once -------------------------------------------------------

_READ_ONCE_BYTES = 64 * 1024  # the example season (18,000 lines) and the larger test seasons
_READ_ONCE_ASKED: set[str] = set()  # smaller files and CSV folders a test module asked for


@pytest.fixture(scope="session")
def read_once():
    """Ask that a season file or CSV folder be read once for the worker whatever its size:
    for a module that runs every command on one small season (test_every_view.py)."""
    return lambda path: _READ_ONCE_ASKED.add(os.path.abspath(path))


def _digest(path) -> bytes:
    """The bytes of a file, or of a folder's files by name."""
    h = hashlib.blake2b(digest_size=16)
    files = [path] if os.path.isfile(path) else [os.path.join(path, n) for n in sorted(os.listdir(path))]
    for name in files:
        with open(name, "rb") as fh:
            h.update(os.fsencode(name) + b"\0" + fh.read())
    return h.digest()


@pytest.fixture(autouse=True, scope="session")
def _large_seasons_read_once():
    """A season file of 64 KB or more is read once for the worker, not again by each of
    the hundred commands run on it (the tests run commands, not the reader); a smaller
    file or a CSV folder too where a module asked (read_once). Keyed by the path and the
    bytes, so a test that rewrites a file reads the new one; the reader's own tests read
    small files, which always go through the reader. A reading that fails is not kept,
    and one watched by an observer (or a folder read with options) is not served from here."""
    from hockeyrules.read import season as season_mod
    from hockeyrules.read.csv import reader as csv_reader

    real, real_folder = season_mod.load, csv_reader.load_folder
    kept: dict[tuple[str, bytes], object] = {}

    def once(path, read):
        try:
            key = (os.path.abspath(path), _digest(path))
        except OSError:
            return read()
        if key not in kept:
            kept[key] = read()
        return kept[key]

    def asked(path) -> bool:
        return os.path.abspath(path) in _READ_ONCE_ASKED

    def load(path, observer=None):
        try:
            small = not asked(path) and os.path.getsize(path) < _READ_ONCE_BYTES
        except OSError:
            small = True
        if observer is not None or small:
            return real(path, observer)
        return once(path, lambda: real(path))

    def load_folder(path, mapping=None, **options):
        if mapping is not None or any(v is not None for v in options.values()) or not asked(path):
            return real_folder(path, mapping, **options)
        return once(path, lambda: real_folder(path))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(season_mod, "load", load)
        patch.setattr(csv_reader, "load_folder", load_folder)
        yield


# --- a solve of the same input done once -----------------------------------------------------

_SOLVES_KEPT_SYMBOLS = 2_000_000  # the atoms a worker keeps, the least recently used solve dropped first
_solves_kept: dict[bytes, object] = {}


def _solve_key(facts, programs, encoding, given, count, stages) -> bytes:
    h = hashlib.blake2b(digest_size=20)
    for part in (
        *(f"{name}\0{text}" for name, text in sorted((given or {}).items())),
        "\1",
        *map(str, facts),
        "\1",
        *programs,
        "\1",
        *encoding,
        "\1",
        repr(list(stages)),
        str(count),
    ):
        h.update(part.encode("utf-8") + b"\0")
    return h.digest()


@contextlib.contextmanager
def solving_each_input_once():
    """Within it, the solver is called once for each distinct input, and the same input
    again gets that solve's atoms and figures (in new lists). The key is the whole input
    of hockeyrules.engine.solver.solve (the season's facts, the added facts, programs and
    stages, the encoding files), so a changed fact, reading, proposal or rulebook is
    solved anew. A solve that fails is not kept, nor one whose control was started ahead.
    Kept for the worker, so that a module gets what an earlier one solved."""
    from hockeyrules.engine import solver

    real = solver.solve

    def solve(facts=(), programs=(), encoding=solver.ENCODING, given=None, count=0, stages=(), started=None):
        if started is not None:
            return real(facts, programs, encoding, given, count, stages, started)
        facts, programs, encoding, stages = list(facts), list(programs), list(encoding), list(stages)
        key = _solve_key(facts, programs, encoding, given, count, stages)
        kept = _solves_kept.pop(key, None)
        if kept is None:
            kept = real(facts, programs, encoding, given, count, stages)
            size = len(kept.symbols) + sum(len(s.symbols) for s in _solves_kept.values())
            while _solves_kept and size > _SOLVES_KEPT_SYMBOLS:
                size -= len(_solves_kept.pop(next(iter(_solves_kept))).symbols)
        _solves_kept[key] = kept  # (last: the most recently used)
        return solver.Solution(list(kept.symbols), dict(kept.stats, messages=list(kept.stats["messages"])))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "solve", solve)
        yield


@pytest.fixture(scope="module")
def solved_once():
    """Ask that, in this module, each distinct solve be done once (solving_each_input_once):
    a module that runs many views and commands over the same few seasons (the example
    season through every command and format) is testing what is made of a solve, not the
    solve again. The engine's own tests (the same bytes on every run, limits, counts of
    solves, what a proposal leaves behind) never ask for it."""
    with solving_each_input_once():
        yield


# --- the example season's report -----------------------------------------------------------

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mu18aaa-example.yaml"


@pytest.fixture(scope="session")
def example_page(tmp_path_factory) -> Path:
    """The example season's one-file report, written once for the worker: the report's,
    its layout's and its words' tests read the same page (never write to it)."""
    from hockeyrules.report.pages import build_report

    path = tmp_path_factory.mktemp("example-report") / "report.html"
    with solving_each_input_once():  # (its solves are those of the modules that read it)
        path.write_text(build_report(EXAMPLE), encoding="utf-8")
    return path


# --- a real browser -------------------------------------------------------------------------


def _browser_paths():
    binary = os.environ.get("HOCKEYRULES_CHROMIUM") or next(
        (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) if p),
        None,
    )
    driver = os.environ.get("HOCKEYRULES_CHROMEDRIVER") or shutil.which("chromedriver")
    return binary, driver


def _no_browser(reason: str):
    """Skip, saying why; where CI installed a browser (HOCKEYRULES_REQUIRE_BROWSER=1), fail instead."""
    if os.environ.get("HOCKEYRULES_REQUIRE_BROWSER") == "1":
        pytest.fail(f"HOCKEYRULES_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """A headless Chromium driven by Selenium, one for the whole run (a worker's part of
    it under pytest-xdist): the report's and the notices' tests open their pages in it."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _no_browser("selenium is not installed (it is in the test extras: pip install -e '.[test]')")
    binary, driver_path = _browser_paths()
    if not binary or not driver_path:
        _no_browser(
            "no Chromium and chromedriver found (apt-get install chromium chromium-driver, or set "
            "HOCKEYRULES_CHROMIUM and HOCKEYRULES_CHROMEDRIVER)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        options.add_argument(arg)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SE_OFFLINE", "true")  # Selenium Manager never looks for a driver online
        driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()
