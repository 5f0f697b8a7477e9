"""A record (hockeyrules/model/records.py) answers as the dataclass it stands for: the same
equality, hash, printing and order, and dataclasses' own functions still work."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hockeyrules.model.errors import Problem
from hockeyrules.model.records import record
from hockeyrules.read.season import Incident, Person


@record(frozen=True, order=True)
class FrozenRecord:
    where: str
    message: str
    line: int | None = None


@dataclass(frozen=True, order=True)
class FrozenClass:
    where: str
    message: str
    line: int | None = None


@record(slots=True)
class SlotRecord:
    one: str
    more: tuple = ()
    hidden: dict = field(default_factory=dict, repr=False, hash=False, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class SlotClass:
    one: str
    more: tuple = ()
    hidden: dict = field(default_factory=dict, repr=False, hash=False, compare=False)


_VALUES = st.tuples(st.sampled_from(["a", "b", "é"]), st.sampled_from(["x", "y"]), st.none() | st.integers(0, 3))


@given(_VALUES, _VALUES)
def test_a_frozen_ordered_record_compares_hashes_and_prints_as_its_dataclass(a, b):
    ra, rb, ca, cb = FrozenRecord(*a), FrozenRecord(*b), FrozenClass(*a), FrozenClass(*b)
    assert repr(ra).replace("FrozenRecord", "X") == repr(ca).replace("FrozenClass", "X")
    assert (ra == rb) == (ca == cb) and (ra != rb) == (ca != cb)
    assert hash(ra) == hash(ca)
    if None not in (a[2], b[2]) or a[:2] != b[:2]:  # (None and an int do not compare, in either)
        assert [ra < rb, ra <= rb, ra > rb, ra >= rb] == [ca < cb, ca <= cb, ca > cb, ca >= cb]


def test_a_record_is_still_a_dataclass():
    r = FrozenRecord("a", "b")
    assert [f.name for f in dataclasses.fields(r)] == ["where", "message", "line"]
    assert dataclasses.replace(r, line=3) == FrozenRecord("a", "b", 3)
    assert dataclasses.asdict(r) == {"where": "a", "message": "b", "line": None}
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.line = 4  # type: ignore[misc]
    assert (
        FrozenRecord("a", "b") != ("a", "b", None) and FrozenRecord("a", "b").__eq__(("a", "b", None)) is NotImplemented
    )
    with pytest.raises(TypeError):
        _ = FrozenRecord("a", "b") < ("a", "b", None)  # type: ignore[operator]


def test_a_slotted_record_keeps_its_slots_and_hashes_by_its_fields():
    r, c = SlotRecord("a", (1,)), SlotClass("a", (1,))
    assert not hasattr(r, "__dict__") and SlotRecord.__slots__ == SlotClass.__slots__
    assert repr(r).replace("SlotRecord", "X") == repr(c).replace("SlotClass", "X")
    assert len({SlotRecord("a", (1,)), SlotRecord("a", (1,)), SlotRecord("b")}) == 2
    with pytest.raises(AttributeError):
        r.other = 1  # type: ignore[attr-defined]


def test_the_seasons_records_sort_and_hash_as_before():
    assert sorted([Problem("b", "x"), Problem("a", "y", 3), Problem("a", "x")]) == [
        Problem("a", "x"),
        Problem("a", "y", 3),
        Problem("b", "x"),
    ]
    p = Person("T1-01", "Name", "T1", "player")
    assert {p: 1}[Person("T1-01", "Name", "T1", "player")] == 1
    i = Incident(1, "T1-01", 1, "05:00", 900, "roughing", ("minor",), None, None, "games[0].incidents[0]", 3)
    assert dataclasses.replace(i, where="x").where == "x" and dataclasses.replace(i, where="x") != i
