"""What each rule of the encoding costs to ground, in machine instructions.

    benchmarks/rulecost [--size 1] [--top 30] [--json FILE]

Each rule is grounded a second time as a copy whose head predicate is renamed
(`copyincident(G, I, P, X) :- line(G, I, P, X, _, _).`): the copy does the rule's
own work (its joins, its aggregates, its atoms) and feeds nothing downstream, so
what the copy adds to the grounding is that rule's own cost. One process under
valgrind's callgrind grounds the season once with all its copies, once plainly,
once with each copy, and plainly again; callgrind writes each grounding's count
(`--dump-after=clingo_control_ground`), so the counts are exact and the same
from run to run. The first grounding makes every symbol the others meet (clingo
keeps its symbols for the life of the process), so a rule's cost here leaves out
making its atoms' symbols. The plain groundings differ by about 1 M instructions
at 1x: a smaller cost says nothing. And a rule can show a few M more in one run
than in the next (league:10.04's pimgame/3: 4.1 M, then 11.3 M; most likely the
allocator's bookkeeping as the heap grows, which lands on whichever grounding is
running): trust a figure two runs agree on, and measure a change itself with
`benchmarks/instructions --phase ground`. Needs valgrind; the 1x season takes
about 8 minutes (2 processes, --jobs).

This is how issue 16's fifth round found its three costly joins (asp/rows.lp's
conditional literal, asp/definitions.lp's timed words, league:10.04's running
sums): deleting a rule instead tells what it and everything it feeds cost.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_HEAD = re.compile(r"[a-z]\w*(?=[(.]| *:-)")


def copies(texts: dict) -> list[tuple[str, str, str]]:
    """(where, rule, its renamed copy) for every rule with a body and a named head of
    the encoding files in `texts` (name -> text), in file order."""
    import clingo.ast as ast

    found: list = []
    for name, text in texts.items():

        def take(stmt, name=name):
            rule = str(stmt)
            if stmt.ast_type == ast.ASTType.Rule and ":-" in rule and _HEAD.match(rule):
                found.append((f"{name}:{stmt.location.begin.line}", rule, "copy" + rule))

        ast.parse_string(text, take)
    return found


def _texts() -> dict:
    """The encoding's files but the input glue (asp/input.lp), name -> text."""
    from hockeyrules.engine import solver

    return {name: solver.encoding_text(name) for name in solver.ENCODING if name != "input.lp"}


def child(season_path: str, first: int, last: int, order_file: str) -> None:
    """Ground with every copy of rules[first:last] (making all their symbols), plainly,
    once with each copy, then plainly."""
    import clingo

    from hockeyrules.engine import solver
    from hockeyrules.engine.rulebookfile import in_force
    from hockeyrules.facts.build import Facts, policy_facts, season_facts
    from hockeyrules.model.policy import Policy
    from hockeyrules.read import season as season_mod

    season = season_mod.load(season_path)
    out = Facts()
    season_facts(season, out)
    policy_facts(Policy(), out)
    in_force(season).facts(out)  # the catalog's league: its rows are facts (asp/league.lp)
    given = out.given()
    rules = copies(_texts())[first:last]
    program = "\n".join(solver.encoding_text(name) for name in solver.ENCODING)
    Path(order_file).write_text(json.dumps([where for where, _, _ in rules]))
    every = "\n".join(copy for _, _, copy in rules)
    for extra in [every, ""] + [copy for _, _, copy in rules] + [""]:
        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], program + "\n" + extra)
        ctl.ground([("base", [])], context=solver._Given(given))
    sys.stdout.flush()
    os._exit(0)


def measure(season: Path, first: int, last: int, folder: Path) -> tuple[list, list]:
    """The rules' places and the counts of one callgrind process (see child)."""
    out = folder / f"cg-{first}"
    order = folder / f"order-{first}.json"
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=clingo_control_ground"]
        + ["--dump-after=clingo_control_ground", f"--callgrind-out-file={out}", sys.executable, __file__]
        + ["--_child", str(season), str(first), str(last), str(order)],
        env=dict(os.environ, PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"valgrind run failed:\n{done.stderr[-2000:]}")
    places = json.loads(order.read_text())
    counts = []
    for n in range(1, len(places) + 4):
        text = Path(f"{out}.{n}").read_text()
        counts.append(int(re.search(r"^summary: (\d+)", text, re.M).group(1)))
    return places, counts


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--_child"]:
        child(argv[1], int(argv[2]), int(argv[3]), argv[4])
    p = argparse.ArgumentParser(prog="benchmarks/rulecost", description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, default=1, help="season size (leagues), default 1")
    p.add_argument("--seed", type=int, default=20250101)
    p.add_argument("--jobs", type=int, default=2, help="valgrind processes, each with its share of the rules")
    p.add_argument("--top", type=int, default=30, help="print the N costliest rules (0: all)")
    p.add_argument("--json", help="also write every rule's cost as JSON")
    args = p.parse_args(argv)
    import shutil

    if shutil.which("valgrind") is None:
        print("benchmarks/rulecost needs valgrind (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    import run  # benchmarks/run.py: its cached seasons

    season, meta = run.season_file(args.size, args.seed, 1800, run.default_max_rss_mb())
    rules = {where: " ".join(rule.split()) for where, rule, _ in copies(_texts())}
    total, jobs = len(rules), max(1, args.jobs)
    step = -(-total // jobs)
    print(f"[{args.size}x] {total} rules in {jobs} callgrind processes ...", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(jobs) as pool:
        runs = list(pool.map(lambda a: measure(season, a, min(a + step, total), Path(tmp)), range(0, total, step)))
    rows, plain = [], []
    for places, counts in runs:
        base = counts[1]  # the first plain grounding after the warm-up
        plain += [counts[1], counts[-1]]
        rows += [(counts[k + 2] - base, where, rules[where]) for k, where in enumerate(places)]
    ground = min(plain)
    rows.sort(key=lambda r: (-r[0], r[1]))
    print(f"{args.size}x season: {meta['incidents']} lines; grounding {ground / 1e6:.1f} M instructions")
    print(f"(plain groundings {', '.join(f'{c / 1e6:.1f}' for c in plain)} M: differences below that say nothing)")
    shown = rows if args.top == 0 else rows[: args.top]
    run.print_table(
        ["M instructions", "% of grounding", "where", "rule"],
        [(f"{c / 1e6:.2f}", f"{100 * c / ground:.1f}", w, r if len(r) <= 90 else r[:89] + "…") for c, w, r in shown],
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps({"size": args.size, "ground": ground, "rules": {w: c for c, w, _ in rows}}, indent=1) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
