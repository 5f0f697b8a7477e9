"""Writing season data to a file: JSON or YAML, deterministic, readable back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hockeyrules.model.collection import paused


def season_text(data: dict, as_json: bool) -> str:
    """Season data as text: compact JSON (one line; the C encoder makes large seasons
    quick), or YAML that quotes every clock time and start (so that YAML 1.1 readers
    keep them as text) and writes lists of ids and penalties in flow style ([a, b])."""
    if as_json:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    import yaml

    with paused():
        text: str = yaml.dump(
            data, Dumper=_yaml_dumper(), sort_keys=False, allow_unicode=True, default_flow_style=False, width=120
        )
    return text


def write_season(data: dict, path: str | Path, as_json: bool | None = None) -> None:
    """Write season data: JSON when `path` ends in .json (or `as_json`), YAML otherwise;
    `-` is standard output. The file is replaced whole (streams.replacing)."""
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.read.streams import write_text

    if as_json is None:
        as_json = Path(path).suffix.lower() == ".json"
    write_text(path, season_text(data, as_json))


_DUMPER = None


def _yaml_dumper() -> Any:
    global _DUMPER
    if _DUMPER is None:
        import re

        import yaml

        base: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        clockish = re.compile(r"^\d{1,3}:\d{2}$")

        class Dumper(base):
            def ignore_aliases(self, data):  # never &id001 anchors, even for shared lists
                return True

        def represent_str(dumper, value):
            if clockish.match(value):
                return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="'")
            return dumper.represent_str(value)

        def represent_list(dumper, value):
            flow = bool(value) and all(isinstance(v, str) for v in value)
            return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

        Dumper.add_representer(str, represent_str)
        Dumper.add_representer(list, represent_list)
        _DUMPER = Dumper
    return _DUMPER
