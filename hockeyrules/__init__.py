"""hockeyrules: a league's game sheets in, the suspensions its rulebook requires out."""

import sys
import types

# The public names are imported when first used (PEP 562), so that a command
# loads only what it needs (`hockeyrules suspensions` never loads the audit).
_WHERE = {
    "evaluate": "engine", "audit": "audit",
    "explain_person": "explain", "explain_incident": "explain", "explain_all": "explain",
    "explain_audit": "explain", "load": "season", "Season": "season",
    "Policy": "policy", "Result": "result", "Suspension": "result", "Component": "result",
    "InputError": "errors", "Problem": "errors",
}

__all__ = ["evaluate", "audit", "explain_person", "explain_incident", "explain_all", "explain_audit", "load", "Policy", "Result", "Suspension", "Component", "Season",
           "InputError", "Problem"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in _WHERE:
        import importlib

        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + __all__)


class _Package(types.ModuleType):
    """`hockeyrules.audit` is the audit function, as it always was, even after the
    submodule of the same name is imported (which would set the attribute to it)."""

    def __setattr__(self, name, value):
        if name == "audit" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
