"""The templates' compiled code is kept between runs, and is never a reason to fail."""

from __future__ import annotations

import jinja2
import pytest

from hockeyrules.office import notices
from hockeyrules.report import pages as report
from hockeyrules.views import templatecache


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(templatecache.NO_CACHE, raising=False)
    return tmp_path


def _compiles(monkeypatch) -> list:
    compiled: list = []
    real = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return compiled


def test_a_template_compiled_once_is_read_back_on_the_next_run(cache_home, monkeypatch):
    compiled = _compiles(monkeypatch)
    first = report._environment().get_template("index.html.j2")
    assert "index.html.j2" in compiled
    kept = list((cache_home / "hockeyrules").rglob("*.cache"))
    assert kept and all(oct(p.parent.stat().st_mode & 0o777) == "0o700" for p in kept)
    compiled.clear()
    again = report._environment().get_template("index.html.j2")  # a new environment: as a new process
    assert compiled == [] and again.render is not None
    assert first.environment.bytecode_cache is not None and again.environment.bytecode_cache is not None


def test_a_damaged_cache_file_is_compiled_again(cache_home, monkeypatch):
    report._environment().get_template("base.html.j2")
    for path in (cache_home / "hockeyrules").rglob("*.cache"):
        path.write_bytes(b"j2\x00garbage")
    compiled = _compiles(monkeypatch)
    assert report._environment().get_template("base.html.j2") is not None
    assert "base.html.j2" in compiled


def test_no_cache_where_it_is_turned_off_cannot_be_made_or_others_may_write(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(templatecache.NO_CACHE, "1")
    assert templatecache.bytecode_cache() is None
    monkeypatch.delenv(templatecache.NO_CACHE)
    assert templatecache.bytecode_cache() is not None
    folder = next((tmp_path / "hockeyrules").iterdir())
    folder.chmod(0o777)  # another user could put code there
    assert templatecache.bytecode_cache() is None
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert templatecache.bytecode_cache() is None
    assert notices._env(True).get_template("notice.html.j2") is not None  # compiled as before


def test_a_cache_folder_that_cannot_be_written_is_no_error(cache_home):
    env = report._environment()  # the folder is there when the environment is made
    folder = next((cache_home / "hockeyrules").iterdir())
    folder.rmdir()
    folder.write_text("now a file: nothing can be written or read below it")
    assert env.get_template("index.html.j2") is not None
