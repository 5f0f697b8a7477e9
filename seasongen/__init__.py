"""Seeded synthetic seasons (format hockeyrules/season@1) for tests, examples and benchmarks.

Not part of the installed package: it lives beside it in the repository (tests and
benchmarks put the repository on the import path).

`generate_season()` returns plain data (dicts, lists, str, int, bool) that
`json.dumps` and `yaml.safe_dump` take as they are; `write_season()` writes it.
The same arguments always give the same data: all randomness comes from one
`random.Random(seed)`, nothing reads the clock or the global generator.

What a generated league looks like:

- teams T00, T01, ... (with several leagues L1-T00, L2-T00, ...), each with
  20 players (T00-01 .. T00-20, the first two goaltenders), two affiliate
  players (T00-21, T00-22), a head coach T00-HC, an assistant T00-AC and
  sometimes a trainer T00-TR;
- a balanced regular season: every team plays exactly `games_per_team`
  games, home and away within one of each other, Tuesday to Sunday from
  mid-September to March, mostly on weekends, with some weekend double
  headers (same two teams, same home team, consecutive days) and a few days
  on which a team plays twice (the two games carry a `start`); a handful of
  exhibition games before the season and a playoff (best of five) after it;
- about 8.5 game-sheet lines a game, mostly minors, with majors, fights,
  misconducts, late and overtime lines, pre- and post-game altercations,
  bench-clearing and the rare infractions; two "enforcers" a team take far
  more than their share, so some pass 100 penalty minutes and four
  misconducts;
- `dressed`: per game and team, the players less 0-2 scratches (now and then
  an affiliate in a scratched player's place, at most `max_affiliate_games`
  regular games each, never in a double header), then the team officials.
  Everyone with a line in a game is dressed for it.

Suspended players are not kept out of the line-ups: the generator does not
compute suspensions, so an audit of a generated season reports players who
dressed while suspended.
"""

from __future__ import annotations

import datetime as _dt
import random
from bisect import bisect
from collections import defaultdict
from itertools import accumulate

from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.collection import paused
from hockeyrules.read.season import FORMAT
from hockeyrules.read.seasonfile import write_season

__all__ = ["generate_season", "write_season"]

PERIOD_SECONDS = 20 * 60
REGULAR_OT_SECONDS = 5 * 60
ROSTER_PLAYERS = 20  # goaltenders 01 and 02, skaters 03..20
GOALIES = 2
AFFILIATES = 2
MAX_AFFILIATE_GAMES = 10
ENFORCERS = 2

# ---------------------------------------------------------------- the sheet mix
# Ordinary lines: (infraction, penalties, weight, who). who: "S" a skater or
# goaltender by propensity, "G" the team's goaltender. Every code and penalty
# is checked against the vocabulary below.
_ORDINARY_WEIGHTS = {
    "tripping": 14,
    "hooking": 12,
    "holding": 10,
    "high_sticking": 6,
    "holding_the_stick": 3,
    "elbowing": 3,
    "delay_of_game": 3,
    "too_many_players": 2,
    "embellishment": 2,
    "body_contact": 0.5,
    "illegal_equipment": 0.5,
    "broken_stick": 0.3,
    "closing_hand_on_puck": 0.4,
    "goaltender_leaving_crease": 0.3,
    "illegal_substitution": 0.2,
}
_GOALIE_CODES = ("closing_hand_on_puck", "goaltender_leaving_crease")
_ORDINARY_LINES = [
    (code, ("minor",), _ORDINARY_WEIGHTS.get(code, 0.3), "G" if code in _GOALIE_CODES else "S")
    for code in vocab.ORDINARY_INFRACTIONS
] + [
    # ruled infractions called as minors (no suspension of their own)
    ("interference", ("minor",), 10, "S"),
    ("slashing", ("minor",), 9, "S"),
    ("roughing", ("minor",), 9, "S"),
    ("cross_checking", ("minor",), 7, "S"),
    ("boarding", ("minor",), 4, "S"),
    ("head_contact", ("minor",), 3, "S"),
    ("goaltender_interference", ("minor",), 2, "S"),
    ("charging", ("minor",), 2, "S"),
    ("body_checking", ("minor",), 1, "S"),
    ("kneeing", ("minor",), 1, "S"),
    ("unsportsmanlike_conduct", ("minor",), 3, "S"),
    ("interference_from_bench", ("minor",), 0.3, "S"),
    ("throwing_object", ("minor",), 0.3, "S"),
    ("slew_footing", ("minor",), 0.5, "S"),
    ("clipping", ("minor",), 0.3, "S"),
    # double minors and minor + misconduct
    ("high_sticking", ("double_minor",), 1.5, "S"),
    ("roughing", ("double_minor",), 1, "S"),
    ("head_contact", ("double_minor",), 1, "S"),
    ("spearing", ("double_minor",), 0.4, "S"),
    ("butt_ending", ("double_minor",), 0.2, "S"),
    ("roughing", ("minor", "misconduct"), 0.5, "S"),
    ("unsportsmanlike_conduct", ("minor", "misconduct"), 0.5, "S"),
]
_MISCONDUCT_LINES = [
    ("unsportsmanlike_conduct", ("misconduct",), 5),
    ("misconduct", ("misconduct",), 3),
    ("abusive_behaviour", ("misconduct",), 2),
]
_CONDUCT_GM_LINES = [
    ("unsportsmanlike_conduct", ("game_misconduct",), 5),
    ("abusive_behaviour", ("game_misconduct",), 4),
    ("game_misconduct", ("game_misconduct",), 1),
    ("unsportsmanlike_conduct", ("misconduct", "game_misconduct"), 1),
]
_MAJOR_GM_LINES = [
    ("boarding", ("major", "game_misconduct"), 6),
    ("checking_from_behind", ("major", "game_misconduct"), 4),
    ("head_contact", ("major", "game_misconduct"), 5),
    ("cross_checking", ("major", "game_misconduct"), 3),
    ("charging", ("major", "game_misconduct"), 2),
    ("slashing", ("major", "game_misconduct"), 2),
    ("kneeing", ("major", "game_misconduct"), 1),
    ("roughing", ("major", "game_misconduct"), 2),
    ("interference", ("major", "game_misconduct"), 0.5),
    ("elbowing", ("major", "game_misconduct"), 1),
    ("body_checking", ("major", "game_misconduct"), 0.5),
    ("spearing", ("major", "game_misconduct"), 0.5),
]
_MAJOR_LINES = [
    ("roughing", ("major",), 3),
    ("boarding", ("major",), 2),
    ("charging", ("major",), 1),
    ("cross_checking", ("major",), 1),
    ("goaltender_interference", ("major",), 0.3),
    ("throwing_object", ("major",), 0.2),
    ("clipping", ("major",), 0.2),
]
_MATCH_LINES = [
    ("slew_footing", ("match",), 2),
    ("spearing", ("match",), 2),
    ("head_contact", ("match",), 3),
    ("butt_ending", ("match",), 1),
    ("attempt_to_injure", ("match",), 1),
    ("kneeing", ("match",), 1),
    ("cross_checking", ("match",), 1),
    ("boarding", ("match",), 1),
    ("checking_from_behind", ("match",), 1),
]
_COACH_LINES = [  # bench minors and worse for team officials
    ("abusive_behaviour", ("minor",), 5),
    ("unsportsmanlike_conduct", ("minor",), 3),
    ("abusive_behaviour", ("misconduct",), 1),
]
_COACH_GM_LINES = [
    ("abusive_behaviour", ("game_misconduct",), 3),
    ("unsportsmanlike_conduct", ("game_misconduct",), 2),
    ("abusive_behaviour", ("gross_misconduct",), 0.3),
]
_FIGHT_PENALTIES = [
    (("major", "game_misconduct"), 60),
    (("major",), 37),
    (("match",), 1.5),
    (("major", "gross_misconduct"), 1.5),
]
_FIXED_LINES = [  # codes used by the special events below
    ("fighting", ("major", "game_misconduct")),
    ("secondary_fight", ("major", "game_misconduct")),
    ("joining_fight", ("game_misconduct",)),
    ("instigator", ("minor",)),
    ("aggressor", ("minor",)),
    ("first_off_bench", ("game_misconduct",)),
    ("left_bench", ("game_misconduct",)),
    ("left_bench", ("misconduct",)),
    ("checking_from_behind", ("minor", "game_misconduct")),
    ("returning_after_ejection", ("game_misconduct",)),
    ("refusing_to_start_play", ("game_misconduct",)),
    ("discrimination", ("gross_misconduct",)),
    ("spitting", ("match",)),
    ("physical_harassment_of_officials", ("match",)),
    ("physical_harassment_of_officials", ("game_misconduct",)),
    ("gross_misconduct", ("gross_misconduct",)),
    ("abusive_behaviour", ("gross_misconduct",)),
]

