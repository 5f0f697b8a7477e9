#!/usr/bin/env python3
"""The audit's cost against `suspensions`, on the benchmark's generated seasons.

    .venv/bin/python benchmarks/audit.py                 # 1x and 10x
    .venv/bin/python benchmarks/audit.py --sizes 1,10,100
    .venv/bin/python benchmarks/audit.py --commands audit,status

Every figure is one fresh process (`python -m hockeyrules COMMAND SEASON
--format json`), timed from spawning it to reaping it, with its peak resident
memory (ru_maxrss) and the CPU time it and its workers used (user + system: on a
machine shared with other work, the figure that does not depend on the load). The seasons are benchmarks/run.py's, generated once and
cached in benchmarks/.cache/. Targets (issue 14): audit 1x < 1 s, 10x < 10 s,
100x < 100 s and < 2 GB.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run  # noqa: E402  (benchmarks/run.py: seasons and the measuring of a child)

TARGET_SECONDS = {1: 1.0, 10: 10.0, 100: 100.0}
TARGET_MB = {100: 2048.0}
COMMANDS = ("suspensions", "audit", "status", "reconcile")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1,10")
    ap.add_argument("--commands", default="suspensions,audit")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--max-rss-mb", type=float, default=8192)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    commands = [c for c in args.commands.split(",") if c]
    for c in commands:
        if c not in COMMANDS:
            ap.error(f"unknown command {c}")
    rows = []
    load = os.getloadavg()[0]
    if load > 0.5:
        run.progress(f"note: load average {load:.1f} at the start: wall times include other work")
    for size in sizes:
        path, meta = run.season_file(size, run.SEED, args.timeout, args.max_rss_mb)
        for command in commands:
            out = run.CACHE / f"{command}-{size}x.json"
            err = run.CACHE / f"{command}-{size}x.stderr"
            run.progress(f"[{size}x] {command} ...")
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            o = run.measure(
                [sys.executable, "-m", "hockeyrules", command, str(path), "--format", "json"],
                out,
                err,
                args.timeout,
                args.max_rss_mb,
            )
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            verdict = ""
            if command == "audit" and size in TARGET_SECONDS:
                ok = o.status == "OK" and o.wall < TARGET_SECONDS[size] and o.peak_mb < TARGET_MB.get(size, 1e12)
                verdict = (
                    ("PASS" if ok else "MISS")
                    + f" (< {TARGET_SECONDS[size]:g} s"
                    + (f", < {TARGET_MB[size]:g} MB)" if size in TARGET_MB else ")")
                )
            rows.append(
                (
                    f"{size}x",
                    meta["incidents"],
                    command,
                    o.status,
                    f"{o.wall:.2f}" if o.wall is not None else "-",
                    f"{cpu:.2f}",
                    f"{o.peak_mb:.0f}" if o.peak_mb is not None else "-",
                    verdict,
                )
            )
    head = ("size", "incidents", "command", "status", "seconds", "cpu s", "peak MB", "target")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    for r in [head] + rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip())


if __name__ == "__main__":
    main()
