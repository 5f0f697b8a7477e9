"""What a proposal or another reading changes, as the report shows it: the diff against the
current rules with both explanations of each changed suspension."""

from __future__ import annotations

from collections import defaultdict

from hockeyrules.report.explained import quotes
from hockeyrules.views.render import indefinite_changes, indefinite_words


def compared(r) -> tuple[dict, dict]:
    """The diff against the current rules and the current rules' trees of the changed
    suspensions (computed once per report)."""
    if getattr(r, "_compare", None) is None:
        # (here: start-up time: only a what-if report compares with the current rules)
        from hockeyrules.committee.diff import diff as run_diff
        from hockeyrules.model.policy import Policy
        from hockeyrules.views.explain import explain_all

        r.say("comparing with the current rules ...")
        # the current rules, read the default way where the what-if changes a reading
        base = Policy() if r.readings_changed else r.policy
        # each side solved once: the current rules with their explanations here, the
        # what-if's own result from the report's solve
        current, before, _ = explain_all(r.season, base)
        sides = {"before_result": current.to_dict(), "after_result": r.plain}
        d = run_diff(r.season, r.proposal, None, base, after_policy=r.policy, **sides)
        changed = {(c["person"], c["game"]) for c in d["changes"]}
        r._compare = (d, {k: t for k, t in before.items() if k in changed})
    return r._compare


def diff(r, team: str | None = None) -> dict:
    """The proposal against the current rules: headline, rows that change games, rows that do not,
    each with its explanation under both rule sets. In a site the rows are on each team's page
    (`team`); the diff page keeps the headline and the totals."""
    # (here: start-up time: only a what-if report has a diff)
    from hockeyrules.committee.diff import headline

    d, before = compared(r)
    entries: dict = {}
    moving: list = []
    same: list = []
    listed = r.single or team is not None
    only = team if team is not None else r.team  # a team's page, or the report of one team
    changes = [c for c in d["changes"] if only is None or c["team"] == only]
    for c in changes if listed else []:
        anchor = r.anchors.get("s", c["person"], c["game"])
        key = (c["person"], c["game"])
        row = dict(
            c,
            key_before=f"d0-{anchor}",
            key_after=f"d1-{anchor}",
            why=[f"+{x}" for x in c["rules_added"]]
            + [f"-{x}" for x in c["rules_removed"]]
            + [f"~{x}" for x in c["rules_changed"]],
        )
        if key in before:
            entries[f"d0-{anchor}"] = {"title": "Under the current rules", "nodes": [before[key].to_dict()]}
        if key in r.trees:
            entries[f"d1-{anchor}"] = {"title": f"Under {r.whatif_name}", "nodes": [r.trees[key].to_dict()]}
        (moving if c["games_change"] else same).append(row)
    entries["quotes"] = quotes(r.texts, entries, r.season.league)
    return {
        "name": r.proposal.name if r.proposal is not None else r.whatif_name,
        "description": r.proposal.description if r.proposal is not None else "",
        "headline": d["headline"] if r.team is None else headline(changes),
        "including": indefinite_words(indefinite_changes(changes)),
        "listed": listed,
        "moving": moving,
        "same": same,
        "totals": _totals(r, d, only),
        "xdata": entries,
    }


def _totals(r, d: dict, team: str | None) -> list[dict]:
    """Suspensions / games / indefinite per team (and the league) before and after."""

    def cell(t):
        return f"{t['suspensions']} / {t['games']} / {t['indefinite']}"

    per_team: dict = defaultdict(lambda: [0, 0])
    for c in d["changes"]:
        per_team[c["team"]][0 if c["games_change"] else 1] += 1
    totals = [
        {
            "team": t,
            "href": r.team_href(t) if t in r.season.teams else None,
            "before": cell(v["before"]),
            "after": cell(v["after"]),
            "moving": per_team[t][0],
            "same": per_team[t][1],
        }
        for t, v in d["totals"]["teams"].items()
        if team is None or t == team
    ]
    lg = d["totals"]["league"]
    if team is None or r.team is not None:  # (the report of one team: its league's line too)
        totals.append(
            {
                "team": "League",
                "href": None,
                "before": cell(lg["before"]),
                "after": cell(lg["after"]),
                "moving": sum(v[0] for v in per_team.values()),
                "same": sum(v[1] for v in per_team.values()),
            }
        )
    return totals
