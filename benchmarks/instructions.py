"""The engine's phases counted in machine instructions, not seconds.

    benchmarks/instructions [--size 1] [--jobs 2] [--json FILE]

On a shared machine a timing moves by 20% from one run to the next; the number of
instructions a phase executes does not (the same season, the same hash seed, the
same instructions). Each phase is counted by valgrind's callgrind: the same process
runs once stopping after each phase, and a phase's count is the difference between
the run that ends after it and the run that ends before it. So an encoding change
that saves 3% of grounding shows as 3%, where `benchmarks/run` would show noise.

The phases are those of hockeyrules.engine.run.run and hockeyrules.engine.solver.solve, in
order: read (season.load), facts (Facts terms), encoding (clingo parsing the .lp
files), terms (clingo.parse_term of the fact terms), ground, solve, read-back
(result.read_model). Instructions are not seconds (Python's interpreter and
clingo's grounder do not run at the same instructions per second), so the
engine-to-read ratio here is a guide, not the timed target. Needs valgrind
(Debian: `apt install valgrind`); under it the 1x season takes about a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

PHASES = ("start", "read", "facts", "encoding", "terms", "ground", "solve", "read-back")
ENGINE = ("facts", "encoding", "terms", "ground", "solve", "read-back")


def child(season_path: str, stop: int) -> None:
    """Run the phases up to `stop` (an index into PHASES) and end at once. Every module
    is imported first, so that the imports count in `start` and no phase."""
    import clingo

    from hockeyrules.engine import solver
    from hockeyrules.engine.result import read_model
    from hockeyrules.engine.rulebookfile import in_force
    from hockeyrules.facts.build import Facts, policy_facts, season_facts
    from hockeyrules.model.policy import Policy
    from hockeyrules.read import season as season_mod

    if stop >= 1:
        season = season_mod.load(season_path)
    if stop >= 2:
        out = Facts()
        season_facts(season, out)
        policy_facts(Policy(), out)
        in_force(season).facts(out)  # the catalog's league: its rows are facts (asp/league.lp)
        given = out.given()
    if stop >= 3:
        ctl = clingo.Control(["--models=1"])
        for name in solver.ENCODING:
            ctl.add("base", [], solver.encoding_text(name))
    if stop >= 4:
        context = solver._Given(given)
    if stop >= 5:
        ctl.ground([("base", [])], context=context)
    if stop >= 6:
        found: list = []
        ctl.solve(on_model=lambda m: found.append(m.symbols(shown=True)))
    if stop >= 7:
        read_model(season, Policy(), [str(s) for s in found[0]], out.names)
    sys.stdout.flush()
    os._exit(0)


def count(season: Path, stop: int) -> int:
    """Instructions of a run that stops after phase `stop`."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, "--_stop"]
        + [str(season), str(stop)],
        env=env,
        capture_output=True,
        text=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"valgrind run stopping after {PHASES[stop]} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--_stop"]:
        child(argv[1], int(argv[2]))
    p = argparse.ArgumentParser(prog="benchmarks/instructions", description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, default=1, help="season size (leagues), default 1")
    p.add_argument("--seed", type=int, default=20250101)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="valgrind runs at a time")
    p.add_argument("--json", help="also write the counts as JSON")
    p.add_argument("--phase", choices=PHASES[1:], help="count this phase only (two runs: quicker, to compare a change)")
    args = p.parse_args(argv)
    import shutil

    if shutil.which("valgrind") is None:
        print("benchmarks/instructions needs valgrind (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    import run  # benchmarks/run.py: its cached seasons

    season, meta = run.season_file(args.size, args.seed, 1800, run.default_max_rss_mb())
    run.compile_package()
    runs = 2 if args.phase else len(PHASES)
    print(f"[{args.size}x] counting {runs} runs under callgrind ...", file=sys.stderr, flush=True)
    if args.phase:
        k = PHASES.index(args.phase)
        with ThreadPoolExecutor(2) as pool:
            before, after = pool.map(lambda k: count(season, k), (k - 1, k))
        print(
            f"{args.phase}: {(after - before) / 1e6:.1f} M instructions, {(after - before) / meta['incidents'] / 1e3:.1f} k per line"
        )
        return 0
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        totals = list(pool.map(lambda k: count(season, k), range(len(PHASES))))
    phases = {name: totals[k] - (totals[k - 1] if k else 0) for k, name in enumerate(PHASES)}
    lines = meta["incidents"]
    engine = sum(phases[name] for name in ENGINE)
    rows = [
        (name, f"{n / 1e6:.1f}", f"{n / lines / 1e3:.1f}", f"{100 * n / engine:.0f}" if name in ENGINE else "")
        for name, n in phases.items()
    ]
    print(f"{args.size}x season: {lines} lines, {meta['games']} games (PYTHONHASHSEED=0)")
    run.print_table(["phase", "M instructions", "k per line", "% of engine"], rows)
    print(f"engine (facts to read-back): {engine / 1e6:.1f} M, {engine / phases['read']:.2f} times reading")
    if args.json:
        Path(args.json).write_text(
            json.dumps({"size": args.size, "lines": lines, "phases": phases, "engine": engine}, indent=1) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
