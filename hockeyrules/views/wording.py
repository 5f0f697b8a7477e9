"""The words a league person reads: ordinals, the season format's codes as words, what
each ladder counts, why a rule does not apply, the parts of the rulebook, numbers of
games. Every view (explanations, the audit, notices, status, reconcile, the report)
words things through this module, so that one vocabulary is kept in one place."""

from __future__ import annotations

from hockeyrules.model.policy import Policy

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
    "league:10.05": "misconduct-class penalty",
    "league:10.06": "fighting incident (a fighting or secondary_fight line)",
}

FAIL_WORDS = {
    "notingame": "applies only in the game (periods and overtime), not before or after it",
    "ingame": "applies only before or after the game",
    "notlate": "applies only to a late line (last {w} minutes of regulation, overtime, after the game)",
    "late": "applies only before the last {w} minutes",
    "notplayer": "applies to players only",
}


def reading_words(why: str, policy: Policy, game=None, person=None) -> str:
    """Where a reading of the catalog put a line outside By-Law 10, in plain words."""
    from hockeyrules.model.policy import BY_NAME

    if why == "leaguepersons":
        r = BY_NAME["league_persons"]
        who = f"; {person.id} is a {person.role.replace('_', ' ')}" if person is not None else ""
        return f"By-Law 10 is for players (reading {r.name}={r.text(policy.league_persons)}){who}"
    r = BY_NAME["league_games"]
    kind = f"{game.kind} game" if game is not None else "a game outside league play"
    return f"not in league play: {kind} (reading {r.name}={r.text(policy.league_games)})"


def ordinal(n: int) -> str:
    if 11 <= n % 100 <= 13:
        return f"{n}th"
    return f"{n}{ORDINAL[n % 10][-2:]}" if n % 10 in ORDINAL else f"{n}th"


def mmss(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


LAYER_WORDS = {"governing": "Hockey Canada part", "league": "league part"}


def words(code: str) -> str:
    """A code of the season format as words: checking_from_behind -> checking from behind."""
    return str(code).replace("_", " ")


def penalty_words(penalties) -> str:
    return " + ".join(words(p) for p in penalties)


def games_words(n: int, indefinite: bool) -> str:
    if indefinite:
        return f"indefinite (at least {n} game{'' if n == 1 else 's'})"
    return f"{n} game" if n == 1 else f"{n} games"
