"""hockeyrules: a league's game sheets in, the suspensions its rulebook requires out."""

from .audit import audit
from .engine import evaluate
from .explain import explain_all, explain_audit, explain_incident, explain_person
from .errors import InputError, Problem
from .policy import Policy
from .result import Component, Result, Suspension
from .season import Season, load

__all__ = ["evaluate", "audit", "explain_person", "explain_incident", "explain_all", "explain_audit", "load", "Policy", "Result", "Suspension", "Component", "Season",
           "InputError", "Problem"]
__version__ = "0.1.0"
