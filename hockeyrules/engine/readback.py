"""Shown atoms with their ids turned back into text, as plain Python terms.

The facts carry every id as an integer (hockeyrules/facts/build.py, `Names`); the
readers of the audit and the explanations take the model as terms whose ids are
strings again. Building clingo symbols for them, and then walking those through
clingo's API, costs a call into clingo per part, argument, type and name (the
figures: docs/performance.md, "Reading atoms back"). So each shown atom is read once from its printed form into
a `Term`: the part of clingo.Symbol's interface those readers use (type, name,
arguments, positive, negative, string, number, the printed form, equality and
clingo's order), as plain attributes. Each distinct term is built once: the
shown atoms of one solve repeat the same ids, games and tuples thousands of
times. No text is parsed by clingo here: the printed form holds integers,
constants and the encoding's own quoted rule ids, and user text comes only from
the `Names` table.
"""

from __future__ import annotations

import re

from clingo import SymbolType

from hockeyrules.engine.result import unquote
from hockeyrules.facts.build import BASE, Names

# One token of clingo's printed form: a quoted string, an integer, #sup/#inf, a name,
# or a bracket or comma.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+|#sup|#inf|-?[A-Za-z_][A-Za-z0-9_\']*|[(),]', re.S)


_NUMBER, _STRING, _FUNCTION = SymbolType.Number, SymbolType.String, SymbolType.Function


class Term:
    """A shown atom or a part of one, read like a clingo.Symbol: `type` (a
    clingo.SymbolType), `name`, `arguments` and `positive`/`negative` of a function,
    `string` of a string, `number` of a number (None where clingo would refuse);
    str() is clingo's printed form; terms compare and sort as clingo's symbols do
    (tests/test_readback.py holds both to clingo)."""

    __slots__ = ("type", "name", "arguments", "positive", "negative", "string", "number", "key")

    def __init__(self, type, key, name="", arguments=(), positive=True, string=None, number=None):
        self.type, self.key, self.name, self.arguments = type, key, name, arguments
        self.positive, self.negative, self.string, self.number = positive, not positive, string, number

    def __eq__(self, other):
        return isinstance(other, Term) and self.key == other.key

    def __lt__(self, other):
        return self.key < other.key if isinstance(other, Term) else NotImplemented

    def __le__(self, other):
        return self.key <= other.key if isinstance(other, Term) else NotImplemented

    def __gt__(self, other):
        return self.key > other.key if isinstance(other, Term) else NotImplemented

    def __ge__(self, other):
        return self.key >= other.key if isinstance(other, Term) else NotImplemented

    def __hash__(self):
        return hash(self.key)

    def __str__(self):
        if self.type is _NUMBER:
            return str(self.number)
        if self.type is _STRING:
            return '"' + self.string.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"') + '"'
        if self.type is not _FUNCTION:
            return "#sup" if self.type is SymbolType.Supremum else "#inf"
        sign = "" if self.positive else "-"
        if not self.arguments:
            return sign + (self.name or "()")
        inner = ",".join(map(str, self.arguments))
        if not self.name:
            return f"({inner},)" if len(self.arguments) == 1 else f"({inner})"
        return f"{sign}{self.name}({inner})"

    __repr__ = __str__


# clingo's order of symbols: #inf, numbers, constants, negated constants, strings,
# functions (positive first, then by arity, name and arguments), #sup.
INFIMUM = Term(SymbolType.Infimum, (0,))
SUPREMUM = Term(SymbolType.Supremum, (6,))


def number(n: int) -> Term:
    return Term(_NUMBER, (1, n), number=n)


def string(text: str) -> Term:
    return Term(_STRING, (4, text), string=text)


def function(name: str, arguments: tuple = (), positive: bool = True) -> Term:
    key: tuple
    if arguments:
        key = (5, not positive, len(arguments), name, tuple(a.key for a in arguments))
    else:
        key = (2 if positive else 3, name)
    return Term(_FUNCTION, key, name, list(arguments), positive)


class _Builder:
    """Plain values -> terms, each distinct value built once."""

    __slots__ = ("texts", "built")

    def __init__(self, names: Names):
        self.texts = names.texts
        self.built: dict = {}

    def build(self, value) -> Term:
        term = self.built.get(value)
        if term is None:
            kind = value[0]
            if kind == "n":
                n = value[1]
                term = string(self.texts[n - BASE]) if n >= BASE else number(n)
            elif kind == "s":
                term = string(value[1])
            elif kind == "f":
                term = function(value[1], tuple(self.build(a) for a in value[2]), value[3])
            else:
                term = SUPREMUM if kind == "sup" else INFIMUM
            self.built[value] = term
        return term


def _simple(tok: str):
    """The plain value of a token that is a whole term (a string, a number, #sup,
    #inf), else None."""
    first = tok[0]
    if first == '"':
        return ("s", unquote(tok[1:-1]))
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


# One argument at a shown atom's top level, then its comma: an id, a number, a
# constant, a function or a tuple, without a quote and nested at most two deep
# (1,(2,rules),suspended((3,rules),0)). Most shown atoms are made only of these.
_ARGUMENT = re.compile(r'([^,()"]+(?:\((?:[^()"]|\([^()"]*\))*\))?|\((?:[^()"]|\([^()"]*\))*\))(?:,|\Z)')


def read_term(builder: _Builder, text: str) -> Term:
    """The term printed as `text` (a shown atom or one of its arguments), token by token."""
    tokens = _TOKEN.findall(text)
    value, end = _parse(tokens, 0)
    if end != len(tokens):  # the printed form and this reader disagree: a bug, said plainly
        raise RuntimeError(f"cannot read back the shown term {text!r}")
    return builder.build(value)


def decode_all(printed, names: Names) -> list:
    """Each shown atom, given as its printed form (str of the clingo symbol), as a
    Term with its ids (integers from BASE up) as strings.

    The atoms of one solve share most of their arguments (the same ids, games and
    suspensions again and again): an atom whose arguments split plainly at its top
    level reads each distinct argument's text once; any other atom is read whole."""
    builder = _Builder(names)
    arguments: dict = {}  # an argument's text -> its term
    out = []
    for text in printed:
        start = text.find("(")
        if start > 0 and '"' not in text:
            inner = text[start + 1 : -1]
            pieces = _ARGUMENT.findall(inner)
            # the pieces and their commas must cover the arguments exactly (else: nested deeper)
            if sum(map(len, pieces)) + len(pieces) - 1 == len(inner):
                args = []
                for piece in pieces:
                    term = arguments.get(piece)
                    if term is None:
                        term = arguments[piece] = read_term(builder, piece)
                    args.append(term)
                name = text[:start]
                positive = name[0] != "-"
                out.append(function(name if positive else name[1:], tuple(args), positive))
                continue
        out.append(read_term(builder, text))
    return out
