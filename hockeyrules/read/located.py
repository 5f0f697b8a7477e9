"""Plain data read from a file, with the line where each path starts, and how a path
is written in an error (the readers of JSON and YAML make it; loader.py reads files)."""

from __future__ import annotations

import json


def render_path(path: tuple) -> str:
    """('games', 3, 'time') -> 'games[3].time'; a key that cannot be printed as it
    is (a control character, a lone surrogate) is shown escaped: ["\\u0000"]."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not part.isprintable():
            out += f"[{json.dumps(part)}]"
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
