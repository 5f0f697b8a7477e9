#!/usr/bin/env python3
"""Benchmark of the hockeyrules engine on generated seasons of 1x, 10x, 100x and 1000x.

Run it as `benchmarks/run` from the repository root (see benchmarks/README.md).

Every measurement runs in a fresh process:

- end to end: `python -m hockeyrules suspensions FILE --format json > out.json`,
  timed from spawning the process to reaping it; peak memory is the child's
  own ru_maxrss (os.wait4, the figure /usr/bin/time -v prints as "Maximum
  resident set size");
- phases: this script run again as `run.py --_phases FILE OUT`, which imports
  hockeyrules and times reading + validating the season (season.load), the
  engine (engine.run: facts, grounding, solving, reading the model back) and
  writing the result (to_dict, render.to_json, the file write). It prints one
  JSON line per phase as soon as the phase ends, so a run that times out
  still reports what it measured.

Seasons are generated once (in a child process too) and cached under
benchmarks/.cache/, keyed by the seed, the size and a hash of the generator's
source, so a change to the generator makes new files.
"""

from __future__ import annotations

import time

T_PROCESS_START = time.monotonic()  # as early as the script can look: after interpreter start-up

import argparse
import hashlib
import json
import os
import platform
import signal
import subprocess
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = HERE / ".cache"

TEAMS = 12
GAMES_PER_TEAM = 44
SEED = 20250101
ALL_SIZES = (1, 10, 100, 1000)

# Targets (seconds, MB, ratios): issue 16.
TARGET_E2E = {1: 0.2, 100: 8.0, 1000: 60.0}
TARGET_PEAK_MB = {1000: 3072.0}
TARGET_ENGINE_READ = {100: 2.0}  # facts + grounding + read-back, summed over the parts, / reading
TARGET_CLI_IMPORTS = 0.060  # seconds of imports of `suspensions` on a JSON season
TARGET_PER_INCIDENT_RATIO = 1.5  # cost per incident at 1000x / at 1x


