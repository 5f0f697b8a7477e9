"""A season's facts as a readable ASP program, for running the encoding by hand.

`hockeyrules facts SEASON` writes what the engine gives the solver for `suspensions`:
the same facts, numbered the same way, as plain program text (one fact a line), with
a table of what each integer stands for at the top. So

    clingo -W no-operation-undefined -W no-global-variable interface.lp ... show.lp facts.lp

run in the package's asp folder (asp/ in the sources) prints the atoms that
`suspensions` reads its answer from (tests/test_facts_program.py holds the two equal).

The engine itself hands the facts over as one term per predicate, which asp/input.lp
unpacks through @facts(Name); a program read by the clingo command has no such
function, and input.lp's rules then derive nothing (clingo says "operation
undefined", which -W no-operation-undefined silences): the plain facts stand in.

No user text becomes program text here either: every id is an integer in the facts,
and the table at the top is comments whose texts are JSON strings (every character
past ASCII and every control character escaped), so a line break in an id cannot end
its comment.
"""

from __future__ import annotations

import json

from hockeyrules.engine.encoding import ENCODING
from hockeyrules.engine.once import check_window, rulebook_facts
from hockeyrules.engine.rulebookfile import in_force
from hockeyrules.facts.build import BASE, Facts, Names, season_facts
from hockeyrules.model.policy import READINGS, Policy
from hockeyrules.read.season import Season

__all__ = ["program_text", "read_table"]

_TABLE = "% id "


def program_text(season: Season, policy: Policy) -> str:
    """The facts `suspensions` solves for `season` under `policy`, as ASP text. Refuses
    (InputError) what `suspensions` refuses: a late window longer than a period."""
    out = Facts()
    book = in_force(season)
    # as engine.once.prepare writes them for a plain solve: no full line-ups, no dates,
    # then the rulebook in force and the readings
    season_facts(season, out, False, dates=False)
    policy = rulebook_facts(season, policy, out, book)
    check_window(season, policy)
    files = " ".join(ENCODING)
    head = [
        "% The facts of a season, as `hockeyrules suspensions` gives them to the solver.",
        f"% Season: {json.dumps(' '.join(x for x in (season.league, season.season) if x))}",
        f"% Rulebook: {json.dumps(book.name)}",
        "% Run the rules over them by hand, in the package's asp folder (asp/ in the sources):",
        f"%   clingo -W no-operation-undefined -W no-global-variable {files} FACTS.lp",
        "% Readings in force: " + ", ".join(f"{r.name}={r.text(getattr(policy, r.name))}" for r in READINGS),
        "%",
        f"% Every id of the season is an integer from {BASE} up; what each one stands for:",
    ]
    head += [f"{_TABLE}{BASE + i} {json.dumps(name)}" for i, name in enumerate(out.names.texts)]
    return "\n".join(head) + "\n\n" + out.text()


def read_table(text: str) -> Names:
    """The integers' table of a program written by program_text(), as the engine's
    `Names`: what reads an answer back by hand turns each integer into its id."""
    names = Names()
    for line in text.splitlines():
        if line.startswith(_TABLE):
            number, _, written = line[len(_TABLE) :].partition(" ")
            if names.id(json.loads(written)) != int(number):
                raise ValueError(f"the table is out of order at {number}")
    return names
