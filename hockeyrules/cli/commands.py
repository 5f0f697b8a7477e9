"""The command line: a thin layer over the library API.

Exit codes: 0 ok, 1 a test or a check failed, 2 bad input or usage. `-` reads the
season from standard input and, for -o, writes to standard output. Progress goes to
standard error when it is a terminal (--quiet silences it).
"""

from __future__ import annotations

import inspect
import os
import sys
from contextlib import contextmanager, nullcontext

import click

from hockeyrules.engine.errors import GroundingTimeout
from hockeyrules.model import collection, progress
from hockeyrules.model.collection import paused
from hockeyrules.model.errors import InputError
from hockeyrules.model.policy import Policy
from hockeyrules.read import streams
from hockeyrules.read.season import Season
from hockeyrules.views import render
from hockeyrules.views.wording import plural

# Each command imports what it needs when it runs: `suspensions` on a JSON season
# loads no audit, explanations, report, CSV reader or YAML (issue 16).

EXIT_OK, EXIT_FAILED, EXIT_INPUT = 0, 1, 2

EXIT_CODES = """\b
Exit codes:
  0  done (for test: every test passed)
  1  a scenario test failed
  2  bad input or usage: the season, a proposal, a scenario file or an
     output path is not right, or an output is an input (every problem is
     listed, nothing is written); or a write failed (the previous output is
     left as it was)"""

CONTEXT = {"help_option_names": ["-h", "--help"]}

# One instance of each kind of path, shared by every option: click looks up its
# message catalogs (files searched on disk) for each instance made, 27 of them here.
PATH, FILE, FOLDER = click.Path(), click.Path(dir_okay=False), click.Path(file_okay=False)
EXISTING_PATH, EXISTING_FILE = click.Path(exists=True), click.Path(dir_okay=False, exists=True)
EXISTING_FOLDER = click.Path(file_okay=False, exists=True)


def _fail_limit(err) -> None:
    click.echo(f"error: {err}", err=True)
    sys.exit(EXIT_INPUT)


def _named(loaded, team: str | None = None, person: str | None = None) -> tuple:
    """--team and --person as ids: each an id or a name (hockeyrules/read/names.py, the one
    resolver of every command); an unknown one is an input error that lists the closest."""
    # (here: start-up time: only a command given --team or --person resolves names; `suspensions` does not load it)
    from hockeyrules.read.names import person_id, team_id

    try:
        return (team_id(loaded, team) if team else None, person_id(loaded, person) if person else None)
    except KeyError as err:
        _fail_limit(err.args[0])
        raise  # (not reached: _fail_limit exits)


def _fail_input(err: InputError) -> None:
    click.echo(err.report(), err=True)
    sys.exit(EXIT_INPUT)


def _terminal_width() -> int | None:
    """The terminal's width when standard output is one; None (full width) otherwise."""
    stream = sys.stdout
    if not stream.isatty():
        return None
    import shutil  # (with the archive modules it imports: only for a terminal)

    return shutil.get_terminal_size((100, 24)).columns


def _print(fmt: str, data: dict, **renderers) -> None:
    """Standard output in the chosen format: JSON as data, the others as rendered;
    terminal tables fit the terminal."""
    if fmt == "json":
        text = render.to_json(data)
    elif fmt == "table" and "width" in inspect.signature(renderers[fmt]).parameters:
        text = renderers[fmt](data, width=_terminal_width())
    else:
        text = renderers[fmt](data)
    click.echo(text, nl=False)


