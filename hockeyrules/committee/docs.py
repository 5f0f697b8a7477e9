"""docs/rules.md, written from the encoding itself: every rule id with the rulebook
words quoted beside its rule in asp/*.lp, its trigger, games and late value as the
tables hold them, and the readings as their register (policy.READINGS) has them. The
committed page is checked against this output (tests/test_docs.py), so it cannot
drift from the rules.

    python -m hockeyrules.committee.docs > docs/rules.md      (or: hockeyrules rules --format markdown)
"""

from __future__ import annotations

from importlib import resources

from hockeyrules.engine.catalog import catalog
from hockeyrules.engine.rulebook import parse_excerpts
from hockeyrules.engine.rulebookfile import chosen, in_force
from hockeyrules.engine.solver import ENCODING, encoding_text
from hockeyrules.views.wording import games_short

# The files that hold rules, in the order a reader meets them, with their headings.
SECTIONS = {
    "hc_section1_maltreatment.lp": "Hockey Canada, Section 1: maltreatment (players and team officials)",
    "hc_section2_majors.lp": "Hockey Canada, Section 2: major penalties",
    "hc_section3_match.lp": "Hockey Canada, Section 3: match penalties",
    "hc_section4_fighting.lp": "Hockey Canada, Section 4: fighting",
    "hc_section5_other.lp": "Hockey Canada, Section 5: other",
    "hm_checking_from_behind.lp": "Hockey Manitoba: checking from behind",
    "league.lp": "The league's by-laws",
    "combination.lp": "How the two parts combine",
    "audit_serving.lp": "Serving and league decisions (the audit)",
    "audit_eligibility.lp": "Eligibility (the audit)",
}


INTRO = """\
# The rules: every rule id, its words, and how the parts combine

<!-- Written by `python -m hockeyrules.committee.docs` from the encoding (asp/*.lp): do not
edit by hand; change the encoding and run it again (tests/test_docs.py checks). -->

Every provision of the rulebook that the engine formalises has an **id**.
Results, explanations and proposals cite rules by these ids, exactly as written.
`hc:` ids are Hockey Canada's minimum suspensions, `hm:` ids Hockey Manitoba's
regulations (together: the **Hockey Canada part** of a suspension), and
`league:` ids the league's By-Law 10 (the **league part**). A proposal that adds
a rule gives it a new id; ids are never reused.

For each id below: the rulebook's own words (quoted beside the rule in the
encoding file named in the heading), when it fires, the games it gives, and the
games when the line is **late** ("n/a": lateness changes nothing). A rule that
**adds** is a sanction of its own; one that **overlaps** shares its line with the
other rules of its part (the largest counts). `hockeyrules rules` prints the same
table, and `hockeyrules rules --proposal FILE` what a proposal changes.

## Words used

- **line** (incident): one line of a game sheet for one person or one team:
  an infraction and the penalties assessed on it.
- **late**: in the last minutes of regular time (the reading
  `late_window_minutes`, 10 by default; at exactly that time remaining
  included), in overtime, or after the game. Never before the game.
- **season order**: games by date, then start time (a game without one first),
  then file order; the lines of a game by period (before the game, 1, 2, 3,
  overtime, after the game), then time played, then sheet order. "The Nth"
  counts the person's qualifying lines of the season in this order, the
  current one included.
- **head coach**: every person of the team with the role head coach, only those
  dressed for the game where the game lists who dressed.
- **player**: a person with the role player. The games-giving rows of By-Law 10
  apply to players only (reading `league_persons`).
- **in league play**: a line of a regular-season or playoff game. By-Law 10's
  rows fire only on these and count only these (reading `league_games`); the
  Hockey Canada and Hockey Manitoba rows read every game, exhibitions included.
- **team line**: a line naming a team and no person (a bench penalty). It gives
  no suspension of its own; the coach rows count it with the team's lines.
- **indefinite**: suspended until the league decides, with a minimum number of
  games (0 where the rule names none).
- **misconduct-class penalties**: every misconduct, game misconduct, gross
  misconduct and match penalty, each counting once (a line with two counts two).
"""

