"""Justification trees as text (a terminal tree), JSON and Markdown."""

from __future__ import annotations

import re
import textwrap

_PATH = re.compile(r"(\w+)\[(\d+)\]")


def place(node: dict) -> str:
    """Where a node's fact is, for a person: the season file's line, else its position in the
    file counted from 1 (games[3].incidents[0] -> game 4, incident 1). JSON keeps `where` as is."""
    if node.get("line"):
        return f"season file line {node['line']}"
    where = node.get("where")
    if not where:
        return ""
    return ", ".join(f"{name.rstrip('s')} {int(n) + 1}" for name, n in _PATH.findall(where)) or where


def _location(node: dict) -> str:
    at = place(node)
    return f"  [{at}]" if at else ""


def text_tree(nodes: list[dict], width: int = 100) -> str:
    """A tree readable at `width` columns; long lines wrap under their branch."""
    out: list[str] = []

    def walk(node: dict, prefix: str, last: bool, top: bool) -> None:
        branch = "" if top else ("└─ " if last else "├─ ")
        cont = "" if top else ("   " if last else "│  ")
        text = " ".join(node["text"].split()) + _location(node)
        first = prefix + branch
        rest = prefix + cont + ("│  " if node.get("children") else "   ")
        avail = max(30, width - len(first))
        lines = textwrap.wrap(text, avail, break_on_hyphens=False) or [""]
        out.append(first + lines[0])
        for line in textwrap.wrap(" ".join(lines[1:]), max(30, width - len(rest)), break_on_hyphens=False):
            out.append(rest + line)
        kids = node.get("children", [])
        for n, child in enumerate(kids):
            walk(child, prefix + cont, n == len(kids) - 1, False)

    for n, node in enumerate(nodes):
        if n:
            out.append("")
        walk(node, "", True, True)
    return "\n".join(out) + "\n"


def markdown(nodes: list[dict]) -> str:
    """Nested lists, for pasting into a ruling."""
    out: list[str] = []

    def walk(node: dict, depth: int) -> None:
        text = " ".join(node["text"].split()).replace("*", "\\*").replace("_", "\\_")
        loc = f" ({place(node)})" if place(node) else ""
        if depth == 0:
            out.append(f"### {text}{loc}\n")
        else:
            out.append("  " * (depth - 1) + f"- {text}{loc}")
        for child in node.get("children", []):
            walk(child, depth + 1)
        if depth == 0:
            out.append("")

    for node in nodes:
        walk(node, 0)
    return "\n".join(out).rstrip() + "\n"
