"""The command line: a thin layer over the library API."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import render
from .errors import InputError
from .policy import Policy

# Each command imports what it needs when it runs (`suspensions` on a JSON season
# never loads the audit, the explanations, the report, the CSV reader or YAML).

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


def _policy_options(f):
    f = click.option("--proposal", type=click.Path(dir_okay=False),
                     help="Evaluate under a proposed change (proposal@1 file).")(f)
    f = click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True,
                     help="Catalog rule 3 off: hc:4.8(c)/hc:4.9(b) fire on every late line.")(f)
    f = click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True,
                     help="How the governing and league layers combine (league:10.01A).")(f)
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
def suspensions(season, fmt, with_reasons, layers, counted_once, proposal):
    """Every suspension the rules require for SEASON (a season@1 YAML or JSON file)."""
    from .engine import evaluate

    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    try:
        proposal = _proposal(proposal)
        if with_reasons:
            from .explain import explain_all

            _, trees, result = explain_all(season, policy, proposal=proposal)
        else:
            result = evaluate(season, policy, proposal=proposal).to_dict()
    except InputError as err:
        _fail_input(err)
    _warn(result)
    if with_reasons and fmt == "table":
        from . import treeview

        click.echo(treeview.text_tree([t.to_dict() for t in trees.values()]), nl=False)
        return
    _print(fmt, result, table=render.suspensions_table, csv=render.suspensions_csv)


@main.command()
@click.argument("season", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per violation.")
@_policy_options
def audit(season, fmt, layers, counted_once, proposal):
    """Serving and eligibility: games served, ineligible persons used, forfeits, fines."""
    from .audit import audit as run_audit

    policy = Policy(layers=layers, late_game_counted_once=counted_once)
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
def report(season, output, layers, counted_once, proposal):
    """One HTML page to read offline: summary, suspensions and why, a page per person, the audit."""
    from .engine import as_season
    from .report import build_report

    policy = Policy(layers=layers, late_game_counted_once=counted_once)
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
def explain(season, person, game, incident, with_audit, fmt, layers, counted_once, proposal):
    """Why a suspension was issued and why this many games; or why a line was not one.

    \b
    hockeyrules explain SEASON --person ID [--game ID]
    hockeyrules explain SEASON --game ID --incident N
    """
    from . import treeview
    from .engine import as_season
    from .explain import explain_audit, explain_incident, explain_person

    policy = Policy(layers=layers, late_game_counted_once=counted_once)
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
@click.option("--proposal", "after", type=click.Path(dir_okay=False), required=True,
              help="The proposal to try (proposal@1 file).")
@click.option("--against", "before", type=click.Path(dir_okay=False),
              help="Compare with this proposal instead of the current rules.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
              show_default=True)
@click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True)
@click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True)
def diff(season, after, before, fmt, layers, counted_once):
    """What a proposal would have changed in SEASON, person by person."""
    from .diff import diff as run_diff

    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    try:
        data = run_diff(season, _proposal(after), _proposal(before), policy)
    except InputError as err:
        _fail_input(err)
    _print(fmt, data, table=render.diff_table, markdown=render.diff_markdown)


@main.command()
@click.option("--proposal", type=click.Path(dir_okay=False), help="Show what this proposal changes.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
def rules(proposal, fmt):
    """The catalog as the engine has it: every rule, what triggers it, its games."""
    from .rules_listing import listing

    try:
        data = listing(_proposal(proposal))
    except InputError as err:
        _fail_input(err)
    if fmt == "json":
        click.echo(render.to_json(data), nl=False)
        return
    rows = [[r["id"], r["layer"], r["when"], r["games"], r["late"], r["combines"]] for r in data["rows"]]
    click.echo(render.table(["id", "layer", "when", "games", "late", "combines"], rows), nl=False)
    for rid, t in data["thresholds"].items():
        click.echo(f"\n{rid}: a game each time the season's minutes pass {t['after']}, then every {t['every']}")
    if "proposal" in data:
        click.echo(f"\nProposal: {data['proposal']['name']}")
        rows = [[c["id"], c["what"], c["before"], c["after"]] for c in data["proposal"]["changes"]]
        click.echo(render.table(["id", "change", "before", "after"], rows), nl=False)


@main.command("test")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--proposal", type=click.Path(dir_okay=False),
              help="Run every scenario under this proposal (a scenario's own proposal wins).")
def test_command(paths, proposal):
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
            for outcome in scenarios.run_file(f, default_proposal=default):
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
    from .engine import as_season

    try:
        loaded = as_season(season)
    except InputError as err:
        _fail_input(err)
    files = write_folder(loaded, output, delimiter=";" if semicolon else ",")
    click.echo(f"{output}: " + ", ".join(sorted(Path(f).name for f in files)), err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
