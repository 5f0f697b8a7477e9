"""Who may not play as of a date: the suspensions still owed, and the games to sit out.

Serving is the audit's (asp/audit_serving.lp, one definition): the season is cut at
the date (games on or after it are treated as not yet played, decisions dated after
it as not yet taken), audited, and every suspension not served in full is listed,
with the scheduled games it will take and the first game the person may play.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import replace

from hockeyrules.engine.run import as_policy, as_season
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Season
from hockeyrules.views.render import markdown_table, table
from hockeyrules.views.wording import games_short, plural, team_labels

FORMAT = "hockeyrules/status@1"


# What the default date is, in words: status, the report and notices name it.
DEFAULT_AS_OF = "the day after the last game played"


def default_as_of(season: Season) -> str:
    """The one "now" of every view (status, the report, notices): the day after the last
    played game (the first game's date when none was played)."""
    played = [g.date for g in season.games if not g.scheduled]
    if played:
        return (_dt.date.fromisoformat(max(played)) + _dt.timedelta(days=1)).isoformat()
    return min((g.date for g in season.games), default=_dt.date.today().isoformat())


def as_of_view(season: Season, as_of: str) -> Season:
    """The season as it stood on the morning of `as_of`: games dated that day or later
    are not played yet (no lines, no line-ups), decisions dated after it not taken."""
    games = [
        g if g.scheduled or g.date < as_of else replace(g, scheduled=True, incidents=(), dressed=None)
        for g in season.games
    ]
    decisions = [d for d in season.decisions if d.date <= as_of]
    return replace(
        season, games=games, decisions=decisions, issued=[i for i in season.issued if (i.date or "") <= as_of]
    )


def check_date(value: str) -> str:
    try:
        return _dt.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"not a date: {value!r} (expected YYYY-MM-DD)") from None


def status(
    season, as_of: str | None = None, team: str | None = None, policy: Policy | None = None, proposal=None, **options
) -> dict:
    """Every person who may not play as of `as_of` (default: the day after the last played
    game), grouped by team: hockeyrules/status@1 (docs/status.md)."""
    # (here: start-up time: only when the audit runs)
    from hockeyrules.views.audit import audit

    season, policy = as_season(season), as_policy(policy, options)
    as_of = check_date(as_of) if as_of is not None else default_as_of(season)
    if team is not None and team not in season.teams:
        raise KeyError(f"unknown team {team!r}")
    view = as_of_view(season, as_of)
    data = audit(view, policy, proposal=proposal).to_dict()
    return owed(season, data, as_of, team)


def owed(season: Season, audited: dict, as_of: str, team: str | None = None) -> dict:
    """The status@1 document from an audit of the season cut at `as_of`."""
    games = {g.id: g for g in season.games}
    order = {g.id: g.order for g in season.games}

    def game_ref(gid: str) -> dict:
        g = games[gid]
        # scheduled: no game sheet yet (the season's own word; a date before `as_of` can still have none)
        return {"game": gid, "date": g.date, "home": g.home, "away": g.away, "kind": g.kind, "scheduled": g.scheduled}

    minimum = {(s["person"], s["game"]): s["games"] for s in audited["suspensions"]}
    persons: dict = {}

    def now(s: dict) -> str:
        # the team whose games the person sits out as of the date: for one who changed team,
        # his team on that date, not the team of the offence (a suspension follows the person)
        return season.people[s["person"]].team_on(as_of) or s["team"]

    for s in audited["serving"]:
        if s["complete"] or (team is not None and now(s) != team):
            continue
        decided = not s["indefinite"] or s["length_set"]
        sit_out = [game_ref(g) for g in s.get("to_serve_in", [])]
        remaining = s["games"] - s["served"] if decided else None
        entry = {
            "game": s["game"],
            "date": s["date"],
            "rule": s["rule"],
            "games": s["games"],
            "indefinite": s["indefinite"],
            "length_set": s["length_set"],
            "served": s["served"],
            "remaining": remaining,
            "sit_out": sit_out,
            "beyond_schedule": max(remaining - len(sit_out), 0) if remaining is not None else None,
            "eligible_from": game_ref(s["eligible_from"]) if s["eligible_from"] else None,
            "awaiting": None,
        }
        if not decided:
            if s["rule"] == "league:10.08":
                entry["awaiting"] = (
                    f"a league decision on the length of the league:10.08 suspension of the head "
                    f"coach for game {s['game']} (the team used an ineligible person)"
                )
            else:
                least = minimum.get((s["person"], s["game"]), s["games"])
                entry["awaiting"] = "a league decision on its length (By-Law 10.01C)" + (
                    f": at least {plural(least, 'game')}, {max(least - s['served'], 0)} of them still to serve"
                    if least
                    else ""
                )
        p = persons.setdefault(
            s["person"],
            {"person": s["person"], "name": s["name"], "team": now(s), "role": s["role"], "suspensions": []},
        )
        p["suspensions"].append(entry)
    teams: dict = {}
    for pid in sorted(persons):
        p = persons[pid]
        sus = p["suspensions"]
        open_ended = [x for x in sus if x["remaining"] is None or x["beyond_schedule"] or not x["eligible_from"]]
        if open_ended:
            p["first_game"] = None
        else:
            p["first_game"] = max((x["eligible_from"] for x in sus), key=lambda r: order[r["game"]])
        p["games_left"] = None if any(x["remaining"] is None for x in sus) else sum(x["remaining"] for x in sus)
        seen: dict = {}
        for x in sus:
            for ref in x["sit_out"]:
                seen[ref["game"]] = ref
        p["sit_out"] = sorted(seen.values(), key=lambda r: order[r["game"]])
        p["awaiting"] = [x["awaiting"] for x in sus if x["awaiting"]]
        teams.setdefault(p["team"], []).append(p)
    return {
        "format": FORMAT,
        "league": season.league,
        "season": season.season,
        "as_of": as_of,
        "as_of_default": as_of == default_as_of(season),
        "team": team,
        "persons": len(persons),
        "teams": [{"team": t, "name": season.teams[t].name, "persons": teams[t]} for t in sorted(teams)],
    }