# ============================================================== child modes
def _emit(record: dict) -> None:
    import resource

    record["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def child_phases(season_path: str, out_path: str) -> None:
    """Fresh process: import, read, engine, write; one JSON line per phase."""
    t0 = time.perf_counter()
    from hockeyrules.engine.run import evaluate
    from hockeyrules.model.policy import Policy
    from hockeyrules.read import season as season_mod
    from hockeyrules.views import render

    _emit({"phase": "import", "seconds": time.perf_counter() - t0, "t_start": T_PROCESS_START})

    t, c = time.perf_counter(), time.process_time()
    season = season_mod.load(season_path)
    read_s = time.perf_counter() - t
    _emit(
        {
            "phase": "read",
            "seconds": read_s,
            "cpu_seconds": time.process_time() - c,
            "games": len(season.games),
            "incidents": sum(len(g.incidents) for g in season.games),
            "people": len(season.people),
            "warnings": len(season.warnings),
        }
    )

    t = time.perf_counter()
    # as the CLI does: a season of many leagues is solved part by part, in parallel
    # (hockeyrules/engine/parts.py); the phase figures are then summed over the parts
    result = evaluate(season, Policy())
    engine_s = time.perf_counter() - t
    st = result.stats
    _emit(
        {
            "phase": "engine",
            "seconds": engine_s,
            "chunks": st.get("chunks", 1),
            "facts": st["facts"],
            "atoms": st["atoms"],
            "rules": st["rules"],
            "build_seconds": st.get("build_seconds", 0.0),
            "load_seconds": st["load_seconds"],
            "ground_seconds": st["ground_seconds"],
            "solve_seconds": st["solve_seconds"],
            "assemble_seconds": st.get("assemble_seconds", 0.0),
            "cpu_seconds": st.get("cpu_seconds"),
            "suspensions": len(result.suspensions),
        }
    )

    t = time.perf_counter()
    data = result.to_dict()
    t1 = time.perf_counter()
    text = render.to_json(data)
    t2 = time.perf_counter()
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(text)
    t3 = time.perf_counter()
    _emit(
        {
            "phase": "write",
            "seconds": t3 - t,
            "to_dict_seconds": t1 - t,
            "to_json_seconds": t2 - t1,
            "file_seconds": t3 - t2,
            "bytes": len(text.encode("utf-8")),
            "t_end": time.monotonic(),
        }
    )


def child_generate(leagues: int, seed: int, path: str) -> None:
    """Fresh process: generate one season and write it with its counts beside it."""
    sys.path.append(str(ROOT))  # seasongen (the generator) lives beside the package, not in it
    from seasongen import generate_season, write_season

    t = time.perf_counter()
    data = generate_season(TEAMS, GAMES_PER_TEAM, seed=seed, leagues=leagues)
    gen_s = time.perf_counter() - t
    final = Path(path)
    tmp = final.with_name(".partial-" + final.name)  # same suffix: write_season picks JSON by it
    t = time.perf_counter()
    write_season(data, tmp)
    write_s = time.perf_counter() - t
    meta = {
        "leagues": leagues,
        "teams": len(data["teams"]),
        "people": len(data["people"]),
        "games": len(data["games"]),
        "incidents": sum(len(g["incidents"]) for g in data["games"]),
        "seed": seed,
        "bytes": tmp.stat().st_size,
        "generate_seconds": gen_s,
        "write_seconds": write_s,
    }
    Path(str(final) + ".meta").write_text(json.dumps(meta, indent=1) + "\n")
    os.replace(tmp, final)  # the season appears only once it is complete


# ============================================================== measuring a child
class Outcome:
    def __init__(self):
        self.status = "OK"  # OK, TIMEOUT, MEMORY, FAILED
        self.exit_code = None
        self.wall = None
        self.peak_mb = None
        self.cpu = None  # user + system seconds, the child's processes included
        self.sys = None  # of which system
        self.detail = ""
        self.t_spawn = None  # time.monotonic() (CLOCK_MONOTONIC, shared with the child)
        self.t_reap = None


def adopt_orphans() -> bool:
    """Linux: make this process the reaper of what a measured process leaves behind
    (a fork server, HOCKEYRULES_START_METHOD=forkserver, outlives the command by a
    moment, its workers reaped by it), so that their cpu is counted with the
    command's (measure())."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _reap_adopted(seconds: float = 10.0) -> tuple[float, float]:
    """The cpu (user + system, and system) of the processes adopted since the last
    measured one ended, each waited for up to `seconds` in all."""
    cpu = sys_ = 0.0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            pid, _, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            break  # none left
        if pid == 0:
            time.sleep(0.01)  # one still running
            continue
        cpu += usage.ru_utime + usage.ru_stime
        sys_ += usage.ru_stime
    return cpu, sys_


def _rss_mb(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def measure(argv: list[str], stdout_path: Path, stderr_path: Path, timeout: float, max_rss_mb: float) -> Outcome:
    """Spawn argv (stdout/stderr to files), time it from spawn to reaping, peak RSS from wait4.

    A watchdog thread kills the child (SIGKILL) after `timeout` seconds or when its
    resident memory passes `max_rss_mb`; what was measured up to then is kept.
    """
    out = Outcome()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    actions = [
        (os.POSIX_SPAWN_OPEN, 1, str(stdout_path), flags, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, str(stderr_path), flags, 0o644),
    ]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = threading.Event()
    reason: list[str] = []
    lock = threading.Lock()

    out.t_spawn = time.monotonic()
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)

    def watchdog():
        interval = 0.05
        while not done.wait(interval):
            interval = min(interval * 1.5, 0.5)
            why = None
            if time.perf_counter() - t0 > timeout:
                why = "TIMEOUT"
            else:
                rss = _rss_mb(pid)
                if rss is not None and rss > max_rss_mb:
                    why = "MEMORY"
            if why:
                with lock:
                    if not done.is_set():
                        reason.append(why)
                        os.kill(pid, signal.SIGKILL)
                return

    dog = threading.Thread(target=watchdog, daemon=True)
    dog.start()
    try:
        _, status, usage = os.wait4(pid, 0)
    except KeyboardInterrupt:
        os.kill(pid, signal.SIGKILL)
        os.wait4(pid, 0)
        raise
    out.wall = time.perf_counter() - t0
    out.t_reap = time.monotonic()
    with lock:
        done.set()
    dog.join()
    adopted_cpu, adopted_sys = _reap_adopted()
    out.peak_mb = usage.ru_maxrss / 1024
    out.cpu = usage.ru_utime + usage.ru_stime + adopted_cpu
    out.sys = usage.ru_stime + adopted_sys
    out.exit_code = os.waitstatus_to_exitcode(status)
    if reason:
        out.status = reason[0]
        out.detail = (
            f"killed after {out.wall:.0f} s"
            if reason[0] == "TIMEOUT"
            else f"killed above {max_rss_mb:.0f} MB after {out.wall:.0f} s"
        )
    elif out.exit_code != 0:
        out.status = "FAILED"
        err = stderr_path.read_text(errors="replace").strip().splitlines()
        out.detail = f"exit {out.exit_code}" + (f": {err[-1][:160]}" if err else "")
    return out


# ============================================================== seasons
def generator_hash() -> str:
    import importlib.util

    h = hashlib.sha256()
    h.update((ROOT / "seasongen" / "__init__.py").read_bytes())
    for mod in ("hockeyrules.read.seasonfile", "hockeyrules.model.vocabulary"):
        spec = importlib.util.find_spec(mod)
        h.update(Path(spec.origin).read_bytes())
    return h.hexdigest()[:10]


def season_file(size: int, seed: int, timeout: float, max_rss_mb: float) -> tuple[Path, dict]:
    CACHE.mkdir(parents=True, exist_ok=True)
    tag = generator_hash()
    path = CACHE / f"season-{size}x-seed{seed}-{tag}.json"
    meta_path = Path(str(path) + ".meta")
    if path.exists() and meta_path.exists():
        return path, json.loads(meta_path.read_text())
    for old in CACHE.glob(f"season-{size}x-seed{seed}-*.json*"):  # another generator's output
        old.unlink()
    progress(f"[{size}x] generating season (leagues={size}, seed={seed}) ...")
    outcome = measure(
        [sys.executable, str(Path(__file__).resolve()), "--_generate", str(size), str(seed), str(path)],
        CACHE / "generate.out",
        CACHE / "generate.err",
        max(timeout, 1800),
        max_rss_mb,
    )
    if outcome.status != "OK" or not path.exists():
        raise RuntimeError(f"generating the {size}x season failed: {outcome.status} {outcome.detail}")
    meta = json.loads(meta_path.read_text())
    progress(
        f"[{size}x] {meta['games']} games, {meta['incidents']} incidents, "
        f"{meta['bytes'] / 2**20:.1f} MB of JSON in {outcome.wall:.1f} s (peak {outcome.peak_mb:.0f} MB)"
    )
    return path, meta


# ============================================================== one size
def progress(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def sha256_file(path: Path) -> str | None:
    if not path.exists():
        return None
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run_size(size: int, repeat: int, args) -> dict:
    season, meta = season_file(size, args.seed, args.timeout, args.max_rss_mb)
    row: dict = {
        "size": size,
        "leagues": size,
        "games": meta["games"],
        "incidents": meta["incidents"],
        "people": meta["people"],
        "season_file": str(season.relative_to(ROOT)),
        "season_mb": meta["bytes"] / 2**20,
        "repeat": repeat,
    }

    # ---- end to end
    e2e_out = CACHE / f"out-{size}x.json"
    e2e_err = CACHE / f"out-{size}x.stderr"
    argv = [sys.executable, "-m", "hockeyrules", "suspensions", str(season), "--format", "json"]
    walls, peaks, cpus, syss, status = [], [], [], [], "OK"
    for k in range(repeat):
        progress(f"[{size}x] end to end, run {k + 1}/{repeat} ...")
        o = measure(argv, e2e_out, e2e_err, args.timeout, args.max_rss_mb)
        peaks.append(o.peak_mb)
        if o.status != "OK":
            status = o.status
            row["e2e_detail"] = o.detail
            row["e2e_wall_at_stop"] = o.wall
            progress(f"[{size}x] end to end: {o.status} ({o.detail}), peak {o.peak_mb:.0f} MB")
            break
        walls.append(o.wall)
        cpus.append(o.cpu)
        syss.append(o.sys)
        progress(
            f"[{size}x] end to end: {o.wall:.3f} s (cpu {o.cpu:.3f} s, system {o.sys:.3f} s), peak {o.peak_mb:.0f} MB"
        )
    row["e2e_status"] = status
    row["e2e_seconds"] = min(walls) if status == "OK" else None
    row["e2e_runs"] = walls
    row["e2e_cpu_seconds"] = min(cpus) if cpus else None
    # the system's share of that cpu (forks, page faults, pipes), from the same run
    row["e2e_sys_seconds"] = syss[cpus.index(min(cpus))] if cpus else None
    row["peak_mb"] = max(peaks) if peaks else None
    if status == "OK":
        row["e2e_stderr_lines"] = len(e2e_err.read_text(errors="replace").splitlines())

    # ---- the CLI's imports (python -X importtime: every module's own time, summed), at
    # the smallest size if it is small: at 1000x each of these runs would take minutes
    if size == min(args.sizes) and size <= 10:
        imports = []
        argv_imp = [sys.executable, "-X", "importtime"] + argv[1:]
        for _ in range(max(repeat, 3)):
            o = measure(argv_imp, CACHE / "importtime.out", CACHE / "importtime.err", args.timeout, args.max_rss_mb)
            if o.status != "OK":
                break
            imports.append(import_seconds(CACHE / "importtime.err"))
        if imports:
            startup, command = sorted(imports, key=lambda pair: pair[1])[len(imports) // 2]
            row["cli_import_seconds"], row["startup_import_seconds"] = command, startup
            progress(
                f"[{size}x] the CLI's imports: {command * 1000:.0f} ms (median; "
                f"the interpreter's start-up imports besides: {startup * 1000:.0f} ms)"
            )

    # ---- phases
    ph_out = CACHE / f"phases-{size}x.json"
    ph_log = CACHE / f"phases-{size}x.log"
    ph_err = CACHE / f"phases-{size}x.stderr"
    argv = [sys.executable, str(Path(__file__).resolve()), "--_phases", str(season), str(ph_out)]
    best: dict = {}
    ph_status = "OK"
    for k in range(repeat):
        progress(f"[{size}x] phases, run {k + 1}/{repeat} ...")
        o = measure(argv, ph_log, ph_err, args.timeout, args.max_rss_mb)
        records = {}
        for line in ph_log.read_text(errors="replace").splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            records[rec.pop("phase")] = rec
        if "import" in records:
            records["start"] = {"seconds": records["import"]["t_start"] - o.t_spawn}
        if "write" in records:
            records["exit"] = {"seconds": o.t_reap - records["write"]["t_end"]}
        for phase, rec in records.items():  # best of N, phase by phase
            if phase not in best or rec["seconds"] < best[phase]["seconds"]:
                best[phase] = rec
        row["phases_peak_mb"] = max(row.get("phases_peak_mb") or 0, o.peak_mb or 0)
        if o.status != "OK":
            ph_status = o.status
            row["phases_detail"] = o.detail
            done = ", ".join(records) or "nothing"
            progress(f"[{size}x] phases: {o.status} ({o.detail}); finished: {done}")
            break
        eng = records.get("engine", {})
        progress(
            f"[{size}x] phases: read {records['read']['seconds']:.3f} s, "
            f"engine {eng.get('seconds', 0):.3f} s (ground {eng.get('ground_seconds', 0):.3f} s), "
            f"write {records['write']['seconds']:.3f} s"
        )
    row["phases_status"] = ph_status
    row["phases"] = best

    read = best.get("read")
    eng = best.get("engine")
    wr = best.get("write")
    row["start_seconds"] = best["start"]["seconds"] if "start" in best else None
    row["import_seconds"] = best["import"]["seconds"] if "import" in best else None
    row["exit_seconds"] = best["exit"]["seconds"] if "exit" in best else None
    row["read_seconds"] = read["seconds"] if read else None
    if eng:
        # facts: written in Python (build) and parsed by clingo with the encoding (load)
        row["facts_seconds"] = eng.get("build_seconds", 0.0) + eng["load_seconds"]
        row["ground_seconds"] = eng["ground_seconds"]
        row["solve_seconds"] = eng["solve_seconds"]
        row["assemble_seconds"] = eng["assemble_seconds"]
        row["ground_solve_seconds"] = row["facts_seconds"] + eng["ground_seconds"] + eng["solve_seconds"]
        # the engine's work (summed over the parts where the season was split) and its wall time
        row["engine_work_seconds"] = row["ground_solve_seconds"] + eng["assemble_seconds"]
        row["engine_wall_seconds"] = eng["seconds"]
        row["chunks"] = eng.get("chunks", 1)
        if read:
            row["engine_read_ratio"] = row["engine_work_seconds"] / read["seconds"]
            if eng.get("cpu_seconds") and read.get("cpu_seconds"):
                # the same ratio in cpu time: what the engine costs whatever else runs on the machine
                row["engine_read_cpu_ratio"] = eng["cpu_seconds"] / read["cpu_seconds"]
            row["engine_wall_read_ratio"] = eng["seconds"] / read["seconds"]
        row["atoms"], row["rules"], row["facts"] = eng["atoms"], eng["rules"], eng["facts"]
        row["suspensions"] = eng["suspensions"]
        row["us_per_incident"] = row["ground_solve_seconds"] / meta["incidents"] * 1e6
    row["write_seconds"] = wr["seconds"] if wr else None
    if wr:
        row["result_mb"] = wr["bytes"] / 2**20
    if status == "OK" and ph_status == "OK":
        row["outputs_identical"] = sha256_file(e2e_out) == sha256_file(ph_out)
    return row


def import_seconds(path: Path) -> tuple[float, float]:
    """The sums of every module's own import time in a -X importtime log: the
    interpreter's start-up (every module up to and with the top-level `site`:
    encodings, site, an editable install's path finder; part of `start s`), then
    the command's own."""
    startup, command = 0, 0
    started = False
    for line in path.read_text(errors="replace").splitlines():
        fields = line[len("import time:") :].split("|") if line.startswith("import time:") else []
        if len(fields) != 3 or not fields[0].strip().isdigit():
            continue  # not a module's line (the header)
        own, name = int(fields[0]), fields[2]
        if started:
            command += own
        else:
            startup += own
            started = name == " site"  # top level: one space before the name
    return startup / 1e6, command / 1e6


# ============================================================== report
def print_table(headers: list, rows: list) -> None:
    """Columns right-aligned to their widest cell, under a rule."""
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.rjust(w) for h, w in zip(headers, widths)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(c.rjust(w) for c, w in zip(row, widths)))


