"""hockeyrules: a league's game sheets in, the suspensions its rulebook requires out."""

from .audit import audit
from .engine import evaluate
from .errors import InputError, Problem
from .explain import explain_all, explain_audit, explain_incident, explain_person
from .policy import Policy
from .result import Component, Result, Suspension
from .season import Season, load
from .types import ProposalSource, SeasonSource

__all__ = ["evaluate", "audit", "explain_person", "explain_incident", "explain_all", "explain_audit", "load",
           "Policy", "Result", "Suspension", "Component", "Season", "InputError", "Problem",
           "SeasonSource", "ProposalSource", "__version__"]


def _version() -> str:
    """The one version: pyproject.toml's, as the installed package's metadata has it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hockeyrules")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


__version__ = _version()