# Rates per game (probabilities of one event of the kind).
_P = dict(
    misconduct=0.18,  # tried twice a game
    conduct_gm=0.06,
    major_gm=0.10,
    major=0.04,
    cfb_minor_gm=0.05,
    match=0.012,
    fight=0.13,
    brawl=0.013,
    pre=0.011,
    post=0.03,
    coach=0.03,
    coach_gm=0.012,
    overtime=0.22,
    ot_line=0.35,
    playoff_second_ot=0.2,
    discrimination=0.002,
    spitting=0.0015,
    harass=0.0015,
    refuse=0.001,
    gross=0.002,
    return_after_ejection=0.012,
    # within a fight
    same_penalties=0.85,
    instigator=0.12,
    aggressor=0.05,
    multi_fight=0.10,
    joining=0.06,
    scrum=0.2,
)


def _check_vocabulary() -> None:
    tables = [
        _ORDINARY_LINES,
        _MISCONDUCT_LINES,
        _CONDUCT_GM_LINES,
        _MAJOR_GM_LINES,
        _MAJOR_LINES,
        _MATCH_LINES,
        _COACH_LINES,
        _COACH_GM_LINES,
        _FIXED_LINES,
    ]
    for table in tables:
        for code, penalties, *_ in table:
            assert code in vocab.INFRACTIONS, code
            assert penalties and set(penalties) <= set(vocab.PENALTIES), penalties
    for penalties, _ in _FIGHT_PENALTIES:
        assert set(penalties) <= set(vocab.PENALTIES), penalties


_check_vocabulary()


class _Table:
    """Weighted choice of (infraction, penalties, ...) rows with one random() call."""

    __slots__ = ("rows", "cum", "total")

    def __init__(self, rows):
        self.rows = [(r[0], r[1]) + tuple(r[3:]) for r in rows]
        self.cum = list(accumulate(r[2] for r in rows))
        self.total = self.cum[-1]

    def pick(self, rng):
        return self.rows[bisect(self.cum, rng.random() * self.total)]


_T_ORDINARY = _Table(_ORDINARY_LINES)
_T_MISCONDUCT = _Table(_MISCONDUCT_LINES)
_T_CONDUCT_GM = _Table(_CONDUCT_GM_LINES)
_T_MAJOR_GM = _Table(_MAJOR_GM_LINES)
_T_MAJOR = _Table(_MAJOR_LINES)
_T_MATCH = _Table(_MATCH_LINES)
_T_COACH = _Table(_COACH_LINES)
_T_COACH_GM = _Table(_COACH_GM_LINES)
_FIGHT_CUM = list(accumulate(w for _, w in _FIGHT_PENALTIES))
_EJECTING = frozenset(("game_misconduct", "gross_misconduct", "match"))
_NONE = frozenset()


def _pool(people, weights):
    """(people with a weight, their cumulative weights) for bisect."""
    people = [p for p in people if weights.get(p, 0) > 0]
    return people, list(accumulate(weights[p] for p in people))