# ------------------------------------------------------------------ text
def _games_left(p: dict) -> str:
    if p["games_left"] is None:
        return games_short(0, True)
    return str(p["games_left"])


def _first(p: dict) -> str:
    if p["first_game"]:
        return f"{p['first_game']['game']} {p['first_game']['date']}"
    if p["awaiting"]:
        return "after a league decision"
    beyond = sum(x["beyond_schedule"] or 0 for x in p["suspensions"])
    if beyond:
        return f"not in the schedule: {plural(beyond, 'more game')} to sit out after its last game"
    return "after the last scheduled game"


def _rows(data: dict) -> list:
    rows = []
    labels = team_labels({t["team"]: t["name"] for t in data["teams"]})
    for t in data["teams"]:
        for p in t["persons"]:
            sits = (
                ", ".join(
                    f"{r['game']} {r['date']}" + (" (scheduled)" if r.get("scheduled") else "") for r in p["sit_out"]
                )
                or "-"
            )
            owed_for = ", ".join(f"{x['game']}" + (" (league:10.08)" if x["rule"] else "") for x in p["suspensions"])
            rows.append([labels[t["team"]], p["person"], p["name"], owed_for, _games_left(p), sits, _first(p)])
    return rows


HEADERS = ["team", "person", "name", "suspended for game", "games left", "sits out", "may play from"]


def _as_of(data: dict) -> str:
    return f"{data['as_of']}" + (f" ({DEFAULT_AS_OF})" if data.get("as_of_default") else "")


def _team(data: dict) -> str:
    names = {t["team"]: t["name"] for t in data["teams"]}
    return f"{names[data['team']]} ({data['team']})" if data["team"] in names else str(data["team"])


def status_table(data: dict) -> str:
    head = (
        f"Suspended as of {_as_of(data)}"
        + (f", team {_team(data)}" if data["team"] else "")
        + f": {plural(data['persons'], 'person')}\n\n"
    )
    if not data["teams"]:
        return head
    out = head + table(HEADERS, _rows(data))
    notes = [
        f"{p['name']} ({p['person']}): waiting for {a}"
        for t in data["teams"]
        for p in t["persons"]
        for a in p["awaiting"]
    ]
    return out + ("\n" + "\n".join(notes) + "\n" if notes else "")


def status_markdown(data: dict) -> str:
    out = [
        f"# Suspended as of {_as_of(data)}" + (f", team {_team(data)}" if data["team"] else ""),
        "",
        f"{plural(data['persons'], 'person')} may not play.",
        "",
    ]
    for t in data["teams"]:
        out += [f"## {t['name']} ({t['team']})", ""]
        rows = [r[1:] for r in _rows({"teams": [t]})]
        out.append(markdown_table(HEADERS[1:], rows).rstrip("\n"))
        out.append("")
        for p in t["persons"]:
            for a in p["awaiting"]:
                out.append(f"- {p['name']} ({p['person']}): waiting for {a}")
        if any(p["awaiting"] for p in t["persons"]):
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
