"""The catalog's policies (docs/rules.md, "Readings") and the late window."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    layers: str = "sum"                  # league:10.01A: "sum" (in addition to) or "max"
    late_game_counted_once: bool = True  # catalog rule 3
    late_window_minutes: int = 10        # "the last 10 minutes"

    def __post_init__(self):
        if self.layers not in ("sum", "max"):
            raise ValueError(f"layers must be 'sum' or 'max', not {self.layers!r}")
        if not isinstance(self.late_window_minutes, int) or self.late_window_minutes < 0:
            raise ValueError("late_window_minutes must be a whole number, 0 or more")

    def to_dict(self) -> dict:
        """As result@1 prints it."""
        return {"layers": self.layers, "late_game_counted_once": self.late_game_counted_once}
