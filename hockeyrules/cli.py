"""The command line: a thin layer over the library API."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import render, treeview
from .engine import as_season, evaluate
from .errors import InputError
from .audit import audit as run_audit
from .explain import explain_all, explain_audit, explain_incident, explain_person
from .policy import Policy

EXIT_INPUT = 2


def _fail_limit(err) -> None:
    click.echo(f"error: {err}", err=True)
    sys.exit(EXIT_INPUT)


def _fail_input(err: InputError) -> None:
    click.echo(err.report(), err=True)
    sys.exit(EXIT_INPUT)


def _print(fmt: str, data: dict, **renderers) -> None:
    """Standard output in the chosen format: JSON as data, the others as rendered."""
    text = render.to_json(data) if fmt == "json" else renderers[fmt](data)
    click.echo(text, nl=False)


def _proposal(path):
    """A validated proposal (InputError with every problem), or None."""
    if path is None:
        return None
    from .proposal import load

    return load(path)


def _warn(result: dict) -> None:
    for w in result["warnings"]:
        at = f"{w['where']} (line {w['line']})" if w.get("line") else w["where"]
        click.echo(f"warning: {at}: {w['message']}", err=True)


def _parse_readings(ctx, param, values) -> dict:
    """--reading NAME=VALUE, repeatable: an unknown name or value is a usage error (exit 2)."""
    from .policy import parse_assignment

    out = {}
    for text in values:
        try:
            name, value = parse_assignment(text)
        except ValueError as err:
            raise click.BadParameter(str(err)) from None
        out[name] = value
    return out


def _reading_option(f):
    from .policy import BY_NAME

    return click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE", callback=_parse_readings,
                        help="Read the rulebook another way (repeatable): " + ", ".join(BY_NAME) +
                             "; `hockeyrules readings` lists them.")(f)


def _make_policy(layers: str = "sum", counted_once: bool = True, readings: dict | None = None) -> Policy:
    """The readings for one command: --layers and --no-late-game-counted-once are shorthands
    for two of them; --reading sets any."""
    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    return policy.with_readings(readings or {})


def _policy_options(f):
    f = click.option("--proposal", type=click.Path(dir_okay=False),
                     help="Evaluate under a proposed change (proposal@1 file).")(f)
    f = _reading_option(f)
    f = click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True,
                     help="Shorthand for --reading late_game_counted_once=false.")(f)
    f = click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True,
                     help="Shorthand for --reading layers=...: how the Hockey Canada part and the league "
                          "part combine (league:10.01A).")(f)
    return f


class _Group(click.Group):
    """Turns a proposal's runaway grounding into a clear message, exit 2."""

    def invoke(self, ctx):
        from .solver import GroundingTimeout

        try:
            return super().invoke(ctx)
        except GroundingTimeout as err:
            _fail_limit(err)


@click.group(cls=_Group)
@click.version_option(package_name="hockeyrules")
def main():
    """hockeyrules: the suspensions a league's rulebook requires, and why."""


@main.command()
@click.argument("season", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True)
@click.option("--explain", "with_reasons", is_flag=True,
              help="Add each component's explanation (json) or print every suspension's tree (table).")
@_policy_options
def suspensions(season, fmt, with_reasons, layers, counted_once, readings, proposal):
    """Every suspension the rules require for SEASON (a season@1 YAML or JSON file)."""
    policy = _make_policy(layers, counted_once, readings)
    try:
        proposal = _proposal(proposal)
        if with_reasons:
            _, trees, result = explain_all(season, policy, proposal=proposal)
        else:
            result = evaluate(season, policy, proposal=proposal).to_dict()
    except InputError as err:
        _fail_input(err)
    _warn(result)
    if with_reasons and fmt == "table":
        click.echo(treeview.text_tree([t.to_dict() for t in trees.values()]), nl=False)
        return
    _print(fmt, result, table=render.suspensions_table, csv=render.suspensions_csv)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per violation.")