def fmt(value, digits=3, width=None):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def mark(ok: bool | None) -> str:
    return "" if ok is None else (" PASS" if ok else " MISS")


def evaluate_targets(rows: list[dict]) -> list[dict]:
    """Each target with what was measured and PASS / MISS (or NOT RUN)."""
    by = {r["size"]: r for r in rows}
    out = []

    def add(name, size, value, limit, unit, ok, note=""):
        out.append(
            {
                "target": name,
                "size": size,
                "measured": value,
                "limit": limit,
                "unit": unit,
                "result": ("NOT RUN" if size not in by else ("PASS" if ok else "MISS")),
                "note": note,
            }
        )

    for size, limit in TARGET_E2E.items():
        r = by.get(size)
        value = r.get("e2e_seconds") if r else None
        note = ""
        if r and r["e2e_status"] != "OK":
            note = f"{r['e2e_status']}: {r.get('e2e_detail', '')}"
        add(f"{size}x end to end < {limit:g} s", size, value, limit, "s", value is not None and value < limit, note)
    for size, limit in TARGET_PEAK_MB.items():
        r = by.get(size)
        value = r.get("peak_mb") if r else None
        ok = value is not None and value < limit and r["e2e_status"] == "OK"
        note = "" if not r or r["e2e_status"] == "OK" else f"peak at the {r['e2e_status']} stop"
        add(f"{size}x peak memory < {limit:g} MB", size, value, limit, "MB", ok, note)
    base, top = by.get(1), by.get(1000)
    ratio = None
    if base and top and base.get("us_per_incident") and top.get("us_per_incident"):
        ratio = top["us_per_incident"] / base["us_per_incident"]
    add(
        f"per-incident solving cost at 1000x within {TARGET_PER_INCIDENT_RATIO:g}x of 1x",
        1000,
        ratio,
        TARGET_PER_INCIDENT_RATIO,
        "x",
        ratio is not None and ratio <= TARGET_PER_INCIDENT_RATIO,
        "" if ratio is not None or not top else "engine phase not measured at 1000x",
    )
    small = rows[0] if rows else None
    value = small.get("cli_import_seconds") if small else None
    out.append(
        {
            "target": f"imports of `suspensions` (JSON) < {TARGET_CLI_IMPORTS * 1000:g} ms",
            "size": None,
            "measured": value,
            "limit": TARGET_CLI_IMPORTS,
            "unit": "s",
            "result": "NOT RUN" if value is None else ("PASS" if value < TARGET_CLI_IMPORTS else "MISS"),
            "note": "",
        }
    )
    for size, limit in TARGET_ENGINE_READ.items():
        r = by.get(size)
        value = r.get("engine_read_ratio") if r else None
        add(
            f"{size}x facts + grounding + read-back <= {limit:g}x reading",
            size,
            value,
            limit,
            "x",
            value is not None and value <= limit,
            "" if value is not None or not r else "engine phase not measured",
        )
    return out


