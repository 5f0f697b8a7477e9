"""A season written out as a folder of CSV files, the shape the importer (reader.py)
reads: reading the folder back gives the same season (docs/csv-import.md)."""

from __future__ import annotations

import csv
from pathlib import Path

from hockeyrules.model import vocabulary as vocab
from hockeyrules.read import streams
from hockeyrules.read.csv.reader import FILES, TEXT_TOP
from hockeyrules.read.season import FORMAT, Season

__all__ = ["season_to_data", "write_folder"]

_HEADERS = {
    "teams.csv": ("id", "name"),
    "people.csv": ("id", "name", "team", "role", "affiliate", "registered_team"),
    "games.csv": ("id", "date", "start", "home", "away", "kind", "clock"),
    "dressed.csv": ("game", "team", "person"),
    "incidents.csv": (
        "game",
        "incident",
        "person",
        "team",
        "period",
        "time",
        "infraction",
        "penalty",
        "minutes",
        "stoppage",
    ),
    "decisions.csv": ("person", "game", "rule", "set_games", "add_games", "date", "reason"),
    "settings.csv": ("key", "value"),
    "issued.csv": ("person", "game", "games", "indefinite", "rules", "date", "note"),
}


def season_to_data(season: Season) -> dict:
    """A checked Season back into season@1 data."""
    s = season.settings
    data: dict = {
        "format": FORMAT,
        "league": season.league,
        "season": season.season,
        "settings": {
            "clock": s.clock,
            "period_minutes": s.period_minutes,
            "regulation_periods": s.regulation_periods,
            "roster_limit": s.roster_limit,
            "max_affiliate_games": s.max_affiliate_games,
            "pim": dict(s.pim),
        },
        "teams": [{"id": t.id, "name": t.name} for t in season.teams.values()],
        "people": [],
        "games": [],
    }
    for p in season.people.values():
        person: dict = {"id": p.id, "name": p.name, "team": p.team, "role": p.role}
        if p.affiliate:
            person["affiliate"] = True
        if p.registered_team is not None:
            person["registered_team"] = p.registered_team
        if p.teams:  # a person on several teams, by date (docs/season-format.md)
            person["teams"] = [
                {"team": m.team, **({"from": m.start} if m.start else {}), **({"to": m.end} if m.end else {})}
                for m in p.teams
            ]
        data["people"].append(person)
    for g in sorted(season.games, key=lambda g: g.index):
        game: dict = {"id": g.id, "date": g.date}
        if g.start is not None:
            game["start"] = g.start
        game.update(home=g.home, away=g.away, kind=g.kind)
        if getattr(g, "clock", None) is not None:  # its own clock (season format revision 2)
            game["clock"] = g.clock
        if g.scheduled:
            game["status"] = "scheduled"
        if g.dressed is not None:
            game["dressed"] = {team: list(ids) for team, ids in g.dressed.items()}
        game["incidents"] = []
        for inc in g.incidents:
            team = getattr(inc, "team", None)  # a team line (season format revision 2)
            item = {"team": team} if inc.person is None and team is not None else {"person": inc.person}
            item["period"] = inc.period
            if inc.time is not None:
                item["time"] = inc.time
            item.update(infraction=inc.infraction, penalties=list(inc.penalties))
            if inc.minutes is not None:
                item["minutes"] = inc.minutes
            if inc.stoppage is not None:
                item["stoppage"] = inc.stoppage
            game["incidents"].append(item)
        data["games"].append(game)
    if season.decisions:
        data["decisions"] = []
        for d in season.decisions:
            item = {"person": d.person, "game": d.game}
            if d.rule is not None:
                item["rule"] = d.rule
            item["set_games" if d.action == "setlength" else "add_games"] = d.games
            item.update(date=d.date, reason=d.reason)
            data["decisions"].append(item)
    if season.issued:
        data["issued"] = [
            {k: v for k, v in e.to_dict().items() if k != "where" and v is not None} for e in season.issued
        ]
    return data


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _split_minutes(total, penalties: list, pim: dict) -> list:
    """An incident's minutes over its penalty lines: each line its type's minutes, the last the rest."""
    if total is None:
        return [None] * len(penalties)
    if isinstance(total, bool) or not isinstance(total, int):
        return [total] + [0] * (len(penalties) - 1)  # not a number: kept on the first line, as written
    out, left = [], total
    for kind in penalties[:-1]:
        share = min(left, pim.get(kind, vocab.DEFAULT_PIM.get(kind, 0)))
        out.append(share)
        left -= share
    return out + [left]


def ours(name: str) -> bool:
    """A file export writes: a folder holding only these may be replaced whole."""
    return name in FILES


