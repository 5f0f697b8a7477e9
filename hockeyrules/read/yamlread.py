"""Read YAML into plain data, remembering the line of every node (loader.read's YAML).

YAML is composed into nodes (never constructed by tag), so a tag that would build
a Python object is reported as an error, not executed. libyaml's C parser reads
the text where it is installed; composing is done here, so that nesting and
aliases are counted (an alias bomb or a recursive alias is an error, not a hang).
A module of its own so that reading a JSON season never imports PyYAML.
"""

from __future__ import annotations

from typing import Any, cast

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, NodeEvent
from yaml.resolver import Resolver

from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import MAX_ALIAS_VALUES, MAX_DEPTH, WrittenFloat, WrittenInt, written
from hockeyrules.read.located import Located, render_path

try:  # the C parser is several times faster on large seasons
    from yaml._yaml import CParser as _Parser
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml.parser import Parser as _Parser  # type: ignore[assignment]
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, _Parser):  # type: ignore[no-redef]
        def __init__(self, stream):
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            _Parser.__init__(self)  # type: ignore[call-arg]  # (mypy sees the C parser's)


_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}
_constructor = yaml.constructor.SafeConstructor()


_FastLoader: Any
try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    _FastLoader = None


class _Loader(Composer, _Parser, Resolver):
    """libyaml's events, composed here: nesting deeper than MAX_DEPTH is an error
    where it happens, and the nodes that carry an anchor are noted (see _Walk)."""

    def __init__(self, text: str):
        _Parser.__init__(self, text)
        Composer.__init__(self)
        Resolver.__init__(self)
        self.depth = 0
        self.anchored: set = set()

    def compose_node(self, parent, index):
        event = cast(NodeEvent, self.peek_event())  # (in a node: never None, always a node's event)
        if isinstance(event, AliasEvent):
            return super().compose_node(parent, index)
        self.depth += 1
        if self.depth > MAX_DEPTH:
            mark: Any = event.start_mark  # (libyaml's Mark or PyYAML's: ComposerError takes either)
            raise yaml.composer.ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
        node = super().compose_node(parent, index)
        self.depth -= 1
        if event.anchor is not None:
            self.anchored.add(id(node))
        return node


def _scalar(node: yaml.ScalarNode):
    tag = node.tag
    if tag == "tag:yaml.org,2002:int":
        if ":" in node.value:
            # YAML 1.1 reads 16:58 as the number 1018; a clock time is meant.
            return node.value
        if len(node.value) > 40:
            raise ValueError(f"a number of {len(node.value)} digits")
        value = _constructor.construct_object(node)
        # 007, 0x1F, 1_000: the text as written is kept for where an id is meant
        return value if str(value) == node.value else written(WrittenInt, value, node.value)
    if tag == "tag:yaml.org,2002:float":
        value = _constructor.construct_object(node)
        return value if repr(value) == node.value else written(WrittenFloat, value, node.value)
    if tag == "tag:yaml.org,2002:timestamp":
        return node.value  # dates are checked by the season reader, as text
    return _constructor.construct_object(node)


class _TooManyAliases(Exception):
    pass


class _Walk:
    """Nodes to plain data. A node met again is an alias being expanded: the values
    it produces are counted (past MAX_ALIAS_VALUES: an error, not a hang), a node
    met inside itself is a recursive alias, and nesting is counted as expanded."""

    def __init__(self, anchored: set):
        self.anchored = anchored
        self.lines: dict[tuple, int] = {}
        self.problems: list[Problem] = []
        self.seen: set = set()
        self.open: set = set()
        self.expanding = 0
        self.budget = MAX_ALIAS_VALUES

    def error(self, path: tuple, message: str, line: int | None) -> None:
        self.problems.append(Problem(render_path(path), message, line))

    def walk(self, node, path: tuple, depth: int = 1):
        line = self.lines[path] = node.start_mark.line + 1
        if depth > MAX_DEPTH:
            self.error(path[:8], f"nested deeper than {MAX_DEPTH} levels (from here)", line)
            return None
        if not self.anchored:  # no alias in the file: nothing to count
            return self.node(node, path, depth, line)
        if self.expanding:
            self.budget -= 1
            if self.budget < 0:
                raise _TooManyAliases(render_path(path), line)
        key = id(node)
        if key in self.anchored:
            if key in self.open:
                self.error(path, "a recursive alias (a value that contains itself)", line)
                return None
            if key in self.seen:
                self.expanding += 1
                try:
                    return self.node(node, path, depth, line)
                finally:
                    self.expanding -= 1
            self.seen.add(key)
            self.open.add(key)
            try:
                return self.node(node, path, depth, line)
            finally:
                self.open.discard(key)
        return self.node(node, path, depth, line)

    def node(self, node, path: tuple, depth: int, line: int):
        if isinstance(node, yaml.MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                self.error(path, f"YAML tag {node.tag} is not allowed", line)
                return None
            out = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.error(path, "a key must be plain text", key_node.start_mark.line + 1)
                    continue
                key = key_node.value
                if key in out:
                    self.error(path + (key,), "duplicate key", key_node.start_mark.line + 1)
                    continue
                out[key] = self.walk(value_node, path + (key,), depth + 1)
                # a problem with a key's value is shown at the key (a block value starts a line below)
                self.lines[path + (key,)] = key_node.start_mark.line + 1
            return out
        if isinstance(node, yaml.SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                self.error(path, f"YAML tag {node.tag} is not allowed", line)
                return None
            return [self.walk(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        if node.tag not in _PLAIN_TAGS:
            self.error(path, f"YAML tag {node.tag} is not allowed", line)
            return None
        try:
            return _scalar(node)
        except (ValueError, OverflowError, yaml.YAMLError) as exc:
            self.error(path, f"unreadable value: {exc}", line)
            return None


def parse(text: str, source: str) -> Located:
    # Without an anchor (&name) there is no alias: libyaml's own composer is quicker
    # (libyaml stops past 1000 levels of nesting; _Walk past MAX_DEPTH).
    loader = _Loader(text) if "&" in text or _FastLoader is None else _FastLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(exc, "problem", None) or str(exc)
        raise InputError(source, [Problem("(file)", f"not valid YAML: {reason}", line)]) from None
    finally:
        loader.dispose()
    if root is None:
        raise InputError(source, [Problem("(file)", "the file is empty")])
    walk = _Walk(getattr(loader, "anchored", set()))
    try:
        data = walk.walk(root, ())
    except _TooManyAliases as exc:
        where, line = exc.args
        raise InputError(
            source, [Problem(where, f"aliases expand to more than {MAX_ALIAS_VALUES:,} values (an alias bomb?)", line)]
        ) from None
    return Located(data, walk.lines, walk.problems)
