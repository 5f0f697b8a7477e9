"""Scenario files (*.scenarios.yaml) are collected by the package's own pytest plugin
(hockeyrules.pytest_plugin, registered as a `pytest11` entry point by the install)."""
