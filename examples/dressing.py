"""Dressed lists that respect the suspensions: helpers for make_example.py.

The generator does not compute suspensions, so it dresses players and coaches
who are serving one. `keep_out_suspended` takes them out, as a team that knows
its suspensions would: the audit (hockeyrules.audit) names every person dressed
while serving; each such dressing is removed with the person's game-sheet lines
of that game (a person who did not dress has none), and the audit runs again,
until no such dressing is left.

Only as many dressings as a suspension needs are removed in one round: a game
the person sits out is served, so a suspension of L games with D served before
its first violation needs the first L - D of its violations removed, not all
of them (a player with a one-game suspension who dressed in every later game
sits out one game, not the rest of the season). An indefinite suspension that no
league decision has set is served to the end of the data, so all its violations
go. Per person only the earliest suspension dressed in is handled in a round:
the ones after it start where it ends, and change once it is served. The
league:10.08 coach suspensions (the audit's own, given when a team used a
suspended person) are left while any other violation is: they vanish with
their cause, unless they are decided (then they are served like the rest).
Everything is in season order and sorted: the same data gives the same result.
"""

from __future__ import annotations

import re
from collections import defaultdict

from hockeyrules.views.audit import audit

_DONE = re.compile(r"\((\d+) game\(s\) of it served before\)")


def remove_dressing(data: dict, game: dict, team: str, person: str) -> int:
    """Take `person` off `team`'s dressed list of `game`, and his lines of that game.

    Returns the number of incident lines removed."""
    game["dressed"][team] = [p for p in game["dressed"][team] if p != person]
    before = len(game["incidents"])
    game["incidents"] = [line for line in game["incidents"] if line["person"] != person]
    return before - len(game["incidents"])


def _key(v: dict) -> tuple:
    return v["game"], v["team"], v["person"], v["kind"]


def keep_out_suspended(data: dict, keep=frozenset(), say=print) -> tuple[int, int, int]:
    """Remove the dressings of persons serving a suspension, until the audit finds none.

    keep: violations (game, team, person, kind) left on purpose. Returns
    (rounds, dressings removed, incident lines removed)."""
    games = {g["id"]: g for g in data["games"]}
    rounds = removed = lines = 0
    while True:
        a = audit(data).to_dict()
        length = {(s["person"], s["game"], s["rule"]): s for s in a["serving"]}
        todo = [v for v in a["violations"] if v["kind"] == "ineligible-suspended" and _key(v) not in keep]
        if not todo:
            return rounds, removed, lines
        by_person = defaultdict(list)
        for v in todo:  # already in season order
            by_person[v["person"]].append(v)
        chosen = []
        for person in sorted(by_person):
            vs = by_person[person]
            first = vs[0]["suspension"]
            sk = (first["person"], first["game"], first["rule"])
            s = length[sk]
            if s["rule"] == "league:10.08" and not s["length_set"]:
                continue  # the audit's own: goes with its cause
            mine = [
                v for v in vs if (v["suspension"]["person"], v["suspension"]["game"], v["suspension"]["rule"]) == sk
            ]
            if s["indefinite"] and not s["length_set"]:
                chosen += mine
                continue
            n = 0
            for v in mine:
                done = int(_DONE.search(v["message"]).group(1))
                if done + n >= s["games"]:
                    break
                chosen.append(v)
                n += 1
        if not chosen:  # only undecided 10.08 ones left
            chosen = todo
        rounds += 1
        for v in chosen:
            lines += remove_dressing(data, games[v["game"]], v["team"], v["person"])
        removed += len(chosen)
        say(f"  round {rounds}: {len(todo)} dressed while suspended, {len(chosen)} dressings removed")
