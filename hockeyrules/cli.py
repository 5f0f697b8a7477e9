"""The command line: a thin layer over the library API."""

from __future__ import annotations

import sys

import click

from . import render
from .engine import evaluate
from .errors import InputError
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
@_policy_options
def suspensions(season, fmt, layers, counted_once):
    """Every suspension the rules require for SEASON (a season@1 YAML or JSON file)."""
    try:
        result = evaluate(season, Policy(layers=layers, late_game_counted_once=counted_once)).to_dict()
    except InputError as err:
        _fail_input(err)
    _warn(result)
    if fmt == "json":
        click.echo(render.to_json(result), nl=False)
    elif fmt == "csv":
        click.echo(render.suspensions_csv(result), nl=False)
    else:
        click.echo(render.suspensions_table(result), nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
