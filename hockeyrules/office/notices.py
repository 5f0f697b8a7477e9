"""Suspension notices, as a team manager receives them: Markdown and a printable HTML page.

A notice is read off the same explanation tree as `explain` (hockeyrules/views/explain.py:
the game, the game-sheet lines, each rule with the rulebook's words, how the games
add up) and the audit's serving (asp/audit_serving.lp: the games to sit out, when
the person may return). Nothing here decides anything; it only words and lays out.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

from hockeyrules.engine.run import as_policy, as_proposal, as_season
from hockeyrules.facts.build import Fact, Id
from hockeyrules.model.policy import Policy
from hockeyrules.read import streams
from hockeyrules.read.season import Season
from hockeyrules.views.explain import build

_LAYER_WORDS = {"governing": "Hockey Canada / Hockey Manitoba part", "league": "league part"}


@functools.cache
def _env(autoescape: bool):
    """One environment of each kind a run: a new one per notice compiled both templates
    again for every notice (the 1x season's notices took 7.9 s, now 1.4 s)."""
    from hockeyrules.views.templatecache import environment

    env = environment("office/templates", autoescape=autoescape, keep_trailing_newline=True)
    if not autoescape:
        env.filters["md"] = _md
    return env


def _games(n: int, indefinite: bool = False) -> str:
    if indefinite:
        return f"indefinite (at least {n} game{'s' if n != 1 else ''})"
    return f"{n} game{'s' if n != 1 else ''}"


def notices(
    season,
    person: str | None = None,
    game: str | None = None,
    since: str | None = None,
    policy: Policy | None = None,
    proposal=None,
    **options,
) -> list[dict]:
    """One notice (plain data) per suspension: of `person` (and `game`), or every one
    earned in a game on or after `since`, in season order."""
    from hockeyrules.views.audit import audit

    season, policy = as_season(season), as_policy(policy, options)
    proposal = as_proposal(proposal)
    if person is not None and person not in season.people:
        raise KeyError(f"unknown person {person!r}")
    games = {g.id: g for g in season.games}
    if game is not None and game not in games:
        raise KeyError(f"unknown game {game!r}")
    audited = audit(season, policy, proposal=proposal)
    wanted = [
        s
        for s in audited.result.suspensions
        if (person is None or s.person == person)
        and (game is None or s.game == game)
        and (since is None or s.date >= since)
    ]
    if not wanted:
        return []
    focus = [Fact("focusperson", Id(p)) for p in sorted({s.person for s in wanted})]
    ex = build(season, policy, focus, proposal)
    trees = {
        (s.person, s.game): ex.suspension_node(s).to_dict()
        for s in ex.result.suspensions
        if any(w.person == s.person and w.game == s.game for w in wanted)
    }
    serving = {(s["person"], s["game"]): s for s in audited.serving if s["rule"] is None}
    return [notice(season, s, trees[(s.person, s.game)], serving.get((s.person, s.game))) for s in wanted]


def notice(season: Season, s, tree: dict, serving: dict | None) -> dict:
    """A notice from a suspension's explanation tree and its serving."""
    games = {g.id: g for g in season.games}
    g = games[s.game]
    team = season.teams[s.team]
    lines, rules, adds = [], [], []
    for node in tree.get("children", []):
        if node["kind"] == "line":
            lines.append({"text": node["text"], "where": node.get("where")})
        elif node["kind"] == "component":
            rules.append(
                {
                    "rule": node["rule"],
                    "part": _LAYER_WORDS.get(node.get("layer"), node.get("layer")),
                    "games": _games(node["games"], node["indefinite"]),
                    "rulebook": node.get("rulebook"),
                    "facts": [c["text"] for c in node.get("children", []) if c["kind"] != "rulebook"],
                }
            )
        elif node["kind"] == "combination":
            for part in node.get("children", []):
                adds.append(part["text"])
                adds += ["    " + c["text"] for c in part.get("children", [])]

    def ref(gid: str, served: bool) -> dict:
        x = games[gid]
        return {
            "game": gid,
            "date": x.date,
            "home": x.home,
            "away": x.away,
            "kind": x.kind,
            "state": "served" if served else "to sit out",
        }

    to_serve, back, beyond, state = [], None, 0, "no serving data"
    if serving is not None:
        to_serve = [ref(x, True) for x in serving["served_in"]] + [
            ref(x, False) for x in serving.get("to_serve_in", [])
        ]
        if serving["eligible_from"]:
            e = games[serving["eligible_from"]]
            back = f"{e.id} on {e.date} ({e.home} v {e.away})"
        decided = not serving["indefinite"] or serving["length_set"]
        if decided:
            beyond = max(serving["games"] - len(to_serve), 0)
        state = serving["status"]
    if back is None:
        if s.indefinite and not (serving and serving["length_set"]):
            back = "after the league decides the length of the suspension"
        elif beyond:
            back = f"after {beyond} more game(s) of the team beyond the games listed"
        else:
            back = "after the last game listed"
    decide = []
    if s.indefinite:
        decide.append(
            f"The suspension is indefinite: the league will set its length (By-Law 10.01C), "
            f"at least {_games(s.games)}. The person may not play until then."
        )
    decide.append("The league management committee may add games depending on the circumstances (By-Law 10.01C).")
    return {
        "person": s.person,
        "name": s.name,
        "role": s.role,
        "team": s.team,
        "team_name": team.name,
        "league": season.league,
        "season": season.season,
        "game": {"game": g.id, "date": g.date, "start": g.start, "home": g.home, "away": g.away, "kind": g.kind},
        "lines": lines,
        "rules": rules,
        "adds_up": adds,
        "total": _games(s.games, s.indefinite),
        "games": s.games,
        "indefinite": s.indefinite,
        "serving": to_serve,
        "serving_status": state,
        "return": back,
        "may_decide": decide,
    }


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def _md(text) -> str:
    """User text in Markdown stays text: every character Markdown would read is escaped."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def to_markdown(n: dict) -> str:
    return _env(False).get_template("notice.md.j2").render(n=n)


def to_html(n: dict) -> str:
    return _env(True).get_template("notice.html.j2").render(n=n)


def file_stem(n: dict) -> str:
    """A file name for a notice: its game and person, with anything but letters, digits,
    '.', '_' and '-' replaced (and a short hash then, so that two ids never collide)."""
    raw = f"{n['game']['game']}-{n['person']}"
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", raw).strip(".") or "notice"
    if safe != raw:
        safe = f"{safe[:60]}-{hashlib.sha256(raw.encode()).hexdigest()[:8]}"
    return safe


def write_all(found: list[dict], folder) -> list[Path]:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for n in found:
        stem = file_stem(n)
        for suffix, text in ((".md", to_markdown(n)), (".html", to_html(n))):
            target = folder / (stem + suffix)
            streams.write_text(target, text)  # each file replaced whole
            written.append(target)
    return written
