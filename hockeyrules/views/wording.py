"""The words a league person reads: ordinals, the season format's codes as words, what
each ladder counts, why a rule does not apply, the parts of the rulebook, numbers of
games. Every view (explanations, the audit, notices, status, reconcile, the report)
words things through this module, so that one vocabulary is kept in one place."""

from __future__ import annotations

import re

from hockeyrules.model.policy import BY_NAME

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}

# What each ladder counts, in words (the ladder itself is data in asp/).
LADDER_WORDS = {
    "hc:s2-majors": "Section 2 major",
    "hc:s3-match": "Section 3 match penalty",
    "hc:7.10(b)": "fighting major",
    "hc:7.11(a)/instigator": "instigator line",
    "hc:7.11(a)/aggressor": "aggressor line",
    "hc:11.1(e)": "hc:11.1(e) game misconduct",
    "hc:11.2(e)": "hc:11.2(e) game misconduct",
    "hc:11.2(f)": "hc:11.2(f) gross misconduct",
    "hc:11.4": "hc:11.4 gross misconduct",
    "hc:11.5(e)": "hc:11.5(e) game misconduct",
    "hc:s2-coach": "game with 3 or more lines with a major, a match penalty or a fighting infraction",
    "league:10.05": "misconduct",
    "league:10.06": "fight",
}

# What a ladder counts, where its one word is not the whole story.
LADDER_NOTES = {
    "league:10.05": "every misconduct, game misconduct, gross misconduct and match penalty counts",
    "league:10.06": "a fighting line or a secondary fight counts",
}

FAIL_WORDS = {
    "notingame": "applies only in the game (periods and overtime), not before or after it",
    "ingame": "applies only before or after the game",
    "notlate": "applies only to a late line (last {w} minutes of regulation, overtime, after the game)",
    "late": "applies only before the last {w} minutes",
    "notplayer": "applies to players only",
}


def is_a(who: str, role: str) -> str:
    """ "Dana Ruiz is an assistant coach": a person and his role, with its article."""
    role = role.replace("_", " ")
    return f"{who} is {'an' if role[:1] in 'aeiou' else 'a'} {role}"


def reading_words(why: str, game=None, who: str = "", role: str = "") -> str:
    """Where a reading of the catalog put a line outside By-Law 10, in plain words: how the
    by-law is read now and how else it can be (`hockeyrules readings` lists both). Only the
    default values put a line outside (the others read By-Law 10 for everyone, everywhere)."""
    if why == "leaguepersons":
        person = f"; {is_a(who, role)}" if who and role else ""
        return f"By-Law 10 is read for players only (it can be read for team officials too){person}"
    kind = f"{game.kind} game" if game is not None else "a game outside league play"
    return (
        f"not in league play: {kind}; By-Law 10 is read in regular and playoff games only "
        "(it can be read in exhibition games too)"
    )


def read_with(policy: dict) -> str:
    """The readings a result was computed under that are not the defaults, in words, for a
    view's heading ("" under the defaults: a reader is told only what differs): "the larger
    of Hockey Canada's minimum and the league's games; "late" as the last 5 minutes" (each
    reading's meaning, model/policy.py). The readings' names and values stay in JSON (result@1's policy)."""
    return "; ".join(r.meaning(policy[r.name]) for r in BY_NAME.values() if policy.get(r.name, r.default) != r.default)


def ordinal(n: int) -> str:
    if 11 <= n % 100 <= 13:
        return f"{n}th"
    return f"{n}{ORDINAL[n % 10][-2:]}" if n % 10 in ORDINAL else f"{n}th"


