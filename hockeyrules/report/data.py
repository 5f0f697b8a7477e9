"""What the report shows, as data: the outstanding list, the summary numbers, each
person's running totals, the leagues of a season. No HTML here (report/templates/).

Every number comes from the library's results (result@1, the audit's serving
records); the running totals are computed for display only and a test checks
them against the facts the engine used.
"""

from __future__ import annotations

from collections import defaultdict

from hockeyrules.engine.catalog import catalog

MISCONDUCT_CLASS = ("misconduct", "game_misconduct", "gross_misconduct", "match")
SUMMARY_KEYS = ("suspensions", "games", "indefinite", "violations", "forfeits", "fines", "fine_minimum")


# --- suspended as of a date -------------------------------------------------------


def outstanding(serving: list[dict], season, as_of: str) -> list[dict]:
    """Who is suspended as of `as_of` (an ISO date): every suspension earned on or before
    it and not served in full by it, from the audit's serving records.

    Each row: person, name, team, role, game and date earned, rule (None, or
    league:10.08 for the audit's own), owed (the length, or the minimum of an
    indefinite one), served (games served on or before the date), remaining (None
    while awaiting a decision), eligible_from (the game from which the person may play,
    where the data shows it), awaiting (indefinite with no length decided), status.

    The one place the report reads serving. It reads the whole season's serving
    (asp/audit_serving.lp) up to the date, where `hockeyrules status` solves the season
    cut at the date: the two can differ for a league decision dated after `as_of`,
    which this list already counts.
    """
    dates = {g.id: g.date for g in season.games}
    rows = []
    for s in serving:
        if s["date"] > as_of:
            continue
        served = sum(1 for g in s["served_in"] if dates[g] <= as_of)
        awaiting = s["indefinite"] and not s["length_set"]
        if not awaiting and served >= s["games"]:
            continue
        eligible = s["eligible_from"]
        rows.append(
            {
                "person": s["person"],
                "name": s["name"],
                "team": s["team"],
                "role": s["role"],
                "game": s["game"],
                "date": s["date"],
                "rule": s["rule"],
                "owed": s["games"],
                "indefinite": s["indefinite"],
                "awaiting": awaiting,
                "served": served,
                "remaining": None if awaiting else s["games"] - served,
                "eligible_from": eligible,
                "eligible_date": dates.get(eligible) if eligible else None,
                "status": "awaiting a decision" if awaiting else "serving" if served else "not started",
            }
        )
    return rows


# --- numbers -------------------------------------------------------------------


def count(suspensions, violations, forfeits, fines) -> dict:
    return {
        "suspensions": len(suspensions),
        "games": sum(s["games"] for s in suspensions),
        "indefinite": sum(1 for s in suspensions if s["indefinite"]),
        "violations": len(violations),
        "forfeits": len(forfeits),
        "fines": len(fines),
        "fine_minimum": sum(f["minimum"] for f in fines),
    }


def summary(data: dict, teams) -> dict:
    """Per team and for the league, the numbers of the audit's result@1 (the report's summary).
    `data` may lack the audit's keys (under a proposal): they count 0."""
    keys = ("suspensions", "violations", "forfeits", "fines")
    by_team: dict = {k: defaultdict(list) for k in keys}
    for k in keys:
        for row in data.get(k, []):
            by_team[k][row["team"]].append(row)
    return {
        "league": count(*(data.get(k, []) for k in keys)),
        "teams": {t: count(*(by_team[k].get(t, []) for k in keys)) for t in teams},
    }


def leagues(season) -> list[dict]:
    """The season's leagues: teams that meet (directly or through others), in team order.
    One league is named as the season names it; several are numbered from 1."""
    # (here: start-up time: the engine's parts only for a report)
    from hockeyrules.engine.parts import parts

    groups = parts(season)
    if len(groups) == 1:
        return [{"id": "league", "name": season.league, "teams": list(season.teams)}]
    order = {t: n for n, t in enumerate(season.teams)}
    groups = sorted(groups, key=lambda g: min(order[t] for t in g))
    return [
        {
            "id": f"league-{n}",
            "name": f"League {n} ({g[0]} to {g[-1]})" if len(g) > 1 else f"League {n} ({g[0]})",
            "teams": sorted(g, key=lambda t: order[t]),
        }
        for n, g in enumerate(groups, start=1)
    ]


# --- running totals --------------------------------------------------------------


def line_key(season, position: int, inc) -> tuple:
    """Season order of a line, as asp/definitions.lp's key/3: game, period, time elapsed, sheet order."""
    if inc.period == "pre":
        rank = 0
    elif inc.period == "post":
        rank = 1000
    else:
        rank = season.overtime_number(inc.period)
    if inc.seconds is None:
        elapsed = 0
    elif getattr(inc, "clock", season.settings.clock) == "elapsed":
        elapsed = inc.seconds
    else:
        elapsed = season.settings.period_minutes * 60 - inc.seconds
    return (position, rank, elapsed, inc.number)


def marks_and_rungs(proposal=None) -> tuple[tuple[int, int], list[int]]:
    """(after, every) of league:10.04 and the rungs of league:10.05, a proposal's where it changes them."""
    book = catalog()
    after, every = book.thresholds["league:10.04"]
    rungs = sorted(book.ladders["league:10.05"])
    if proposal is not None:
        after, every = proposal.thresholds.get("league:10.04", (after, every))
        if "league:10.05" in proposal.ladders:
            rungs = sorted(proposal.ladders["league:10.05"])
    return (after, every), rungs


def running_totals(season, proposal=None, policy=None) -> dict:
    """Person -> their lines in season order with penalty minutes and misconduct-class
    penalties, each with the running totals before and after it (for display). The
    lines counted are those By-Law 10 reads under the policy's readings: league play only
    (no exhibition game) unless league_games is "all"."""
    (after, every), rungs = marks_and_rungs(proposal)
    all_games = getattr(policy, "league_games", "league_play") == "all"

    def marks(total: int) -> int:
        return 0 if total <= after else (total - after - 1) // every + 1

    lines = []
    for position, g in enumerate(sorted(season.games, key=lambda g: g.order), start=1):
        for inc in g.incidents:
            if inc.person is not None:  # a team line yields nothing personal
                lines.append((line_key(season, position, inc), g, inc))
    lines.sort(key=lambda x: x[0])
    out: dict = defaultdict(list)
    totals: dict = defaultdict(lambda: [0, 0])
    for _, g, inc in lines:
        minutes = season.minutes(inc)
        misc = sum(1 for p in inc.penalties if p in MISCONDUCT_CLASS)
        counted = all_games or g.kind != "exhibition"  # an exhibition line is shown, not counted
        t = totals[inc.person]
        pb, mb = t
        t[0], t[1] = pb + (minutes if counted else 0), mb + (misc if counted else 0)
        reached = []
        for n in range(mb + 1, t[1] + 1):
            rung = n if n in rungs else (rungs[-1] if rungs and n > rungs[-1] else None)
            if rung is not None:
                reached.append((n, rung))
        out[inc.person].append(
            {
                "game": g,
                "incident": inc,
                "minutes": minutes,
                "misconducts": misc,
                "pim_before": pb,
                "pim_after": t[0],
                "misc_before": mb,
                "misc_after": t[1],
                "marks": [after + k * every for k in range(marks(pb), marks(t[0]))],
                "rungs": reached,
            }
        )
    return dict(out)
