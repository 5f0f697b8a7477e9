"""The kinds of input the library API takes, for type checkers and readers."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from hockeyrules.engine.proposal import Proposal
    from hockeyrules.read.season import Season

# A Season, a season file or CSV folder (a path), or the file's data as a dict.
SeasonSource: TypeAlias = "Season | str | os.PathLike[str] | dict[str, Any]"
# A Proposal, a proposal@1 file, or its data as a dict; None: the rules in force.
ProposalSource: TypeAlias = "Proposal | str | os.PathLike[str] | dict[str, Any] | None"
