"""Read YAML or JSON into plain data, remembering the line of every YAML node.

YAML is composed into nodes (never constructed by tag), so a tag that would build
a Python object is reported as an error, not executed. libyaml's C parser is used
where it is installed.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import InputError, Problem

yaml = _Loader = _constructor = None  # PyYAML, imported by _yaml() when a YAML file is read


def _yaml() -> None:
    """Import PyYAML on first use: a JSON season never needs it."""
    global yaml, _Loader, _constructor
    if yaml is not None:
        return
    import yaml as _module

    try:  # the C parser is several times faster on large seasons
        from yaml import CSafeLoader as loader
    except ImportError:  # pragma: no cover - depends on how PyYAML was built
        from yaml import SafeLoader as loader
    yaml, _Loader, _constructor = _module, loader, _module.constructor.SafeConstructor()

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp",
}


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
    _yaml()
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


def parse_json(text: str, source: str, stream: bool = False) -> Located:
    """JSON. With `stream`, a top-level `games` array is read one game at a time as the
    season is checked (LazyArray), so that a national season is never held twice in memory."""
    try:
        if stream and text.lstrip().startswith("{"):
            return Located(_TopLevel(text, source).data)
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(source, [Problem("(file)", f"not valid JSON: {exc.msg}", exc.lineno)]) from None
    return Located(data)


_WHITESPACE = " \t\n\r"


class _TopLevel:
    """The top-level object of a JSON season, key by key with the json module's own
    decoder; the games array is left to a LazyArray when the teams, people and
    settings came before it (the usual order), else read whole."""

    def __init__(self, text: str, source: str):
        self.text, self.source = text, source
        self.decoder = json.JSONDecoder()
        self.data: dict = {}
        self.at = self._skip(text.index("{") + 1)
        self.members()

    def _skip(self, i: int) -> int:
        text = self.text
        while i < len(text) and text[i] in _WHITESPACE:
            i += 1
        return i

    def _expect(self, char: str) -> None:
        if self.text[self.at:self.at + 1] != char:
            raise json.JSONDecodeError(f"Expecting '{char}'", self.text, self.at)
        self.at = self._skip(self.at + 1)

    def members(self) -> None:
        """Read members until the object ends or the games array may be left for later."""
        text = self.text
        while True:
            if text[self.at:self.at + 1] == "}":
                self.at = self._skip(self.at + 1)
                if self.at != len(text):
                    raise json.JSONDecodeError("Extra data", text, self.at)
                return
            key, self.at = self.decoder.raw_decode(text, self.at)
            self.at = self._skip(self.at)
            self._expect(":")
            if key == "games" and text[self.at:self.at + 1] == "[" and \
                    {"teams", "people", "settings"} <= set(self.data):
                self.data[key] = LazyArray(self)
                return  # the rest is read when the games are
            self.data[key], self.at = self.decoder.raw_decode(text, self.at)
            self.at = self._skip(self.at)
            if text[self.at:self.at + 1] == ",":
                self.at = self._skip(self.at + 1)

    def after_array(self) -> None:
        self.at = self._skip(self.at)
        if self.text[self.at:self.at + 1] == ",":
            self.at = self._skip(self.at + 1)
        self.members()


class LazyArray:
    """The games of a JSON season, decoded one at a time, once."""

    def __init__(self, top: _TopLevel):
        self.top = top
        self.used = False

    def __iter__(self):
        if self.used:
            raise RuntimeError("the games of a streamed season can be read once")
        self.used = True
        top, text = self.top, self.top.text
        try:
            top.at = top._skip(top.at + 1)
            if text[top.at:top.at + 1] == "]":
                top.at += 1
            else:
                while True:
                    item, top.at = top.decoder.raw_decode(text, top.at)
                    yield item
                    top.at = top._skip(top.at)
                    if text[top.at:top.at + 1] == ",":
                        top.at = top._skip(top.at + 1)
                        continue
                    top._expect("]")
                    break
            top.after_array()
        except json.JSONDecodeError as exc:
            raise InputError(top.source, [Problem("(file)", f"not valid JSON: {exc.msg}", exc.lineno)]) from None


def read(path: str | Path, stream: bool = False) -> Located:
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
        return parse_json(text, source, stream)
    return parse_yaml(text, source)
