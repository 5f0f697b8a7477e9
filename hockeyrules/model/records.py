"""Records: dataclasses whose comparison, hashing and printing are written once, here.

`dataclasses.dataclass` writes each method of each class as source text and
compiles it while the module is imported: about 1 ms a class, and every command
imports thirteen of them (the season's, the result's, the policy's, a problem).
A record keeps what a dataclass is (its generated `__init__` with the defaults,
`fields()`, `replace()`, `asdict()`, frozen where asked) and takes `__eq__`,
`__hash__`, `__repr__` and the order from the functions below, which read the
fields through one `operator.attrgetter`. They answer as the generated ones do
(tests/test_records.py holds them to it).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (typing has it from Python 3.11; the project runs on 3.10 too)
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_):
        return lambda f: f


def _values(names: tuple) -> Callable[[Any], tuple]:
    """The fields' values as one tuple (as the generated methods compare them)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        get = operator.attrgetter(*names)
        return lambda obj: (get(obj),)
    return lambda obj: ()


def _compare(values: Callable, op: Callable) -> Callable:
    def compare(self, other):
        if other.__class__ is self.__class__:
            return op(values(self), values(other))
        return NotImplemented

    return compare


@dataclass_transform()
def record(
    cls: type | None = None, /, *, frozen: bool = False, slots: bool = False, order: bool = False, hashable: bool = True
) -> Any:
    """As @dataclass(frozen=..., slots=..., order=...), hashed by its fields where
    `hashable` (a mutable record is hashable only where the class asks: unsafe_hash)."""

    def wrap(cls: Any) -> Any:
        cls = dataclass(cls, repr=False, eq=False, frozen=frozen, slots=slots)
        compared = _values(tuple(f.name for f in fields(cls) if f.compare))
        hashed = _values(tuple(f.name for f in fields(cls) if (f.compare if f.hash is None else f.hash)))
        shown = tuple(f.name for f in fields(cls) if f.repr)

        def __hash__(self) -> int:
            return hash(hashed(self))

        def __repr__(self) -> str:
            inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
            return f"{self.__class__.__qualname__}({inner})"

        cls.__eq__ = _compare(compared, operator.eq)
        cls.__hash__ = __hash__ if hashable else None
        cls.__repr__ = __repr__
        if order:
            for name, op in (
                ("__lt__", operator.lt),
                ("__le__", operator.le),
                ("__gt__", operator.gt),
                ("__ge__", operator.ge),
            ):
                setattr(cls, name, _compare(compared, op))
        return cls

    return wrap if cls is None else wrap(cls)
