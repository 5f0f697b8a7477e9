#!/usr/bin/env python3
"""Every view against `suspensions`: time and peak memory of the CLI's commands at 1x, 10x, 100x.

    benchmarks/commands.py [--sizes 1,10] [--commands audit,explain,...] [--timeout 900] [--json FILE]

Seasons are benchmarks/run.py's (seasongen, cached under
benchmarks/.cache/). Each command runs in a fresh process, timed from spawn to
reaping, its peak memory the child's own ru_maxrss (run.py's `measure`). For
the report it also prints the pages written and the largest, and, where
Selenium and Chromium are present, how long the index and the largest page
take to load in headless Chromium (`usable`: the load event, the page's script
run). The figures are printed against the targets of issue 14; nothing fails.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (benchmarks/run.py: seasons and measuring)

# command -> size -> (seconds, MB or None)
TARGETS = {
    "audit": {1: (1, None), 10: (10, None), 100: (100, 2048)},
    "suspensions --explain": {1: (2, None), 10: (15, None), 100: (150, 2048)},
    "report": {1: (3, None), 10: (30, None), 100: (300, 3072)},
}
PAGE_LIMIT = 3 * 2**20
COMMANDS = ("suspensions", "suspensions --explain", "explain", "audit", "report")


def person_to_explain(season_path: Path) -> str:
    """A person of the season's last league with a game misconduct (so a suspension to explain)."""
    data = json.loads(season_path.read_text())
    for game in reversed(data["games"]):
        for inc in game["incidents"]:
            if "game_misconduct" in inc["penalties"]:
                return inc["person"]
    return data["games"][-1]["incidents"][0]["person"]


def argv_of(command: str, season: Path, out: Path, person: str) -> list[str]:
    cli = [sys.executable, "-m", "hockeyrules"]
    if command == "suspensions":
        return cli + ["suspensions", str(season), "--format", "json"]
    if command == "suspensions --explain":
        return cli + ["suspensions", str(season), "--explain", "--format", "json"]
    if command == "explain":
        return cli + ["explain", str(season), "--person", person, "--format", "json"]
    if command == "audit":
        return cli + ["audit", str(season), "--format", "json"]
    if command == "report":
        return cli + ["report", str(season), "-o", str(out)]
    raise ValueError(command)


def pages_of(target: Path) -> list[Path]:
    if not target.exists() and target.with_suffix("").is_dir():  # too large for one file: a site
        target = target.with_suffix("")
    if target.is_dir():
        return sorted(target.glob("*.html"))
    return [target] if target.exists() else []


def usable_seconds(pages: list[Path]) -> dict | None:
    """Seconds to the load event in headless Chromium for the index (or the file) and the largest page."""
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver_path and pages):
        return None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        first = next((p for p in pages if p.name == "index.html"), pages[0])
        largest = max(pages, key=lambda p: p.stat().st_size)
        out = {}
        for name, page in (("first", first), ("largest", largest)):
            t = time.perf_counter()
            driver.get(page.as_uri())
            out[name] = {"page": page.name, "seconds": time.perf_counter() - t}
        return out
    finally:
        driver.quit()


def mark(value: float | None, limit: float | None) -> str:
    if value is None or limit is None:
        return ""
    return "ok" if value <= limit else "MISSED"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1,10", help="comma-separated: 1,10,100")
    ap.add_argument(
        "--commands",
        default=",".join(c.replace(" --", "-") for c in COMMANDS),
        help="comma-separated: suspensions,suspensions-explain,explain,audit,report",
    )
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--max-rss-mb", type=float, default=run.default_max_rss_mb())
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    wanted = [c.replace("-explain", " --explain") for c in args.commands.split(",")]
    work = HERE / ".cache" / "commands"
    work.mkdir(parents=True, exist_ok=True)
    rows = []
    for size in sizes:
        season, meta = run.season_file(size, run.SEED, args.timeout, args.max_rss_mb)
        person = person_to_explain(season)
        base = None
        for command in wanted:
            out = work / (f"report-{size}x.html" if size == 1 else f"report-{size}x")
            for old in (out, out.with_suffix("")):
                if old.is_dir():
                    shutil.rmtree(old)
                elif old.exists():
                    old.unlink()
            run.progress(f"[{size}x] {command} ...")
            o = run.measure(
                argv_of(command, season, out, person), work / "stdout", work / "stderr", args.timeout, args.max_rss_mb
            )
            row = {
                "size": size,
                "lines": meta["incidents"],
                "command": command,
                "status": o.status,
                "seconds": o.wall,
                "peak_mb": o.peak_mb,
                "detail": o.detail,
            }
            if command == "suspensions":
                base = o.wall
            if command == "report" and o.status == "OK":
                pages = pages_of(out)
                row["pages"] = len(pages)
                row["largest_mb"] = max(p.stat().st_size for p in pages) / 2**20
                row["total_mb"] = sum(p.stat().st_size for p in pages) / 2**20
                row["kind"] = "file" if out.is_file() else "site"
                row["usable"] = usable_seconds(pages)
            rows.append(row)
        for row in rows:
            if row["size"] == size and base:
                row["vs_suspensions"] = row["seconds"] / base if row["seconds"] else None
    print()
    print(f"{'size':>5} {'lines':>9}  {'command':<22} {'seconds':>8} {'peak MB':>8} {'x susp.':>7}  target")
    for r in rows:
        limit_s, limit_mb = TARGETS.get(r["command"], {}).get(r["size"], (None, None))
        if r["command"] == "explain":
            base_s = next(
                (x["seconds"] for x in rows if x["size"] == r["size"] and x["command"] == "suspensions"), None
            )
            limit_s = None if base_s is None else 1.5 * base_s  # "about what suspensions costs"
        target = ""
        if limit_s is not None:
            target = f"< {limit_s:g} s {mark(r['seconds'], limit_s)}"
            if r["command"] == "explain":
                target = f"<= 1.5x suspensions ({limit_s:.1f} s) {mark(r['seconds'], limit_s)}"
        if limit_mb is not None:
            target += f"; < {limit_mb:g} MB {mark(r['peak_mb'], limit_mb)}"
        ratio = f"{r['vs_suspensions']:.2f}" if r.get("vs_suspensions") else ""
        secs = f"{r['seconds']:.2f}" if r["seconds"] is not None else "-"
        peak = f"{r['peak_mb']:.0f}" if r["peak_mb"] is not None else "-"
        status = "" if r["status"] == "OK" else f"  {r['status']} {r['detail']}"
        print(f"{r['size']:>4}x {r['lines']:>9,}  {r['command']:<22} {secs:>8} {peak:>8} {ratio:>7}  {target}{status}")
        if "pages" in r:
            line = (
                f"{'':>17}{r['kind']}: {r['pages']} page(s), {r['total_mb']:.1f} MB, largest "
                f"{r['largest_mb']:.2f} MB ({mark(r['largest_mb'] * 2**20, PAGE_LIMIT)} < 3 MB)"
            )
            if r.get("usable"):
                line += "; load in Chromium: " + ", ".join(
                    f"{v['page']} {v['seconds']:.2f} s ({mark(v['seconds'], 2)} < 2 s)" for v in r["usable"].values()
                )
            print(line)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
