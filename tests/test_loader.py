"""Reading JSON seasons game by game gives what reading them whole gives."""

from __future__ import annotations

import json

import pytest
from helpers import line, season

from hockeyrules import InputError, evaluate
from hockeyrules.read.season import from_data, load


def written(tmp_path, data: dict, order: list[str]) -> str:
    path = tmp_path / "season.json"
    ordered = {k: data[k] for k in order if k in data} | {k: v for k, v in data.items() if k not in order}
    path.write_text(json.dumps(ordered, indent=1))
    return path


def sample() -> dict:
    data = season(line(infraction="fighting", penalties=["major", "game_misconduct"]), line(person="B1"))
    data["games"].append(dict(data["games"][0], id="G2", date="2025-10-08"))
    data["decisions"] = []
    return data


@pytest.mark.parametrize(
    "order",
    [
        ["format", "settings", "teams", "people", "games", "decisions"],
        ["games", "format", "settings", "teams", "people"],  # games first: read whole
        ["format", "decisions", "settings", "teams", "people", "games"],
    ],
)
def test_a_json_season_reads_the_same_whatever_its_key_order(tmp_path, order):
    data = sample()
    assert evaluate(load(written(tmp_path, data, order))).to_dict() == evaluate(from_data(data)).to_dict()


def test_fields_after_the_games_are_read_and_checked(tmp_path):
    data = sample()
    data["decisions"] = [{"person": "A1", "game": "G1", "add_games": 1, "date": "2025-10-02", "reason": "x"}]
    data["extra"] = 1
    loaded = load(written(tmp_path, data, ["format", "settings", "teams", "people", "games", "decisions", "extra"]))
    assert [d.games for d in loaded.decisions] == [1]
    assert [w.where for w in loaded.warnings] == ["extra"]


def test_broken_json_inside_the_games_names_its_line(tmp_path):
    path = written(tmp_path, sample(), ["format", "settings", "teams", "people", "games"])
    text = path.read_text()
    path.write_text(text.replace('"infraction": "fighting"', '"infraction": "fighting",,'))
    with pytest.raises(InputError) as err:
        load(path)
    problem = err.value.problems[0]
    assert (
        problem.message.startswith("not valid JSON")
        and problem.line == text[: text.index('"fighting"')].count("\n") + 1
    )


def test_a_streamed_json_file_lets_its_text_go_once_its_games_are_read_with_no_collection():
    """A streamed season is read and solved with cyclic collection off: the file's text,
    held by its top level, whose games array points back at it, must go when the games
    are read (at 1000x 520 MB, kept to the end while it waited for a collection)."""
    import gc
    import weakref

    from hockeyrules.read.jsonread import parse

    text = json.dumps({"settings": {}, "teams": [], "people": [], "games": [{"id": "g1"}, {"id": "g2"}]})
    enabled = gc.isenabled()
    gc.disable()
    try:
        games = parse(text, "season.json", stream=True).data["games"]
        top = weakref.ref(games.top)
        assert top() is not None
        assert [g["id"] for g in games] == ["g1", "g2"]
        assert top() is None  # freed as its last reference went: no collection ran
    finally:
        if enabled:
            gc.enable()
