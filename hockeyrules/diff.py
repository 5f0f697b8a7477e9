"""What a proposal would have changed: two evaluations of one season, person by person."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .engine import as_policy, as_proposal, as_season, run
from .policy import Policy
from .types import ProposalSource, SeasonSource


def _label(proposal, readings: dict | None = None) -> str:
    from .policy import BY_NAME

    out = "current rules" if proposal is None else f"proposal: {proposal.name}"
    if readings:
        out += ", " + ", ".join(f"reading {k}={BY_NAME[k].text(v)}" for k, v in readings.items())
    return out


def _components(s: dict) -> Counter:
    return Counter((c["rule"], c["games"], c["indefinite"], c["incident"], c.get("team_event"))
                   for c in s["components"])


def _totals(suspensions: list) -> dict:
    return {"suspensions": len(suspensions), "games": sum(s["games"] for s in suspensions),
            "indefinite": sum(1 for s in suspensions if s["indefinite"])}


def diff(season: SeasonSource, after: ProposalSource = None, before: ProposalSource = None,
         policy: Policy | None = None, after_policy: Policy | None = None, **options: Any) -> dict:
    """The season under `before` (default: the current rules) and under `after`.

    `after_policy`: the readings for the `after` side (default: `policy`), so that
    `diff --reading NAME=VALUE` compares the defaults with that reading.
    """
    season, policy = as_season(season), as_policy(policy, options)
    before, after = as_proposal(before), as_proposal(after)
    after_policy = policy if after_policy is None else after_policy
    results = []
    for proposal, pol in ((before, policy), (after, after_policy)):
        result, _ = run(season, pol, proposal=proposal)
        results.append(result.to_dict())
    old = {(s["person"], s["game"]): s for s in results[0]["suspensions"]}
    new = {(s["person"], s["game"]): s for s in results[1]["suspensions"]}
    order = {g.id: n for n, g in enumerate(sorted(season.games, key=lambda g: g.order))}
    changes = []
    for key in sorted(set(old) | set(new), key=lambda k: (order[k[1]], k[0])):
        a, b = old.get(key), new.get(key)
        if a is not None and b is not None and (a["games"], a["indefinite"], _components(a)) == \
                (b["games"], b["indefinite"], _components(b)):
            continue
        ca, cb = _components(a) if a else Counter(), _components(b) if b else Counter()
        rules_a = {r[0] for r in ca}
        rules_b = {r[0] for r in cb}
        differing = {r[0] for r in (ca - cb) + (cb - ca)}
        person = season.people[key[0]]
        changes.append({
            "person": key[0], "name": person.name, "team": person.team, "role": person.role,
            "game": key[1], "date": next(g.date for g in season.games if g.id == key[1]),
            "change": "appears" if a is None else "disappears" if b is None else "changes",
            "before": None if a is None else {"games": a["games"], "indefinite": a["indefinite"],
                                              "rules": sorted(rules_a)},
            "after": None if b is None else {"games": b["games"], "indefinite": b["indefinite"],
                                             "rules": sorted(rules_b)},
            "rules_added": sorted(rules_b - rules_a),
            "rules_removed": sorted(rules_a - rules_b),
            "rules_changed": sorted(differing & rules_a & rules_b),
        })
    teams = sorted({s["team"] for r in results for s in r["suspensions"]})
    return {
        "format": "hockeyrules/diff@1",
        "league": season.league, "season": season.season,
        "before": {"name": _label(before), "policy": results[0]["policy"]},
        "after": {"name": _label(after, _changed(policy, after_policy)), "policy": results[1]["policy"],
                  **({"effective": getattr(after, "effective", None)} if getattr(after, "effective", None) else {})},
        "changes": changes,
        "totals": {
            "league": {"before": _totals(results[0]["suspensions"]), "after": _totals(results[1]["suspensions"])},
            "teams": {t: {"before": _totals([s for s in results[0]["suspensions"] if s["team"] == t]),
                          "after": _totals([s for s in results[1]["suspensions"] if s["team"] == t])}
                      for t in teams},
        },
    }


def _changed(base: Policy, other: Policy) -> dict:
    """The readings `other` sets otherwise than `base`."""
    a, b = base.to_dict(), other.to_dict()
    return {k: v for k, v in b.items() if a[k] != v}
