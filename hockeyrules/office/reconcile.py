"""Reconciliation: the suspensions the league issued against those its rules require.

Every required suspension is paired with what was issued for the same person, and
each pair is classed: agrees, missed, extra, too short, too long, or indefinite
mismatch. A difference carries its explanation from the same provenance as
`explain` (hockeyrules/views/explain.py): why the rules require what they do, and for
lines that gave less, which rows were candidates and what failed.

How entries are matched (MATCHING, printed with every answer):
1. By person and game: the issued entries naming the game a suspension was earned in
   (several entries for one person and game count as one, their games added).
2. By person and date window: an issued entry also covers the person's other required
   suspensions that nothing else matched, earned in games from 7 days before the game
   it names up to the date it was issued (its game's date when it gives none): one
   league suspension for two games' incidents. The match says which games it covers.
3. What is left: required with nothing issued is missed; issued with nothing required
   is extra.
"""

from __future__ import annotations

import datetime as _dt
from collections import defaultdict

from hockeyrules.engine.run import as_policy, as_proposal, as_season
from hockeyrules.facts.build import Fact, Id
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Season
from hockeyrules.views.explain import build
from hockeyrules.views.render import markdown_table, table
from hockeyrules.views.wording import games_words, plural, team_labels

FORMAT = "hockeyrules/reconcile@1"
CLASSES = ("agrees", "missed", "extra", "too-short", "too-long", "indefinite-mismatch")
WINDOW_DAYS = 7
MATCHING = (
    "Matched by person and game; an issued entry also covers the person's other unmatched required "
    f"suspensions earned from {WINDOW_DAYS} days before the game it names up to the date it was issued "
    "(one league suspension for several games' incidents)."
)


def _games(n, indefinite: bool) -> str:
    return games_words(n, indefinite)


def reconcile(
    season,
    issued=None,
    policy: Policy | None = None,
    proposal=None,
    team: str | None = None,
    differences: bool = False,
    **options,
) -> dict:
    """The reconciliation of `issued` (a file, a list of Issued, or None: the season's own
    `issued` list) against what the rules require: hockeyrules/reconcile@1. `team`: only
    that team's persons; `differences`: the pairs that differ only (every pair counted)."""
    # (here: start-up time: only for a league's issued file)
    from hockeyrules.read import issued as issued_mod

    season, policy = as_season(season), as_policy(policy, options)
    proposal = as_proposal(proposal)
    if issued is None:
        entries = list(season.issued)
    elif isinstance(issued, list):
        entries = issued
    else:
        entries = issued_mod.load(issued, season)
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.engine.run import evaluate

    result = evaluate(season, policy, proposal=proposal)
    pairs = match(season, result.suspensions, entries)
    if team is not None:
        pairs = [p for p in pairs if season.people[p["person"]].team == team]
    explain_pairs(season, policy, proposal, pairs)
    data = document(season, result, pairs)
    if differences:
        data["pairs"] = [p for p in data["pairs"] if p["class"] != "agrees"]
    return data


def match(season: Season, required: list, entries: list) -> list[dict]:
    """Pairs of (required suspensions, issued entries), each with how they were matched."""
    games = {g.id: g for g in season.games}
    order = {g.id: g.order for g in season.games}
    by_key = {(s.person, s.game): s for s in required}
    groups: dict = defaultdict(list)
    for e in entries:
        groups[(e.person, e.game)].append(e)
    taken: set = set()
    pairs = []
    for key in sorted(groups, key=lambda k: (order[k[1]], k[0])):
        person, game = key
        found = [by_key[key]] if key in by_key else []
        how = "same person and game" if found else None
        taken.update((s.person, s.game) for s in found)
        pairs.append({"person": person, "required": found, "issued": groups[key], "how": how})
    # 2. date windows, for what the first pass left
    for pair in pairs:
        person, named = pair["person"], pair["issued"][0].game
        start = _dt.date.fromisoformat(games[named].date) - _dt.timedelta(days=WINDOW_DAYS)
        end = max([e.date for e in pair["issued"] if e.date] + [games[named].date])
        covered = [
            s
            for s in required
            if s.person == person and (s.person, s.game) not in taken and start.isoformat() <= games[s.game].date <= end
        ]
        if covered:
            taken.update((s.person, s.game) for s in covered)
            pair["required"] = sorted(pair["required"] + covered, key=lambda s: order[s.game])
            pair["how"] = (
                f"date window: the entry for {named} (issued {end}) covers the suspensions of "
                + ", ".join(f"{s.game} ({games[s.game].date})" for s in pair["required"])
                + f", earned from {start.isoformat()} to {end}"
            )
    for s in required:
        if (s.person, s.game) not in taken:
            pairs.append({"person": s.person, "required": [s], "issued": [], "how": None})
    for pair in pairs:
        pair["class"], pair["difference"] = classify(pair["required"], pair["issued"])
    pairs.sort(key=lambda p: (order[_first_game(p)], p["person"]))
    return pairs


