"""hockeyrules: a league's game sheets in, the suspensions its rulebook requires out."""

# The public names are imported when first used (PEP 562), so that a command
# loads only what it needs (`hockeyrules suspensions` never loads the audit).
_WHERE = {
    "evaluate": "engine.run",
    "audit": "views.audit",
    "explain_person": "views.explain",
    "explain_incident": "views.explain",
    "explain_all": "views.explain",
    "explain_audit": "views.explain",
    "load": "read.season",
    "Season": "read.season",
    "Policy": "model.policy",
    "Result": "engine.result",
    "Suspension": "engine.result",
    "Component": "engine.result",
    "InputError": "model.errors",
    "Problem": "model.errors",
    "SeasonSource": "types",
    "ProposalSource": "types",
}

__all__ = [
    "evaluate",
    "audit",
    "explain_person",
    "explain_incident",
    "explain_all",
    "explain_audit",
    "load",
    "Policy",
    "Result",
    "Suspension",
    "Component",
    "Season",
    "InputError",
    "Problem",
    "SeasonSource",
    "ProposalSource",
    "__version__",
]


def _version() -> str:
    """The one version: pyproject.toml's, as the installed package's metadata has it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hockeyrules")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str):
    if name == "__version__":  # importlib.metadata is slow to import: only when asked
        value = globals()["__version__"] = _version()
        return value
    if name in _WHERE:
        import importlib

        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + __all__)
