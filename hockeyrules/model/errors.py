"""Located input problems: every error of a file is reported at once."""

from __future__ import annotations

from hockeyrules.model.grouping import group_problems, kinds
from hockeyrules.model.records import record


@record(frozen=True, order=True)
class Problem:
    """One problem with an input file: where it is and what is wrong."""

    where: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        at = f"{self.where} (line {self.line})" if self.line else self.where
        return f"{at}: {self.message}"

    def to_dict(self) -> dict:
        out: dict = {"where": self.where, "message": self.message}
        if self.line:
            out["line"] = self.line
        return out


def _errors(n: int) -> str:
    """1 error, 2 errors (views/wording.py's plural, which the model may not import)."""
    return f"{n} error" + ("" if n == 1 else "s")


class InputError(Exception):
    """The input cannot be evaluated; `problems` lists every reason."""

    def __init__(self, source: str, problems: list[Problem]):
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: {_errors(len(problems))}")

    def report(self) -> str:
        """Every problem, alike ones grouped (model/grouping.py): one line per distinct
        problem with its count and first lines where many rows fail for one cause."""
        lines = group_problems(self.problems)
        distinct = kinds(self.problems)
        of = f" of {distinct} kinds" if len(lines) < len(self.problems) else ""
        head = f"{self.source}: {_errors(len(self.problems))}{of}, nothing computed"
        return "\n".join([head] + [f"  {line}" for line in lines])
