"""Justification trees as text (a terminal tree), JSON and Markdown."""

from __future__ import annotations

import re
import textwrap

_PATH = re.compile(r"(\w+)\[(\d+)\]")


def source_name(source: str | None) -> str:
    """A season's file as a reader names it: its file name (season.yaml), not its path."""
    if not source or source.startswith("<"):
        return "season file"
    return source.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


_CSV = re.compile(r"^([^,]+\.csv), ")


def place(node: dict, file: str | None = None) -> str:
    """Where a node's fact is, for a person: the file and its line (incidents.csv line 804,
    season.yaml line 17068), else its position in the file counted from 1
    (games[3].incidents[0] -> game 4, incident 1). `file`: the season's file name. JSON
    keeps `where` as is."""
    where = node.get("where") or ""
    if node.get("line"):
        csv = _CSV.match(where)
        return f"{csv.group(1) if csv else file or 'season file'} line {node['line']}"
    if not where:
        return ""
    return ", ".join(f"{name.rstrip('s')} {int(n) + 1}" for name, n in _PATH.findall(where)) or where


def _location(node: dict, file: str | None = None) -> str:
    at = place(node, file)
    return f"  [{at}]" if at else ""


def text_tree(nodes: list[dict], width: int = 100, file: str | None = None) -> str:
    """A tree readable at `width` columns; long lines wrap under their branch."""
    out: list[str] = []

    def walk(node: dict, prefix: str, last: bool, top: bool) -> None:
        branch = "" if top else ("└─ " if last else "├─ ")
        cont = "" if top else ("   " if last else "│  ")
        text = " ".join(node["text"].split()) + _location(node, file)
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


def markdown(nodes: list[dict], file: str | None = None) -> str:
    """Nested lists, for pasting into a ruling."""
    out: list[str] = []

    def walk(node: dict, depth: int) -> None:
        text = " ".join(node["text"].split()).replace("*", "\\*").replace("_", "\\_")
        at = place(node, file)
        loc = f" ({at})" if at else ""
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