# ---------------------------------------------------------------- names
_FIRST = (
    "Liam",
    "Noah",
    "Owen",
    "Ethan",
    "Carter",
    "Logan",
    "Mason",
    "Jack",
    "Brody",
    "Cole",
    "Tyler",
    "Ryan",
    "Dylan",
    "Nolan",
    "Evan",
    "Gavin",
    "Hunter",
    "Jace",
    "Kaden",
    "Landon",
    "Matthew",
    "Nathan",
    "Parker",
    "Quinn",
    "Reid",
    "Sawyer",
    "Tanner",
    "Wyatt",
    "Zach",
    "Adam",
    "Blake",
    "Connor",
    "Derek",
    "Eli",
    "Finn",
    "Grady",
    "Hayden",
    "Isaac",
    "Jonah",
    "Kyle",
    "Luke",
    "Mathis",
    "Nikolai",
    "Oskar",
    "Pierre-Luc",
    "Rémi",
    "Samuel",
    "Théo",
    "Anders",
    "Bryce",
    "Caleb",
    "Dawson",
    "Emmett",
    "Jayden",
    "Keegan",
    "Levi",
    "Micah",
    "Rowan",
    "Spencer",
    "Tristan",
    "Wesley",
    "Zane",
    "Aidan",
    "Brett",
    "Chase",
    "Declan",
    "Easton",
    "Jesse",
    "Joël",
    "Kai",
)
_LAST = (
    "Anderson",
    "Bergeron",
    "Boucher",
    "Campbell",
    "Chartrand",
    "Côté",
    "Desjardins",
    "Dubois",
    "Fehr",
    "Friesen",
    "Gagnon",
    "Giesbrecht",
    "Harder",
    "Hiebert",
    "Johnson",
    "Klassen",
    "Kowalchuk",
    "Kozak",
    "Lavallée",
    "Lévesque",
    "MacDonald",
    "McKay",
    "McLeod",
    "Martens",
    "Morrison",
    "Nguyen",
    "O'Neil",
    "O'Brien",
    "Olson",
    "Penner",
    "Peters",
    "Reimer",
    "Robinson",
    "Sawatzky",
    "Schmidt",
    "Sinclair",
    "Smith",
    "St. Pierre",
    "Thiessen",
    "Toews",
    "Tremblay",
    "Unger",
    "Wiebe",
    "Wilson",
    "Wozniak",
    "Yaremko",
    "Zacharias",
    "Bjornson",
    "Chartier",
    "Ducharme",
    "Enns",
    "Fontaine",
    "Grenier",
    "Hrycenko",
    "Isfeld",
    "Janzen",
    "Kaminski",
    "Lamoureux",
    "Magnusson",
    "Nault",
    "Paquin",
    "Rempel",
    "Stefanson",
    "Traverse",
    "Vandal",
    "Warkentin",
    "Young",
    "Zelinski",
    "Beaulieu",
    "Chaput",
    "Dyck",
    "Eastman",
    "Flett",
    "Guimond",
    "Harper",
    "Houle",
    "Kirkness",
    "Loewen",
    "Monkman",
    "Spence",
    "Thompson",
    "Wood-Spence",
    "Ó Briain",
    "D'Amours",
)
_TOWNS = (
    "Brandon",
    "Winnipeg South",
    "Winnipeg North",
    "Portage",
    "Steinbach",
    "Selkirk",
    "Dauphin",
    "Thompson",
    "Morden",
    "Winkler",
    "Neepawa",
    "Swan River",
    "The Pas",
    "Flin Flon",
    "Gimli",
    "Virden",
    "Souris",
    "Carman",
    "Altona",
    "Stonewall",
    "Beausejour",
    "Killarney",
    "Boissevain",
    "Minnedosa",
    "Russell",
    "Roblin",
    "Teulon",
    "Niverville",
    "Ste. Anne",
    "St. Pierre-Jolys",
    "Lac du Bonnet",
    "Pinawa",
    "Rivers",
    "Gladstone",
    "Melita",
    "Deloraine",
    "Carberry",
    "Treherne",
    "Notre-Dame-de-Lourdes",
    "Ste. Rose",
    "Grandview",
    "Gilbert Plains",
    "Oakbank",
    "Lorette",
)
_NICKNAMES = (
    "Bisons",
    "Blizzard",
    "Bruins",
    "Canucks",
    "Capitals",
    "Chiefs",
    "Cougars",
    "Eagles",
    "Flyers",
    "Hawks",
    "Huskies",
    "Ice Dogs",
    "Kings",
    "Lynx",
    "Mallards",
    "Monarchs",
    "Mustangs",
    "North Stars",
    "Outlaws",
    "Pistons",
    "Rangers",
    "Rebels",
    "Rockets",
    "Royals",
    "Sabres",
    "Storm",
    "Thunder",
    "Timberwolves",
    "Titans",
    "Voyageurs",
    "Warriors",
    "Wild",
    "Wolverines",
)
_AFFILIATE_LEVELS = ("U18 A", "U18 AA", "U17 AA", "U16 AAA", "U18 B")

_TIMES = [f"{s // 60:02d}:{s % 60:02d}" for s in range(PERIOD_SECONDS + 1)]
_EVENING = ("19:00", "19:30", "20:00")
_WEEKEND = ("13:00", "14:30", "16:00", "19:00", "19:30")


def _weekday(day: int) -> int:
    """Monday 0 .. Sunday 6 of a date ordinal."""
    return (day - 1) % 7


