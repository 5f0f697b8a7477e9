"""The command line: a thin layer over the library API."""

from __future__ import annotations

import sys

import click

from . import render, treeview
from .engine import as_season, evaluate
from .errors import InputError
from .audit import audit as run_audit
from .explain import explain_all, explain_audit, explain_incident, explain_person
from .policy import Policy

EXIT_INPUT = 2


def _fail_input(err: InputError) -> None:
    click.echo(err.report(), err=True)
    sys.exit(EXIT_INPUT)


def _warn(result: dict) -> None:
    for w in result["warnings"]:
        at = f"{w['where']} (line {w['line']})" if w.get("line") else w["where"]
        click.echo(f"warning: {at}: {w['message']}", err=True)


def _policy_options(f):
    f = click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True,
                     help="Catalog rule 3 off: hc:4.8(c)/hc:4.9(b) fire on every late line.")(f)
    f = click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True,
                     help="How the governing and league layers combine (league:10.01A).")(f)
    return f


@click.group()
@click.version_option(package_name="hockeyrules")
def main():
    """hockeyrules: the suspensions a league's rulebook requires, and why."""


@main.command()
@click.argument("season", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True)
@click.option("--explain", "with_reasons", is_flag=True,
              help="Add each component's explanation (json) or print every suspension's tree (table).")
@_policy_options
def suspensions(season, fmt, with_reasons, layers, counted_once):
    """Every suspension the rules require for SEASON (a season@1 YAML or JSON file)."""
    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    try:
        if with_reasons:
            _, trees, result = explain_all(season, policy)
        else:
            result = evaluate(season, policy).to_dict()
    except InputError as err:
        _fail_input(err)
    _warn(result)
    if with_reasons and fmt == "table":
        click.echo(treeview.text_tree([t.to_dict() for t in trees.values()]), nl=False)
    elif fmt == "json":
        click.echo(render.to_json(result), nl=False)
    elif fmt == "csv":
        click.echo(render.suspensions_csv(result), nl=False)
    else:
        click.echo(render.suspensions_table(result), nl=False)


@main.command()
@click.argument("season", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per violation.")
@_policy_options
def audit(season, fmt, layers, counted_once):
    """Serving and eligibility: games served, ineligible persons used, forfeits, fines."""
    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    try:
        data = run_audit(season, policy).to_dict()
    except InputError as err:
        _fail_input(err)
    _warn(data)
    if fmt == "json":
        click.echo(render.to_json(data), nl=False)
    elif fmt == "csv":
        click.echo(render.violations_csv(data), nl=False)
    else:
        click.echo(render.audit_table(data), nl=False)


@main.command()
@click.argument("season", type=click.Path(dir_okay=False))
@click.option("--person", help="Explain every suspension of this person (id).")
@click.option("--game", help="With --person: only this game. With --incident: the game of the line.")
@click.option("--incident", type=int, help="Why or why not for this line (1-based, as in result@1).")
@click.option("--audit", "with_audit", is_flag=True,
              help="With --person: also serving, ineligible use and 10.08 coach suspensions.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text",
              show_default=True)
@_policy_options
def explain(season, person, game, incident, with_audit, fmt, layers, counted_once):
    """Why a suspension was issued and why this many games; or why a line was not one.

    \b
    hockeyrules explain SEASON --person ID [--game ID]
    hockeyrules explain SEASON --game ID --incident N
    """
    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    if (person is None) == (incident is None):
        raise click.UsageError("give --person ID (and optionally --game), or --game ID --incident N")
    if incident is not None and game is None:
        raise click.UsageError("--incident needs --game")
    try:
        loaded = as_season(season)
        for w in loaded.warnings:
            click.echo(f"warning: {w}", err=True)
        if person is not None:
            nodes = explain_person(loaded, person, game, policy)
            if with_audit:
                nodes += explain_audit(loaded, person, game, policy)
            if not nodes:
                click.echo(f"{person} has no suspension" + (f" for game {game}" if game else "") +
                           "; use --game ID --incident N to see why a line was not one", err=True)
        else:
            nodes = [explain_incident(loaded, game, incident, policy)]
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


if __name__ == "__main__":  # pragma: no cover
    main()
