"""pytest plugin (entry point `pytest11`): scenario files (*.scenarios.yaml) collected as
tests, one item per named test, so that a league runs its own folder with `pytest FOLDER`.

A file that does not pass the scenario check is a collection error listing every
problem (file, place and line): none of its tests run, none is reported as passed.

A conftest may give a test more to check on the same solve: an item whose
`check_explanations` is set (a function of the test, the base season and the result@1
data) is solved with its explanations, and the function runs once the expectations
pass (this repository's tests/conftest.py checks every explained component).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

SUFFIX = ".scenarios.yaml"


def pytest_collect_file(parent: pytest.Collector, file_path: Any) -> pytest.Collector | None:
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        # (here: start-up time: pytest loads this plugin in every run)
        from hockeyrules.committee.scenarios import validate_file
        from hockeyrules.model.errors import InputError

        try:
            checked = validate_file(self.path)
        except InputError as err:
            raise self.CollectError(err.report()) from None
        for n, test in enumerate(checked.tests):
            yield ScenarioItem.from_parent(
                self, name=test["name"], test=test, base=checked.base, season=checked.seasons[n]
            )


class ScenarioFailure(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, test: dict, base: dict, season: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.test = test
        self.base = base
        self.season = season
        self.check_explanations: Callable[[dict, dict, dict], None] | None = None

    def runtest(self) -> None:
        # (here: start-up time: pytest loads this plugin in every run)
        from hockeyrules.committee.scenarios import run_test

        explain = self.check_explanations is not None
        outcome = run_test(self.test, self.base, self.path.parent, season=self.season, explain=explain)
        if outcome.failures:
            raise ScenarioFailure("\n".join(outcome.failures))
        if self.check_explanations is not None:
            assert outcome.result is not None  # passed: it was solved
            self.check_explanations(self.test, self.base, outcome.result)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.name}\n" + str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, self.name
