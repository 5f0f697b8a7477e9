"""The catalog as the engine has it: every row, ladder and threshold of the
encoding's tables, read by grounding the tables alone (no season)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from hockeyrules.engine.rulebookfile import chosen, in_force
from hockeyrules.engine.solver import solve
from hockeyrules.facts.build import Facts

_SHOW = """
#show bookrow/4. #show bookrung/3. #show bookthreshold/3. #show trigger/2. #show requires/2.
#show additive/1. #show onlywhen/2. #show scope/2. #show countedonce/1. #show unless/2.
#show ladderplayers/1. #show counts/2.
"""


def value_of(term) -> dict | None:
    """games(N) / indefinite(M) / na as data."""
    if term.name == "games":
        return {"games": term.arguments[0].number, "indefinite": False}
    if term.name == "indefinite":
        return {"games": term.arguments[0].number, "indefinite": True}
    return None


@dataclass
class Row:
    id: str
    layer: str
    base: dict | None
    late: dict | None
    triggers: list = field(default_factory=list)
    requires: list = field(default_factory=list)
    conditions: list = field(default_factory=list)
    additive: bool = False
    ladder: str | None = None
    rung: int | None = None


@dataclass
class Catalog:
    rows: dict
    ladders: dict  # stem -> {n: row id}
    thresholds: dict  # id -> (after, every)

    def ladder_layer(self, stem: str) -> str:
        return self.rows[next(iter(self.ladders[stem].values()))].layer


def catalog() -> Catalog:
    """The rows of the rulebook in force (the one chosen, else the catalog's league)."""
    return _catalog(chosen() or in_force())


@lru_cache(maxsize=8)
def _catalog(book) -> Catalog:
    out = Facts()
    book.facts(out)
    symbols = solve([], programs=[_SHOW], given=out.given(), count=out.count).symbols
    rows: dict = {}
    ladders: dict = {}
    thresholds: dict = {}
    extra: list = []
    for s in symbols:
        a = s.arguments
        if s.name == "bookrow":
            rows[a[0].string] = Row(a[0].string, a[1].name, value_of(a[2]), value_of(a[3]))
        elif s.name == "bookrung":
            ladders.setdefault(a[0].string, {})[a[1].number] = a[2].string
        elif s.name == "bookthreshold":
            thresholds[a[0].string] = (a[1].number, a[2].number)
        else:
            extra.append(s)
    for stem, rungs in ladders.items():
        for n, rid in rungs.items():
            rows[rid].ladder, rows[rid].rung = stem, n
    for s in extra:
        a = s.arguments
        rid = a[0].string
        if rid not in rows:
            continue
        row = rows[rid]
        if s.name == "trigger":
            row.triggers.append(a[1].name)
        elif s.name == "requires":
            row.requires.append(a[1].name)
        elif s.name == "additive":
            row.additive = True
        elif s.name in ("onlywhen", "scope"):
            row.conditions.append(a[1].name)
        elif s.name == "countedonce":
            row.conditions.append("counted once")
        elif s.name == "unless":
            row.conditions.append(f"unless {a[1].string}")
    for row in rows.values():
        row.triggers.sort()
        row.requires.sort()
        row.conditions.sort()
    return Catalog(rows, ladders, thresholds)
