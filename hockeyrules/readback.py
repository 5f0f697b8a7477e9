"""Shown atoms with their ids turned back into text, as clingo symbols.

The facts carry every id as an integer (hockeyrules/facts.py, `Names`); the
readers of the audit and the explanations take the model as symbols whose ids
are clingo Strings again. Walking each symbol through clingo's API costs a call
into clingo per argument, type and name (half of the audit's time at 1x). So each
symbol is read once from its printed form, into plain Python values, and every
distinct part is built once with the symbol API (`Function`, `Number`, `String`):
the shown atoms of one solve repeat the same ids, games and tuples thousands of
times. No text is parsed by clingo here: the printed form holds integers,
constants and the encoding's own quoted rule ids, and user text comes only from
the `Names` table, as a String.
"""

from __future__ import annotations

import re

from clingo import Function, Infimum, Number, String, Supremum

from .facts import BASE, Names
from .result import _unquote

# One token of clingo's printed form: a quoted string, an integer, #sup/#inf, a name,
# or a bracket or comma.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+|#sup|#inf|-?[A-Za-z_][A-Za-z0-9_\']*|[(),]', re.S)


class _Builder:
    """Plain values -> symbols, each distinct value built once."""

    __slots__ = ("texts", "built")

    def __init__(self, names: Names):
        self.texts = names.texts
        self.built: dict = {}

    def build(self, value):
        sym = self.built.get(value)
        if sym is None:
            kind = value[0]
            if kind == "n":
                n = value[1]
                sym = String(self.texts[n - BASE]) if n >= BASE else Number(n)
            elif kind == "s":
                sym = String(value[1])
            elif kind == "f":
                sym = Function(value[1], [self.build(a) for a in value[2]], value[3])
            else:
                sym = Supremum if kind == "sup" else Infimum
            self.built[value] = sym
        return sym


def _simple(tok: str):
    """The plain value of a token that is a whole term (a string, a number, #sup,
    #inf), else None."""
    first = tok[0]
    if first == '"':
        return ("s", _unquote(tok[1:-1]))
    if first.isdigit() or (first == "-" and tok[1:2].isdigit()):
        return ("n", int(tok))
    if tok == "#sup" or tok == "#inf":
        return (tok[1:],)
    return None


def _constant(tok: str) -> tuple:
    """The plain value of a name with no arguments (`-name`: classically negated)."""
    return ("f", tok, (), True) if tok[0] != "-" else ("f", tok[1:], (), False)


def _parse(tokens: list, at: int) -> tuple:
    """The plain value of the term starting at tokens[at], and where it ends."""
    tok = tokens[at]
    value = _simple(tok)
    if value is not None:
        return value, at + 1
    if tok == "(":  # a tuple
        name, positive = "", True
    else:
        at += 1
        if at >= len(tokens) or tokens[at] != "(":
            return _constant(tok), at
        positive = tok[0] != "-"
        name = tok if positive else tok[1:]
    at += 1  # past "("
    args = []
    while tokens[at] != ")":
        tok = tokens[at]
        # most arguments are one token (an id, a number, a constant): no call for them
        value = _simple(tok) if tok != "(" else None
        if value is not None:
            args.append(value)
            at += 1
        elif tok != "(" and tokens[at + 1] != "(":  # a constant
            args.append(_constant(tok))
            at += 1
        else:
            value, at = _parse(tokens, at)
            args.append(value)
        if tokens[at] == ",":
            at += 1
    return ("f", name, tuple(args), positive), at + 1


def decode_all(printed, names: Names) -> list:
    """Each shown atom, given as its printed form (str of the clingo symbol), as a
    clingo symbol with its ids (integers from BASE up) as clingo Strings."""
    builder = _Builder(names)
    out = []
    for text in printed:
        tokens = _TOKEN.findall(text)
        value, end = _parse(tokens, 0)
        if end != len(tokens):  # the printed form and this reader disagree: a bug, said plainly
            raise RuntimeError(f"cannot read back the shown atom {text!r}")
        out.append(builder.build(value))
    return out