def write_folder(season, path, *, delimiter: str = ",", bom: bool = False) -> list[Path]:
    """Write a season (season@1 data or a Season) as a folder of CSV files; the files written.

    incidents.csv has one row per penalty line, the shape of a league's export: an
    incident with [major, game_misconduct] is two rows with its `incident` number
    (its place in the game's sheet, the number results cite). When the incident gives
    minutes they are spread over its rows (each its type's minutes from settings.pim,
    the last the rest), so that they add up to what the sheet says; otherwise the
    minutes cells are empty. Codes are written as codes. Every file is written, the
    optional ones with their header alone when empty, so that no file of an earlier
    export is left behind. Text is written exactly as it is (never escaped or
    evaluated): a spreadsheet program may treat a cell starting with = as a formula.
    """
    data = season_to_data(season) if isinstance(season, Season) else season
    folder = Path(path)
    settings = data.get("settings") or {}
    pim = dict(vocab.DEFAULT_PIM)
    if isinstance(settings.get("pim"), dict):
        pim.update({k: v for k, v in settings["pim"].items() if isinstance(v, int) and not isinstance(v, bool)})
    rows: dict[str, list] = {name: [] for name in _HEADERS}
    for key in TEXT_TOP:
        if data.get(key) is not None:
            rows["settings.csv"].append([key, data[key]])
    for key, value in settings.items():
        if key == "pim" and isinstance(value, dict):
            rows["settings.csv"] += [[f"pim.{kind}", minutes] for kind, minutes in value.items()]
        else:
            rows["settings.csv"].append([key, value])
    scheduled = any(g.get("status") == "scheduled" for g in data.get("games") or [])
    if scheduled:  # the column only where the season has scheduled games
        _HEADERS_GAMES = _HEADERS["games.csv"] + ("status",)
    for team in data.get("teams") or []:
        rows["teams.csv"].append([team.get(c) for c in _HEADERS["teams.csv"]])
    # a person on several teams: a row for each team, with team_from/team_to (the columns only
    # where the season has one)
    moved = any(person.get("teams") for person in data.get("people") or [])
    for person in data.get("people") or []:
        if moved:
            for m in person.get("teams") or [{"team": person.get("team")}]:
                row = {**person, "team": m.get("team")}
                rows["people.csv"].append([row.get(c) for c in _HEADERS["people.csv"]] + [m.get("from"), m.get("to")])
        else:
            rows["people.csv"].append([person.get(c) for c in _HEADERS["people.csv"]])
    for game in data.get("games") or []:
        rows["games.csv"].append(
            [game.get(c) for c in _HEADERS["games.csv"]] + ([game.get("status")] if scheduled else [])
        )
        for team, ids in (game.get("dressed") or {}).items():
            if not ids:
                rows["dressed.csv"].append([game.get("id"), team, None])
            for pid in ids:
                rows["dressed.csv"].append([game.get("id"), team, pid])
        for number, inc in enumerate(game.get("incidents") or [], start=1):
            penalties = list(inc.get("penalties") or [])
            for kind, minutes in zip(penalties, _split_minutes(inc.get("minutes"), penalties, pim)):
                rows["incidents.csv"].append(
                    [
                        game.get("id"),
                        number,
                        inc.get("person"),
                        None if inc.get("person") is not None else inc.get("team"),
                        inc.get("period"),
                        inc.get("time"),
                        inc.get("infraction"),
                        kind,
                        minutes,
                        inc.get("stoppage"),
                    ]
                )
    for decision in data.get("decisions") or []:
        rows["decisions.csv"].append([decision.get(c) for c in _HEADERS["decisions.csv"]])
    for entry in data.get("issued") or []:
        rows["issued.csv"].append([entry.get(c) for c in _HEADERS["issued.csv"]])
    written = []
    # the folder is written whole beside the old one and put in its place at the end:
    # a failed or interrupted export leaves the previous folder as it was
    with streams.replacing_folder(folder, ours) as making:
        for name in FILES:
            if name == "issued.csv" and not rows[name]:
                continue  # written only for a season that has them
            with open(making / name, "w", encoding="utf-8-sig" if bom else "utf-8", newline="") as f:
                writer = csv.writer(f, delimiter=delimiter, lineterminator="\r\n")
                header = _HEADERS_GAMES if name == "games.csv" and scheduled else _HEADERS[name]
                if name == "people.csv" and moved:
                    header = header + ("team_from", "team_to")
                writer.writerow(header)
                writer.writerows([_cell(v) for v in row] for row in rows[name])
            written.append(folder / name)
    return written
