"""Write examples/mu18aaa-example.yaml: a synthetic 12-team MU18AAA season (seed 2025).

Run from anywhere:  python examples/make_example.py     (about two minutes: the audit runs often)
Not real people or games; see seasongen/__init__.py for what it holds.

The generator does not compute suspensions and dresses everyone, suspended or
not. This script then makes the line-ups those of a league that mostly keeps
its rules, with a few deliberate breaches for `hockeyrules audit` to find:

1. Suspended persons sit out (examples/dressing.py): the audit runs again and
   again, and every person it finds dressed while serving a suspension is taken
   off that game's dressed list, with his game-sheet lines of that game, until
   it finds none.
2. One league decision (By-Law 10.01C): an indefinite suspension, chosen from
   the cleaned season, gets its length (its minimum + 2 games, decided three
   days after the game). The season is then made again with the decision in
   place, so that the person sits out only that long and plays again after.
3. Three planted violations, each checked with the audit:
   (a) league:10.08, a suspended player dressed: a player serving a
       suspension of two or more games is dressed again in the second game of
       it (mid-season, regular). His suspension runs one game longer, and he
       sits out that game too.
   (b) league:10.08, an affiliate over settings.max_affiliate_games (10): the
       cleaned season's affiliates have played at most a handful of regular
       games, so the one with the most is first called up for more games of
       his team where its bench is short (18 players or fewer dressed, no
       double header), up to 10, then dressed in an 11th regular game (a bench
       of 19 or fewer, so the roster stays within 20).
   (c) league:10.07, a double header (same two teams, same home team, Friday
       to Sunday of one week, no game of either between) in which a team has a
       player sitting out a suspension: an affiliate of that team, within his
       10 games, is dressed in it.
   (a) and (b) make the team forfeit the game, a fine, and a league:10.08
   suspension of its head coach, indefinite until decided: the league decides
   two games for each (three days after the game), and the coach sits them
   out (step 1 again, the planted dressings kept).
4. The league office's view (issue 15): six playoff games at the end are
   scheduled (status: scheduled, no sheet yet) between the teams that still
   owe suspensions, and an `issued` list records what the league issued: every
   suspension the rules require, issued two days after its game, with a
   handful of planted disagreements for `hockeyrules reconcile` to find: one
   missed, one too short, one too long, one indefinite issued as a number, one
   extra (a person whose lines require nothing), and, where a person has two
   suspensions within a week, one entry covering both games.
All choices come from random.Random(2025) over sorted candidates: the same
script always writes the same file.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # seasongen lives beside the package, not in it

from dressing import keep_out_suspended  # noqa: E402

from hockeyrules.views.audit import audit  # noqa: E402
from seasongen import generate_season, write_season  # noqa: E402

OUT = HERE / "mu18aaa-example.yaml"
SEED = 2025
MAX_AFFILIATE_GAMES = 10  # settings.max_affiliate_games of the generated season (By-Law 10.01B)
ROSTER = 20  # settings.roster_limit
DECISION_DAYS = 3  # a league decision comes this many days after the game


def fresh() -> dict:
    return generate_season(teams=12, games_per_team=44, seed=SEED, league="MU18AAA", season="2025-26")


class Season:
    """Look-ups over the season data (rebuilt after each change of the data)."""

    def __init__(self, data: dict):
        self.data = data
        self.people = {p["id"]: p for p in data["people"]}
        self.games = {g["id"]: g for g in data["games"]}
        self.order = {
            g["id"]: n
            for n, g in enumerate(sorted(data["games"], key=lambda g: (g["date"], "start" in g, g.get("start", ""))))
        }
        self.team_games = defaultdict(list)
        for g in sorted(data["games"], key=lambda g: self.order[g["id"]]):
            self.team_games[g["home"]].append(g)
            self.team_games[g["away"]].append(g)
        self.double_headers = self._double_headers()
        self.dh_games = {gid for pair in self.double_headers for gid in pair}

    def _double_headers(self) -> list:
        """By-Law 10.07 (as asp/audit_eligibility.lp reads it): consecutive games of the same
        two teams with the same home team, both Friday to Sunday of one week."""

        def weekend(g):
            day = dt.date.fromisoformat(g["date"]).toordinal()
            return (day - 5) // 7 if (day - 1) % 7 >= 4 else None

        pairs = []
        for team, games in self.team_games.items():
            for g1, g2 in zip(games, games[1:]):
                if g1["home"] != team or (g1["home"], g1["away"]) != (g2["home"], g2["away"]):
                    continue
                w = weekend(g1)
                if w is None or w != weekend(g2):
                    continue
                other = [g["id"] for g in self.team_games[g1["away"]]]
                if other.index(g2["id"]) == other.index(g1["id"]) + 1:
                    pairs.append((g1["id"], g2["id"]))
        return sorted(pairs, key=lambda p: self.order[p[0]])

    def players(self, game: dict, team: str) -> list:
        return [p for p in game["dressed"][team] if self.people[p]["role"] == "player"]

    def affiliate_games(self, pid: str) -> list:
        team = self.people[pid]["team"]
        return [g["id"] for g in self.team_games[team] if g["kind"] == "regular" and pid in g["dressed"][team]]

    def coach_free(self, game: dict, team: str, after: int = 3) -> bool:
        """The team's head coach is dressed for the game and its next `after` games (no
        suspension of his own around it, so his league:10.08 one is served at once)."""
        games = self.team_games[team]
        n = games.index(game)
        return all(f"{team}-HC" in g["dressed"][team] for g in games[n : n + 1 + after])


def dress(s: Season, game: dict, team: str, pid: str) -> None:
    """Add a player to a dressed list: players in roster order, then the team officials."""
    ids = game["dressed"][team]
    players = sorted([p for p in ids if s.people[p]["role"] == "player"] + [pid])
    game["dressed"][team] = players + [p for p in ids if s.people[p]["role"] != "player"]


def sitting_out(a: dict) -> dict:
    """game -> [(person, suspension game)] of the players serving a suspension in it."""
    out = defaultdict(list)
    for x in a["serving"]:
        for gid in x["served_in"]:
            out[gid].append((x["person"], x["game"]))
    return out


# ---------------------------------------------------------------- 10.01C
def choose_decision(s: Season, a: dict, rng: random.Random) -> dict:
    """A decision setting an indefinite suspension (of the rules) to its minimum + 2 games."""
    rules = {(x["person"], x["game"]): x for x in a["suspensions"]}
    candidates = [
        x
        for x in a["serving"]
        if x["rule"] is None and x["indefinite"] and not x["length_set"] and x["served"] >= x["games"] + 2 + 5
    ]  # games left to play again after
    if not candidates:
        raise SystemExit("no indefinite suspension with games left after it to decide")
    x = rng.choice(candidates)
    sus = rules[(x["person"], x["game"])]
    why = ", ".join(c["rule"] for c in sus["components"] if c["indefinite"])
    day = dt.date.fromisoformat(x["date"]) + dt.timedelta(days=DECISION_DAYS)
    return {
        "person": x["person"],
        "game": x["game"],
        "set_games": x["games"] + 2,
        "date": day.isoformat(),
        "reason": f"league review of the indefinite suspension ({why}) earned in {x['game']}: {x['games'] + 2} games",
    }


# ---------------------------------------------------------------- (a) 10.08 suspended
def plant_suspended(s: Season, a: dict, rng: random.Random) -> tuple:
    candidates = []
    for x in a["serving"]:
        p = s.people[x["person"]]
        if (
            x["rule"] is not None
            or x["indefinite"]
            or x["games"] < 2
            or not x["complete"]
            or p["role"] != "player"
            or p.get("affiliate")
            or len(x["served_in"]) < 2
        ):
            continue
        g = s.games[x["served_in"][1]]
        team = p["team"]
        if (
            g["kind"] == "regular"
            and "2025-11-01" <= g["date"] <= "2026-02-15"
            and g["id"] not in s.dh_games
            and s.coach_free(g, team)
            and len(s.players(g, team)) < ROSTER
        ):
            candidates.append((g["id"], team, x["person"], x["game"], x["games"]))
    gid, team, pid, sgame, length = rng.choice(candidates)
    dress(s, s.games[gid], team, pid)
    return (gid, team, pid, "ineligible-suspended"), (
        f"(a) {pid} ({s.people[pid]['name']}, {team}) dressed in {gid} ({s.games[gid]['date']}), the second "
        f"game of his {length}-game suspension earned in {sgame}"
    )


# ---------------------------------------------------------------- (b) 10.08 affiliate limit
def plant_affiliate_limit(s: Season, a: dict, rng: random.Random, avoid_teams: set) -> tuple:
    sitting = sitting_out(a)
    affiliates = [
        p for p in sorted(s.people) if s.people[p].get("affiliate") and s.people[p]["team"] not in avoid_teams
    ]
    most = max(len(s.affiliate_games(p)) for p in affiliates)
    pid = rng.choice([p for p in affiliates if len(s.affiliate_games(p)) == most])
    team = s.people[pid]["team"]
    mine = s.affiliate_games(pid)
    last = max(s.order[g] for g in mine) if mine else -1

    def open_game(g, bench):  # a regular game of the team with room for the affiliate
        return (
            g["kind"] == "regular"
            and g["id"] not in s.dh_games
            and not any(s.people[p].get("affiliate") for p in g["dressed"][team])
            and all(who != pid for who, _ in sitting[g["id"]])
            and len(s.players(g, team)) <= bench
        )

    short = [g for g in s.team_games[team] if open_game(g, ROSTER - 2)]
    need = MAX_AFFILIATE_GAMES - len(mine)
    overs = [
        g
        for g in s.team_games[team]
        if open_game(g, ROSTER - 1)
        and s.order[g["id"]] > last
        and g["date"] >= "2026-01-01"
        and s.coach_free(g, team)
        and sum(s.order[h["id"]] < s.order[g["id"]] for h in short) >= need
    ]
    over = rng.choice(overs)
    before = [g for g in short if s.order[g["id"]] < s.order[over["id"]]]
    called = sorted(rng.sample(before, need), key=lambda g: s.order[g["id"]])
    for g in called + [over]:
        dress(s, g, team, pid)
    return (over["id"], team, pid, "ineligible-affiliate-limit"), (
        f"(b) affiliate {pid} ({s.people[pid]['name']}, {team}, registered with "
        f"{s.people[pid]['registered_team']}): {len(mine)} regular games, called up for {need} more "
        f"({', '.join(g['id'] for g in called)}) to reach {MAX_AFFILIATE_GAMES}, then dressed in "
        f"{over['id']} ({over['date']}), his 11th"
    )


# ---------------------------------------------------------------- (c) 10.07 double header
def plant_double_header(s: Season, a: dict, rng: random.Random, avoid_games: set, avoid_people: set) -> tuple:
    sitting = sitting_out(a)
    candidates = []
    for pair in s.double_headers:
        for gid in pair:
            g = s.games[gid]
            if g["kind"] != "regular" or gid in avoid_games or not "2025-11-01" <= g["date"] <= "2026-02-15":
                continue
            for team in (g["home"], g["away"]):
                out = sorted(
                    p for p, _ in sitting[gid] if s.people[p]["team"] == team and s.people[p]["role"] == "player"
                )
                if not out or len(s.players(g, team)) >= ROSTER:
                    continue
                for aff in (f"{team}-21", f"{team}-22"):
                    if (
                        aff not in avoid_people
                        and aff not in g["dressed"][team]
                        and len(s.affiliate_games(aff)) < MAX_AFFILIATE_GAMES
                    ):
                        candidates.append((gid, pair, team, aff, out))
    if not candidates:
        raise SystemExit("no mid-season double header in which a team has a player sitting out")
    gid, pair, team, aff, out = rng.choice(candidates)
    dress(s, s.games[gid], team, aff)
    return (gid, team, aff, "double-header"), (
        f"(c) affiliate {aff} ({s.people[aff]['name']}, {team}) dressed in {gid} ({s.games[gid]['date']}), "
        f"a game of the double header {' + '.join(pair)} ({s.games[pair[0]]['home']} home to "
        f"{s.games[pair[0]]['away']}), while {', '.join(out)} sit(s) out a suspension"
    )


# ---------------------------------------------------------------- the season
def main() -> None:
    rng = random.Random(SEED)

    print("pass 1: the generated season, suspended persons kept out")
    data = fresh()
    keep_out_suspended(data)
    decision = choose_decision(Season(data), audit(data).to_dict(), rng)
    print(
        f"  league decision (10.01C): {decision['person']}, suspension of {decision['game']}: "
        f"{decision['set_games']} games, {decision['date']}"
    )

    print("pass 2: the same with the decision")
    data = fresh()
    data["decisions"] = [decision]
    rounds, removed, lines = keep_out_suspended(data)
    print(f"  {rounds} rounds, {removed} dressings removed (and {lines} game-sheet lines)")

    planted, summary, a = plant(data, rng)
    schedule_and_issue(data, rng)

    write_season(data, OUT)
    games = data["games"]
    lines = sum(len(g.get("incidents", [])) for g in games)
    print(f"wrote {OUT} ({len(games)} games, {lines} incidents, {len(data['decisions'])} decisions)")


def plant(data: dict, rng: random.Random) -> tuple:
    """Plant (a), (b) and (c), decide the coach suspensions they give, check with the audit."""
    s = Season(data)
    a = audit(data).to_dict()
    planted, summary = [], []
    for which in ("a", "b", "c"):
        if which == "a":
            key, text = plant_suspended(s, a, rng)
        elif which == "b":
            key, text = plant_affiliate_limit(s, a, rng, avoid_teams={planted[0][1]})
        else:
            key, text = plant_double_header(
                s, a, rng, avoid_games={k[0] for k in planted}, avoid_people={k[2] for k in planted}
            )
        planted.append(key)
        summary.append(text)
        s = Season(data)

    # The head coaches league:10.08 suspends for (a) and (b): two games each, decided.
    a = audit(data).to_dict()
    for x in a["audit_suspensions"]:
        if (x["game"], x["team"]) not in {k[:2] for k in planted[:2]}:
            continue  # the coach dressed while suspended: goes once he sits out
        day = dt.date.fromisoformat(x["date"]) + dt.timedelta(days=DECISION_DAYS)
        used = next(f["persons"] for f in a["forfeits"] if (f["game"], f["team"]) == (x["game"], x["team"]))
        data["decisions"].append(
            {
                "person": x["person"],
                "game": x["game"],
                "rule": "league:10.08",
                "set_games": 2,
                "date": day.isoformat(),
                "reason": f"league:10.08: head coach of {x['team']}, which used the ineligible "
                f"{', '.join(used)} in {x['game']}: 2 games",
            }
        )
        summary.append(
            f"    {x['game']}: {x['team']} forfeits, fine; head coach {x['person']} suspended, "
            f"decided 2 games on {day.isoformat()}"
        )
    rounds2, removed2, lines2 = keep_out_suspended(data, keep=set(planted))
    print(f"after planting: {rounds2} rounds, {removed2} dressings removed (and {lines2} game-sheet lines)")

    # Check: the planted violations, their consequences, and nothing else but 10.03 roster spots.
    a = audit(data).to_dict()
    found = {(v["game"], v["team"], v["person"], v["kind"]) for v in a["violations"]}
    missing = [k for k in planted if k not in found]
    extra = [
        v
        for v in a["violations"]
        if (v["game"], v["team"], v["person"], v["kind"]) not in planted and v["kind"] != "roster-spot"
    ]
    forfeited = {(f["game"], f["team"]) for f in a["forfeits"]}
    if missing or extra or forfeited != {k[:2] for k in planted[:2]}:
        raise SystemExit(
            f"the audit does not find what was planted: missing {missing}, extra {extra}, forfeits {sorted(forfeited)}"
        )

    print("planted violations:")
    print("\n".join(summary))
    print(
        f"audit: {len(a['violations'])} violations "
        f"({', '.join(f'{n} {k}' for k, n in sorted(Counter(v['kind'] for v in a['violations']).items()))}), "
        f"{len(a['forfeits'])} forfeits, {len(a['fines'])} fines, "
        f"{len(a['audit_suspensions'])} league:10.08 coach suspensions, {len(a['warnings'])} warnings"
    )
    for v in a["violations"]:
        print(f"  {v['date']} {v['game']} {v['team']} {v['person'] or '-'} {v['rule']} {v['kind']}: {v['message']}")
    return planted, summary, a


ISSUE_DAYS = 2  # the league issues a suspension this many days after the game
SCHEDULED = 6  # playoff games scheduled after the last one played


def schedule_and_issue(data: dict, rng: random.Random) -> None:
    """Step 4: scheduled games at the end, and the league's issued list with planted disagreements."""
    from hockeyrules.engine.run import evaluate
    from hockeyrules.office.status import status

    required = evaluate(data).suspensions
    owing = sorted({t["team"] for t in status(data)["teams"]})
    others = sorted({t["id"] for t in data["teams"]} - set(owing))
    teams = (owing + others)[: max(2, len(owing) + len(owing) % 2)]
    last = max(dt.date.fromisoformat(g["date"]) for g in data["games"])
    number = max(int(g["id"][1:]) for g in data["games"])
    for k in range(SCHEDULED):
        home, away = teams[(2 * k) % len(teams)], teams[(2 * k + 1) % len(teams)]
        if k % 2:
            home, away = away, home
        data["games"].append(
            {
                "id": f"G{number + k + 1:04d}",
                "date": (last + dt.timedelta(days=2 + 2 * k)).isoformat(),
                "home": home,
                "away": away,
                "kind": "playoff",
                "status": "scheduled",
            }
        )
    print(
        f"scheduled: {SCHEDULED} playoff games from {(last + dt.timedelta(days=2)).isoformat()} "
        f"between {', '.join(sorted(set(teams)))}"
    )

    games = {g["id"]: g for g in data["games"]}
    issued = {}
    for s in required:
        entry = {"person": s.person, "game": s.game}
        entry.update({"indefinite": True, "games": s.games} if s.indefinite else {"games": s.games})
        entry["rules"] = ", ".join(sorted({c.rule.split("/")[0] for c in s.components}))
        entry["date"] = (dt.date.fromisoformat(s.date) + dt.timedelta(days=ISSUE_DAYS)).isoformat()
        issued[(s.person, s.game)] = entry
    fixed = [s for s in required if not s.indefinite]
    planted = []
    # one entry for two games' suspensions within a week (matched by date window)
    by_person = defaultdict(list)
    for s in required:
        by_person[s.person].append(s)
    pairs = [
        (a, b)
        for p in sorted(by_person)
        for a, b in zip(by_person[p], by_person[p][1:])
        if not a.indefinite
        and not b.indefinite
        and (dt.date.fromisoformat(b.date) - dt.date.fromisoformat(a.date)).days <= 5
    ]
    used: set = set()
    if pairs:
        a, b = rng.choice(pairs)
        del issued[(a.person, a.game)]
        issued[(b.person, b.game)].update(games=a.games + b.games, note=f"covers {a.game} and {b.game}")
        used |= {(a.person, a.game), (b.person, b.game)}
        planted.append(f"one entry for {b.person}'s suspensions of {a.game} and {b.game}")
    choices = [s for s in fixed if (s.person, s.game) not in used]
    missed, short, long_ = rng.sample([s for s in choices if s.games >= 2], 3)
    del issued[(missed.person, missed.game)]
    issued[(short.person, short.game)]["games"] = short.games - 1
    issued[(long_.person, long_.game)]["games"] = long_.games + 1
    planted += [
        f"missed: {missed.person} {missed.game}",
        f"too short: {short.person} {short.game}",
        f"too long: {long_.person} {long_.game}",
    ]
    indefinite = [s for s in required if s.indefinite and (s.person, s.game) not in used]
    if indefinite:
        x = rng.choice(indefinite)
        issued[(x.person, x.game)] = {k: v for k, v in issued[(x.person, x.game)].items() if k != "indefinite"}
        issued[(x.person, x.game)]["games"] = max(x.games, 1)
        planted.append(f"indefinite issued as {max(x.games, 1)} game(s): {x.person} {x.game}")
    suspended = {(s.person, s.game) for s in required}
    extra = sorted(
        {
            (inc["person"], g["id"])
            for g in data["games"]
            for inc in g.get("incidents", [])
            if (inc["person"], g["id"]) not in suspended and "minor" in inc["penalties"] and g["kind"] == "regular"
        }
    )
    person, game = rng.choice(extra)
    issued[(person, game)] = {
        "person": person,
        "game": game,
        "games": 1,
        "rules": "7.3",
        "date": (dt.date.fromisoformat(games[game]["date"]) + dt.timedelta(days=ISSUE_DAYS)).isoformat(),
        "note": "one game for the hit",
    }
    planted.append(f"extra: {person} {game}")
    order = {g["id"]: n for n, g in enumerate(data["games"])}
    data["issued"] = sorted(issued.values(), key=lambda e: (order[e["game"]], e["person"]))
    print(f"issued: {len(data['issued'])} entries; planted: " + "; ".join(planted))


if __name__ == "__main__":
    main()
