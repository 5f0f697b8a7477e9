"""hockeyrules: a league's game sheets in, the suspensions its rulebook requires out."""

from .engine import evaluate
from .errors import InputError, Problem
from .policy import Policy
from .result import Component, Result, Suspension
from .season import Season, load

__all__ = ["evaluate", "load", "Policy", "Result", "Suspension", "Component", "Season",
           "InputError", "Problem"]
__version__ = "0.1.0"