COMBINING = """\
## How the parts of a suspension combine

Each rule that fires for a person gives a **component**: its id, its part, its
games (or indefinite with a minimum), the line it came from (or the team's
game, for the coach rows), and whether a late value was used. A person's
components from one game make **one suspension**, citing every component.

1. **Overlap within a part, per line**: components of one line from rules of
   the same part overlap, and the largest counts (a repeat-offence rung and its
   base row; hc:7.5(b) and hm:7.5/major; league:10.02 and league:10.06/N).
   An indefinite component takes part at its minimum.
2. **Added**: the rules marked "adds" in the tables above (hc:4.8(c), hc:4.9(b),
   league:10.04, league:10.05/N, league:10.06B and the coach rows), and the
   components of different lines.
3. **Counted once** (reading `late_game_counted_once`): hc:4.8(c) and
   hc:4.9(b) add their late game only where no Hockey Canada or Hockey
   Manitoba component of the same line already used a late value.
4. **The two parts** (reading `layers`, By-Law 10.01A): the Hockey Canada part
   plus the league part; with `max`, the larger of the two.
5. **Indefinite**: where any component is indefinite, the suspension is
   indefinite, with the total of the minimums as its minimum.
6. A total of 0 that is not indefinite is no suspension; its components still
   say why not (`hockeyrules explain --game ID --incident N`).

Worked example: a player's second Section 2 major, boarding, major and game
misconduct with 6:30 left in the third period. Hockey Canada part: hc:7.2(b)
late 2 and hc:s2-majors/2 late 3 overlap, 3; hc:4.8(c) does not add (a late
value was used). League part: league:10.02 late 2. Total 3 + 2 = 5 games.
"""


def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _games(v: dict | None) -> str:
    if v is None:
        return "n/a"
    return games_short(v["games"], v["indefinite"])


def _when(row) -> str:
    parts = []
    if row.triggers:
        parts.append(" or ".join(f"`{t}`" for t in row.triggers))
    if row.requires:
        parts.append("with " + " + ".join(f"`{r}`" for r in row.requires))
    parts += row.conditions
    if row.ladder:
        parts.append(
            f"offence {row.rung} of {row.ladder}"
            + (" or later" if row.rung == max(catalog().ladders[row.ladder]) else "")
        )
    return ", ".join(parts) or "see the rulebook's words"


def _rule_files() -> list[str]:
    names = sorted(p.name for p in resources.files("hockeyrules.asp").iterdir() if p.name.endswith(".lp"))
    ordered = [n for n in SECTIONS if n in names]
    return (
        ordered
        + [n for n in ENCODING if n not in ordered]
        + [n for n in names if n not in ordered and n not in ENCODING]
    )


def rules_markdown() -> str:
    book = catalog()
    out = [INTRO]
    seen: set = set()
    for name in _rule_files():
        quoted = parse_excerpts(encoding_text(name))
        if name == "league.lp":  # the league's rows and words are its rulebook file's
            quoted = {rid: words for rid, words in (chosen() or in_force()).texts().items() if rid in book.rows}
        ids = [rid for rid in quoted if rid not in seen]
        if not ids:
            continue
        seen.update(ids)
        heading = SECTIONS.get(name, name)
        out.append(f"\n## {heading}\n\n(`asp/{name}`)\n\n")
        out.append("| id | the rulebook's words | fires on | games | late | combines |\n|---|---|---|---|---|---|\n")
        for rid in sorted(ids, key=_id_order):
            row = book.rows.get(rid)
            if row is None:
                out.append(f"| `{rid}` | {_md(quoted[rid])} | see the words (audit or combination) | – | – | – |\n")
                continue
            out.append(
                f"| `{rid}` | {_md(quoted[rid])} | {_md(_when(row))} | {_games(row.base)} | "
                f"{_games(row.late)} | {'adds' if row.additive else 'overlaps'} |\n"
            )
    unquoted = sorted(set(book.rows) - seen, key=_id_order)
    if unquoted:
        out.append("\n## Rows without a quote in the encoding\n\n| id | fires on | games | late |\n|---|---|---|---|\n")
        for rid in unquoted:
            row = book.rows[rid]
            out.append(f"| `{rid}` | {_md(_when(row))} | {_games(row.base)} | {_games(row.late)} |\n")
    if book.thresholds:
        out.append("\n## Penalty-minute marks\n\n")
        for rid, (after, every) in sorted(book.thresholds.items()):
            out.append(
                f"- `{rid}`: one game each time a player's season penalty minutes pass {after}, "
                f"then every {every} more ({after}, {after + every}, {after + 2 * every}, …).\n"
            )
    out.append("\n" + COMBINING)
    out.append(
        "\n## Readings\n\nWhere the rulebook can be read more than one way, the reading is named, one "
        "value is the default, and the others can be chosen (`--reading NAME=VALUE` on the commands, a "
        "proposal's `policy`); `hockeyrules readings SEASON` shows whose suspensions depend on each. "
        "Every result reports the readings it used in its `policy`.\n\n"
    )
    from hockeyrules.committee.readings import markdown_register  # one register: `hockeyrules readings` reads it too

    out.append(markdown_register())
    return "".join(out)


def _id_order(rid: str) -> tuple:
    """hc:7.2(b) before hc:7.10(b): numbers compared as numbers."""
    import re

    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", rid))


def main() -> None:
    import sys

    sys.stdout.write(rules_markdown())


if __name__ == "__main__":
    main()
