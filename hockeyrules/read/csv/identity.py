"""Who a cell of a CSV export names: a person or a team by id, jersey number or name.

Penalty sheets name players by jersey number and team, or by name ("Last,
First" or "First Last"), not by a registry id. A cell is resolved only when
exactly one person (or team) fits; anything ambiguous or unmatched is an error
that lists the candidates. Nothing is ever guessed:

- a person: by id (as text: `001` is not `1`, but the error asks "did you mean
  '001'?"); by the league's mapping file (`people:` table); by jersey number
  with the team, on the game's date (numbers are per team and may change over
  a season: people.csv rows with `number`, `number_from`, `number_to`); by
  name, written exactly, then compared without case, accents and punctuation,
  "Last, First" read as "First Last" (within the row's team where it has one).
  A cell that fits two ways at once (the id `10` and another person's #10) is
  ambiguous.
- a team: by id, by the mapping file's `teams:` table, by name (exactly, then
  compared as above).
"""

from __future__ import annotations

import dataclasses
import difflib
import re

from hockeyrules.read.csv.mapping import Mapping, name_key

__all__ = ["Registry", "Wearer", "jersey", "zeros_hint"]

_JERSEY = re.compile(r"^#?\s*(\d{1,3})(?:\.0+)?$")
_LETTER = re.compile(r"[^\W\d_]")


def jersey(text: str) -> str | None:
    """'10', '#10' or a spreadsheet's '10.0' -> '10'; None for anything else."""
    m = _JERSEY.match(text.strip())
    return m.group(1) if m else None


def zeros_hint(text: str, known) -> str:
    """'; did you mean '001'?' where a spreadsheet dropped leading zeros (or added them)."""
    stripped = text.lstrip("0")
    near = sorted(k for k in known if k != text and k.lstrip("0") == stripped and stripped)
    return f"; did you mean {' or '.join(repr(k) for k in near)}?" if near else ""


@dataclasses.dataclass(frozen=True)
class Wearer:
    """A person wearing a number for a team, from and to a date (inclusive; None: open)."""

    person: str
    number: str
    since: str | None = None
    until: str | None = None
    line: int | None = None

    def on(self, date: str | None) -> bool:
        if date is None:
            return True
        return (self.since is None or self.since <= date) and (self.until is None or date <= self.until)

    def __str__(self) -> str:
        if self.since and self.until:
            return f"{self.person} from {self.since} to {self.until}"
        if self.since:
            return f"{self.person} from {self.since}"
        if self.until:
            return f"{self.person} until {self.until}"
        return self.person