def print_report(rows: list[dict], targets: list[dict], env: dict) -> None:
    def target_mark(size, prefix):
        for t in targets:
            if t["size"] == size and t["target"].startswith(f"{size}x {prefix}") and t["result"] != "NOT RUN":
                return " " + t["result"]
        return ""

    headers = [
        "size",
        "games",
        "incidents",
        "e2e s",
        "e2e cpu s",
        "sys s",
        "peak MB",
        "read s",
        "ground+solve s",
        "write s",
        "engine/read",
        "atoms",
        "atoms/line",
        "us/incident",
    ]
    table = []
    for r in rows:
        size = r["size"]
        if r["e2e_status"] == "OK":
            e2e = fmt(r["e2e_seconds"]) + target_mark(size, "end to end")
        else:
            at = r.get("e2e_wall_at_stop")
            e2e = f"{r['e2e_status']}@{at:.0f}" + target_mark(size, "end to end")
        peak = fmt(r["peak_mb"], 0) + target_mark(size, "peak")
        gs = fmt(r.get("ground_solve_seconds"))
        if r.get("ground_solve_seconds") is None and r["phases_status"] != "OK":
            gs = r["phases_status"]
        ratio = r.get("engine_read_ratio")
        ratio = "-" if ratio is None else f"{ratio:.2f}" + target_mark(size, "facts")
        per_line = r["atoms"] / r["incidents"] if r.get("atoms") and r.get("incidents") else None
        table.append(
            [
                f"{size}x",
                fmt(r["games"]),
                fmt(r["incidents"]),
                e2e,
                fmt(r.get("e2e_cpu_seconds")),
                fmt(r.get("e2e_sys_seconds")),
                peak,
                fmt(r.get("read_seconds")),
                gs,
                fmt(r.get("write_seconds")),
                ratio,
                fmt(r.get("atoms")),
                fmt(per_line, 1),
                fmt(r.get("us_per_incident"), 1),
            ]
        )
    print()
    print(
        f"hockeyrules benchmark  ({env['git']}; python {env['python']}, clingo {env['clingo']}; "
        f"{env['cpus']} cpus, {env['mem_gb']:.0f} GB; {env['cpu']})"
    )
    print(f"measured: hockeyrules {env['hockeyrules']}")
    load = env.get("load_1min_at_start")
    if load is not None and load > 0.5:
        print(
            f"note: load average {load:.2f} when the run started: other processes share the cpus, so times may be high"
        )
    print()
    print_table(headers, table)

    # where the engine time goes, and the rest of the end-to-end time
    print()
    sub = [
        "size",
        "start s",
        "import s",
        "cli imports s",
        "read s",
        "facts s",
        "ground s",
        "solve s",
        "assemble s",
        "write s",
        "exit s",
        "e2e-rest s",
        "read MB",
        "engine MB",
        "result MB",
        "suspensions",
        "same output",
    ]
    subrows = []
    for r in rows:
        ph = r.get("phases", {})
        rss_read = ph.get("read", {}).get("rss_mb")
        rss_eng = ph.get("engine", {}).get("rss_mb")
        parts = [
            r.get("start_seconds"),
            r.get("import_seconds"),
            r.get("read_seconds"),
            r.get("facts_seconds"),
            r.get("ground_seconds"),
            r.get("solve_seconds"),
            r.get("assemble_seconds"),
            r.get("write_seconds"),
            r.get("exit_seconds"),
        ]
        other = None
        if r.get("e2e_seconds") is not None and None not in parts:
            other = r["e2e_seconds"] - sum(parts)
        same = r.get("outputs_identical")
        subrows.append(
            [f"{r['size']}x", fmt(parts[0]), fmt(parts[1]), fmt(r.get("cli_import_seconds"))]
            + [fmt(p) for p in parts[2:]]
            + [
                fmt(other),
                fmt(rss_read, 0),
                fmt(rss_eng, 0),
                fmt(r.get("result_mb"), 1),
                fmt(r.get("suspensions")),
                "-" if same is None else ("yes" if same else "NO"),
            ]
        )
    print_table(sub, subrows)

    # the share of each phase: of the end-to-end time, and of the engine's work
    print()
    print("share of each phase (% of the sum of the phases; the engine's phases are summed over its parts,")
    print("which run in parallel, so wall time is less where the season was split: see engine wall s)")
    share_cols = [
        ("start", "start_seconds"),
        ("import", "import_seconds"),
        ("read", "read_seconds"),
        ("facts", "facts_seconds"),
        ("ground", "ground_seconds"),
        ("solve", "solve_seconds"),
        ("read-back", "assemble_seconds"),
        ("write", "write_seconds"),
        ("exit", "exit_seconds"),
    ]
    sub = (
        ["size"]
        + [f"{n} %" for n, _ in share_cols]
        + ["engine wall s", "parts", "engine/read (wall)", "engine/read (cpu)"]
    )
    subrows = []
    for r in rows:
        values = [r.get(k) for _, k in share_cols]
        total = sum(v for v in values if v is not None) or None
        wall_ratio = r.get("engine_wall_read_ratio")
        subrows.append(
            [f"{r['size']}x"]
            + ["-" if v is None or not total else f"{100 * v / total:.0f}" for v in values]
            + [
                fmt(r.get("engine_wall_seconds")),
                fmt(r.get("chunks")),
                "-" if wall_ratio is None else f"{wall_ratio:.2f}",
                fmt(r.get("engine_read_cpu_ratio"), 2),
            ]
        )
    print_table(sub, subrows)

    # per-incident cost: largest size run against 1x
    print()
    with_cost = [r for r in rows if r.get("us_per_incident")]
    base = next((r for r in with_cost if r["size"] == 1), None)
    if base and len(with_cost) > 1:
        top = with_cost[-1]
        ratio = top["us_per_incident"] / base["us_per_incident"]
        verdict = ""
        if top["size"] == 1000:
            verdict = " PASS" if ratio <= TARGET_PER_INCIDENT_RATIO else " MISS"
        else:
            verdict = f" (target {TARGET_PER_INCIDENT_RATIO:g}x is for 1000x: not measured)"
        print(
            f"per-incident solving cost: {top['size']}x {top['us_per_incident']:.1f} us vs 1x "
            f"{base['us_per_incident']:.1f} us = {ratio:.2f}x (target <= {TARGET_PER_INCIDENT_RATIO:g}x)"
            f"{verdict}"
        )
    else:
        print("per-incident solving cost: needs 1x and a larger size with the engine phase measured")

    print()
    print("targets:")
    for t in targets:
        value = t["measured"]
        if value is None:
            shown = "-"
        elif t["unit"] == "x":
            shown = f"{value:.2f}x"
        elif t["unit"] == "MB":
            shown = f"{value:.0f} MB"
        else:
            shown = f"{value:.3f} s"
        note = f"  ({t['note']})" if t["note"] else ""
        print(f"  {t['result']:<7}  {t['target']:<62} {shown}{note}")


