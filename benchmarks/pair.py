"""Two installs of hockeyrules timed in turn on the same season: old against new.

    benchmarks/pair OLD_PYTHON NEW_PYTHON [--size 1] [--runs 20] [--json FILE]

OLD_PYTHON and NEW_PYTHON are interpreters that each have a hockeyrules installed
(a virtual environment's bin/python: `python3 -m venv /tmp/old && /tmp/old/bin/pip
install .` in a checkout of the old commit). Each run spawns `python -m
hockeyrules suspensions SEASON --format json`, old then new, again and again,
so that whatever else the machine is doing falls on both alike: on a shared
machine the same code runs faster or slower by up to half from one hour to the
next, and only figures taken in turn can be compared. It prints, for each, the
best and the median wall time, the median cpu time (the command's and its
workers'), the peak memory, and whether every output was the same bytes, then
new against old.

The seasons are benchmarks/run's (generated and cached the same way). This is how
each round of issue 16 compared its code with the last round's, and the code of
today with the code the issue's figures were taken on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import CACHE, SEED, adopt_orphans, default_max_rss_mb, measure, season_file  # noqa: E402


def time_in_turn(pythons: dict, season: Path, runs: int, timeout: float, max_rss_mb: float) -> dict:
    """{name: {"runs": [(wall, cpu, peak MB)], "outputs": {sha256}}}, the names in turn."""
    figures: dict = {name: {"runs": [], "outputs": set()} for name in pythons}
    for n in range(runs):
        for name, python in pythons.items():
            out, err = CACHE / f"pair-{name}.json", CACHE / f"pair-{name}.stderr"
            argv = [python, "-m", "hockeyrules", "suspensions", str(season), "--format", "json"]
            o = measure(argv, out, err, timeout, max_rss_mb)
            if o.status != "OK":
                raise SystemExit(f"{name} ({python}): {o.status} {o.detail}")
            figures[name]["runs"].append((o.wall, o.cpu, o.peak_mb))
            figures[name]["outputs"].add(hashlib.sha256(out.read_bytes()).hexdigest())
            print(f"run {n + 1}/{runs} {name}: {o.wall:.3f} s", file=sys.stderr)
    return figures


def summary(figures: dict) -> dict:
    out = {}
    for name, f in figures.items():
        walls = [r[0] for r in f["runs"]]
        out[name] = {
            "best_s": min(walls),
            "median_s": statistics.median(walls),
            "cpu_median_s": statistics.median(r[1] for r in f["runs"]),
            "peak_mb": max(r[2] for r in f["runs"]),
            "outputs": sorted(f["outputs"]),
        }
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="benchmarks/pair", description=__doc__.split("\n\n")[0])
    ap.add_argument("old", help="an interpreter with the old hockeyrules installed")
    ap.add_argument("new", help="an interpreter with the new hockeyrules installed")
    ap.add_argument("--size", type=int, default=1, help="the season's size (1, 10, 100, 1000; default 1)")
    ap.add_argument("--runs", type=int, default=20, help="runs of each, in turn (default 20)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--timeout", type=float, default=600.0, help="kill a run after this many seconds")
    ap.add_argument("--json", help="also write the figures as JSON to this file")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    if args.json:
        args.json = os.path.abspath(args.json)
    CACHE.mkdir(exist_ok=True)
    adopt_orphans()
    max_rss = default_max_rss_mb()
    season, _ = season_file(args.size, args.seed, args.timeout, max_rss)
    os.chdir(CACHE)  # never beside a checkout: `python -m` would import it, not the install
    figures = summary(time_in_turn({"old": args.old, "new": args.new}, season, args.runs, args.timeout, max_rss))
    same = figures["old"]["outputs"] == figures["new"]["outputs"] and len(figures["old"]["outputs"]) == 1
    print(f"{args.size}x season, {args.runs} runs of each in turn")
    print(f"{'':4} {'best s':>8} {'median s':>9} {'cpu s (median)':>15} {'peak MB':>8}  python")
    for name, python in (("old", args.old), ("new", args.new)):
        f = figures[name]
        print(
            f"{name:4} {f['best_s']:8.3f} {f['median_s']:9.3f} {f['cpu_median_s']:15.3f} {f['peak_mb']:8.0f}  {python}"
        )
    old, new = figures["old"], figures["new"]
    print(
        f"new/old: best {new['best_s'] / old['best_s']:.3f}, median {new['median_s'] / old['median_s']:.3f}, "
        f"cpu {new['cpu_median_s'] / old['cpu_median_s']:.3f}"
    )
    print("outputs: " + ("the same bytes" if same else "DIFFERENT (compare benchmarks/.cache/pair-*.json)"))
    if args.json:
        Path(args.json).write_text(
            json.dumps({"size": args.size, "runs": args.runs, "same": same, **figures}, indent=2)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
