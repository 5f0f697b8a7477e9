"""The rulebook's own words for each catalog id, read from the encoding.

Each rule in asp/*.lp is preceded by a comment `% <id> "<quote>"` (the quote may
run over several comment lines): the one place the project keeps the text a
rule formalises, beside the rule itself.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from hockeyrules.engine.rulebookfile import chosen, in_force
from hockeyrules.engine.solver import encoding_text

_START = re.compile(r'^%\s*((?:hc|hm|league):\S+)\s+"(.*)$')


def parse_excerpts(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    lines = text.splitlines()
    for n, line in enumerate(lines):
        m = _START.match(line.strip())
        if not m:
            continue
        rule, rest = m.group(1), m.group(2)
        parts = []
        k = n
        while '"' not in rest:
            parts.append(rest)
            k += 1
            if k >= len(lines) or not lines[k].lstrip().startswith("%"):
                rest = None
                break
            rest = lines[k].lstrip()[1:].strip()
        if rest is None:
            continue
        parts.append(rest[: rest.index('"')])
        out.setdefault(rule, " ".join(p.strip() for p in parts if p.strip()))
    return out


@lru_cache(maxsize=1)
def excerpts() -> dict[str, str]:
    """Catalog id -> the rulebook line it formalises (as quoted in asp/)."""
    out: dict[str, str] = {}
    names = sorted(p.name for p in resources.files("hockeyrules.asp").iterdir() if p.name.endswith(".lp"))
    for name in names:
        for rule, text in parse_excerpts(encoding_text(name)).items():
            out.setdefault(rule, text)
    return out


def excerpt(rule: str) -> str | None:
    """A rule's own words: a league row's from the rulebook in force (its file's
    `text`), every other from the encoding."""
    if rule.startswith("league:"):
        words = (chosen() or in_force()).texts().get(rule)
        if words:
            return words
    return excerpts().get(rule)