def environment() -> dict:
    try:
        import clingo

        clingo_version = clingo.__version__
    except ImportError:  # pragma: no cover
        clingo_version = "?"
    cpu = platform.processor() or "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = 0.0
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal:"):
                mem_gb = int(line.split()[1]) / 2**20
    except OSError:
        pass
    git = "no git"
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        git = f"commit {rev}{' + local changes' if dirty else ''}"
    except (OSError, subprocess.CalledProcessError):
        pass
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    import hockeyrules

    package = Path(hockeyrules.__file__).resolve().parent
    return {
        "hockeyrules": "from this checkout" if package.parent == ROOT else f"installed in {package}",
        "python": platform.python_version(),
        "load_1min_at_start": load,
        "executable": sys.executable,
        "clingo": clingo_version,
        "cpus": os.cpu_count(),
        "cpu": cpu,
        "mem_gb": mem_gb,
        "git": git,
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


# ============================================================== main
def default_max_rss_mb() -> float:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20 * 2 / 3
    except (ValueError, OSError):
        return 16384.0


def parse_sizes(text: str) -> list[int]:
    sizes = []
    for part in text.split(","):
        part = part.strip().lower().rstrip("x")
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            raise argparse.ArgumentTypeError(f"not a size: {part!r} (a number of leagues, e.g. 1,10,100)")
        sizes.append(int(part))
    if not sizes:
        raise argparse.ArgumentTypeError("no sizes given")
    return sorted(set(sizes))  # the largest size runs last


def compile_package() -> None:
    """Compile hockeyrules' modules to bytecode first, as `pip install` does for an
    installed package: an editable checkout (where PYTHONDONTWRITEBYTECODE may be set)
    would otherwise compile every module again in every measured process."""
    import compileall

    import hockeyrules

    compileall.compile_dir(os.path.dirname(hockeyrules.__file__), quiet=1)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--_phases"]:
        child_phases(*argv[1:3])
        sys.stdout.flush()
        os._exit(0)  # as the CLI ends (hockeyrules.cli.commands.run): no interpreter teardown
    if argv[:1] == ["--_generate"]:
        child_generate(int(argv[1]), int(argv[2]), argv[3])
        return 0

    p = argparse.ArgumentParser(
        prog="benchmarks/run",
        description=(
            "Time the hockeyrules engine end to end and phase by phase on generated seasons "
            "(1x = 12 teams, 44 games a team; Nx = N such leagues in one file)."
        ),
    )
    p.add_argument(
        "--sizes",
        type=parse_sizes,
        default=list(ALL_SIZES),
        help="comma-separated sizes (number of leagues), default 1,10,100,1000",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=None,
        metavar="N",
        help="best of N runs for every size below 1000x (default: 3 for 1x, 1 otherwise; 1000x always runs once)",
    )
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    p.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        metavar="S",
        help="kill a measured process after S seconds and report TIMEOUT (default 600)",
    )
    p.add_argument(
        "--max-rss-mb",
        type=float,
        default=default_max_rss_mb(),
        metavar="MB",
        help="kill a measured process whose resident memory passes MB and report MEMORY "
        "(default: two thirds of physical memory, %(default).0f here)",
    )
    p.add_argument("--seed", type=int, default=SEED, help=f"generator seed (default {SEED})")
    args = p.parse_args(argv)
    if args.repeat is not None and args.repeat < 1:
        p.error("--repeat must be at least 1")

    try:
        import hockeyrules  # noqa: F401
    except ImportError:
        print(
            f"error: {sys.executable} cannot import hockeyrules; install the project "
            f"(pip install -e .) or run with the project's virtual environment",
            file=sys.stderr,
        )
        return 2
    compile_package()
    adopt_orphans()
    env = environment()
    if args.json:
        args.json = os.path.abspath(args.json)
    # The measured processes start in the cache folder: from the repository root,
    # `python -m hockeyrules` would import the checkout even where the interpreter
    # has a wheel installed (HOCKEYRULES_PYTHON), and measure the wrong package.
    CACHE.mkdir(parents=True, exist_ok=True)
    os.chdir(CACHE)
    rows = []
    for size in args.sizes:
        if size >= 1000:
            repeat = 1
        elif args.repeat is not None:
            repeat = args.repeat
        else:
            repeat = 3 if size == 1 else 1
        try:
            rows.append(run_size(size, repeat, args))
        except RuntimeError as exc:
            progress(f"[{size}x] {exc}")
            rows.append(
                {
                    "size": size,
                    "games": None,
                    "incidents": None,
                    "e2e_status": "FAILED",
                    "e2e_detail": str(exc),
                    "e2e_seconds": None,
                    "e2e_wall_at_stop": 0.0,
                    "peak_mb": None,
                    "phases_status": "FAILED",
                    "phases": {},
                }
            )
    targets = evaluate_targets(rows)
    print_report(rows, targets, env)
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "format": "hockeyrules/benchmark@1",
                    "environment": env,
                    "seed": args.seed,
                    "teams": TEAMS,
                    "games_per_team": GAMES_PER_TEAM,
                    "sizes": rows,
                    "targets": targets,
                },
                indent=2,
            )
            + "\n"
        )
        progress(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