def mmss(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


LAYER_WORDS = {"governing": "Hockey Canada and Hockey Manitoba", "league": "the league"}

# What a rule's prefix says about who wrote it.
BODIES = {"hc": "Hockey Canada", "hm": "Hockey Manitoba", "league": "the league"}

# The catalog's combination rules (By-Law 10.01A as the catalog reads it), by what they say.
LARGEST = "the largest of these counts"
SEPARATE = "a separate sanction: it adds"
COUNTED_ONCE = "a game is counted once"


def words(code: str) -> str:
    """A code of the season format as words: checking_from_behind -> checking from behind."""
    return str(code).replace("_", " ")


def penalty_words(penalties) -> str:
    return " + ".join(words(p) for p in penalties)


def noun(n: int, word: str, many: str | None = None) -> str:
    """The word after a count: game for 1, games for 2 (a template prints the count apart)."""
    return word if n == 1 else many or word + "s"


def plural(n: int, word: str, many: str | None = None) -> str:
    """1 game, 2 games; 1 person, 3 persons."""
    return f"{n} {noun(n, word, many)}"


AWAITING = "indefinite: awaiting a league decision"


def games_words(n: int, indefinite: bool = False) -> str:
    """A suspension's length as a reader says it: "4 games", "indefinite: awaiting a league
    decision (at least 5 games)", "indefinite: awaiting a league decision" (no minimum)."""
    if indefinite:
        return f"{AWAITING} (at least {plural(n, 'game')})" if n else AWAITING
    return plural(n, "game")


def games_short(n: int, indefinite: bool = False) -> str:
    """A suspension's length in a table cell: "4", "indefinite, at least 5", "indefinite"."""
    if indefinite:
        return f"indefinite, at least {n}" if n else "indefinite"
    return str(n)


def body(rule: str, league: str | None = None) -> str:
    """Who wrote a rule, from its id: hc: Hockey Canada, hm: Hockey Manitoba, league: the
    league (by its name where the season gives it)."""
    prefix = rule.split(":", 1)[0]
    if prefix == "league":
        return f"the {league} league" if league else "the league"
    return BODIES.get(prefix, prefix)


def layer_words(layer: str, league: str | None = None, season=None) -> str:
    """A layer of the rulebook as a reader names it: the governing layer by the bodies
    of the rulebook in force ("Hockey Canada and Hockey Manitoba", or "Hockey Canada"
    alone: --rulebook hockey-canada), the league's by its name."""
    if layer == "league":
        return body("league:", league)
    if layer == "governing":
        return " and ".join(BODIES[prefix] for prefix in _base(season)) or LAYER_WORDS[layer]
    return LAYER_WORDS.get(layer, layer)


def has_league_layer(season=None) -> bool:
    """Whether the rulebook in force has by-laws of the league's own (hockey-canada has none)."""
    # (here: loaded already: the engine read the rulebook in force for the solve)
    from hockeyrules.engine.rulebookfile import in_force

    return any(layer["layer"] == "league" for layer in in_force(season).layers())


def _base(season) -> list[str]:
    """The id prefixes of the rulebook's base layers, bottom first (hc, hm)."""
    # (here: loaded already: the engine read the rulebook in force for the solve)
    from hockeyrules.engine.rulebookfile import LAYERS, in_force

    return [LAYERS[b][2].rstrip(":") for b in in_force(season).base]


_ROW = re.compile(
    r"^(?P<what>.*?)\s+(?P<games>\d+ games?|Indefinite Suspension(?: \(Minimum \d+ Games?\))?|See other.*?)\s+(?P<late>\d+ games?|n/a|Indefinite Suspension)$"
)


def row_words(rule: str, quote: str) -> str:
    """A row of a governing body's table quoted with its columns named: "Fighting - Third
    Offence": 4 games; 5 if in the last 10 minutes or overtime. Other quotes as they are."""
    m = _ROW.match(quote.strip()) if not rule.startswith("league:") else None
    if m is None:
        return f'"{quote}"'
    games = m["games"].replace("Indefinite Suspension", "indefinite suspension").replace("(Minimum", "(at least")
    games = games.replace(" Games)", " games)").replace(" Game)", " game)")
    late = m["late"]
    if late == "n/a":
        tail = "the same in the last 10 minutes or overtime"
    else:
        late = late.replace("Indefinite Suspension", "indefinite suspension")
        late = late.split()[0] if late.split()[0].isdigit() and games.split()[0].isdigit() else late
        tail = f"{late} if in the last 10 minutes or overtime"
    return f'"{m["what"]}": {games}; {tail}'


def person_words(name: str, pid: str, role: str, team_name: str | None = None) -> str:
    """Micah Kaminski (T07-12), player of Selkirk Pistons."""
    return f"{name} ({pid}), {words(role)}" + (f" of {team_name}" if team_name else "")


def team_labels(names: dict) -> dict:
    """Team id -> what a text table shows for it: its name; "name (id)" where two teams share
    the name; the id where it has none. `names`: id -> name (None or "" for none)."""
    seen: dict = {}
    for name in names.values():
        if name:
            seen[name] = seen.get(name, 0) + 1
    return {t: (f"{name} ({t})" if seen[name] > 1 else name) if name else t for t, name in names.items()}


def rule_title(rule: str, quote: str | None, league: str | None = None) -> str:
    """What a rule id says on hover: who wrote it and its words, a table's row with its columns
    named ("Hockey Canada: "Fighting - First Offence": 1 game; 2 if in the last 10 minutes or
    overtime")."""
    who = body(rule, league)
    who = who[:1].upper() + who[1:]
    return f"{who}: {row_words(rule, quote)}" if quote else who


def _same(x: str) -> str:
    return x


def violation_words(v: dict, person=_same, team=_same) -> str:
    """What was wrong, in a sentence, from an audit violation's fields: by ids (the JSON's
    `message`) or, given `person` and `team` (id -> what a reader sees), by names."""
    kind, who = v["kind"], person(v["person"]) if v.get("person") else ""
    if kind == "ineligible-suspended":
        what = "the league:10.08 suspension" if v["suspension"]["rule"] == "league:10.08" else "the suspension"
        return (
            f"{who} dressed while serving {what} earned in {v['suspension']['game']} "
            f"({plural(v['served_before'], 'game')} of it served before)"
        )
    if kind == "ineligible-not-rostered":
        return (
            f"{who} dressed for {team(v['team'])}, whose roster does not hold him "
            f"(rostered with {team(v['rostered_with'])})"
        )
    if kind == "ineligible-affiliate-limit":
        return f"affiliate {who}'s {ordinal(v['count'])} regular-season game, past the limit of {v['limit']}"
    if kind == "double-header":
        return f"affiliate {who} dressed in a double-header game while {person(v['sitting_out'])} sits out a suspension"
    if kind == "roster-spot":
        held = ", ".join(
            f"{person(h['person'])} sits out the match-penalty suspension of {h['game']}" for h in v["holders"]
        )
        return (
            f"{team(v['team'])} dressed {v['dressed']} players where {v['allowed']} were allowed: "
            f"a roster spot is lost while {held}"
        )
    raise ValueError(f"no words for a violation of kind {kind!r}")