@_policy_options
def audit(season, fmt, layers, counted_once, readings, proposal):
    """Serving and eligibility: games served, ineligible persons used, forfeits, fines."""
    policy = _make_policy(layers, counted_once, readings)
    try:
        data = run_audit(season, policy, proposal=_proposal(proposal)).to_dict()
    except InputError as err:
        _fail_input(err)
    _warn(data)
    _print(fmt, data, table=render.audit_table, csv=render.violations_csv)


@main.command()
@click.argument("season", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, writable=True),
              help="The HTML file to write (one self-contained page).")
@_policy_options
def report(season, output, layers, counted_once, readings, proposal):
    """One HTML page to read offline: summary, suspensions and why, a page per person, the audit."""
    from .report import build_report

    policy = _make_policy(layers, counted_once, readings)
    try:
        proposal = _proposal(proposal)
        loaded = as_season(season)
        for w in loaded.warnings:
            click.echo(f"warning: {w}", err=True)
        page = build_report(loaded, policy, proposal=proposal)
    except InputError as err:
        _fail_input(err)
    with open(output, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(page)
    click.echo(f"wrote {output}", err=True)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--person", help="Explain every suspension of this person (id).")
@click.option("--game", help="With --person: only this game. With --incident: the game of the line.")
@click.option("--incident", type=int, help="Why or why not for this line (1-based, as in result@1).")
@click.option("--audit", "with_audit", is_flag=True,
              help="With --person: also serving, ineligible use and 10.08 coach suspensions.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text",
              show_default=True)
@_policy_options
def explain(season, person, game, incident, with_audit, fmt, layers, counted_once, readings, proposal):
    """Why a suspension was issued and why this many games; or why a line was not one.

    \b
    hockeyrules explain SEASON --person ID [--game ID]
    hockeyrules explain SEASON --game ID --incident N
    """
    policy = _make_policy(layers, counted_once, readings)
    if (person is None) == (incident is None):
        raise click.UsageError("give --person ID (and optionally --game), or --game ID --incident N")
    if incident is not None and game is None:
        raise click.UsageError("--incident needs --game")
    try:
        proposal = _proposal(proposal)
        loaded = as_season(season)
        for w in loaded.warnings:
            click.echo(f"warning: {w}", err=True)
        if person is not None:
            nodes = explain_person(loaded, person, game, policy, proposal=proposal)
            if with_audit:
                nodes += explain_audit(loaded, person, game, policy, proposal=proposal)
            if not nodes:
                click.echo(f"{person} has no suspension" + (f" for game {game}" if game else "") +
                           "; use --game ID --incident N to see why a line was not one", err=True)
        else:
            nodes = [explain_incident(loaded, game, incident, policy, proposal=proposal)]
    except InputError as err:
        _fail_input(err)
    except KeyError as err:
        click.echo(f"error: {err.args[0]}", err=True)
        sys.exit(EXIT_INPUT)
    trees = [n.to_dict() for n in nodes]
    if not trees and fmt != "json":
        return
    if fmt == "json":
        click.echo(render.to_json({"format": "hockeyrules/explanation@1", "explanations": trees}), nl=False)
    elif fmt == "markdown":
        click.echo(treeview.markdown(trees), nl=False)
    else:
        click.echo(treeview.text_tree(trees), nl=False)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--proposal", "after", type=click.Path(dir_okay=False),
              help="The proposal to try (proposal@1 file).")
@click.option("--against", "before", type=click.Path(dir_okay=False),
              help="Compare with this proposal instead of the current rules.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
              show_default=True)
@click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True)
@click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True)
@_reading_option
def diff(season, after, before, fmt, layers, counted_once, readings):
    """What a proposal, or another reading (--reading NAME=VALUE), would have changed in SEASON,
    person by person. With --reading, the other side is read with the defaults."""
    from .diff import diff as run_diff

    if after is None and not readings:
        raise click.UsageError("give --proposal FILE, or --reading NAME=VALUE to compare a reading with the default")
    policy = _make_policy(layers, counted_once)
    try:
        data = run_diff(season, _proposal(after), _proposal(before), policy, policy.with_readings(readings))
    except InputError as err:
        _fail_input(err)
    _print(fmt, data, table=render.diff_table, markdown=render.diff_markdown)


