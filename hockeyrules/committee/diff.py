"""What a proposal would have changed: two evaluations of one season, person by person."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from hockeyrules.engine.rulebookfile import in_force, load
from hockeyrules.engine.run import as_policy, as_proposal, as_season, evaluate
from hockeyrules.model.policy import Policy
from hockeyrules.types import ProposalSource, SeasonSource
from hockeyrules.views.wording import read_with


def _label(proposal, readings: dict | None = None) -> str:
    """A side as its reader names it: "current rules" or "proposal: NAME", and the readings
    other than the defaults in words ("read with the league's by-laws for team officials
    too"); each side's `policy` keeps their names and values."""
    out = "current rules" if proposal is None else f"proposal: {proposal.name}"
    if readings:
        out += ", read with " + read_with(readings)
    return out


def _in_force(season):
    return in_force(season)


def _components(s: dict) -> Counter:
    return Counter(
        (c["rule"], c["games"], c["indefinite"], c["incident"], c.get("team_event")) for c in s["components"]
    )


def _totals(suspensions: list) -> dict:
    return {
        "suspensions": len(suspensions),
        "games": sum(s["games"] for s in suspensions),
        "indefinite": sum(1 for s in suspensions if s["indefinite"]),
    }


def _length(x: dict | None) -> int:
    return 0 if x is None else x["games"]


def headline(changes: list) -> dict:
    """What a proposal does, in numbers: suspensions and games added and removed (an
    indefinite suspension at its minimum), persons whose games change, and how many rows
    change only the rules they cite. games_added - games_removed is the change of the
    league's total games; suspensions_added - suspensions_removed the change of its count."""
    moving = [c for c in changes if c["games_change"]]
    return {
        "suspensions_added": sum(1 for c in changes if c["change"] == "appears"),
        "suspensions_removed": sum(1 for c in changes if c["change"] == "disappears"),
        "games_added": sum(max(0, _length(c["after"]) - _length(c["before"])) for c in changes),
        "games_removed": sum(max(0, _length(c["before"]) - _length(c["after"])) for c in changes),
        "persons_affected": len({c["person"] for c in moving}),
        "suspensions_changing_games": len(moving),
        "suspensions_changing_rules_only": len(changes) - len(moving),
    }


def diff(
    season: SeasonSource,
    after: ProposalSource = None,
    before: ProposalSource = None,
    policy: Policy | None = None,
    after_policy: Policy | None = None,
    after_rulebook: Any = None,
    before_result: dict | None = None,
    after_result: dict | None = None,
    **options: Any,
) -> dict:
    """The season under `before` (default: the current rules) and under `after`.

    `after_policy`: the readings for the `after` side (default: `policy`), so that
    `diff --reading NAME=VALUE` compares the defaults with that reading. `changes` lists
    every suspension that appears, disappears or changes, in season order; each says
    whether its games change (`games_change`) or only the rules it cites. `headline`
    sums them up (see `headline`). `before_result`, `after_result`: a side's result
    (Result.to_dict()) when the caller has it already: `readings` compares one current
    side with every other value of every reading, a what-if report has its own side.
    """
    season, policy = as_season(season), as_policy(policy, options)
    before, after = as_proposal(before), as_proposal(after)
    after_policy = policy if after_policy is None else after_policy
    if after_rulebook is not None:  # the season's own rulebook against another (docs/rulebooks.md)
        after_rulebook = load(after_rulebook)
    results = [
        before_result if before_result is not None else evaluate(season, policy, proposal=before).to_dict(),
        after_result
        if after_result is not None
        else evaluate(season, after_policy, proposal=after, rulebook=after_rulebook).to_dict(),
    ]
    old = {(s["person"], s["game"]): s for s in results[0]["suspensions"]}
    new = {(s["person"], s["game"]): s for s in results[1]["suspensions"]}
    ordered = sorted(season.games, key=lambda g: g.order)
    order = {g.id: n for n, g in enumerate(ordered)}
    dates = {g.id: g.date for g in ordered}
    changes = []
    for key in sorted(set(old) | set(new), key=lambda k: (order[k[1]], k[0])):
        a, b = old.get(key), new.get(key)
        if (
            a is not None
            and b is not None
            and (a["games"], a["indefinite"], _components(a)) == (b["games"], b["indefinite"], _components(b))
        ):
            continue
        ca, cb = _components(a) if a else Counter(), _components(b) if b else Counter()
        rules_a = {r[0] for r in ca}
        rules_b = {r[0] for r in cb}
        differing = {r[0] for r in (ca - cb) + (cb - ca)}
        person = season.people[key[0]]
        changes.append(
            {
                "person": key[0],
                "name": person.name,
                "team": person.team,
                "role": person.role,
                "game": key[1],
                "date": dates[key[1]],
                "change": "appears" if a is None else "disappears" if b is None else "changes",
                "games_change": a is None
                or b is None
                or (a["games"], a["indefinite"]) != (b["games"], b["indefinite"]),
                "before": None
                if a is None
                else {"games": a["games"], "indefinite": a["indefinite"], "rules": sorted(rules_a)},
                "after": None
                if b is None
                else {"games": b["games"], "indefinite": b["indefinite"], "rules": sorted(rules_b)},
                "rules_added": sorted(rules_b - rules_a),
                "rules_removed": sorted(rules_a - rules_b),
                "rules_changed": sorted(differing & rules_a & rules_b),
            }
        )
    by_team: list = [defaultdict(list), defaultdict(list)]
    for n, r in enumerate(results):
        for s in r["suspensions"]:
            by_team[n][s["team"]].append(s)
    teams = sorted(set(by_team[0]) | set(by_team[1]))
    return {
        "format": "hockeyrules/diff@1",
        "league": season.league,
        "season": season.season,
        "before": {
            "name": _label(before) if after_rulebook is None else f"rulebook: {_in_force(season).name}",
            "policy": results[0]["policy"],
        },
        "after": {
            "name": _label(after, _changed(policy, after_policy))
            if after_rulebook is None
            else f"rulebook: {after_rulebook.name}" + (f", {_label(after)}" if after is not None else ""),
            "policy": results[1]["policy"],
            **({"effective": getattr(after, "effective", None)} if getattr(after, "effective", None) else {}),
        },
        "headline": headline(changes),
        "team_names": {t: season.teams[t].name for t in sorted(season.teams)},  # for the text views
        "changes": changes,
        "totals": {
            "league": {"before": _totals(results[0]["suspensions"]), "after": _totals(results[1]["suspensions"])},
            "teams": {
                t: {"before": _totals(by_team[0].get(t, [])), "after": _totals(by_team[1].get(t, []))} for t in teams
            },
        },
    }


def _changed(base: Policy, other: Policy) -> dict:
    """The readings `other` sets otherwise than `base`."""
    a, b = base.to_dict(), other.to_dict()
    return {k: v for k, v in b.items() if a[k] != v}
