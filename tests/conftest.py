"""Collect scenario files (*.scenarios.yaml) as tests: one item per named test."""

from __future__ import annotations

import pytest

from hockeyrules import scenarios


def pytest_collect_file(parent, file_path):
    if file_path.name.endswith(".scenarios.yaml"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        tests, base = scenarios.load_file(self.path)
        for test in tests:
            yield ScenarioItem.from_parent(self, name=test["name"], test=test, base=base)


class ScenarioFailure(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, test, base, **kwargs):
        super().__init__(**kwargs)
        self.test = test
        self.base = base

    def runtest(self):
        outcome = scenarios.run_test(self.test, self.base, self.path.parent)
        if outcome.failures:
            raise ScenarioFailure("\n".join(outcome.failures))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.name}\n" + str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, self.name