# ---------------------------------------------------------------- public API
def generate_season(
    teams: int = 12,
    games_per_team: int = 44,
    seed: int = 1,
    leagues: int = 1,
    clock: str = "remaining",
    dressed: bool = True,
    *,
    league: str | None = None,
    season: str = "2025-26",
    playoffs: bool = True,
    shapes: bool = False,
) -> dict:
    """A synthetic season as season@1 data, the same for the same arguments.

    teams, games_per_team: per league; teams * games_per_team must be even.
    leagues: independent leagues in one file (ids prefixed L1-, L2-, ...).
    clock: "remaining" or "elapsed", how incident times are written.
    dressed: include each game's `dressed` lists.
    league, season: the file's names (default "SYNTH", or "MULTI" for several
    leagues); the first four digits of `season` give the year it starts.
    playoffs: add a best-of-five playoff after the regular season.
    shapes: add every shape of the format's second revision that the default leaves
    out (add_shapes): the same season otherwise, line for line.
    """
    if clock not in vocab.CLOCKS:
        raise ValueError(f"clock must be one of {', '.join(vocab.CLOCKS)}, not {clock!r}")
    for name, value, least in (("teams", teams, 2), ("games_per_team", games_per_team, 0), ("leagues", leagues, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be a whole number, at least {least}; got {value!r}")
    if teams * games_per_team % 2:
        raise ValueError(f"{teams} teams cannot each play {games_per_team} games (their product must be even)")
    year = int(season[:4]) if season[:4].isdigit() else 2025
    rng = random.Random(seed)
    out_teams: list = []
    out_people: list = []
    out_games: list = []
    with paused():
        for number in range(1, leagues + 1):
            prefix = f"L{number}-" if leagues > 1 else ""
            _League(rng, prefix, teams, games_per_team, year, clock, dressed, playoffs).build(
                out_teams, out_people, out_games
            )
    out = {
        "format": FORMAT,
        "league": league if league is not None else ("MULTI" if leagues > 1 else "SYNTH"),
        "season": season,
        "settings": {
            "clock": clock,
            "period_minutes": PERIOD_SECONDS // 60,
            "regulation_periods": 3,
            "roster_limit": ROSTER_PLAYERS,
            "max_affiliate_games": MAX_AFFILIATE_GAMES,
        },
        "teams": out_teams,
        "people": out_people,
        "games": out_games,
    }
    return add_shapes(out, seed) if shapes else out


# ---------------------------------------------------------------- revision-2 shapes
def add_shapes(data: dict, seed: int = 1) -> dict:
    """`data` (a generated season, changed in place and returned) with every shape of
    the format's second revision that generate_season() leaves out, so that every view
    meets them: a warning of each kind the reader and the rules give (an unknown field,
    a time on a pre-game line, a person listed twice in a dressed list, a
    checking-from-behind minor without its game misconduct, a match penalty no table
    lists), team lines, a game whose sheet writes the other clock, a game ejection,
    scheduled games, a decision, an issued list (a suspension issued as required, one
    issued too long, one issued where none is required). Affiliates and exhibition
    games are in every generated season already. Its own random generator, so that
    the season without shapes is unchanged; needs a season with `dressed` lists and at
    least two regular games."""
    rng = random.Random(f"seasongen-shapes-{seed}")
    games = data["games"]
    regular = [g for g in games if g["kind"] == "regular" and g.get("dressed")]
    if len(regular) < 2:
        raise ValueError("add_shapes needs at least two regular games with dressed lists")
    remaining = data["settings"]["clock"] == "remaining"

    def player(game, team):
        return rng.choice([p for p in game["dressed"][team] if p[-3:-2] == "-" and p[-2:].isdigit()])

    def at(minute):  # a time early in a period on the game's own clock
        seconds = minute * 60
        return _TIMES[PERIOD_SECONDS - seconds] if remaining else _TIMES[seconds]

    picked = sorted(rng.sample(range(len(regular)), 2))
    first, second = regular[picked[0]], regular[picked[1]]
    home, away = first["home"], first["away"]
    earned = player(first, home)
    first["incidents"] += [
        # team lines: a bench minor each way
        {"team": home, "period": 1, "time": at(1), "infraction": "too_many_players", "penalties": ["minor"]},
        {"team": away, "period": 2, "time": at(1), "infraction": "delay_of_game", "penalties": ["minor"]},
        # a game ejection (Hockey Canada's, no minutes)
        {
            "person": player(first, away),
            "period": 2,
            "time": at(2),
            "infraction": "roughing",
            "penalties": ["minor", "game_ejection"],
        },
        # warnings from the rules: a checking-from-behind minor alone, a match penalty no table lists
        {
            "person": player(first, away),
            "period": 3,
            "time": at(1),
            "infraction": "checking_from_behind",
            "penalties": ["minor"],
        },
        # (its person's suspension is the one the decision lengthens)
        {
            "person": earned,
            "period": 3,
            "time": at(2),
            "infraction": "boarding",
            "penalties": ["major", "game_misconduct"],
        },
        {"person": player(first, home), "period": 3, "time": at(3), "infraction": "tripping", "penalties": ["match"]},
        # a warning of the reader: a time on a pre-game line
        {
            "person": player(first, home),
            "period": "pre",
            "time": "00:00",
            "infraction": "roughing",
            "penalties": ["minor"],
        },
    ]
    # warnings of the reader: a field the format does not have, a person listed twice
    first["referee"] = "not a field of the format"
    first["dressed"][away] = first["dressed"][away] + first["dressed"][away][:1]
    # a game whose sheet writes the other clock: its times turned over
    second["clock"] = "elapsed" if remaining else "remaining"
    for line in second["incidents"]:
        if "time" in line:
            length = PERIOD_SECONDS if isinstance(line["period"], int) else REGULAR_OT_SECONDS
            minutes, seconds = line["time"].split(":")
            line["time"] = _TIMES[length - int(minutes) * 60 - int(seconds)]
    second["incidents"].append(
        {"team": second["away"], "period": 1, "time": "05:00", "infraction": "too_many_players", "penalties": ["minor"]}
    )
    # scheduled games: each team of the first game once more, after the last game
    last = max(_dt.date.fromisoformat(g["date"]) for g in games)
    others = [t["id"] for t in data["teams"] if t["id"] not in (home, away)]
    for n, (h, a) in enumerate([(home, others[0] if others else away), (others[-1] if others else home, away)], 1):
        if h != a:
            day = (last + _dt.timedelta(days=7 * n)).isoformat()
            games.append(
                {"id": f"SCHED{n}", "date": day, "home": h, "away": a, "kind": "regular", "status": "scheduled"}
            )
    # a league decision and the issued list
    data["decisions"] = [
        {
            "person": earned,
            "game": first["id"],
            "add_games": 1,
            "date": first["date"],
            "reason": "Hearing: one game added.",
        }
    ]
    data["issued"] = [
        {
            "person": earned,
            "game": first["id"],
            "games": 1,
            "rules": "4.8",
            "date": first["date"],
            "note": "issued before the hearing",
        },
        {"person": player(second, second["home"]), "game": second["id"], "games": 1, "note": "nothing required"},
    ]
    return data


# ---------------------------------------------------------------- one league
class _Team:
    __slots__ = (
        "id",
        "players",
        "goalies",
        "skaters",
        "affiliates",
        "officials",
        "hc",
        "ac",
        "aff_games",
        "ord_pool",
        "fight_pool",
    )

    def __init__(self, ident):
        self.id = ident
        self.aff_games = {}


class _Game:
    __slots__ = ("day", "start", "home", "away", "kind", "dh", "fixed")

    def __init__(self, day, home, away, kind, dh=False):
        self.day, self.home, self.away, self.kind, self.dh = day, home, away, kind, dh
        self.start = None
        self.fixed = False


class _League:
    def __init__(self, rng, prefix, n, gpt, year, clock, dressed, playoffs):
        self.rng, self.prefix, self.n, self.gpt, self.year = rng, prefix, n, gpt, year
        self.remaining = clock == "remaining"
        self.dressed = dressed
        self.playoffs = playoffs
        self.ordw: dict = {}
        self.fightw: dict = {}
        self.dates: dict = {}

    # -- teams and people
    def build(self, out_teams, out_people, out_games):
        rng, n = self.rng, self.n
        width = max(2, len(str(n - 1)))
        towns = (
            rng.sample(_TOWNS, n)
            if n <= len(_TOWNS)
            else [f"{_TOWNS[i % len(_TOWNS)]} {i // len(_TOWNS) + 1}" for i in range(n)]
        )
        self.teams = []
        for i in range(n):
            tid = f"{self.prefix}T{i:0{width}d}"
            out_teams.append({"id": tid, "name": f"{towns[i]} {rng.choice(_NICKNAMES)}"})
            self.teams.append(self._people(tid, out_people))
        games = self._schedule()
        self._emit_games(games, out_games)

    def _name(self):
        rng = self.rng
        return f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"

    def _people(self, tid, out):
        rng = self.rng
        team = _Team(tid)
        players = [f"{tid}-{k:02d}" for k in range(1, ROSTER_PLAYERS + 1)]
        team.players = players
        team.goalies = players[:GOALIES]
        team.skaters = players[GOALIES:]
        enforcers = set(rng.sample(team.skaters, ENFORCERS))
        for pid in players:
            out.append({"id": pid, "name": self._name(), "team": tid, "role": "player"})
            if pid in enforcers:
                self.ordw[pid], self.fightw[pid] = 3.0, 8.0
            elif pid in team.goalies:
                self.ordw[pid], self.fightw[pid] = 0.15, 0.0
            else:
                self.ordw[pid], self.fightw[pid] = 1.0, 1.0
        team.affiliates = []
        for k in range(ROSTER_PLAYERS + 1, ROSTER_PLAYERS + AFFILIATES + 1):
            pid = f"{tid}-{k:02d}"
            club = f"{rng.choice(_TOWNS)} {rng.choice(_AFFILIATE_LEVELS)} {rng.choice(_NICKNAMES)}"
            out.append(
                {
                    "id": pid,
                    "name": self._name(),
                    "team": tid,
                    "role": "player",
                    "affiliate": True,
                    "registered_team": club,
                }
            )
            team.affiliates.append(pid)
            self.ordw[pid], self.fightw[pid] = 0.8, 0.5
            team.aff_games[pid] = 0
        team.ord_pool = _pool(players, self.ordw)
        team.fight_pool = _pool(players, self.fightw)
        team.hc, team.ac = f"{tid}-HC", f"{tid}-AC"
        out.append({"id": team.hc, "name": self._name(), "team": tid, "role": "head_coach"})
        out.append({"id": team.ac, "name": self._name(), "team": tid, "role": "assistant_coach"})
        team.officials = [team.hc, team.ac]
        if rng.random() < 0.5:
            out.append({"id": f"{tid}-TR", "name": self._name(), "team": tid, "role": "trainer"})
            team.officials.append(f"{tid}-TR")
        return team

    # -- schedule
    def _pairings(self):
        """The regular games as (home, away, k): a circulant round robin.

        Offset d pairs team i with team i+d (of a shuffled order): two games a
        team, one home one away; offset n/2 (n even) one game a team, its
        home side alternating along the circle and from pass to pass. One pass
        over all offsets is a round robin; passes alternate home and away.
        k numbers the offsets in order, so games spread over the season.
        """
        rng, n, gpt = self.rng, self.n, self.gpt
        perm = list(range(n))
        rng.shuffle(perm)
        full, rem = divmod(gpt, n - 1)
        half = n // 2
        plan = []
        for p in range(full + 1):
            ds = list(range(1, (n - 1) // 2 + 1)) if p < full else list(range(1, rem // 2 + 1))
            if n % 2 == 0 and (p < full or rem % 2):
                ds.append(half)
            rng.shuffle(ds)
            plan.extend((d, p) for d in ds)
        games = []
        for k, (d, p) in enumerate(plan):
            if 2 * d == n:
                for i in range(half):
                    a, b = perm[i], perm[i + half]
                    games.append((b, a, k) if (i + p) % 2 else (a, b, k))
            else:
                for i in range(n):
                    a, b = perm[i], perm[(i + d) % n]
                    games.append((b, a, k) if p % 2 else (a, b, k))
        return games, max(1, len(plan))

    def _schedule(self):
        rng, n = self.rng, self.n
        first_friday = _dt.date(self.year, 9, 19)
        while first_friday.weekday() != 4:
            first_friday += _dt.timedelta(days=1)
        monday0 = first_friday.toordinal() - 4
        skip = {_dt.date(self.year, 12, d).toordinal() for d in (24, 25, 26)}
        skip |= {_dt.date(self.year, 12, 31).toordinal(), _dt.date(self.year + 1, 1, 1).toordinal()}
        cap = 3 if self.gpt <= 48 else 4  # games a team plays in a week
        weeks = max(24, -(-self.gpt * 10 // (19 if cap == 3 else 28)))
        pairs, passes = self._pairings()

        # units: single games, and double headers (two games of an ordered pair)
        by_pair = defaultdict(list)
        for home, away, k in pairs:
            by_pair[(home, away)].append(k)
        doubles, singles = [], []
        for (home, away), ks in sorted(by_pair.items()):
            rng.shuffle(ks)
            while len(ks) >= 2 and rng.random() < 0.12:
                k1, k2 = ks.pop(), ks.pop()
                doubles.append((home, away, (k1 + k2) / 2))
            singles.extend((home, away, k) for k in ks)
        rng.shuffle(doubles)
        rng.shuffle(singles)

        busy = [set() for _ in range(n)]
        load = [defaultdict(int) for _ in range(n)]  # games per week
        games = []
        weekend = (4, 5, 6)
        midweek = (1, 2)

        def order(t):
            yield t
            for step in range(1, 10_000):
                if t + step < weeks:
                    yield t + step
                if t - step >= 0:
                    yield t - step
                if t + step >= weeks and t - step < 0:
                    return

        def place_double(home, away, t):
            nonlocal weeks
            while True:
                for w in order(t):
                    if load[home][w] > cap - 2 or load[away][w] > cap - 2:
                        continue
                    firsts = [4, 5]
                    rng.shuffle(firsts)
                    for dow in firsts:
                        d1 = monday0 + 7 * w + dow
                        d2 = d1 + 1
                        if (
                            d1 in busy[home]
                            or d2 in busy[home]
                            or d1 in busy[away]
                            or d2 in busy[away]
                            or d1 in skip
                            or d2 in skip
                        ):
                            continue
                        for d in (d1, d2):
                            busy[home].add(d)
                            busy[away].add(d)
                            games.append(_Game(d, home, away, "regular", dh=True))
                        load[home][w] += 2
                        load[away][w] += 2
                        return
                weeks += 1

        def place_single(home, away, t):
            nonlocal weeks
            while True:
                for w in order(t):
                    if load[home][w] > cap - 1 or load[away][w] > cap - 1:
                        continue
                    days = list(weekend)
                    rng.shuffle(days)
                    mid = list(midweek)
                    rng.shuffle(mid)
                    days.extend(mid[:1] if rng.random() < 0.5 else mid)
                    for dow in days:
                        d = monday0 + 7 * w + dow
                        if d in busy[home] or d in busy[away] or d in skip:
                            continue
                        busy[home].add(d)
                        busy[away].add(d)
                        load[home][w] += 1
                        load[away][w] += 1
                        games.append(_Game(d, home, away, "regular"))
                        return
                weeks += 1

        span = weeks
        for home, away, k in doubles:
            place_double(home, away, min(span - 1, int((k + rng.random()) / passes * span)))
        for home, away, k in singles:
            place_single(home, away, min(span - 1, int((k + rng.random()) / passes * span)))

        # a few days on which a team plays twice: the two games carry a start
        singles_of = defaultdict(list)
        for g in games:
            if not g.dh:
                singles_of[g.home].append(g)
                singles_of[g.away].append(g)
        for _ in range(max(1, len(games) // 130) if games else 0):
            for _attempt in range(20):
                g2 = games[int(rng.random() * len(games))]
                if g2.dh or g2.fixed:
                    continue
                team, other = (g2.home, g2.away) if rng.random() < 0.5 else (g2.away, g2.home)
                g1 = rng.choice(singles_of[team])
                if g1 is g2 or g1.fixed or g1.day in busy[other] or _weekday(g1.day) < 5:
                    continue  # on a Saturday or Sunday
                busy[team].discard(g2.day)
                busy[other].discard(g2.day)
                busy[other].add(g1.day)
                g2.day = g1.day
                g1.start, g2.start = rng.choice(("11:30", "12:00", "13:00")), rng.choice(("17:30", "19:00", "19:30"))
                g1.fixed = g2.fixed = True
                break
        for g in games:
            if g.start is None and rng.random() < 0.3:
                g.start = rng.choice(_EVENING if _weekday(g.day) < 5 else _WEEKEND)

        # exhibitions on the two weekends before the season
        ex_days = [first_friday.toordinal() + off for off in (-13, -12)]
        ex_days2 = [first_friday.toordinal() + off for off in (-7, -6, -5)]
        order_ = list(range(n))
        rng.shuffle(order_)
        for i in range(0, n - 1, 2):
            games.append(_Game(rng.choice(ex_days), order_[i], order_[i + 1], "exhibition"))
        rng.shuffle(order_)
        for i in range(0, (n // 4) * 2, 2):
            games.append(_Game(rng.choice(ex_days2), order_[i], order_[i + 1], "exhibition"))

        if self.playoffs:
            last = max((g.day for g in games if g.kind == "regular"), default=first_friday.toordinal())
            games.extend(self._playoffs(last))
        return games

    def _playoffs(self, last_regular_day):
        rng, n = self.rng, self.n
        q = max(2, 1 << ((n * 2 // 3).bit_length() - 1))
        seeds = rng.sample(range(n), q)
        start = last_regular_day + 5
        while _weekday(start) != 4:  # a Friday
            start += 1
        offsets = (0, 1, 3, 4, 6)  # Fri, Sat, Mon, Tue, Thu; next round the Friday after
        games = []
        while len(seeds) > 1:
            winners = []
            for i in range(len(seeds) // 2):
                high, low = seeds[i], seeds[len(seeds) - 1 - i]
                wins = {high: 0, low: 0}
                for k, off in enumerate(offsets):
                    home, away = (high, low) if k in (0, 1, 4) else (low, high)
                    games.append(_Game(start + off, home, away, "playoff"))
                    winner = high if rng.random() < 0.55 else low
                    wins[winner] += 1
                    if wins[winner] == 3:
                        break
                winners.append(high if wins[high] == 3 else low)
            seeds = winners
            start += 7
        return games

    # -- games
    def _date(self, day):
        s = self.dates.get(day)
        if s is None:
            s = self.dates[day] = _dt.date.fromordinal(day).isoformat()
        return s

    def _emit_games(self, games, out):
        teams = self.teams
        games.sort(key=lambda g: (g.day, g.start is not None, g.start or "", teams[g.home].id))
        width = max(4, len(str(len(games))))
        for number, g in enumerate(games, 1):
            home, away = teams[g.home], teams[g.away]
            rec = {"id": f"{self.prefix}G{number:0{width}d}", "date": self._date(g.day)}
            if g.start is not None:
                rec["start"] = g.start
            rec["home"], rec["away"], rec["kind"] = home.id, away.id, g.kind
            hl, hs = self._lineup(home, g)
            al, as_ = self._lineup(away, g)
            if self.dressed:
                rec["dressed"] = {home.id: hl, away.id: al}
            rec["incidents"] = _Sheet(self, g, (home, away), (hl, al), (hs, as_)).lines()
            out.append(rec)

    def _lineup(self, team, g):
        """(the team's dressed list for a game, its scratched players or None when an
        affiliate takes a place)."""
        rng = self.rng
        r = rng.random()
        scratches = 0 if r < 0.35 else (1 if r < 0.75 else 2)
        if not scratches:
            return team.players + team.officials, _NONE
        out = set(rng.sample(team.skaters, scratches))
        players = [p for p in team.players if p not in out]
        if not g.dh and g.kind != "playoff" and rng.random() < (0.12 if g.kind == "regular" else 0.3):
            aff = team.affiliates[rng.random() < 0.5]
            if g.kind != "regular" or team.aff_games[aff] < MAX_AFFILIATE_GAMES:
                if g.kind == "regular":
                    team.aff_games[aff] += 1
                players.append(aff)
                out = None
        return players + team.officials, out


class _Sheet:
    """The lines of one game sheet."""

    def __init__(self, league, g, teams, dressed, scratched):
        self.league, self.rng, self.g = league, league.rng, g
        self.teams, self.dressed, self.scratched = teams, dressed, scratched
        # (players, cumulative weights, players to skip) per side: the team's roster less
        # the scratched players, or (an affiliate dressed) the players of the dressed list
        self.pools = {}
        self.ejected = set()
        self.used = set()
        self.stoppages = 0
        self.playoff = g.kind == "playoff"

    # -- times: (rank, elapsed seconds); rank 0 pre, 1..3, 4.. overtime, 9 post
    def time(self, late=False):
        rng = self.rng
        for _ in range(6):
            if late:
                t = (3, PERIOD_SECONDS - 1 - int(rng.random() * 120))
            else:
                r = rng.random()
                t = (1 if r < 0.31 else 2 if r < 0.64 else 3, 1 + int(rng.random() * (PERIOD_SECONDS - 1)))
            if t not in self.used:
                break
        self.used.add(t)
        return t

    def ot_time(self, rank):
        length = PERIOD_SECONDS if self.playoff else REGULAR_OT_SECONDS
        t = (rank, 1 + int(self.rng.random() * (length - 1)))
        self.used.add(t)
        return t

    # -- people
    def side(self):
        return 0 if self.rng.random() < 0.5 else 1

    def _pool(self, s, fight):
        key = (s, fight)
        pool = self.pools.get(key)
        if pool is None:
            skip = self.scratched[s]
            if skip is not None:
                team = self.teams[s]
                pool = (team.fight_pool if fight else team.ord_pool) + (skip,)
            else:
                pool = _pool(self.dressed[s], self.league.fightw if fight else self.league.ordw) + (_NONE,)
            self.pools[key] = pool
        return pool

    def pick(self, s, avoid=(), fight=False):
        players, cum, skip = self._pool(s, fight)
        rng, total, ejected = self.rng, cum[-1], self.ejected
        for _ in range(8):
            p = players[bisect(cum, rng.random() * total)]
            if p not in ejected and p not in skip and p not in avoid:
                return p
        return None

    def fighter(self, s, avoid=()):
        return self.pick(s, avoid, fight=True)

    def goalie(self, s):
        goalies = [p for p in self.dressed[s][:GOALIES] if p not in self.ejected]
        return goalies[0] if goalies and self.rng.random() < 0.85 else self.pick(s)

    def coach(self, s, head=False):
        team = self.teams[s]
        p = team.hc if head or self.rng.random() < 0.7 else team.ac
        return None if p in self.ejected else p

    # -- the sheet
    def lines(self):
        rng, P = self.rng, _P
        events = []  # (time, seq, kind)
        seq = 0

        def add(t, kind):
            nonlocal seq
            events.append((t, seq, kind))
            seq += 1

        for _ in range(int(rng.random() * 8) + int(rng.random() * 7) + 1):
            add(self.time(), "ordinary")
        for _ in range(2):
            if rng.random() < P["misconduct"]:
                add(self.time(), "misconduct")
        if rng.random() < P["conduct_gm"]:
            add(self.time(late=rng.random() < 0.4), "conduct_gm")
        if rng.random() < P["major_gm"]:
            add(self.time(), "major_gm")
        if rng.random() < P["major"]:
            add(self.time(), "major")
        if rng.random() < P["cfb_minor_gm"]:
            add(self.time(), "cfb_minor_gm")
        if rng.random() < P["match"]:
            add(self.time(), "match")
        if rng.random() < P["fight"]:
            add(self.time(late=rng.random() < 0.15), "fight")
        if rng.random() < P["brawl"]:
            add(self.time(), "brawl")
        if rng.random() < P["coach"]:
            add(self.time(), "coach")
        if rng.random() < P["coach_gm"]:
            add(self.time(late=rng.random() < 0.3), "coach_gm")
        if rng.random() < P["pre"]:
            add((0, 0), "pre")
        if rng.random() < P["post"]:
            add((9, 0), "post")
        if rng.random() < P["overtime"] and rng.random() < P["ot_line"]:
            rank = 5 if self.playoff and rng.random() < P["playoff_second_ot"] else 4
            add(self.ot_time(rank), "ordinary")
        for kind in ("discrimination", "spitting", "harass", "refuse", "gross"):
            if rng.random() < P[kind]:
                add((2 + (rng.random() < 0.5), 0) if kind == "refuse" else self.time(), kind)
        events.sort()

        self.out = []
        for t, _, kind in events:
            getattr(self, "ev_" + kind)(t)
        if len(self.out) > 1:
            self.out.sort(key=_line_order)
        return [line for _, _, _, line in self.out]

    def line(self, t, person, infraction, penalties, stoppage=None):
        rank, e = t
        if rank == 0:
            rec = {"person": person, "period": "pre", "infraction": infraction}
        elif rank == 9:
            rec = {"person": person, "period": "post", "infraction": infraction}
        else:
            if rank <= 3:
                period, length = rank, PERIOD_SECONDS
            elif self.playoff:
                period, length = rank, PERIOD_SECONDS
            else:
                period, length = "OT", REGULAR_OT_SECONDS
            rec = {
                "person": person,
                "period": period,
                "time": _TIMES[length - e] if self.league.remaining else _TIMES[e],
                "infraction": infraction,
            }
        rec["penalties"] = list(penalties)
        if stoppage is not None:
            rec["stoppage"] = stoppage
        self.out.append((rank, e, len(self.out), rec))
        if not _EJECTING.isdisjoint(penalties):
            self.ejected.add(person)
            if 0 < rank <= 3 and e < PERIOD_SECONDS - 60 and self.rng.random() < _P["return_after_ejection"]:
                later = (rank, e + 1 + int(self.rng.random() * (PERIOD_SECONDS - 1 - e)))
                if later not in self.used:
                    self.used.add(later)
                    self.out.append((later[0], later[1], len(self.out), self._return_line(later, person)))

    def _return_line(self, t, person):
        rank, e = t
        return {
            "person": person,
            "period": rank,
            "time": _TIMES[PERIOD_SECONDS - e] if self.league.remaining else _TIMES[e],
            "infraction": "returning_after_ejection",
            "penalties": ["game_misconduct"],
        }

    def stoppage(self):
        self.stoppages += 1
        return f"S{self.stoppages}"

    # -- events
    def _simple(self, t, table):
        code, penalties = table.pick(self.rng)[:2]
        p = self.pick(self.side())
        if p is not None:
            self.line(t, p, code, penalties)

    def ev_ordinary(self, t):
        code, penalties, who = _T_ORDINARY.pick(self.rng)
        s = self.side()
        p = self.goalie(s) if who == "G" else self.pick(s)
        if p is not None:
            self.line(t, p, code, penalties)

    def ev_misconduct(self, t):
        self._simple(t, _T_MISCONDUCT)

    def ev_conduct_gm(self, t):
        self._simple(t, _T_CONDUCT_GM)

    def ev_major_gm(self, t):
        self._simple(t, _T_MAJOR_GM)

    def ev_major(self, t):
        self._simple(t, _T_MAJOR)

    def ev_match(self, t):
        self._simple(t, _T_MATCH)

    def ev_cfb_minor_gm(self, t):
        p = self.pick(self.side())
        if p is not None:
            self.line(t, p, "checking_from_behind", ("minor", "game_misconduct"))

    def ev_coach(self, t):
        code, penalties = _T_COACH.pick(self.rng)[:2]
        p = self.coach(self.side())
        if p is not None:
            self.line(t, p, code, penalties)

    def ev_coach_gm(self, t):
        code, penalties = _T_COACH_GM.pick(self.rng)[:2]
        p = self.coach(self.side())
        if p is not None:
            self.line(t, p, code, penalties)

    def _fight_penalties(self):
        return _FIGHT_PENALTIES[bisect(_FIGHT_CUM, self.rng.random() * _FIGHT_CUM[-1])][0]

    def _fight(self, t, stoppage=None, avoid=(), penalties=None):
        """Two fighters, one a team; returns them (or None)."""
        rng = self.rng
        a, b = self.fighter(0, avoid), self.fighter(1, avoid)
        if a is None or b is None:
            return None
        pa = penalties or self._fight_penalties()
        pb = pa if rng.random() < _P["same_penalties"] else self._fight_penalties()
        first = rng.random() < 0.5
        for p, pens in ((a, pa), (b, pb)) if first else ((b, pb), (a, pa)):
            self.line(t, p, "fighting", pens, stoppage)
        return a, b

    def ev_fight(self, t):
        rng, P = self.rng, _P
        multi = rng.random() < P["multi_fight"]
        label = self.stoppage() if multi else None
        pair = self._fight(t, label)
        if pair is None:
            return
        if rng.random() < P["instigator"]:
            self.line(t, pair[rng.random() < 0.5], "instigator", ("minor",), label)
        elif rng.random() < P["aggressor"]:
            self.line(t, pair[rng.random() < 0.5], "aggressor", ("minor",), label)
        if multi:
            if rng.random() < 0.55:
                self._fight(t, label, avoid=pair)
            else:
                for s in (0, 1):
                    p = self.fighter(s, pair)
                    if p is not None:
                        self.line(t, p, "secondary_fight", ("major", "game_misconduct"), label)
        if rng.random() < P["joining"]:
            s = self.side()
            p = self.fighter(s, pair)
            if p is not None:
                self.line(t, p, "joining_fight", ("game_misconduct",), label)
        if rng.random() < P["scrum"]:
            for s in (0, 1):
                p = self.pick(s, pair)
                if p is not None:
                    self.line(t, p, "roughing", ("minor",), label)

    def ev_brawl(self, t):
        """A fight that empties a bench (or both)."""
        rng = self.rng
        label = self.stoppage()
        pair = self._fight(t, label, penalties=("major", "game_misconduct"))
        if pair is None:
            return
        sides = (0, 1) if rng.random() < 0.4 else (self.side(),)
        for s in sides:
            gone = set(pair)
            if rng.random() < 0.55:
                p = self.pick(s, gone)
                if p is not None:
                    gone.add(p)
                    self.line(t, p, "first_off_bench", ("game_misconduct",), label)
                extra = int(rng.random() * 3)
            else:
                extra = 1 + int(rng.random() * 3)
            for _ in range(extra):
                p = self.pick(s, gone)
                if p is not None:
                    gone.add(p)
                    pens = ("game_misconduct",) if rng.random() < 0.7 else ("misconduct",)
                    self.line(t, p, "left_bench", pens, label)

    def ev_pre(self, t):
        code = "fighting" if self.rng.random() < 0.4 else "roughing"
        for s in (0, 1):
            p = self.pick(s)
            if p is not None:
                self.line(t, p, code, ("major", "game_misconduct"))

    def ev_post(self, t):
        rng = self.rng
        r = rng.random()
        if r < 0.15:
            self._fight(t, penalties=("major", "game_misconduct"))
        elif r < 0.25:
            p = self.pick(self.side())
            if p is not None:
                self.line(t, p, "roughing", ("major", "game_misconduct"))
        else:
            for s in (0, 1):
                p = self.pick(s)
                if p is not None:
                    pens = ("minor",) if rng.random() < 0.6 else ("misconduct",)
                    self.line(t, p, "roughing" if pens == ("minor",) else "unsportsmanlike_conduct", pens)

    def ev_discrimination(self, t):
        p = self.pick(self.side())
        if p is not None:
            self.line(t, p, "discrimination", ("gross_misconduct",))

    def ev_spitting(self, t):
        p = self.pick(self.side())
        if p is not None:
            self.line(t, p, "spitting", ("match",))

    def ev_harass(self, t):
        p = self.pick(self.side())
        if p is not None:
            pens = ("match",) if self.rng.random() < 0.5 else ("game_misconduct",)
            self.line(t, p, "physical_harassment_of_officials", pens)

    def ev_refuse(self, t):
        p = self.coach(self.side(), head=True)
        if p is not None:
            self.line(t, p, "refusing_to_start_play", ("game_misconduct",))

    def ev_gross(self, t):
        p = self.pick(self.side())
        if p is not None:
            code = "gross_misconduct" if self.rng.random() < 0.5 else "abusive_behaviour"
            self.line(t, p, code, ("gross_misconduct",))


def _line_order(item):
    return item[0], item[1], item[2]
