"""Result as text for people (a table), and as CSV and JSON for tools."""

from __future__ import annotations

import csv
import io
import json
import unicodedata

from hockeyrules.views.wording import games_short, plural, read_with, team_labels, violation_words


def to_json(data: dict) -> str:
    """Deterministic JSON: the same result prints the same bytes. One top-level field a
    line and one record of a list a line (compact): readable with line tools, and
    written by the json module's C encoder (an indented dump runs in Python: seconds
    for a national season)."""
    compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    out = ["{"]
    fields = list(data.items())
    for n, (key, value) in enumerate(fields):
        comma = "," if n < len(fields) - 1 else ""
        if isinstance(value, list) and value:
            out.append(f"  {compact(key)}: [")
            out.extend(f"    {compact(item)}{',' if k < len(value) - 1 else ''}" for k, item in enumerate(value))
            out.append(f"  ]{comma}")
        else:
            out.append(f"  {compact(key)}: {compact(value)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


def games_text(games: int, indefinite: bool) -> str:
    return games_short(games, indefinite)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cell(text: str, width: int) -> str:
    text = " ".join(str(text).split())  # a newline in a name must not break the table
    if _width(text) > width:
        while _width(text) > width - 1:
            text = text[:-1]
        text += "…"
    return text + " " * (width - _width(text))


def _wrap(text: str, width: int) -> list[str]:
    """Cell text in lines of at most `width` columns, broken at spaces where it can."""
    words, lines, line = " ".join(str(text).split()).split(" "), [], ""
    for word in words:
        while _width(word) > width:  # a word longer than the column: cut it
            if line:
                lines.append(line)
                line = ""
            cut = width
            while _width(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        if line and _width(line) + 1 + _width(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def _fit(
    headers: list[str], rows: list[list[str]], widths: list[int], width: int, drop: tuple = ()
) -> tuple[list[str], list[list[str]], list[int]]:
    """Columns that fit `width`: the columns named in `drop` (least useful first) are
    left out while the table is too wide, then the widest columns are narrowed (their
    cells wrap at spaces)."""
    keep = list(range(len(headers)))
    total = lambda: sum(widths[i] for i in keep) + 2 * (len(keep) - 1)  # noqa: E731
    for name in drop:
        if total() <= width:
            break
        if name in headers and len(keep) > 1:
            keep.remove(headers.index(name))
    widths = list(widths)
    # a column is never narrower than its header, 8, or its longest word (a rule id is never cut)
    floor = {i: max([8, _width(headers[i])] + [_width(w) for r in rows for w in str(r[i]).split()]) for i in keep}
    while total() > width:
        narrowable = [i for i in keep if widths[i] > floor[i]]
        if not narrowable:
            break
        widest = max(narrowable, key=lambda i: widths[i])
        widths[widest] -= 1
    return [headers[i] for i in keep], [[r[i] for i in keep] for r in rows], [widths[i] for i in keep]


def table(
    headers: list[str],
    rows: list[list[str]],
    widths: list[int] | None = None,
    width: int | None = None,
    drop: tuple = (),
) -> str:
    """A plain fixed-width table (no colours). With `width` (a terminal's), the table is
    made to fit it (_fit) and long cells wrap; without, every cell is whole on one line
    (byte-stable for pipes and files)."""
    if widths is None:
        widths = [max([_width(h)] + [_width(" ".join(str(r[i]).split())) for r in rows]) for i, h in enumerate(headers)]
    if width is not None:
        headers, rows, widths = _fit(headers, rows, widths, width, drop)
    lines = ["  ".join(_cell(h, w) for h, w in zip(headers, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        if width is None:
            lines.append("  ".join(_cell(c, w) for c, w in zip(row, widths)).rstrip())
            continue
        cells = [_wrap(c, w) for c, w in zip(row, widths)]
        for k in range(max(len(c) for c in cells)):
            lines.append("  ".join(_cell(c[k] if k < len(c) else "", w) for c, w in zip(cells, widths)).rstrip())
    return "\n".join(lines) + "\n"


def suspensions_table(result: dict, width: int | None = None, team_names: dict | None = None) -> str:
    """The suspensions as a reader reads them: a team by its name (`team_names`: id -> name, the
    season's; result@1 carries ids only, which stay in its JSON and CSV)."""
    teams = team_labels(team_names or {})
    rows = []
    for s in result["suspensions"]:
        rules = " ".join(dict.fromkeys(c["rule"] for c in s["components"]))
        rows.append(
            [
                s["date"],
                s["game"],
                teams.get(s["team"], s["team"]),
                s["person"],
                s["name"],
                s["role"],
                games_text(s["games"], s["indefinite"]),
                str(s["governing_games"]),
                str(s["league_games"]),
                rules,
            ]
        )
    # the two parts before they combine: the governing bodies' minimum (Hockey Canada's, and
    # the branch's) and the league's by-laws
    headers = ["date", "game", "team", "person", "name", "role", "games", "minimum", "league", "rules"]
    widths = None
    if rows:
        widths = [max([len(head)] + [_width(r[i]) for r in rows]) for i, head in enumerate(headers)]
        widths[4] = min(widths[4], 24)  # long names are cut, never the rule ids
        if width is not None:
            widths = None  # names wrap rather than being cut
    otherwise = read_with(result["policy"])
    out = [
        f"{result['league']} {result['season']}: suspensions"
        + (f", read with {otherwise}" if otherwise else "")
        + "\n\n"
    ]
    if width is not None:  # the heading wraps at the terminal's width like the cells
        out = ["\n".join(_wrap(out[0].strip(), width)) + "\n\n"]
    out.append(
        table(headers, rows, widths, width, drop=("role", "minimum", "league", "team", "date"))
        if rows
        else "no suspensions\n"
    )
    total = sum(s["games"] for s in result["suspensions"])
    indefinite = sum(1 for s in result["suspensions"] if s["indefinite"])
    people = len({s["person"] for s in result["suspensions"]})
    out.append(
        f"\n{plural(len(result['suspensions']), 'suspension')} of {plural(people, 'person')}, "
        f"{plural(total, 'game')}"
        + (f" (indefinite ones at their minimum), {indefinite} indefinite\n" if indefinite else "\n")
    )
    if width is not None:  # the summary wraps too
        out[-1] = "\n" + "\n".join(_wrap(out[-1].strip(), width)) + "\n"
    return "".join(out)


CSV_FIELDS = [
    "person",
    "name",
    "team",
    "role",
    "game",
    "date",
    "games",
    "indefinite",
    "governing_games",
    "league_games",
    "rules",
]


def suspensions_csv(result: dict) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for s in result["suspensions"]:
        rules = " ".join(c["rule"] for c in s["components"])
        writer.writerow(
            [
                s["person"],
                s["name"],
                s["team"],
                s["role"],
                s["game"],
                s["date"],
                s["games"],
                "true" if s["indefinite"] else "false",
                s["governing_games"],
                s["league_games"],
                rules,
            ]
        )
    return buf.getvalue()


def audit_table(data: dict, width: int | None = None, names: dict | None = None) -> str:
    """The audit as an auditor reads it: serving, violations, forfeits and fines; teams by their
    names and persons with theirs (`names`: {"teams": id -> name, "people": id -> name}, the
    season's; the audit's JSON and CSV keep the ids)."""
    names = names or {}
    teams = team_labels(names.get("teams", {}))
    people = names.get("people", {})

    def team(t):
        return teams.get(t, t) if t else "-"

    def person(p):
        return f"{people[p]} ({p})" if p and people.get(p) else p or "-"

    out = [f"{data['league']} {data['season']}: audit\n\nServing\n"]
    rows = []
    for s in data["serving"]:
        length = games_text(s["games"], s["indefinite"] and not s["length_set"])
        shown = s["served_in"][:4]
        more = len(s["served_in"]) - len(shown)
        served = (" ".join(shown) + (f" … +{more}" if more else "")) or "-"
        rows.append(
            [
                s["date"],
                s["game"],
                team(s["team"]),
                person(s["person"]),
                s["rule"] or "rules",
                length,
                str(s["served"]),
                served,
                s["eligible_from"] or "-",
                s["status"],
            ]
        )
    out.append(
        table(
            ["date", "game", "team", "person", "suspension", "games", "served", "served in", "eligible from", "status"],
            rows,
            width=width,
            drop=("served in", "team", "date"),
        )
        if rows
        else "no suspensions\n"
    )
    out.append("\nViolations\n")
    rows = [
        [
            v["date"],
            v["game"],
            team(v["team"]),
            person(v["person"]),
            v["rule"],
            violation_words(v, lambda p: people.get(p) or p, team),
        ]
        for v in data["violations"]
    ]
    out.append(
        table(
            ["date", "game", "team", "person", "rule", "what was wrong"],
            rows,
            width=width,
            drop=("team", "date"),
        )
        if rows
        else "none\n"
    )
    out.append("\nForfeits and fines (league:10.08)\n")
    fines = {(f["game"], f["team"]): f for f in data["fines"]}
    rows = [
        [
            f["date"],
            f["game"],
            team(f["team"]),
            ", ".join(person(p) for p in f["persons"]),
            f"at least ${fines[(f['game'], f['team'])]['minimum']}",
        ]
        for f in data["forfeits"]
    ]
    out.append(
        table(["date", "game", "team (forfeits)", "ineligible persons used", "fine"], rows, width=width)
        if rows
        else "none\n"
    )
    if data["audit_suspensions"]:
        out.append("\nSuspensions the audit creates (league:10.08, head coach, indefinite until decided)\n")
        rows = [[s["date"], s["game"], team(s["team"]), s["person"], s["name"]] for s in data["audit_suspensions"]]
        out.append(table(["date", "game", "team", "person", "name"], rows, width=width))
    if data["affiliate_obligations"]:
        out.append("\nAffiliates: owed to their registered team (league:10.01B, reported, not checked)\n")
        rows = [
            [
                o["date"],
                o["game"],
                person(o["person"]),
                team(o["registered_team"]),
                games_text(o["governing_games"], o["indefinite"]),
            ]
            for o in data["affiliate_obligations"]
        ]
        out.append(table(["date", "game", "person", "registered team", "governing games"], rows, width=width))
    out.append(
        f"\n{plural(len(data['serving']), 'suspension')} to serve, {plural(len(data['violations']), 'violation')}, "
        f"{plural(len(data['forfeits']), 'forfeit')}, {plural(len(data['fines']), 'fine')} of at least $200\n"
    )
    return "".join(out)


def one_team(data: dict, team: str) -> dict:
    """The audit of one team: its suspensions, serving, violations, forfeits, fines and
    affiliates (the rest of the document as it is)."""
    out = dict(data)
    for key in ("suspensions", "serving", "violations", "forfeits", "fines", "audit_suspensions"):
        if key in out:
            out[key] = [x for x in out[key] if x.get("team") == team]
    if "affiliate_obligations" in out:
        out["affiliate_obligations"] = [
            x for x in out["affiliate_obligations"] if team in (x.get("team"), x.get("registered_team"))
        ]
    return out


VIOLATION_FIELDS = ["date", "game", "team", "person", "rule", "kind", "message"]


def violations_csv(data: dict) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(VIOLATION_FIELDS)
    for v in data["violations"]:
        writer.writerow([v[k] if v[k] is not None else "" for k in VIOLATION_FIELDS])
    return buf.getvalue()


def _either(side: dict | None) -> str:
    if side is None:
        return "-"
    return games_text(side["games"], side["indefinite"])


def _diff_rows(data: dict) -> list:
    names = team_labels(data.get("team_names", {}))
    rows = []
    for c in data["changes"]:
        why = []
        if c["rules_added"]:
            why.append("+" + " +".join(c["rules_added"]))
        if c["rules_removed"]:
            why.append("-" + " -".join(c["rules_removed"]))
        if c["rules_changed"]:
            why.append("~" + " ~".join(c["rules_changed"]))
        rows.append(
            [
                c["date"],
                c["game"],
                names.get(c["team"]) or c["team"],
                c["person"],
                c["name"],
                c["change"],
                _either(c["before"]),
                _either(c["after"]),
                " ".join(why),
            ]
        )
    return rows


DIFF_HEADERS = ["date", "game", "team", "person", "name", "change", "before", "after", "rules that differ"]


def _totals_rows(data: dict) -> list:
    def cell(t: dict) -> str:
        return f"{t['suspensions']} / {t['games']} / {t['indefinite']}"

    names = team_labels(data.get("team_names", {}))
    rows = [[names.get(t) or t, cell(v["before"]), cell(v["after"])] for t, v in data["totals"]["teams"].items()]
    lg = data["totals"]["league"]
    rows.append(["league", cell(lg["before"]), cell(lg["after"])])
    return rows


def _md_cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown_table(headers: list, rows: list) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def indefinite_changes(changes: list) -> int:
    """How many of a diff's suspensions whose games change are indefinite (on the side that has
    them: after, else before): their games count in the headline at their minimum."""
    return sum(1 for c in changes if c["games_change"] and (c["after"] or c["before"] or {}).get("indefinite"))


def indefinite_words(n: int) -> str:
    """What the headline's games include: "including 1 indefinite suspension awaiting a league
    decision (at its minimum)"; nothing where there is none."""
    if not n:
        return ""
    return (
        f"including {plural(n, 'indefinite suspension')} awaiting a league decision "
        f"({'at its' if n == 1 else 'at their'} minimum)"
    )


def headline_text(data: dict) -> str:
    """The diff's headline in one sentence."""
    h = data["headline"]
    including = indefinite_words(indefinite_changes(data["changes"]))
    return (
        f"{plural(h['suspensions_added'], 'suspension')} added and {h['suspensions_removed']} removed; "
        f"{plural(h['games_added'], 'game')} added and {h['games_removed']} removed"
        + (f", {including}" if including else "")
        + f"; {plural(h['persons_affected'], 'person')} whose games change; "
        f"{plural(h['suspensions_changing_rules_only'], 'suspension')} where only the rules cited change.\n"
    )


def _diff_report(data: dict, tabulate, heading: str, empty: str, totals: str, sub) -> str:
    names = data.get("team_names", {})
    games = {"changes": [c for c in data["changes"] if c["games_change"]], "team_names": names}
    rules = {"changes": [c for c in data["changes"] if not c["games_change"]], "team_names": names}
    out = [heading, headline_text(data), sub("Suspensions whose games change")]
    out.append(tabulate(DIFF_HEADERS, _diff_rows(games)) if games["changes"] else empty)
    out.append(sub("Same games, other rules cited"))
    out.append(tabulate(DIFF_HEADERS, _diff_rows(rules)) if rules["changes"] else empty)
    out += [totals, tabulate(["team", "before", "after"], _totals_rows(data))]
    return "".join(out)


def _side(side: dict) -> str:
    """A side of a diff: its name, and the date a proposal is in force from."""
    return side["name"] + (f" (in force for games from {side['effective']})" if side.get("effective") else "")


def diff_table(data: dict, width: int | None = None) -> str:
    def fitted(headers: list, rows: list) -> str:
        return table(headers, rows, width=width, drop=("team", "date", "name"))

    return _diff_report(
        data,
        fitted,
        f"{data['league']} {data['season']}: {_side(data['before'])} -> {_side(data['after'])}\n\n",
        "none\n",
        "\nTotals (suspensions / games / indefinite; + rule added, - removed, ~ changed)\n",
        lambda title: f"\n{title}\n",
    )


def diff_markdown(data: dict) -> str:
    return _diff_report(
        data,
        markdown_table,
        f"## {data['league']} {data['season']}: {_side(data['before'])} → {_side(data['after'])}\n\n",
        "None.\n",
        "\n### Totals (suspensions / games / indefinite)\n\n",
        lambda title: f"\n### {title}\n\n",
    )
