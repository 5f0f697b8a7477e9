"""pytest plugin (entry point `pytest11`): scenario files (*.scenarios.yaml) collected as
tests, one item per named test, so that a league runs its own folder with `pytest FOLDER`.

A file that does not pass the scenario check is a collection error listing every
problem (file, place and line): none of its tests run, none is reported as passed.
"""

from __future__ import annotations

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

    def runtest(self) -> None:
        # (here: start-up time: pytest loads this plugin in every run)
        from hockeyrules.committee.scenarios import run_test

        outcome = run_test(self.test, self.base, self.path.parent, season=self.season)
        if outcome.failures:
            raise ScenarioFailure("\n".join(outcome.failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.name}\n" + str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, self.name
