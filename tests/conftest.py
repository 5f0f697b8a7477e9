"""Scenario files (*.scenarios.yaml) are collected by the package's own pytest plugin
(hockeyrules.committee.pytest_plugin, registered as a `pytest11` entry point by the install)."""

import os
import tempfile

# The templates' compiled code (hockeyrules/views/templatecache.py) goes to a folder of the
# test run's own, not the user's cache (tests/test_templatecache.py sets its own).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="hockeyrules-test-cache-")
