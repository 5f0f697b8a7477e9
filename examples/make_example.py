"""Write examples/mu18aaa-example.yaml: a synthetic 12-team MU18AAA season (seed 2025).

Run from anywhere:  python examples/make_example.py
Not real people or games; see hockeyrules/generate.py for what it holds.
"""

from __future__ import annotations

from pathlib import Path

from hockeyrules.generate import generate_season, write_season

OUT = Path(__file__).resolve().parent / "mu18aaa-example.yaml"


def main() -> None:
    data = generate_season(teams=12, games_per_team=44, seed=2025, league="MU18AAA", season="2025-26")
    write_season(data, OUT)
    games = data["games"]
    lines = sum(len(g["incidents"]) for g in games)
    print(f"wrote {OUT} ({len(games)} games, {lines} incidents)")


if __name__ == "__main__":
    main()