class Registry:
    """The teams and people of a folder, for resolving the cells that name them."""

    def __init__(self, mapping: Mapping):
        self.mapping = mapping
        self.teams: dict[str, str | None] = {}  # id -> name
        self.people: dict[str, dict] = {}  # id -> {"name", "team"}
        self.wearers: dict[tuple[str, str], list[Wearer]] = {}  # (team, number) -> who wore it when
        self.names: dict[str, list[str]] = {}  # a name as written -> ids
        self.name_keys: dict[str, list[str]] = {}  # a name as compared (name_key) -> ids
        self.numeric_ids: set[str] = set()  # ids that read as jersey numbers too ('10')

    # ------------------------------------------------------------ filling
    def add_team(self, tid: str, name: str | None) -> None:
        self.teams.setdefault(tid, name)

    def add_person(self, pid: str, name: str | None, team: str) -> None:
        if pid in self.people:
            return
        self.people[pid] = {"name": name, "team": team}
        if jersey(pid) is not None:
            self.numeric_ids.add(pid)
        if name:
            self.names.setdefault(name, []).append(pid)
            self.name_keys.setdefault(name_key(name), []).append(pid)

    def add_number(self, team: str, wearer: Wearer) -> None:
        self.wearers.setdefault((team, wearer.number), []).append(wearer)

    def plain_ids(self) -> set[str]:
        """The ids a person cell may be read as without a second look: no jersey number could
        be read the same, and the mapping file names no people."""
        return set() if self.mapping.ids["people"] else set(self.people) - self.numeric_ids

    # ------------------------------------------------------------ teams
    def team(self, text: str) -> tuple[str | None, str | None]:
        """(the team's id, None) or (None, why not)."""
        text = text.strip()
        if text in self.teams:
            return text, None
        mapped = self.mapping.identity("teams", text)
        if mapped is not None:
            return mapped, None
        for same in (lambda n: n == text, lambda n: name_key(n) == name_key(text)):
            hits = sorted(t for t, name in self.teams.items() if name and same(name))
            if len(hits) == 1:
                return hits[0], None
            if hits:
                return None, f"{text!r} could be the team {' or '.join(hits)}: give its id"
        hint = zeros_hint(text, self.teams)
        if not hint:
            near = difflib.get_close_matches(
                name_key(text), {name_key(n): t for t, n in self.teams.items() if n}, n=3, cutoff=0.6
            )
            by_key = {name_key(n): t for t, n in self.teams.items() if n}
            ids = difflib.get_close_matches(text, list(self.teams), n=3, cutoff=0.6)
            candidates = sorted(set(ids) | {by_key[k] for k in near})
            hint = f"; closest: {', '.join(self._team_text(t) for t in candidates)}" if candidates else ""
        return None, f"unknown team {text!r} (neither an id nor a name of teams.csv){hint}"

    def _team_text(self, tid: str) -> str:
        name = self.teams.get(tid)
        return f"{tid} ({name})" if name else tid

    # ------------------------------------------------------------ people
    def describe(self, pid: str) -> str:
        p = self.people.get(pid, {})
        name = p.get("name")
        return f"{pid} ({name}, {p.get('team')})" if name else f"{pid} ({p.get('team')})"

    def by_number(self, team: str, number: str, date: str | None) -> tuple[list[str], str]:
        """Who wore `number` for `team` on `date`, and what to say when that is not one person."""
        wearers = self.wearers.get((team, number), [])
        now = sorted({w.person for w in wearers if w.on(date)})
        if now:
            return now, ""
        if wearers:
            when = "; ".join(str(w) for w in wearers)
            return [], f"no one of {team} wears #{number} on {date} (#{number} of {team}: {when})"
        numbers = {n for (t, n) in self.wearers if t == team}
        return [], f"no one of {team} wears #{number} in people.csv{zeros_hint(number, numbers)}"

    def by_name(self, text: str, team: str | None) -> list[str]:
        """Who has this name (within the team, where given): written exactly, else compared."""
        for table, key in ((self.names, text), (self.name_keys, name_key(text))):
            hits = sorted(pid for pid in table.get(key, ()) if team is None or self.people[pid]["team"] == team)
            if hits:
                return hits
        return []

    def person(
        self, text: str, number_cell: str, team: str | None, date: str | None, numbers: bool = True
    ) -> tuple[str | None, str | None]:
        """The person a row names by its person cell and/or its number cell, with the row's team
        (already resolved) and the game's date: (id, None) or (None, why not). `numbers`: False
        where the person cell's header says it holds ids (`player_id`): not read as a jersey number."""
        text, number_text = text.strip(), number_cell.strip()
        if not number_text and text in self.people and text not in self.numeric_ids and not self.mapping.ids["people"]:
            return text, None  # an id, and nothing else it could be: the usual case, kept fast
        number = jersey(number_text) if number_text else None
        if number_text and number is None:
            return None, f"not a jersey number: {number_text!r}"
        found: dict[str, str] = {}
        if text:
            if text in self.people:
                found[text] = "its id"
            mapped = self.mapping.identity("people", text)
            if mapped is not None:
                found.setdefault(mapped, "the mapping file")
            as_number = jersey(text) if numbers else None
            if as_number is not None and team:
                for pid in self.by_number(team, as_number, date)[0]:
                    found.setdefault(pid, f"#{as_number} of {team}")
            if not found and _LETTER.search(text):
                for pid in self.by_name(text, team):
                    found[pid] = "its name"
        if len(found) > 1:
            told = "; ".join(f"{self.describe(pid)} by {how}" for pid, how in sorted(found.items()))
            return None, f"{text!r} could be {told}: give the id"
        if number is not None:
            if not team:
                return None, f"#{number}: a jersey number needs the team (a team column)"
            wearers, why = self.by_number(team, number, date)
            if len(wearers) > 1:
                return None, (
                    f"#{number} of {team} on {date} could be "
                    f"{' or '.join(self.describe(p) for p in wearers)}: give the id"
                )
            if not text:
                return (wearers[0], None) if wearers else (None, why)
            if found and wearers and set(found) != set(wearers):
                return None, (
                    f"{text!r} is {self.describe(next(iter(found)))} but #{number} of {team} on "
                    f"{date} is {self.describe(wearers[0])}"
                )
            if found and not wearers:
                return None, f"{text!r} is {self.describe(next(iter(found)))} but {why}"
            if wearers and not found:
                found = {wearers[0]: "number"}
        if found:
            return next(iter(found)), None
        return None, self._unknown(text, team)

    def _unknown(self, text: str, team: str | None) -> str:
        if not text:
            return "empty: name the person (an id, a jersey number with the team, or a name)"
        hint = zeros_hint(text, self.people)
        if jersey(text) is not None and not team:
            return f"unknown person {text!r}{hint}; a jersey number needs the team (a team column)"
        if jersey(text) is not None:
            return f"unknown person {text!r}{hint}: neither an id of people.csv nor a number of {team}"
        if hint:
            return f"unknown person {text!r}{hint}"
        elsewhere = self.by_name(text, None) if team else []
        if elsewhere:
            return (
                f"no one of {team} is named {text!r}; that name is {' and '.join(self.describe(p) for p in elsewhere)}"
            )
        keys: dict[str, list[str]] = {}
        for pid, p in self.people.items():
            if p["name"] and (team is None or p["team"] == team):
                keys.setdefault(name_key(p["name"]), []).append(pid)
        near = difflib.get_close_matches(name_key(text), list(keys), n=3, cutoff=0.6)
        folded = {pid.casefold(): pid for pid in self.people}
        ids = [folded[k] for k in difflib.get_close_matches(text.casefold(), list(folded), n=3, cutoff=0.6)]
        candidates = sorted(set(ids) | {pid for k in near for pid in keys[k]})
        where = f" of {team}" if team else ""
        told = f"; closest: {', '.join(self.describe(p) for p in candidates)}" if candidates else ""
        return f"unknown person {text!r}{where} (not an id of people.csv, nor a name){told}"