def _first_game(pair: dict) -> str:
    return pair["required"][0].game if pair["required"] else pair["issued"][0].game


def classify(required: list, issued: list) -> tuple[str, str]:
    need = sum(s.games for s in required)
    need_open = any(s.indefinite for s in required)
    given = sum(e.games or 0 for e in issued)
    given_open = any(e.indefinite for e in issued)
    if not issued:
        return "missed", f"required {_games(need, need_open)}, nothing issued"
    if not required:
        return "extra", f"issued {_games(given, given_open)}, nothing required"
    if need_open != given_open:
        return "indefinite-mismatch", (
            f"required {_games(need, need_open)}, issued {_games(given, given_open)}"
            + (
                ": the rules leave the length to a league decision"
                if need_open
                else ": the rules give a number of games"
            )
        )
    if need_open:
        return "agrees", f"both indefinite (the rules' minimum: {need})"
    if given == need:
        return "agrees", f"{_games(need, False)} required and issued"
    if given < need:
        return "too-short", f"required {_games(need, False)}, issued {given}: {need - given} too few"
    return "too-long", f"required {_games(need, False)}, issued {given}: {given - need} more than the rules require"


def explain_pairs(season: Season, policy: Policy, proposal, pairs: list) -> None:
    """Each difference's explanation, from one solve with every person and line in focus."""
    why: set = set()
    why_not: set = set()
    lines_of = defaultdict(list)
    for g in season.games:
        for inc in g.incidents:
            lines_of[(inc.person, g.id)].append(inc.number)
    for p in pairs:
        if p["class"] in ("missed", "too-short", "indefinite-mismatch", "too-long"):
            why.add(p["person"])
        if p["class"] in ("extra", "too-long"):
            for gid in {e.game for e in p["issued"]} | {s.game for s in p["required"]}:
                why_not.update((gid, n) for n in lines_of[(p["person"], gid)])
    if not why and not why_not:
        for p in pairs:
            p["explanation"] = []
        return
    focus = [Fact("focusperson", Id(pid)) for pid in sorted(why)]
    focus += [Fact("focusline", Id(g), int(n)) for g, n in sorted(why_not)]
    ex = build(season, policy, focus, proposal)
    by_key = {(s.person, s.game): s for s in ex.result.suspensions}
    for p in pairs:
        nodes = []
        if p["class"] in ("missed", "too-short", "indefinite-mismatch", "too-long"):
            nodes += [ex.suspension_node(by_key[(s.person, s.game)]) for s in p["required"]]
        if p["class"] in ("extra", "too-long"):
            for gid in sorted({e.game for e in p["issued"]} | {s.game for s in p["required"]}):
                numbers = lines_of[(p["person"], gid)]
                if not numbers and p["class"] == "extra":
                    # (here, beside its use: loaded already, so it costs nothing)
                    from hockeyrules.views.explain import Node

                    nodes.append(
                        Node("outcome", f"{p['person']} has no line on the game sheet of {gid}: no rule can apply")
                    )
                nodes += [ex.line_explanation(gid, n) for n in numbers]
        p["explanation"] = [n.to_dict() for n in nodes]


def document(season: Season, result, pairs: list) -> dict:
    counts = {c: 0 for c in CLASSES}
    teams: dict = {}
    out = []
    for p in pairs:
        person = season.people[p["person"]]
        counts[p["class"]] += 1
        teams.setdefault(person.team, {c: 0 for c in CLASSES})[p["class"]] += 1
        out.append(
            {
                "class": p["class"],
                "person": person.id,
                "name": person.name,
                "team": person.team,
                "required": [
                    {
                        "game": s.game,
                        "date": s.date,
                        "games": s.games,
                        "indefinite": s.indefinite,
                        "rules": sorted({c.rule for c in s.components}),
                    }
                    for s in p["required"]
                ],
                "issued": [e.to_dict() for e in p["issued"]],
                "match": p["how"],
                "difference": p["difference"],
                "explanation": p["explanation"],
            }
        )
    return {
        "format": FORMAT,
        "league": season.league,
        "season": season.season,
        "proposal": result.proposal,
        "matching": MATCHING,
        "summary": {**counts, "total": len(pairs)},
        "teams": [{"team": t, "name": season.teams[t].name, **teams[t]} for t in sorted(teams)],
        "pairs": out,
    }


# ------------------------------------------------------------------ text
WORDS = {
    "agrees": "agrees",
    "missed": "missed",
    "extra": "extra",
    "too-short": "too short",
    "too-long": "too long",
    "indefinite-mismatch": "indefinite mismatch",
}


