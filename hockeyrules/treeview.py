"""Justification trees as text (a terminal tree), JSON and Markdown."""

from __future__ import annotations

import textwrap


def _location(node: dict) -> str:
    if not node.get("where"):
        return ""
    return f"  [{node['where']}" + (f", line {node['line']}]" if node.get("line") else "]")


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
        loc = f" (`{node['where']}`" + (f", line {node['line']})" if node.get("line") else ")") \
            if node.get("where") else ""
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
