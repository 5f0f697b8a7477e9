"""The package's layering (docs/architecture.md's one rule), read from the source with `ast`.

The stages, bottom to top: model < read < facts < engine < views < office < committee
< report < cli (a subpackage counts as its stage). A stage imports only from the stages
below it and its own; the package's front (hockeyrules/__init__.py, __main__.py,
types.py) may import anything. Every import counts, at module level or inside a
function, except those under `if TYPE_CHECKING:` (never run).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hockeyrules"
STAGES = ["model", "read", "facts", "engine", "views", "office", "committee", "report", "cli"]
# Importable from any stage: the version (hockeyrules/__init__.py imports nothing
# when it is loaded: its names are imported when first used), the kinds of input
# (types.py: names only) and the encoding's files (asp/: no code).
ANYWHERE = {"hockeyrules", "hockeyrules.types", "hockeyrules.asp"}

# Known exceptions, each with its reason. Keep this short: fix, then delete the line.
ALLOWED_CYCLES: set = set()
ALLOWED_PRIVATE: set = set()


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


class Import:
    def __init__(self, module: str, target: str, names: list, line: int, in_function: bool):
        self.module, self.target, self.names, self.line, self.in_function = module, target, names, line, in_function


def _is_type_checking(node: ast.If) -> bool:
    return ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def imports_of(module: str, path: Path) -> tuple[list[Import], list[tuple]]:
    """The module's imports of hockeyrules' own modules, and the private names it reads
    as attributes of a module it imported (`parts._solve_streamed`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[Import] = []
    aliases: dict[str, str] = {}  # name bound in this module -> the hockeyrules module it is
    attributes: list[tuple] = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def add(target: str, names: list, node: ast.stmt, depth: int, bound: str | None) -> None:
        found.append(Import(module, target, names, node.lineno, depth > 0))
        if bound is not None:
            aliases[bound] = target

    def visit(node: ast.AST, depth: int) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other, depth)
                continue
            inner = depth + isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.split(".")[0] == "hockeyrules":
                        add(a.name, [], child, depth, a.asname)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                if source.split(".")[0] != "hockeyrules":
                    continue
                for a in child.names:
                    full = f"{source}.{a.name}"
                    if full in MODULES:  # a module: `from hockeyrules.engine import parts`
                        add(full, [], child, depth, a.asname or a.name)
                    else:
                        add(source, [a.name], child, depth, None)
            elif (
                isinstance(child, ast.Attribute)
                and isinstance(child.value, ast.Name)
                and child.value.id in aliases
                and child.attr.startswith("_")
                and not child.attr.startswith("__")
            ):
                attributes.append((module, aliases[child.value.id], child.attr))
            visit(child, inner)

    visit(tree, 0)
    return found, attributes


@functools.cache
def _scan() -> tuple[list[Import], list[tuple]]:
    """Every module's imports and private attributes read: when a test first asks, not
    as the file is collected (each pytest-xdist worker collects every file)."""
    found: list[Import] = []
    read: list[tuple] = []
    for name, path in MODULES.items():
        imports, attributes = imports_of(name, path)
        found += imports
        read += attributes
    return found, read


def all_imports() -> list[Import]:
    return _scan()[0]


def private_attributes() -> list[tuple]:
    return _scan()[1]


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for imp in all_imports():
        if imp.target in MODULES and imp.target != imp.module:
            graph[imp.module].add(imp.target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[frozenset]:
    """The strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def _stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in STAGES else None


def test_the_reader_of_imports_sees_the_imports_it_must_judge():
    """(The checks below pass trivially if nothing is found.)"""
    assert len(MODULES) > 60 and len(all_imports()) > 300
    assert any(i.in_function for i in all_imports()) and any(not i.in_function for i in all_imports())
    graph = _graph()
    assert "hockeyrules.engine.once" in graph["hockeyrules.engine.run"]  # from-import of names
    assert "hockeyrules.engine.parts" in graph["hockeyrules.engine.run"]  # inside a function
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_the_import_graph_has_no_cycle():
    cycles = [sorted(c) for c in _cycles(_graph()) if c not in ALLOWED_CYCLES]
    assert cycles == []


def test_each_stage_imports_only_from_the_stages_below_it():
    upward = []
    for imp in all_imports():
        here, there = _stage(imp.module), _stage(imp.target)
        if here is None:  # the package's front: anything
            continue
        if there is None:
            if imp.target not in ANYWHERE:
                upward.append(f"{imp.module}:{imp.line} imports the front module {imp.target}")
            continue
        if STAGES.index(there) > STAGES.index(here):
            upward.append(f"{imp.module}:{imp.line} ({here}) imports {imp.target} ({there})")
    assert upward == []


def test_no_private_name_is_used_outside_its_module():
    used = {
        (i.module, i.target, n) for i in all_imports() for n in i.names if n.startswith("_") and not n.startswith("__")
    }
    used |= {(m, target, name) for m, target, name in private_attributes() if target != m}
    assert sorted(used - ALLOWED_PRIVATE) == []


def test_every_import_inside_a_function_says_why_it_is_there():
    """An import inside a function is for start-up time (a command loads only what it
    needs: tests/test_imports.py), an optional dependency, or a process of its own: a
    comment on its line or the line above (above a group of imports: the group's) says
    which."""
    silent = []
    lines = {m: p.read_text(encoding="utf-8").splitlines() for m, p in MODULES.items()}
    for imp in all_imports():
        if not imp.in_function:
            continue
        text = lines[imp.module]
        above = imp.line - 1
        while above >= 1 and text[above - 1].strip().startswith(("import ", "from ")):
            above -= 1  # a group of imports: the note above the first is for them all
        if "#" not in text[imp.line - 1] and not (above >= 1 and "#" in text[above - 1]):
            silent.append(f"{MODULES[imp.module].relative_to(ROOT)}:{imp.line}")
    assert silent == []


@pytest.mark.parametrize(
    "what",
    [
        "multiprocessing",  # processes, pools, pipes
        "subprocess",
        "gc",
    ],
)
def test_only_the_engines_parallel_package_starts_processes_and_only_collection_touches_the_collector(what):
    """engine/parallel/ is the one folder whose code starts a process; model/collection.py
    the one module that pauses or freezes the cycle collector."""
    allowed = "hockeyrules.model.collection" if what == "gc" else "hockeyrules.engine.parallel"
    users = set()
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os":
                names = ["multiprocessing"] if node.attr in ("fork", "forkpty", "posix_spawn", "spawnv") else []
            if any(n == what or n.startswith(what + ".") for n in names) and not module.startswith(allowed):
                users.add(module)
    assert sorted(users) == []


def test_no_module_directly_in_the_package_is_named_as_a_public_name():
    """hockeyrules.audit is the audit function: a module hockeyrules/audit.py, once
    imported, would replace it (an import sets the package's attribute). The stages
    are folders of their own, so none does; importing them all changes no public name."""
    import importlib

    import hockeyrules

    top = {p.stem for p in PACKAGE.glob("*.py")} | {p.name for p in PACKAGE.iterdir() if p.is_dir()}
    assert top.isdisjoint(hockeyrules.__all__)
    for name in ("hockeyrules.views.audit", "hockeyrules.views.explain", "hockeyrules.engine.run"):
        importlib.import_module(name)
    assert callable(hockeyrules.audit) and hockeyrules.audit.__module__ == "hockeyrules.views.audit"
    assert hockeyrules.evaluate.__module__ == "hockeyrules.engine.run"