@main.command()
@click.option("--proposal", type=click.Path(dir_okay=False), help="Show what this proposal changes.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@_reading_option
def rules(proposal, fmt, readings):
    """The catalog as the engine has it: every rule, what triggers it, its games, and the readings."""
    from .rules_listing import listing

    try:
        data = listing(_proposal(proposal), Policy().with_readings(readings))
    except InputError as err:
        _fail_input(err)
    if fmt == "json":
        click.echo(render.to_json(data), nl=False)
        return
    rows = [[r["id"], r["layer"], r["when"], r["games"], r["late"], r["combines"]] for r in data["rows"]]
    click.echo(render.table(["id", "layer", "when", "games", "late", "combines"], rows), nl=False)
    for rid, t in data["thresholds"].items():
        click.echo(f"\n{rid}: a game each time the season's minutes pass {t['after']}, then every {t['every']}")
    click.echo("\nReadings: " + ", ".join(f"{k}={v}" for k, v in data["readings"].items()))
    if "proposal" in data:
        click.echo(f"\nProposal: {data['proposal']['name']}")
        rows = [[c["id"], c["what"], c["before"], c["after"]] for c in data["proposal"]["changes"]]
        click.echo(render.table(["id", "change", "before", "after"], rows), nl=False)


@main.command("test")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--proposal", type=click.Path(dir_okay=False),
              help="Run every scenario under this proposal (a scenario's own proposal wins).")
@_reading_option
def test_command(paths, proposal, readings):
    """Run scenario tests (*.scenarios.yaml files or folders); exit 1 on a failure."""
    from pathlib import Path

    from . import scenarios

    files = []
    for p in paths:
        path = Path(p)
        files += sorted(path.rglob("*.scenarios.yaml")) if path.is_dir() else [path]
    passed = failed = 0
    try:
        default = _proposal(proposal)
        for f in files:
            for outcome in scenarios.run_file(f, default_proposal=default, default_readings=readings):
                if outcome.passed:
                    passed += 1
                    click.echo(f"PASS  {f.name}: {outcome.name}")
                else:
                    failed += 1
                    click.echo(f"FAIL  {f.name}: {outcome.name}")
                    for line in outcome.failures:
                        click.echo(f"      {line}")
    except InputError as err:
        _fail_input(err)
    click.echo(f"\n{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


@main.command("import")
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="The season file to write (.yaml or .json).")
@click.option("--mapping", type=click.Path(dir_okay=False, exists=True),
              help="The league's own words and rule numbers for codes (docs/csv-import.md).")
@click.option("--clock", type=click.Choice(["remaining", "elapsed"]),
              help="The clock mode, where the folder has no settings.csv saying it.")
def import_command(folder, output, mapping, clock):
    """Read a folder of CSV exports (teams, people, games, incidents, ...) into a season file."""
    from .csvio import import_folder
    from .generate import write_season

    try:
        data, season = import_folder(folder, mapping, settings={"clock": clock} if clock else None)
    except InputError as err:
        _fail_input(err)
    for w in season.warnings:
        click.echo(f"warning: {w}", err=True)
    write_season(data, output)
    lines = sum(len(g.incidents) for g in season.games)
    click.echo(f"{output}: {len(season.teams)} teams, {len(season.people)} people, {len(season.games)} games, "
               f"{lines} incidents", err=True)


@main.command("export")
@click.argument("season", type=click.Path(exists=True))
@click.option("-o", "--output", required=True, type=click.Path(file_okay=False),
              help="The folder to write the CSV files into.")
@click.option("--semicolon", is_flag=True, help="Separate fields with ';' (spreadsheets in some locales).")
def export_command(season, output, semicolon):
    """Write a season as a folder of CSV files (one row per penalty line), readable by import."""
    from .csvio import write_folder

    try:
        loaded = as_season(season)
    except InputError as err:
        _fail_input(err)
    files = write_folder(loaded, output, delimiter=";" if semicolon else ",")
    click.echo(f"{output}: " + ", ".join(sorted(Path(f).name for f in files)), err=True)


@main.command("readings")
@click.argument("season", type=click.Path(), required=False)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
              show_default=True)
