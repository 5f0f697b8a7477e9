"""Who a person on the command line means: a team or a person by id or by name.

People think in names ("Selkirk Pistons", "Micah Kaminski", "Kaminski, Micah"); the
season keys everything by id. One resolver for every command: an id is taken as it
is; a name written exactly, then compared without case, accents and punctuation,
"Last, First" read as "First Last". A name two teams or persons share is refused
with both ids; an unknown one lists the closest (as the CSV import does: "closest:
BRA (Brandon Wheat Kings)"). Nothing is ever guessed.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

__all__ = ["team_id", "person_id", "name_key"]


def name_key(text) -> str:
    """A name as compared when not written exactly: case, accents and punctuation dropped,
    'Last, First' read as 'First Last'."""
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c))
    if text.count(",") == 1:
        last, first = text.split(",")
        text = f"{first} {last}"
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


def _resolve(text: str, what: str, names: dict[str, str], describe) -> str:
    """`names`: id -> name. The id `text` names, or KeyError with the closest."""
    if text in names:
        return text
    for same in (lambda n: n == text, lambda n: name_key(n) == name_key(text)):
        hits = sorted(i for i, name in names.items() if name and same(name))
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise KeyError(f"{text!r} could be the {what} {' or '.join(describe(i) for i in hits)}: give the id")
    by_key: dict[str, list[str]] = {}
    for i, name in names.items():
        if name:
            by_key.setdefault(name_key(name), []).append(i)
    near = difflib.get_close_matches(name_key(text), list(by_key), n=3, cutoff=0.6)
    ids = difflib.get_close_matches(text, list(names), n=3, cutoff=0.6)
    candidates = sorted(set(ids) | {i for k in near for i in by_key[k]})
    hint = f"; closest: {', '.join(describe(i) for i in candidates)}" if candidates else ""
    raise KeyError(f"unknown {what} {text!r} (neither an id nor a name){hint}")


def team_id(season, text: str) -> str:
    """The team `text` names (an id or a name); KeyError (with the closest) otherwise."""
    names = {t: team.name for t, team in season.teams.items()}
    return _resolve(text, "team", names, lambda t: f"{t} ({names[t]})" if names[t] else t)


def person_id(season, text: str) -> str:
    """The person `text` names (an id or a name, "Last, First" too); KeyError (with the
    closest) otherwise."""
    people = season.people
    names = {p: person.name for p, person in people.items()}

    def describe(p: str) -> str:
        person = people[p]
        team = season.teams.get(person.team)
        return f"{p} ({person.name}, {team.name if team is not None and team.name else person.team})"

    return _resolve(text, "person", names, describe)
