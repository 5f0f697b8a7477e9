"""Read YAML or JSON into plain data, remembering the line of every YAML node.

YAML is composed into nodes (never constructed by tag), so a tag that would build
a Python object is reported as an error, not executed. libyaml's C parser is used
where it is installed.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from .errors import InputError, Problem

try:  # the C parser is several times faster on large seasons
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp",
}
_constructor = yaml.constructor.SafeConstructor()


def render_path(path: tuple) -> str:
    """('games', 3, 'time') -> 'games[3].time'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top)"


class Located:
    """Plain data read from a file, with the line where each path starts."""

    def __init__(self, data, lines: dict[tuple, int] | None = None, problems: list | None = None):
        self.data = data
        self.lines = lines or {}
        self.problems = problems or []  # found while reading (a refused tag): reported with the rest

    def line(self, path: tuple) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)


def _scalar(node: yaml.ScalarNode):
    if node.tag == "tag:yaml.org,2002:int" and ":" in node.value:
        # YAML 1.1 reads 16:58 as the number 1018; a clock time is meant.
        return node.value
    if node.tag == "tag:yaml.org,2002:timestamp":
        return node.value  # dates are checked by the season reader, as text
    return _constructor.construct_object(node)


def _walk(node, path: tuple, lines: dict, problems: list[Problem]):
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            problems.append(Problem(render_path(path), f"YAML tag {node.tag} is not allowed", lines[path]))
            return None
        out = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                problems.append(Problem(render_path(path), "a key must be plain text", key_node.start_mark.line + 1))
                continue
            key = key_node.value
            if key in out:
                problems.append(Problem(render_path(path + (key,)), "duplicate key", key_node.start_mark.line + 1))
                continue
            out[key] = _walk(value_node, path + (key,), lines, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            problems.append(Problem(render_path(path), f"YAML tag {node.tag} is not allowed", lines[path]))
            return None
        return [_walk(item, path + (i,), lines, problems) for i, item in enumerate(node.value)]
    if node.tag not in _PLAIN_TAGS:
        problems.append(Problem(render_path(path), f"YAML tag {node.tag} is not allowed", lines[path]))
        return None
    try:
        return _scalar(node)
    except (ValueError, yaml.YAMLError) as exc:
        problems.append(Problem(render_path(path), f"unreadable value: {exc}", lines[path]))
        return None


def parse_yaml(text: str, source: str) -> Located:
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(exc, "problem", None) or str(exc)
        raise InputError(source, [Problem("(file)", f"not valid YAML: {reason}", line)]) from None
    if root is None:
        raise InputError(source, [Problem("(file)", "the file is empty")])
    lines: dict[tuple, int] = {}
    problems: list[Problem] = []
    data = _walk(root, (), lines, problems)
    return Located(data, lines, problems)


def parse_json(text: str, source: str) -> Located:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(source, [Problem("(file)", f"not valid JSON: {exc.msg}", exc.lineno)]) from None
    return Located(data)


def read(path: str | Path) -> Located:
    """Read a .yaml/.yml/.json file (by extension; other names are tried as YAML)."""
    path = Path(path)
    source = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(source, [Problem("(file)", f"cannot read: {exc.strerror}")]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(source, [Problem("(file)", f"not UTF-8 text (byte {exc.start})")]) from None
    if path.suffix.lower() == ".json":
        return parse_json(text, source)
    return parse_yaml(text, source)