class _Stderr:
    """Progress on standard error: one line a stage, a bar while parts are solved."""

    def __init__(self):
        self.bar = None

    def stage(self, text: str) -> None:
        self._close()
        click.echo(f"{text}…", err=True)

    def parts(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=total, label="solving parts", file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(done - self.bar.pos)
        if done >= total:
            self._close()

    def _close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def _reporter(quiet: bool):
    return None if quiet or not sys.stderr.isatty() else _Stderr()


@contextmanager
def _working(quiet: bool):
    """While a command works: progress on standard error (unless `quiet`), and a
    problem found in the user's input on the way (a streamed season, a proposal
    checked against it) ends it with every problem said and exit 2."""
    with progress.reporting(_reporter(quiet)):
        try:
            yield
        except InputError as err:
            _fail_input(err)


def _read(season: str, defer: bool = False):
    """The season argument: a file, a CSV folder, or `-` (standard input, YAML or JSON).
    With `defer`, it is left for the engine to read (hockeyrules.evaluate): a path as it
    is, standard input as the function that reads it."""
    if defer:
        return season if season != streams.STDIO else _read_stdin
    if season == streams.STDIO:
        return _read_stdin()
    # (here: start-up time: the engine and CSV reader only for a season read here)
    from hockeyrules.engine.run import as_season

    progress.stage("reading " + season)
    return as_season(season)


def _read_stdin() -> Season:
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.read.season import validate

    progress.stage("reading standard input")
    return validate(streams.read_stdin(), streams.STDIN_NAME)


def _inputs(season: str, *proposals: str | None, defer: bool = False):
    """The season and the proposals, each file checked whole: the problems of every
    file are reported at once (exit 2) before anything is computed. With `defer`, the
    season is left for the engine to read where every proposal is valid (_read)."""
    errors: list[InputError] = []
    checked = []
    for path in proposals:
        try:
            checked.append(_proposal(path))
        except InputError as err:
            errors.append(err)
    loaded = None
    try:
        loaded = _read(season, defer and not errors)
    except InputError as err:
        errors.append(err)
    if errors:
        click.echo("\n".join(err.report() for err in errors), err=True)
        sys.exit(EXIT_INPUT)
    return loaded, checked


def _check_output(path: str, folder: bool = False) -> None:
    try:
        streams.check_output(path, folder=folder)
    except InputError as err:
        _fail_input(err)


def _apart(outputs: list[tuple[str, bool]], *inputs: str | None, ours=None) -> None:
    """Before any work: no output (path, is a folder) is an input (the season, its CSV
    folder and every file in it, --mapping, a proposal) by path or by file, and an
    output folder holds only what the command writes there (it is replaced whole)."""
    mapping = click.get_current_context().params.get("mapping")
    try:
        streams.check_apart([("--output", path, folder) for path, folder in outputs], [*inputs, mapping])
        if ours is not None:
            for path, folder in outputs:
                if folder:
                    streams.check_replaceable(path, ours)
    except InputError as err:
        _fail_input(err)


@contextmanager
def _writing(path: str):
    """A write that fails (a full disk, a file size limit, a permission, a folder gone
    on the way) ends the command with the path and the reason, exit 2; the previous
    output is left whole (streams.replacing, streams.replacing_folder)."""
    try:
        yield
    except OSError as err:
        reason = err.strerror or str(err)
        click.echo(
            f"error: {path}: could not write it: {reason}; the previous one, if any, is left as it was", err=True
        )
        sys.exit(EXIT_INPUT)


def _proposal(path):
    """A validated proposal (InputError with every problem), or None."""
    if path is None:
        return None
    # (here: start-up time: only this command loads it)
    from hockeyrules.engine.proposal import load

    return load(path)


def _warn(result: dict) -> None:
    for w in result["warnings"]:
        at = f"{w['where']} (line {w['line']})" if w.get("line") else w["where"]
        click.echo(f"warning: {at}: {w['message']}", err=True)


def _parse_readings(ctx, param, values) -> dict:
    """--reading NAME=VALUE, repeatable: an unknown name or value is a usage error (exit 2)."""
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.model.policy import parse_assignment

    out = {}
    for text in values:
        try:
            name, value = parse_assignment(text)
        except ValueError as err:
            raise click.BadParameter(str(err)) from None
        out[name] = value
    return out


def _reading_option(f):
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.model.policy import BY_NAME

    return click.option(
        "--reading",
        "readings",
        multiple=True,
        metavar="NAME=VALUE",
        callback=_parse_readings,
        help="Read the rulebook another way (repeatable): "
        + ", ".join(BY_NAME)
        + "; `hockeyrules readings` lists them.",
    )(f)


def _make_policy(layers: str = "sum", counted_once: bool = True, readings: dict | None = None) -> Policy:
    """The readings for one command: --layers and --no-late-game-counted-once are shorthands
    for two of them; --reading sets any."""
    policy = Policy(layers=layers, late_game_counted_once=counted_once)
    return policy.with_readings(readings or {})


def _quiet_option(f):
    return click.option("-q", "--quiet", is_flag=True, help="No progress on standard error.")(f)


def _choose_rulebook(ctx, param, value):
    """--rulebook NAME|FILE: read and checked at once (exit 2 with every error), then in force."""
    # (here: start-up time: `hockeyrules -h` and the commands that solve nothing do not load the rulebooks' module)
    from hockeyrules.engine.rulebookfile import choose

    try:
        choose(value)  # (None: the season's own, or the default; never one an earlier call chose)
    except InputError as err:
        _fail_input(err)
    ctx.call_on_close(lambda: choose(None))  # for this command only (a caller's process goes on)
    return value


def _rulebook_option(f):
    """--rulebook on every evaluating command (docs/rulebooks.md): it wins over the season's
    settings.rulebook; without either, mu18aaa (the Manitoba U18 AAA league's By-Law 10)."""
    return click.option(
        "--rulebook",
        metavar="NAME|FILE",
        expose_value=False,
        callback=_choose_rulebook,
        help="The rulebook to judge by: a built-in one (`hockeyrules rulebooks`) or a rulebook@1 file; "
        "default: the season's settings.rulebook, else mu18aaa (the Manitoba U18 AAA league's by-laws).",
    )(f)


def _policy_options(f):
    f = _rulebook_option(f)
    f = click.option("--proposal", type=FILE, help="Evaluate under a proposed change (proposal@1 file).")(f)
    f = _reading_option(f)
    f = click.option(
        "--no-late-game-counted-once",
        "counted_once",
        flag_value=False,
        default=True,
        help="Shorthand for --reading late_game_counted_once=false.",
    )(f)
    f = click.option(
        "--layers",
        type=click.Choice(["sum", "max"]),
        default="sum",
        show_default=True,
        help="Shorthand for --reading layers=...: how Hockey Canada's minimum and the league's "
        "games combine (league:10.01A): added, or the larger of the two.",
    )(f)
    return _quiet_option(f)


def _folder_options(f):
    """--mapping and --encoding wherever a season may be a folder of CSV files (docs/csv-import.md):
    every folder the command reads is read with them (csvio.reading_options)."""
    import functools

    @functools.wraps(f)
    def command(*args, mapping=None, encoding=None, **kwargs):
        season = kwargs.get("season", kwargs.get("folder"))
        if (mapping or encoding) and season not in (None, streams.STDIO) and not os.path.isdir(season):
            raise click.UsageError("--mapping and --encoding are for a season that is a folder of CSV files")
        if mapping is None and encoding is None:  # the defaults: no need to load the CSV reader
            return f(*args, **kwargs)
        # (here: start-up time: the CSV reader only for --mapping/--encoding)
        from hockeyrules.read.csv.reader import reading_options

        with reading_options(mapping, encoding):
            return f(*args, **kwargs)

    command = click.option(
        "--encoding",
        metavar="NAME",
        help="The CSV files' encoding, e.g. cp1252 (default: UTF-8, or UTF-16 with a BOM).",
    )(command)
    return click.option(
        "--mapping",
        metavar="FILE|PROFILE",
        callback=_mapping_value,
        help="A CSV folder's own words, people and teams, or a built-in profile of a scoring system "
        "(hockeytech; see import --profiles) (default: the folder's mapping.yaml).",
    )(command)


def _mapping_value(ctx, param, value):
    """A mapping file, or the name of a profile shipped with hockeyrules (read/csv/profiles)."""
    if value is None or os.path.isfile(value):
        return value
    import hockeyrules.read.csv  # start-up time: only this command needs it

    if value.isidentifier() and os.path.isfile(
        os.path.join(hockeyrules.read.csv.__path__[0], "profiles", f"{value}.yaml")
    ):
        return value
    raise click.BadParameter(f"{value!r} is neither a file nor a profile (hockeyrules import --profiles lists them)")


def _list_profiles(ctx, param, value):
    if not value or ctx.resilient_parsing:
        return
    from hockeyrules.read.csv.mapping import PROFILES  # start-up time: only this command needs it

    for name, what in PROFILES.items():
        click.echo(f"{name}\t{what}")
    ctx.exit(EXIT_OK)


class _Group(click.Group):
    """Turns a proposal's runaway grounding into a clear message, exit 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except GroundingTimeout as err:
            _fail_limit(err)


@click.group(cls=_Group, context_settings=CONTEXT, epilog=EXIT_CODES)
@click.version_option(package_name="hockeyrules")
def main():
    """hockeyrules: the suspensions a league's rulebook requires, and why.

    SEASON is a season file (YAML or JSON), a folder of CSV files, or - for
    standard input. Shell completion: see docs/commands.md.
    """


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True)
@click.option(
    "--explain",
    "with_reasons",
    is_flag=True,
    help="Add each component's explanation (json) or print every suspension's tree (table).",
)
@click.option("--team", help="Only this team's suspensions (an id or a name).")
@_policy_options
@_folder_options
def suspensions(season, fmt, with_reasons, team, layers, counted_once, readings, proposal, quiet):
    """Every suspension the rules require for SEASON (a season@1 YAML or JSON file, a CSV folder, or -)."""
    policy = _make_policy(layers, counted_once, readings)
    # No cyclic collection from here to the end of the command (a streamed season was
    # always read and solved without it). Run as the program (run()), what the command
    # made is then frozen, so that no collection walks it on the way out. Not for
    # explanations, whose trees the collector may have to find.
    with nullcontext() if with_reasons else paused(freeze=collection.ends()):
        _suspensions(season, fmt, with_reasons, policy, proposal, quiet, team)


def _suspensions(season, fmt, with_reasons, policy, proposal, quiet, team=None):
    if with_reasons and fmt == "csv":
        raise click.UsageError("--explain adds explanations to --format json or table; CSV has no room for them")
    with _working(quiet):
        if with_reasons or team is not None:
            loaded, (proposal,) = _inputs(season, proposal)
            if team is not None:  # a name or an id, resolved against the season's teams
                team = _named(loaded, team)[0]
        if with_reasons:
            progress.stage("solving")
            # (here: start-up time: only this command loads it)
            from hockeyrules.views.explain import explain_all

            _, trees, result = explain_all(loaded, policy, proposal=proposal)
        else:
            if team is None:
                # the engine reads the season: it decides how (hockeyrules/engine/run.py)
                source, (proposal,) = _inputs(season, proposal, defer=True)
            else:
                source = loaded
            # (here: start-up time: only this command loads it)
            from hockeyrules.engine.run import evaluate

            solved = evaluate(source, policy, proposal=proposal)
    with paused():  # (many small dictionaries, no cycle)
        names = {}
        if not with_reasons:
            result = solved.to_dict()
            names = solved.team_names  # (the table's team names: result@1 has ids only)
        if team is not None:  # (ids stay in the output; the name chose them)
            result["suspensions"] = [s for s in result["suspensions"] if s["team"] == team]
            if with_reasons:
                kept = {(s["person"], s["game"]) for s in result["suspensions"]}
                trees = {k: t for k, t in trees.items() if k in kept}
        _warn(result)
        if with_reasons and fmt == "table":
            # (here: start-up time: only this command loads it)
            from hockeyrules.views import treeview

            file = treeview.source_name(getattr(loaded, "source", None))
            click.echo(treeview.text_tree([t.to_dict() for t in trees.values()], file=file, **_tree_width()), nl=False)
            return
        table = lambda d, width=None: render.suspensions_table(d, width, team_names=names)  # noqa: E731
        _print(fmt, result, table=table, csv=render.suspensions_csv)


def _tree_width() -> dict:
    width = _terminal_width()
    return {} if width is None else {"width": width}


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="csv: one row per violation.",
)
@click.option("--team", help="Only this team's serving, violations, forfeits and fines (an id or a name).")
@_policy_options
@_folder_options
def audit(season, fmt, team, layers, counted_once, readings, proposal, quiet):
    """Serving and eligibility: games served, ineligible persons used, forfeits, fines."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.views.audit import audit as run_audit

    policy = _make_policy(layers, counted_once, readings)
    with _working(quiet):
        loaded, (proposal,) = _inputs(season, proposal)
        progress.stage("solving")
        team = _named(loaded, team)[0] if team else None
        data = run_audit(loaded, policy, proposal=proposal).to_dict()
    if team is not None:
        data = render.one_team(data, team)
    _warn(data)
    names = {
        "teams": {t: x.name for t, x in loaded.teams.items()},
        "people": {p: x.name for p, x in loaded.people.items()},
    }
    table = lambda d, width=None: render.audit_table(d, width, names=names)  # noqa: E731
    _print(fmt, data, table=table, csv=render.violations_csv)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option(
    "-o",
    "--output",
    required=True,
    type=PATH,
    help="report.html for one file (- for standard output); a FOLDER/ (or a large season) for a site of pages.",
)
@click.option(
    "--as-of",
    "as_of",
    type=click.DateTime(["%Y-%m-%d"]),
    help="Who is suspended as of this date (default: the day after the last game played, as status).",
)
@click.option(
    "--site/--one-file",
    "site",
    default=None,
    help="Force a site (a folder of pages) or one file (default: by the season's size).",
)
@click.option("--team", help="The report of this team alone: its persons, their games, its audit (an id or a name).")
@_policy_options
@_folder_options
def report(season, output, as_of, site, team, layers, counted_once, readings, proposal, quiet):
    """The season as HTML to read offline: who is suspended now, teams, suspensions and why, the audit."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.report.pages import build_report, write_report

    folder = output != streams.STDIO and output.endswith(("/", os.sep))
    if not folder and output and os.path.isdir(output):
        click.echo(f"error: {output} is a directory (end it with / to write a site of pages into it)", err=True)
        sys.exit(EXIT_INPUT)
    if not folder:
        _check_output(output)
    from hockeyrules.report.pages import ours  # start-up time: only the report loads it

    # a .html output may become a site of the same name without the suffix (a large season)
    base, suffix = os.path.splitext(output.rstrip("/" + os.sep))
    maybe_site = [(base, True)] if site is not False and suffix.lower() in (".html", ".htm") else []
    _apart([(output, folder)] + maybe_site, season, proposal, ours=ours if folder or site else None)
    if not folder:
        suffix = os.path.splitext(output)[1].lower()
        if output != streams.STDIO and suffix not in ("", ".html", ".htm"):
            click.echo(
                f"error: {output}: the report is HTML; give a .html file (print it to PDF from a browser), "
                "or FOLDER/ for a site of pages",
                err=True,
            )
            sys.exit(EXIT_INPUT)
    policy = _make_policy(layers, counted_once, readings)
    day = as_of.date().isoformat() if as_of else None
    with _working(quiet):
        loaded, (proposal,) = _inputs(season, proposal)
        team = _named(loaded, team)[0] if team else None
        for w in loaded.warnings:
            click.echo(f"warning: {w}", err=True)
        if output == streams.STDIO:
            progress.stage("solving and explaining")
            page = build_report(loaded, policy, proposal=proposal, as_of=day, team=team)
        else:
            with _writing(output):  # (the pages are rendered as they are written)
                done = write_report(
                    loaded, output, policy, proposal=proposal, site=site, as_of=day, progress=progress.stage, team=team
                )
        if output == streams.STDIO:
            streams.write_text(output, page)
            return
    what = "one page" if done["kind"] == "file" else f"{done['pages']} pages, open {done['path']}"
    from pathlib import Path  # (here: a command that reads JSON need not import it)

    where = done["path"] if done["kind"] == "file" else Path(done["path"]).parent
    if quiet:  # -q: nothing on standard error but problems
        return
    click.echo(
        f"wrote {where}: {what}, {done['bytes'] / 2**20:.1f} MB (largest page {done['largest'] / 2**20:.1f} MB)",
        err=True,
    )


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option("--person", help="Explain every suspension of this person (an id or a name).")
@click.option("--game", help="With --person: only this game. With --incident: the game of the line.")
@click.option("--incident", type=int, help="Why or why not for this line (1-based, as in result@1).")
@click.option(
    "--audit",
    "with_audit",
    is_flag=True,
    help="With --person: also serving, ineligible use and 10.08 coach suspensions.",
)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True)
@_policy_options
@_folder_options
def explain(season, person, game, incident, with_audit, fmt, layers, counted_once, readings, proposal, quiet):
    """Why a suspension was issued and why this many games; or why a line was not one.

    \b
    hockeyrules explain SEASON --person ID [--game ID]
    hockeyrules explain SEASON --game ID --incident N
    """
    # (here: start-up time: only this command loads it)
    from hockeyrules.views import treeview

    # (here: start-up time: only this command loads it)
    from hockeyrules.views.explain import explain_audit, explain_incident, explain_person

    policy = _make_policy(layers, counted_once, readings)
    if (person is None) == (incident is None):
        raise click.UsageError("give --person ID (and optionally --game), or --game ID --incident N")
    if incident is not None and game is None:
        raise click.UsageError("--incident needs --game")
    with _working(quiet):
        try:
            loaded, (proposal,) = _inputs(season, proposal)
            for w in loaded.warnings:
                click.echo(f"warning: {w}", err=True)
            person = _named(loaded, person=person)[1] if person is not None else None
            progress.stage("solving")
            if person is not None:
                nodes = explain_person(loaded, person, game, policy, proposal=proposal)
                if with_audit:
                    shown = explain_audit(loaded, person, game, policy, proposal=proposal)
                    nodes += [n for n in shown if n.kind != "audit-suspension"]  # explain_person has them
                if not nodes:
                    click.echo(
                        f"{person} has no suspension"
                        + (f" for game {game}" if game else "")
                        + "; use --game ID --incident N to see why a line was not one",
                        err=True,
                    )
            else:
                nodes = [explain_incident(loaded, game, incident, policy, proposal=proposal)]
        except KeyError as err:
            click.echo(f"error: {err.args[0]}", err=True)
            sys.exit(EXIT_INPUT)
    trees = [n.to_dict() for n in nodes]
    if not trees and fmt != "json":
        return
    if fmt == "json":
        click.echo(render.to_json({"format": "hockeyrules/explanation@1", "explanations": trees}), nl=False)
    elif fmt == "markdown":
        click.echo(treeview.markdown(trees, treeview.source_name(loaded.source)), nl=False)
    else:
        click.echo(treeview.text_tree(trees, file=treeview.source_name(loaded.source), **_tree_width()), nl=False)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option("--proposal", "after", type=FILE, help="The proposal to try (proposal@1 file).")
@click.option(
    "--against",
    "before",
    type=FILE,
    help="Compare with this proposal instead of the current rules.",
)
@click.option(
    "--rulebook",
    "other_rulebook",
    metavar="NAME|FILE",
    help="Compare the season's rulebook with this one (a built-in name or a rulebook@1 file).",
)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table", show_default=True)
@click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True)
@click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True)
@_reading_option
@_quiet_option
@_folder_options
def diff(season, after, before, other_rulebook, fmt, layers, counted_once, readings, quiet):
    """What a proposal, another rulebook (--rulebook), or another reading (--reading NAME=VALUE)
    would have changed in SEASON, person by person. With --reading, the other side is read with
    the defaults."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.committee.diff import diff as run_diff

    if after is None and not readings and other_rulebook is None:
        raise click.UsageError(
            "give --proposal FILE, --rulebook NAME|FILE, or --reading NAME=VALUE to compare a reading with the default"
        )
    policy = _make_policy(layers, counted_once)
    if other_rulebook is not None:
        # (here: start-up time: `hockeyrules -h` and the commands that solve nothing do not load the rulebooks' module)
        from hockeyrules.engine.rulebookfile import load as load_rulebook

        try:
            other_rulebook = load_rulebook(other_rulebook)
        except InputError as err:
            _fail_input(err)
    with _working(quiet):
        loaded, (after, before) = _inputs(season, after, before)
        progress.stage("solving before and after")
        data = run_diff(loaded, after, before, policy, policy.with_readings(readings), after_rulebook=other_rulebook)
    _print(fmt, data, table=render.diff_table, markdown=render.diff_markdown)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.option("--proposal", type=FILE, help="Show what this proposal changes.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "markdown"]),
    default="table",
    show_default=True,
    help="markdown: the page docs/rules.md (every rule with its rulebook words).",
)
@_reading_option
@_rulebook_option
def rules(proposal, fmt, readings):
    """The catalog as the engine has it: every rule, what triggers it, its games, and the readings."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.committee.rules import listing

    if fmt == "markdown":
        if proposal is not None:
            raise click.UsageError("--format markdown describes the rules in force; without --proposal")
        # (here: start-up time: only this command loads it)
        from hockeyrules.committee.docs import rules_markdown

        click.echo(rules_markdown(), nl=False)
        return
    try:
        data = listing(_proposal(proposal), Policy().with_readings(readings))
    except InputError as err:
        _fail_input(err)
    if fmt == "json":
        click.echo(render.to_json(data), nl=False)
        return
    width = _terminal_width()
    if "proposal" in data:  # what the proposal changes first: what the committee came for
        since = data["proposal"].get("effective")
        click.echo(f"Proposal: {data['proposal']['name']}" + (f" (in force for games from {since})" if since else ""))
        rows = [[c["id"], c["what"], c["before"], c["after"]] for c in data["proposal"]["changes"]]
        click.echo(render.table(["id", "change", "before", "after"], rows, width=width) + "\n", nl=False)
    book = data["rulebook"]
    click.echo(f"Rulebook: {book['name']} ({book['source']})")
    for layer in book["layers"]:  # bottom first: Hockey Canada's minimums, the branch, the league
        ids = [
            r["id"]
            for r in data["rows"]
            if r["part_of"] == layer["name"] or (layer["layer"] == "league" and r["id"].startswith("league:"))
        ]
        click.echo(f"  {layer['name']}: {len(ids)} rule{'s' if len(ids) != 1 else ''}")
    click.echo("")
    changed = {c["id"] for c in data.get("proposal", {}).get("changes", [])}
    ordered = sorted(data["rows"], key=lambda r: r["id"] not in changed and r["id"].rsplit("/", 1)[0] not in changed)
    rows = [[r["id"], r["layer"], r["when"], r["games"], r["late"], r["combines"]] for r in ordered]
    click.echo(
        render.table(
            ["id", "layer", "when", "games", "late", "combines"], rows, width=width, drop=("combines", "late", "layer")
        ),
        nl=False,
    )
    for rid, t in data["thresholds"].items():
        click.echo(f"\n{rid}: a game each time the season's minutes pass {t['after']}, then every {t['every']}")
    click.echo("\nReadings: " + ", ".join(f"{k}={v}" for k, v in data["readings"].items()))


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.option("--show", "name", metavar="NAME", help="Print this built-in rulebook's file (start your own from it).")
def rulebooks(name):
    """The built-in rulebooks and layers; --show NAME prints a built-in rulebook file (docs/rulebooks.md)."""
    # (here: start-up time: `hockeyrules -h` and the commands that solve nothing do not load the rulebooks' module)
    from hockeyrules.engine.rulebookfile import BUILT_IN, LAYERS, builtin, builtin_text

    if name is not None:
        if name not in BUILT_IN:
            raise click.BadParameter(
                f"no built-in rulebook {name!r}; built in: {', '.join(BUILT_IN)}", param_hint="--show"
            )
        click.echo(builtin_text(name), nl=False)
        return
    click.echo("Built-in rulebooks (--rulebook NAME, settings.rulebook: NAME):")
    for key, what in BUILT_IN.items():
        book = builtin(key)
        click.echo(f"  {key}: {what}")
        click.echo(f"    layers: {'; '.join(layer['name'] for layer in book.layers())}")
    click.echo("\nBase layers (a rulebook's base, bottom first):")
    for key, (_c, words, prefix) in LAYERS.items():
        click.echo(f"  {key}: {words} ({prefix} rules)")
    click.echo("\nA league's own by-laws: a rulebook@1 file; start from `hockeyrules rulebooks --show mu18aaa`.")


@main.command("test", context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("paths", nargs=-1, required=True, type=EXISTING_PATH)
@click.option(
    "--proposal",
    type=FILE,
    help="Run every scenario under this proposal (a scenario's own proposal wins).",
)
@_reading_option
@_rulebook_option
@click.option(
    "-k", "pattern", metavar="PATTERN", help="Only the tests whose name (or file name) holds PATTERN, in any case."
)
@_folder_options
def test_command(paths, proposal, readings, pattern):
    """Run scenario tests (*.scenarios.yaml files or folders); exit 1 on a failure.

    Every file is checked before any test runs: an unknown or duplicate key, a wrong
    type or a test that checks nothing is an error (exit 2), never a pass.
    """
    from pathlib import Path

    # (here: start-up time: only this command loads it)
    from hockeyrules.committee import scenarios

    files = []
    for p in paths:
        path = Path(p)
        found = sorted(path.rglob("*.scenarios.yaml")) if path.is_dir() else [path]
        if not found:
            click.echo(f"{p}: no *.scenarios.yaml files in this folder", err=True)
            sys.exit(EXIT_INPUT)
        files += found
    checked, errors = [], []
    try:
        default = _proposal(proposal)
    except InputError as err:
        _fail_input(err)
    for f in files:
        try:
            checked.append(scenarios.validate_file(f, default))
        except InputError as err:
            errors.append(err.report())
    if errors:
        click.echo("\n".join(errors), err=True)
        click.echo(f"\n{plural(len(errors), 'scenario file')} with errors: no test was run", err=True)
        sys.exit(EXIT_INPUT)
    chosen = [(c, c.select(pattern)) for c in checked]
    if pattern and not any(picked for _, picked in chosen):
        click.echo(f"no test name holds {pattern!r}: no test was run", err=True)
        sys.exit(EXIT_INPUT)
    passed = failed = 0
    for c, picked in chosen:
        for n in picked:
            outcome = scenarios.run_test(c.tests[n], c.base, c.path.parent, default, c.seasons[n], readings)
            if outcome.passed:
                passed += 1
                click.echo(f"PASS  {c.path.name}: {outcome.name}")
            else:
                failed += 1
                click.echo(f"FAIL  {c.path.name}: {outcome.name}")
                for line in outcome.failures:
                    click.echo(f"      {line}")
    click.echo(f"\n{passed} passed, {failed} failed")
    sys.exit(EXIT_FAILED if failed else EXIT_OK)


@main.command("import", context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("folder", type=EXISTING_FOLDER)
@click.option(
    "-o",
    "--output",
    required=True,
    type=FILE,
    help="The season file to write (.yaml or .json), or - for standard output.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["yaml", "json"]),
    help="The season file's format (default: by the output's extension; YAML for -).",
)
@click.option(
    "--clock",
    type=click.Choice(["remaining", "elapsed", "infer"]),
    help="The clock mode, where the folder has no settings.csv saying it (infer: told by the lines at a period's edge).",
)
@click.option(
    "--profiles",
    is_flag=True,
    is_eager=True,
    expose_value=False,
    callback=_list_profiles,
    help="List the built-in profiles (--mapping NAME) and exit.",
)
@click.option(
    "--dry-run",
    is_flag=True,
    help="Read everything and write, to --output, a mapping file to fill in: the unknown columns, "
    "every word with its count and code (blank where none), the problems grouped.",
)
@_quiet_option
@_folder_options
def import_command(folder, output, fmt, clock, quiet, dry_run):
    """Read a folder of CSV exports (teams, people, games, incidents, ...) into a season file."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.read.csv.reader import import_folder

    # (here: start-up time: only this command loads it)
    from hockeyrules.read.seasonfile import write_season

    _check_output(output)
    _apart([(output, False)], folder)
    if dry_run:
        from hockeyrules.read.csv.survey import survey  # start-up time: only this command needs it

        found = survey(folder)
        for line in found.problems:
            click.echo(f"problem: {line}", err=True)
        if output == "-":
            click.echo(found.mapping, nl=False)
        else:
            with _writing(output):
                streams.write_text(output, found.mapping)
        click.echo(
            f"{output}: a mapping with {found.blanks} entries to fill in; {found.distinct} distinct problems",
            err=True,
        )
        return
    with _working(quiet):
        progress.stage(f"reading {folder}")
        data, season = import_folder(folder, settings={"clock": clock} if clock else None)
        for w in season.warnings:
            click.echo(f"warning: {w}", err=True)
        progress.stage(f"writing {output}")
        with _writing(output):
            write_season(data, output, as_json=None if fmt is None else fmt == "json")
    lines = sum(len(g.incidents) for g in season.games)
    click.echo(
        f"{output}: {len(season.teams)} teams, {len(season.people)} people, {len(season.games)} games, "
        f"{lines} incidents",
        err=True,
    )


@main.command("export", context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option(
    "-o",
    "--output",
    required=True,
    type=FOLDER,
    help="The folder to write the CSV files into (made if missing).",
)
@click.option("--semicolon", is_flag=True, help="Separate fields with ';' (spreadsheets in some locales).")
@_quiet_option
@_folder_options
def export_command(season, output, semicolon, quiet):
    """Write a season as a folder of CSV files (one row per penalty line), readable by import."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.read.csv.exporter import ours, write_folder

    _check_output(output, folder=True)
    _apart([(output, True)], season, ours=ours)
    with progress.reporting(_reporter(quiet)):
        loaded, _ = _inputs(season)
        progress.stage(f"writing {output}")
        with _writing(output):
            files = write_folder(loaded, output, delimiter=";" if semicolon else ",")
    if not quiet:  # -q: nothing on standard error but problems
        click.echo(f"{output}: " + ", ".join(sorted(os.path.basename(f) for f in files)), err=True)


@main.command("facts", context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option(
    "-o",
    "--output",
    type=FILE,
    default=streams.STDIO,
    show_default=True,
    help="The file to write the program into (`-`: standard output).",
)
@click.option("--layers", type=click.Choice(["sum", "max"]), default="sum", show_default=True)
@click.option("--no-late-game-counted-once", "counted_once", flag_value=False, default=True)
@_reading_option
@_rulebook_option
@_quiet_option
@_folder_options
def facts_command(season, output, layers, counted_once, readings, quiet):
    """Write a season's facts as an ASP program, to run the encoding by hand with clingo.

    The program holds the facts `suspensions` solves, a table of what each integer
    stands for, and the clingo command line that runs the rules over them."""
    from hockeyrules.engine.program import program_text  # start-up time: only this command needs it

    if output != streams.STDIO:
        _check_output(output)
    policy = _make_policy(layers, counted_once, readings)
    with _working(quiet):  # (a late window longer than a period: exit 2, as `suspensions` says it)
        loaded, _ = _inputs(season)
        text = program_text(loaded, policy)
    if output == streams.STDIO:
        click.echo(text, nl=False)
    else:
        streams.write_text(output, text)


@main.command("readings", context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH, required=False)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table", show_default=True)
@click.option("--proposal", type=FILE, help="Measure the readings under this proposal.")
@_rulebook_option
@_folder_options
def readings_command(season, fmt, proposal):
    """Where the rulebook reads two ways: each reading, its provision and words, its default and
    other values; with SEASON, whose suspensions each other value would change."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.committee import readings as readings_mod

    if season is None:
        try:
            checked = _proposal(proposal)
        except InputError as err:
            _fail_input(err)
    else:
        season, (checked,) = _inputs(season, proposal)
    try:
        data = readings_mod.readings(season, proposal=checked)
    except InputError as err:
        _fail_input(err)
    _print(fmt, data, table=readings_mod.as_table, markdown=readings_mod.as_markdown)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option("--as-of", "as_of", help="The date (YYYY-MM-DD); default: the day after the last played game.")
@click.option("--team", help="Only this team's persons (an id or a name).")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table", show_default=True)
@_policy_options
@_folder_options
def status(season, as_of, team, fmt, layers, counted_once, readings, proposal, quiet):
    """Who may not play as of a date: suspensions owed, games to sit out, first game back."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.office import status as status_mod

    policy = _make_policy(layers, counted_once, readings)
    with _working(quiet):
        try:
            loaded, (proposal,) = _inputs(season, proposal)
            team = _named(loaded, team)[0] if team else None
            progress.stage("serving")
            data = status_mod.status(loaded, as_of, team, policy, proposal=proposal)
        except (KeyError, ValueError) as err:
            _fail_limit(err.args[0])
    _print(fmt, data, table=status_mod.status_table, markdown=status_mod.status_markdown)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option(
    "--issued",
    "issued",
    type=FILE,
    help="The suspensions the league issued (YAML, JSON or CSV); default: the season's issued list.",
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json", "markdown", "csv"]), default="table", show_default=True
)
@click.option("--team", help="Only this team's persons (an id or a name).")
@click.option("--differences", is_flag=True, help="Only the differences (agreements are counted, not listed).")
@_policy_options
@_folder_options
def reconcile(season, issued, fmt, team, differences, layers, counted_once, readings, proposal, quiet):
    """Did the league issue what its rules require? Each difference with its explanation.

    Exit 0 whatever the differences (they are the answer, not a failure)."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.office import reconcile as rec

    policy = _make_policy(layers, counted_once, readings)
    with _working(quiet):
        loaded, (proposal,) = _inputs(season, proposal)
        team = _named(loaded, team)[0] if team else None
        progress.stage("solving and matching")
        data = rec.reconcile(loaded, issued, policy, proposal=proposal, team=team, differences=differences)
    # (here: start-up time: only `reconcile` names its file so; `suspensions` does not load the tree's wording)
    from hockeyrules.views.treeview import source_name

    file = source_name(getattr(loaded, "source", None))
    _print(
        fmt,
        data,
        table=lambda d: rec.reconcile_table(d, file),
        markdown=lambda d: rec.reconcile_markdown(d, file),
        csv=rec.reconcile_csv,
    )


def _letter_options(f):
    """A notice is a letter: its date of issue and who issues it."""
    f = click.option("--from", "issuer", help="Who issues the notice (default: the season's league).")(f)
    return click.option(
        "--date", "issued_on", help="The date of issue, YYYY-MM-DD (default: today; give it for the same output)."
    )(f)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option("--person", required=True, help="The suspended person (an id or a name).")
@click.option("--game", required=True, help="The game the suspension was earned in.")
@click.option(
    "-o",
    "--output",
    type=FILE,
    help="The file to write: .html a printable page, anything else Markdown (default, or -: Markdown on "
    "standard output).",
)
@_letter_options
@_policy_options
@_folder_options
def notice(season, person, game, output, issued_on, issuer, layers, counted_once, readings, proposal, quiet):
    """One suspension's notice, as the team manager receives it."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.office import notices as nt
    from hockeyrules.office.status import check_date

    if output is not None:
        _check_output(output)
        _apart([(output, False)], season, proposal)
    policy = _make_policy(layers, counted_once, readings)
    with _working(quiet):
        try:
            issued_on = check_date(issued_on) if issued_on else None
            loaded, (proposal,) = _inputs(season, proposal)
            person = _named(loaded, person=person)[1]
            progress.stage("explaining")
            found = nt.notices(loaded, person, game, policy=policy, proposal=proposal, date=issued_on, issuer=issuer)
        except (KeyError, ValueError) as err:
            _fail_limit(err.args[0])
    if not found:
        _fail_limit(f"{person} has no suspension for game {game}")
    html = output is not None and output.lower().endswith((".html", ".htm"))
    text = nt.to_html(found[0]) if html else nt.to_markdown(found[0])
    if output is None or output == streams.STDIO:
        click.echo(text, nl=False)
    else:
        with _writing(output):
            streams.write_text(output, text)
        if not quiet:  # -q: nothing on standard error but problems
            click.echo(f"wrote {output}", err=True)


@main.command(context_settings=CONTEXT, epilog=EXIT_CODES)
@click.argument("season", type=PATH)
@click.option("--since", help="Only suspensions earned in games on or after this date (YYYY-MM-DD).")
@click.option(
    "-o",
    "--output",
    required=True,
    type=FOLDER,
    help="The folder to write into (GAME-PERSON.md and .html per suspension).",
)
@_letter_options
@_policy_options
@_folder_options
def notices(season, since, output, issued_on, issuer, layers, counted_once, readings, proposal, quiet):
    """Every suspension's notice (Markdown and printable HTML), one pair of files each."""
    # (here: start-up time: only this command loads it)
    from hockeyrules.office import notices as nt

    # (here: start-up time: only this command loads it)
    from hockeyrules.office.status import check_date

    _check_output(output, folder=True)
    _apart([(output, True)], season, proposal, ours=nt.ours)
    policy = _make_policy(layers, counted_once, readings)
    with _working(quiet):
        try:
            since = check_date(since) if since else None
            issued_on = check_date(issued_on) if issued_on else None
            loaded, (proposal,) = _inputs(season, proposal)
            progress.stage("explaining")
            found = nt.notices(loaded, since=since, policy=policy, proposal=proposal, date=issued_on, issuer=issuer)
        except ValueError as err:
            _fail_limit(err.args[0])
        progress.stage(f"writing {output}")
        with _writing(output):
            written = nt.write_all(found, output)
    if not quiet:  # -q: nothing on standard error but problems
        click.echo(f"{output}: {plural(len(found), 'notice')}, {plural(len(written), 'file')}", err=True)


def run() -> None:
    """The `hockeyrules` program: main(), then out of the process at once.

    When main() is done its output is written, its files closed and its worker
    processes joined; what is left is the interpreter's own teardown, freeing
    every object of the season one by one, a tenth of a small season's run. So
    the process ends here, with the exit code click chose, once the standard
    streams are flushed. (Tests call main() through click's runner, never this.)"""
    collection.ending()
    status: object = 0
    try:
        main(prog_name="hockeyrules")
    except SystemExit as done:
        status = done.code
    if status is None:
        code = 0
    elif isinstance(status, int):
        code = status
    else:  # as Python does with sys.exit("message")
        print(status, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be said there
            pass
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
