"""`hockeyrules rules`: the catalog as the engine has it, and what a proposal changes."""

from __future__ import annotations

import re

from hockeyrules.engine.catalog import catalog, value_of
from hockeyrules.engine.rulebook import excerpt
from hockeyrules.engine.rulebookfile import chosen, layer_words
from hockeyrules.engine.rulebookfile import in_force as rulebook_in_force
from hockeyrules.model.policy import Policy
from hockeyrules.views.wording import games_short


def _value(v: dict | None) -> str:
    if v is None:
        return "n/a"
    return games_short(v["games"], v["indefinite"])


def rule_order(rid: str) -> tuple:
    """A rule id as people read its number: hc:4.8(c) before hc:10.4(e), hc:7.10(b)/2
    before hc:7.10(b)/10 (numbers compared as numbers, before any word)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", rid) if part)


def listing(proposal=None, policy=None) -> dict:
    """Every row; the readings in force (`policy`, with a proposal's over it); what a proposal changes."""
    book = catalog()
    book_in_force = chosen() or rulebook_in_force()
    policy = policy or Policy()
    rows = []
    for rid in sorted(book.rows, key=rule_order):
        row = book.rows[rid]
        when = []
        if row.triggers:
            when.append(" or ".join(row.triggers))
        if row.requires:
            when.append("with " + " + ".join(row.requires))
        when += row.conditions
        if row.ladder:
            when.append(f"rung {row.rung} of {row.ladder}")
        entry = {
            "id": rid,
            "layer": row.layer,
            "when": ", ".join(when) or "(computed in its file)",
            "games": _value(row.base),
            "late": _value(row.late),
            "combines": "adds" if row.additive else "overlaps",
            "rulebook": excerpt(rid) or "",
            "part_of": layer_words(rid, book_in_force),
        }
        rows.append(entry)
    in_force = policy if proposal is None else proposal.apply_policy(policy)
    out = {
        "format": "hockeyrules/rules@1",
        "rulebook": {"name": book_in_force.name, "source": book_in_force.key, "layers": book_in_force.layers()},
        "rows": rows,
        "thresholds": {k: {"after": a, "every": e} for k, (a, e) in book.thresholds.items()},
        "readings": {k: _policy_text(v) for k, v in in_force.to_dict().items()},
    }
    if proposal is not None:
        changes = []
        for rid, change in sorted(proposal.rows.items()):
            row = book.rows[rid]
            if "base" in change:
                changes.append(
                    {"id": rid, "what": "games", "before": _value(row.base), "after": _value(value_of(change["base"]))}
                )
            if "late" in change:
                changes.append(
                    {"id": rid, "what": "late", "before": _value(row.late), "after": _value(value_of(change["late"]))}
                )
        for stem, rungs in sorted(proposal.ladders.items()):
            before = ", ".join(f"{n}: {_value(book.rows[i].base)}" for n, i in sorted(book.ladders[stem].items()))
            after = ", ".join(f"{n}: {_value(value_of(v['base']))}" for n, v in sorted(rungs.items()))
            changes.append({"id": stem, "what": "ladder", "before": before, "after": after})
        for rid, (a, e) in sorted(proposal.thresholds.items()):
            ba, be = book.thresholds[rid]
            changes.append(
                {"id": rid, "what": "marks", "before": f"after {ba}, every {be}", "after": f"after {a}, every {e}"}
            )
        for rid in proposal.repeal:
            changes.append({"id": rid, "what": "repealed", "before": "in force", "after": "repealed"})
        for rule in proposal.rules:
            changes.append({"id": rule.id, "what": f"new rule ({rule.layer})", "before": "-", "after": rule.text})
        current = policy
        for key, value in sorted(proposal.policy.items()):
            changes.append(
                {
                    "id": "policy",
                    "what": key,
                    "before": _policy_text(getattr(current, key)),
                    "after": _policy_text(value),
                }
            )
        out["proposal"] = {
            "name": proposal.name,
            "changes": changes,
            **({"effective": proposal.effective} if proposal.effective else {}),
        }
    return out


def _policy_text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
