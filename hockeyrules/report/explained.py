"""The explanations a page carries as data (its `xdata` block): one entry per row, keyed by
the row's address, each a list of trees the script shows when "why" is pressed, and the
rulebook's words of every rule cited, once per page (`quotes`)."""

from __future__ import annotations

from hockeyrules.engine.rulebook import excerpt
from hockeyrules.views.explain import audit_suspension_node, serving_node, violation_node
from hockeyrules.views.wording import rule_title


def slim(node: dict) -> dict:
    """A tree as the script shows it: kind, text, rule id, season file line, children (the
    rulebook's words travel once per page, in the block's `quotes`)."""
    out = {k: node[k] for k in ("kind", "text", "rule", "line") if node.get(k) is not None}
    if node.get("children"):
        out["children"] = [slim(c) for c in node["children"]]
    return out


def rules_in(nodes: list, out: set) -> set:
    todo = list(nodes)
    while todo:
        n = todo.pop()
        if n.get("rule"):
            out.add(n["rule"])
        todo += n.get("children", [])
    return out


def quotes(texts: dict, entries: dict, league: str | None = None) -> dict:
    """The rulebook's words (a proposal's where it rewrites them) of every rule the entries cite;
    the entries' trees slimmed in place. Each rule's title on hover (wording.rule_title) goes
    into the entries, as their `titles`."""
    for shared in PAGE_KEYS:  # (a page's own, made again here: another's merged in would be stale)
        entries.pop(shared, None)
    rules: set = set()
    for x in entries.values():
        rules_in(x["nodes"], rules)
    found = {r: texts.get(r) or excerpt(r) for r in sorted(rules)}
    for x in entries.values():
        x["nodes"] = [slim(n) for n in x["nodes"]]
    entries["titles"] = {r: rule_title(r, q, league) for r, q in found.items()}
    return {r: q for r, q in found.items() if q}


# The keys of a page's block that are not a row's explanation: the rules' words and titles.
PAGE_KEYS = ("quotes", "titles")


def suspension_entries(data, anchors, s: dict, out: dict) -> None:
    """A suspension's explanation and, where the audit ran, how it was served."""
    anchor = anchors.get("s", s["person"], s["game"])
    tree = data.trees.get((s["person"], s["game"]))
    if tree is not None:
        out[anchor] = {"nodes": [tree.to_dict()]}
    sv = data.serving_of.get((s["person"], s["game"], None))
    if sv is not None:
        out[f"sv-{anchor}"] = {"title": "Serving", "nodes": [serving_node(data.words, sv).to_dict()]}


def audit_entries(data, out: dict, rows: dict) -> None:
    """Explanations of the audit's rows (`rows`: key -> rows with their index n)."""
    for v in rows.get("violations", []):
        out[f"v-{v['n']}"] = {"nodes": [violation_node(data.words, v).to_dict()]}
    for s in rows.get("audit_suspensions", []):
        team = s["components"][0]["team_event"]
        nodes = [audit_suspension_node(data.words, s, data.used_108.get((s["game"], team), []))]
        sv = data.serving_of.get((s["person"], s["game"], "league:10.08"))
        if sv is not None:
            nodes.append(serving_node(data.words, sv))
        out[f"a-{s['n']}"] = {"nodes": [n.to_dict() for n in nodes]}


def penalty_node(data, kind: str, f: dict) -> dict:
    """A forfeit (`kind` "f") or a fine ("i") with the violations that caused it."""
    g = data.games_by_id[f["game"]]
    words, people = data.words, data.season.people
    team = words.team(f["team"])
    if kind == "f":
        used = ", ".join(f"{words.person(p)} ({p})" if p in people and people[p].name else p for p in f["persons"])
        text = f"{team} forfeits {f['game']} ({f['date']}): it used {used} while ineligible"
    else:
        text = (
            f"{team} is fined at least ${f['minimum']} {f['currency']} for {f['game']} "
            f"({f['date']}): one fine per team and game that used an ineligible person"
        )
    return {
        "kind": "forfeit" if kind == "f" else "fine",
        "text": text,
        "rule": f["rule"],
        "where": g.where,
        "line": g.line,
        "children": [
            {"kind": "violation", "text": words.violation(v), "rule": v["rule"]}
            for v in data.violations_by_game.get((f["game"], f["team"], f["rule"]), [])
        ],
    }