def _req(p: dict) -> str:
    return ", ".join(f"{r['game']}: {_games(r['games'], r['indefinite'])}" for r in p["required"]) or "-"


def _iss(p: dict) -> str:
    return ", ".join(f"{i['game']}: {_games(i['games'] or 0, i['indefinite'])}" for i in p["issued"]) or "-"


def _summary_rows(data: dict) -> list:
    rows = [["all teams"] + [str(data["summary"][c]) for c in CLASSES]]
    names = _team_names(data)
    rows += [[names[t["team"]]] + [str(t[c]) for c in CLASSES] for t in data["teams"]]
    return rows


def _differs(p: dict) -> bool:
    """A pair told at length: a difference, or an agreement found by a date window."""
    return p["class"] != "agrees" or (p["match"] or "").startswith("date window")


def _team_names(data: dict) -> dict:
    """Team id -> its name in a table ("name (id)" where two teams share it)."""
    return team_labels({t["team"]: t["name"] for t in data["teams"]})


def _headline(data: dict) -> str:
    total, agree = data["summary"]["total"], data["summary"]["agrees"]
    n = total - agree
    return f"{plural(n, 'difference')} and {agree} agreeing of {plural(total, 'suspension')} required or issued" + (
        f" under the proposal {data['proposal']!r}" if data["proposal"] else ""
    )


def _pair_rows(data: dict, pairs: list) -> list:
    names = _team_names(data)
    return [
        [WORDS[p["class"]], p["person"], p["name"], names.get(p["team"], p["team"]), _req(p), _iss(p), p["difference"]]
        for p in pairs
    ]


PAIR_HEADERS = ["class", "person", "name", "team", "required", "issued", "difference"]


def reconcile_table(data: dict, file: str | None = None) -> str:
    """Differences first (counts, then each with its explanation); agreements summarised."""
    # (here: start-up time: only for a text tree)
    from hockeyrules.views.treeview import text_tree

    names = _team_names(data)
    told = [p for p in data["pairs"] if _differs(p)]
    agreeing = [p for p in data["pairs"] if not _differs(p)]
    out = [
        f"Reconciliation: {_headline(data)}",
        "",
        table(["team"] + [WORDS[c] for c in CLASSES], _summary_rows(data)),
        data["matching"],
        "",
    ]
    if told:
        out += ["Differences", "", table(PAIR_HEADERS, _pair_rows(data, told))]
    for p in told:
        out.append(
            f"== {WORDS[p['class']]}: {p['name']} ({p['person']}, {names.get(p['team'], p['team'])}): {p['difference']}"
        )
        if p["match"]:
            out.append(f"   matched by {p['match']}")
        if p["explanation"]:
            out.append(text_tree(p["explanation"], file=file).rstrip("\n"))
        out.append("")
    if agreeing:
        out += [
            f"Agreeing: {plural(len(agreeing), 'suspension')} issued as the rules require "
            "(same person and game, same games)",
            "",
            table(PAIR_HEADERS, _pair_rows(data, agreeing)),
        ]
    return "\n".join(out).rstrip("\n") + "\n"


def reconcile_markdown(data: dict, file: str | None = None) -> str:
    # (here: start-up time: only for markdown)
    from hockeyrules.views.treeview import markdown

    names = _team_names(data)
    told = [p for p in data["pairs"] if _differs(p)]
    agreeing = [p for p in data["pairs"] if not _differs(p)]
    out = [
        "# Reconciliation",
        "",
        _headline(data) + ".",
        "",
        markdown_table(["team"] + [WORDS[c] for c in CLASSES], _summary_rows(data)),
        data["matching"],
        "",
    ]
    for p in told:
        team = names.get(p["team"], p["team"])
        out += [f"## {WORDS[p['class']]}: {p['name']} ({p['person']}, {team})", "", p["difference"] + ".", ""]
        if p["match"]:
            out += [f"Matched by {p['match']}.", ""]
        if p["explanation"]:
            out.append(markdown(p["explanation"], file).replace("### ", "#### "))
    if agreeing:
        out += [
            f"## Agreeing: {plural(len(agreeing), 'suspension')}",
            "",
            markdown_table(PAIR_HEADERS, _pair_rows(data, agreeing)),
        ]
    return "\n".join(out).rstrip("\n") + "\n"


def reconcile_csv(data: dict) -> str:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["class", "person", "name", "team", "required_games", "required", "issued", "match", "difference"])
    for p in data["pairs"]:
        w.writerow(
            [
                p["class"],
                p["person"],
                p["name"],
                p["team"],
                " ".join(r["game"] for r in p["required"]),
                _req(p),
                _iss(p),
                p["match"] or "",
                p["difference"],
            ]
        )
    return buf.getvalue()
