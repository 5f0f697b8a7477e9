"""Read YAML or JSON into plain data, remembering the line of every YAML node.

YAML is composed into nodes (never constructed by tag), so a tag that would build
a Python object is reported as an error, not executed. libyaml's C parser reads
the text where it is installed; composing is done here, so that nesting and
aliases are counted (an alias bomb or a recursive alias is an error, not a hang).
JSON is read strictly (hockeyrules/read/jsonread.py), YAML in hockeyrules/read/yamlread.py
(imported only when a YAML file is read). The limits are in guard.py.
"""

from __future__ import annotations

import os

from hockeyrules.model.errors import InputError, Problem

# JSON is read strictly, game by game for a season; Located and render_path are
# named here too, as they always were
from hockeyrules.read.jsonread import LazyArray
from hockeyrules.read.jsonread import parse as parse_json
from hockeyrules.read.located import Located, render_path

__all__ = ["LazyArray", "Located", "parse_json", "parse_yaml", "read", "render_path"]


def parse_yaml(text: str, source: str) -> Located:
    """YAML (hockeyrules/read/yamlread.py), imported on first use: a JSON season never loads PyYAML."""
    from hockeyrules.read.yamlread import parse  # (here: start-up time: PyYAML only for YAML)

    return parse(text, source)


def read(path: str | os.PathLike[str], stream: bool = False) -> Located:
    """Read a .yaml/.yml/.json file (by extension; other names are tried as YAML)."""
    source = os.fspath(path)  # (os, not pathlib: a command reading JSON need not import it)
    try:
        with open(source, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise InputError(source, [Problem("(file)", f"cannot read: {exc.strerror}")]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(source, [Problem("(file)", f"not UTF-8 text (byte {exc.start})")]) from None
    if os.path.splitext(source)[1].lower() == ".json":
        return parse_json(text, source, stream)
    return parse_yaml(text, source)
