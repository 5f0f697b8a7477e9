"""`hockeyrules readings`: every reading of the catalog and, for a season, whose
suspensions depend on it.

The register is hockeyrules/model/policy.py's READINGS (the data the engine turns into
policy facts); a reading's effect on a season is two evaluations compared person
by person (hockeyrules/committee/diff.py), once for each of its other values, against
the season under the defaults evaluated once.
"""

from __future__ import annotations

from hockeyrules.committee.diff import diff
from hockeyrules.engine.run import as_proposal, as_season, evaluate
from hockeyrules.model.policy import READINGS, Policy
from hockeyrules.views.wording import games_short, plural

FORMAT = "hockeyrules/readings@1"


def register() -> list[dict]:
    """Each reading: the provision, the rulebook's words, the default and the other values."""
    return [
        {
            "reading": r.name,
            "provision": r.provision,
            "rulebook": r.words,
            "default": r.default,
            "default_means": r.meaning(r.default),
            "other_values": r.other_values_text(),
            "values": list(r.values) if r.values else {"minimum": r.low, "maximum": "the period length"},
        }
        for r in READINGS
    ]


def effect(season, name: str, value, base: Policy | None = None, proposal=None, current: dict | None = None) -> dict:
    """What setting one reading to `value` changes in a season, and for whom. `current`:
    the season's result under `base` (Result.to_dict()), when the caller has it already."""
    base = base or Policy()
    data = diff(season, proposal, proposal, base, base.with_readings({name: value}), before_result=current)
    changes = data["changes"]
    before, after = data["totals"]["league"]["before"], data["totals"]["league"]["after"]
    return {
        "value": value,
        "persons": len({c["person"] for c in changes}),
        "suspensions": len(changes),
        "games": {"before": before["games"], "after": after["games"]},
        "who": [
            {
                "person": c["person"],
                "name": c["name"],
                "role": c["role"],
                "game": c["game"],
                "change": c["change"],
                "before": _games(c["before"]),
                "after": _games(c["after"]),
            }
            for c in changes
        ],
    }


def readings(season=None, proposal=None) -> dict:
    """The register; with a season, each other value's effect on it."""
    out: dict = {"format": FORMAT, "readings": register()}
    if season is not None:
        season, proposal = as_season(season), as_proposal(proposal)
        out["league"], out["season"] = season.league, season.season
        # the season under the defaults, once: every other value is compared with it
        current = evaluate(season, Policy(), proposal=proposal).to_dict()
        for entry, r in zip(out["readings"], READINGS):
            # a late window is at most the period length
            values = [v for v in r.others if r.values or v <= season.settings.period_minutes]
            entry["effects"] = [effect(season, r.name, v, proposal=proposal, current=current) for v in values]
    return out


def _games(side: dict | None) -> str | None:
    if side is None:
        return None
    return games_short(side["games"], side["indefinite"])


# --------------------------------------------------------------------------- words


def _value(r, v) -> str:
    return r.text(v) if not isinstance(v, dict) else r.known()


def _rows(data: dict) -> list[list[str]]:
    by_name = {r.name: r for r in READINGS}
    rows = []
    for e in data["readings"]:
        r = by_name[e["reading"]]
        rows.append(
            [
                f"`{e['reading']}`",
                e["provision"],
                f'"{e["rulebook"]}"',
                f"`{r.text(e['default'])}`: {e['default_means']}",
                e["other_values"],
            ]
        )
    return rows


HEADERS = ["reading", "provision", "the rulebook's words", "default", "other values"]


def markdown_register(data: dict | None = None) -> str:
    """The register as a Markdown table (docs/rules.md's readings table is exactly this)."""
    # (here: start-up time: only for markdown)
    from hockeyrules.views.render import markdown_table

    return markdown_table(HEADERS, _rows(data or readings()))


def _effect_lines(data: dict, bullet: str) -> list[str]:
    by_name = {r.name: r for r in READINGS}
    lines = []
    for e in data["readings"]:
        r = by_name[e["reading"]]
        for x in e.get("effects", []):
            head = f"{e['reading']}={r.text(x['value'])} ({r.meaning(x['value'])}): "
            if not x["suspensions"]:
                lines.append(f"{bullet}{head}changes nothing in this season")
                continue
            lines.append(
                f"{bullet}{head}{plural(x['persons'], 'person')}, {plural(x['suspensions'], 'suspension')} change; "
                f"suspension games {x['games']['before']} -> {x['games']['after']}"
            )
            for w in x["who"]:
                was = "none" if w["before"] is None else w["before"]
                now = "none" if w["after"] is None else w["after"]
                lines.append(
                    f"    {bullet}{w['name']} [{w['person']}, {w['role'].replace('_', ' ')}], "
                    f"game {w['game']}: {was} -> {now}"
                )
    return lines


def as_table(data: dict, width: int | None = None) -> str:
    """For the terminal: one block per reading (the rulebook's words are too long for columns),
    long lines wrapped to `width` where one is given."""
    by_name = {r.name: r for r in READINGS}
    effects: dict = {}
    if "league" in data:
        for line in _effect_lines(data, "- "):
            if not line.startswith(" "):
                effects.setdefault(line[2:].split("=", 1)[0], []).append(line)
            else:
                effects[list(effects)[-1]].append(line)
    out = []
    for e in data["readings"]:
        r = by_name[e["reading"]]
        out.append(f"{e['reading']}: {e['provision']}")
        out.append(f'  rulebook: "{e["rulebook"]}"')
        out.append(f"  default: {r.text(e['default'])} ({e['default_means']})")
        out.append(f"  other values: {e['other_values']}")
        if "league" in data:
            out.append(f"  in {data['league']} {data['season']}:")
            out += [f"    {line}" for line in effects.get(e["reading"], [])]
        out.append("")
    if width:
        import textwrap

        wrapped = []
        for line in out:
            indent = " " * (len(line) - len(line.lstrip(" -")) + (2 if line.lstrip().startswith("- ") else 0))
            wrapped += textwrap.wrap(
                line, width=max(width, 40), subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
            ) or [""]
        out = wrapped
    return "\n".join(out)


def as_markdown(data: dict) -> str:
    out = "## Readings\n\n" + markdown_register(data)
    if "league" in data:
        out += f"\n### What each other value would change in {data['league']} {data['season']}\n\n"
        out += "\n".join(_effect_lines(data, "- ")) + "\n"
    return out