@click.option("--proposal", type=click.Path(dir_okay=False), help="Measure the readings under this proposal.")
def readings_command(season, fmt, proposal):
    """Where the rulebook reads two ways: each reading, its provision and words, its default and
    other values; with SEASON, whose suspensions each other value would change."""
    from . import readings as readings_mod

    try:
        data = readings_mod.readings(season, proposal=_proposal(proposal))
    except InputError as err:
        _fail_input(err)
    _print(fmt, data, table=readings_mod.as_table, markdown=readings_mod.as_markdown)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--as-of", "as_of", help="The date (YYYY-MM-DD); default: the day after the last played game.")
@click.option("--team", help="Only this team's persons.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
              show_default=True)
@_policy_options
def status(season, as_of, team, fmt, layers, counted_once, readings, proposal):
    """Who may not play as of a date: suspensions owed, games to sit out, first game back."""
    from . import status as status_mod

    policy = _make_policy(layers, counted_once, readings)
    try:
        data = status_mod.status(season, as_of, team, policy, proposal=_proposal(proposal))
    except InputError as err:
        _fail_input(err)
    except (KeyError, ValueError) as err:
        _fail_limit(err.args[0])
    _print(fmt, data, table=status_mod.status_table, markdown=status_mod.status_markdown)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--issued", "issued", type=click.Path(dir_okay=False),
              help="The suspensions the league issued (YAML, JSON or CSV); default: the season's issued list.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown", "csv"]), default="table",
              show_default=True)
@_policy_options
def reconcile(season, issued, fmt, layers, counted_once, readings, proposal):
    """Did the league issue what its rules require? Each difference with its explanation."""
    from . import reconcile as rec

    policy = _make_policy(layers, counted_once, readings)
    try:
        loaded = as_season(season)
        data = rec.reconcile(loaded, issued, policy, proposal=_proposal(proposal))
    except InputError as err:
        _fail_input(err)
    _print(fmt, data, table=rec.reconcile_table, markdown=rec.reconcile_markdown, csv=rec.reconcile_csv)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--person", required=True, help="The suspended person (id).")
@click.option("--game", required=True, help="The game the suspension was earned in.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="The file to write: .html a printable page, anything else Markdown (default: Markdown on "
                   "standard output).")
@_policy_options
def notice(season, person, game, output, layers, counted_once, readings, proposal):
    """One suspension's notice, as the team manager receives it."""
    from . import notices as nt

    policy = _make_policy(layers, counted_once, readings)
    try:
        found = nt.notices(season, person, game, policy=policy, proposal=_proposal(proposal))
    except InputError as err:
        _fail_input(err)
    except KeyError as err:
        _fail_limit(err.args[0])
    if not found:
        _fail_limit(f"{person} has no suspension for game {game}")
    html = output is not None and output.lower().endswith((".html", ".htm"))
    text = nt.to_html(found[0]) if html else nt.to_markdown(found[0])
    if output is None or output == "-":
        click.echo(text, nl=False)
    else:
        Path(output).write_text(text, encoding="utf-8", newline="\n")
        click.echo(f"wrote {output}", err=True)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--since", help="Only suspensions earned in games on or after this date (YYYY-MM-DD).")
@click.option("-o", "--output", required=True, type=click.Path(file_okay=False),
              help="The folder to write into (GAME-PERSON.md and .html per suspension).")
@_policy_options
def notices(season, since, output, layers, counted_once, readings, proposal):
    """Every suspension's notice (Markdown and printable HTML), one pair of files each."""
    from . import notices as nt
    from .status import check_date

    policy = _make_policy(layers, counted_once, readings)
    if not Path(output).is_dir():
        _fail_limit(f"{output}: no such folder (create it first)")
    try:
        since = check_date(since) if since else None
        found = nt.notices(season, since=since, policy=policy, proposal=_proposal(proposal))
    except InputError as err:
        _fail_input(err)
    except ValueError as err:
        _fail_limit(err.args[0])
    written = nt.write_all(found, output)
    click.echo(f"{output}: {len(found)} notice(s), {len(written)} file(s)", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
