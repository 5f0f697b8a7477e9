"""The encoding's files, in the order they are added, and their text.

Apart from hockeyrules/engine/solver.py so that what reads the encoding's text (a proposal's
programs, the docs) does not import clingo: a command's own process may leave clingo
to the process that solves (hockeyrules/engine/parallel/ahead.py).
"""

from __future__ import annotations

from functools import cache

# One file per part of the rulebook, plus the generic machinery that reads them.
ENCODING = (
    "interface.lp",
    "input.lp",
    "definitions.lp",
    "membership.lp",
    "rows.lp",
    "ladders.lp",
    "hc_section1_maltreatment.lp",
    "hc_section2_majors.lp",
    "hc_section3_match.lp",
    "hc_section4_fighting.lp",
    "hc_section5_other.lp",
    "hm_checking_from_behind.lp",
    "league.lp",
    "amendments.lp",
    "combination.lp",
    "show.lp",
)


@cache
def encoding_text(name: str) -> str:
    """An encoding file shipped in the package (hockeyrules/asp/, from asp/ in the
    sources). Read straight from its folder where it is one (importlib.resources and
    what it imports cost more than the whole read); else through importlib.resources."""
    import os  # (here: start-up time: read once, then cached)

    from hockeyrules import asp  # (here: start-up time: read once, then cached)

    path = os.path.join(os.path.dirname(asp.__file__), name)
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        from importlib import resources

        return resources.files("hockeyrules.asp").joinpath(name).read_text(encoding="utf-8")
