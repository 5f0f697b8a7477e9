"""The audit's and the explanations' readers take shown atoms as readback.Term, not
clingo symbols: a Term must print, compare and sort exactly as clingo's symbol does
(the explanations sort premises, and outputs must stay byte for byte the same)."""

from __future__ import annotations

import pytest
from clingo import Function, Infimum, Number, String, Supremum, SymbolType
from hypothesis import given, settings
from hypothesis import strategies as st

from hockeyrules.engine.readback import decode_all
from hockeyrules.facts.build import Names

# Names and strings with what clingo escapes (quote, backslash, newline) and text it does not.
_TEXT = st.text(alphabet='ab"\\\n\té z', max_size=4)
_NAME = st.sampled_from(["a", "b", "ab", "late", "rules"])


def _symbols(depth: int = 2):
    leaves = st.one_of(
        st.integers(-5, 5).map(Number),
        _TEXT.map(String),
        st.builds(lambda n, pos: Function(n, [], pos), _NAME, st.booleans()),
        st.sampled_from([Supremum, Infimum]),
    )
    if depth == 0:
        return leaves
    inner = _symbols(depth - 1)
    functions = st.builds(
        lambda n, args, pos: Function(n, args, pos), _NAME, st.lists(inner, min_size=1, max_size=3), st.booleans()
    )
    tuples = st.lists(inner, min_size=1, max_size=3).map(lambda args: Function("", args))
    return st.one_of(leaves, functions, tuples)


def _read(symbols: list) -> list:
    return decode_all([str(s) for s in symbols], Names())


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(_symbols(), min_size=1, max_size=8))
def test_a_term_prints_compares_and_sorts_as_its_clingo_symbol(symbols):
    terms = _read(symbols)
    assert [str(t) for t in terms] == [str(s) for s in symbols]
    order = sorted(range(len(symbols)), key=lambda i: symbols[i])
    assert [str(terms[i]) for i in order] == [str(t) for t in sorted(terms)]
    for i, a in enumerate(symbols):
        for j, b in enumerate(symbols):
            assert (terms[i] == terms[j]) == (a == b)
            assert [terms[i] < terms[j], terms[i] <= terms[j], terms[i] > terms[j], terms[i] >= terms[j]] == [
                a < b,
                a <= b,
                a > b,
                a >= b,
            ]
            assert (hash(terms[i]) == hash(terms[j])) or a != b


@settings(max_examples=200, deadline=None)
@given(_symbols())
def test_a_term_answers_what_its_clingo_symbol_answers(symbol):
    (term,) = _read([symbol])

    def same(t, s):
        assert t.type == s.type
        if s.type == SymbolType.Number:
            assert t.number == s.number
        elif s.type == SymbolType.String:
            assert t.string == s.string
        elif s.type == SymbolType.Function:
            assert (t.name, t.positive, t.negative) == (s.name, s.positive, s.negative)
            assert len(t.arguments) == len(s.arguments)
            for x, y in zip(t.arguments, s.arguments):
                same(x, y)

    same(term, symbol)


def test_an_id_comes_back_as_its_text():
    names = Names()
    hostile = 'x"). evil :- y. #script'
    n = names.id(hostile)
    (term,) = decode_all([str(Function("sus", [Number(n), Function("", [Number(3), Function("rules")])]))], names)
    assert term.arguments[0].string == hostile and term.arguments[0].type == SymbolType.String
    assert term.arguments[1].arguments[0].number == 3
    assert str(term) == str(Function("sus", [String(hostile), Function("", [Number(3), Function("rules")])]))


def test_an_atom_of_plain_arguments_reads_each_distinct_argument_once(monkeypatch):
    from hockeyrules.engine import readback

    read = []
    real = readback.read_term
    monkeypatch.setattr(readback, "read_term", lambda builder, text: read.append(text) or real(builder, text))
    shown = [
        Function(
            "ineligible",
            [Number(7), Number(8), Function("suspended", [Function("", [Number(9), Function("rules")]), Number(0)])],
        ),
        Function("sus", [Number(7), Function("", [Number(9), Function("rules")])]),
        Function("deep", [Function("a", [Function("b", [Function("c", [Number(1)])])])]),  # nested deeper: read whole
        Function("rule", [String("hc:4.2"), Number(7)]),  # a quote: read whole
        Function("late", [Number(7), Number(8)], False),
    ]
    terms = _read(shown)
    assert [str(t) for t in terms] == [str(s) for s in shown]
    assert read == ["7", "8", "suspended((9,rules),0)", "(9,rules)", str(shown[2]), str(shown[3])]
