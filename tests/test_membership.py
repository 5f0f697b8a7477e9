"""Team membership by date (issue 31; docs/season-format.md, "A person on several
teams"; asp/membership.lp): the audit's serving, eligibility and the reader's checks
for a person who changes team.

The seasons are built on scenarios.base_season() (teams A and B, players A1..A20 and
B1..B20, head coaches CA and CB) with a third team C and its head coach CC. Games are
a week apart from Wednesday 2025-10-01, home A and away B unless a game says otherwise.
M is traded from A to C: he belongs to A up to 2025-10-10 and to C from 2025-10-11,
so G1 (10-01) and G2 (10-08) are before the move, G3 (10-15) on are after it.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from helpers import line
from helpers import season_of as season

import hockeyrules
from hockeyrules import InputError
from hockeyrules.cli.commands import main
from hockeyrules.facts.build import Facts, season_facts
from hockeyrules.office.notices import notices as office_notices
from hockeyrules.office.status import status as office_status
from hockeyrules.read.season import from_data
from hockeyrules.views.audit import audit
from hockeyrules.views.explain import explain_all

TRADE = [{"team": "A", "to": "2025-10-10"}, {"team": "C", "from": "2025-10-11"}]
C_TEAM = [{"id": "C", "name": "Charlie"}]


def people(teams=TRADE, role="player"):
    return [
        {"id": "M", "name": "Mover", "role": role, "teams": teams},
        {"id": "CC", "name": "Coach C", "team": "C", "role": "head_coach"},
        {"id": "C1", "name": "Player C1", "team": "C", "role": "player"},
    ]


def traded(games, **kw):
    return season(games, people=kw.pop("people", people()), teams=C_TEAM, **kw)


def run(games, **kw):
    return audit(traded(games, **kw)).to_dict()


def match(p):  # hc:7.2(c): 3 games
    return line(p, "boarding", ["match"])


def serving(a, person, game="G1"):
    found = [s for s in a["serving"] if s["person"] == person and s["game"] == game and s["rule"] is None]
    assert len(found) == 1, a["serving"]
    return found[0]


def kinds(a):
    return [(v["kind"], v["game"], v["team"], v["person"]) for v in a["violations"]]


# ---------------------------------------------------------------------------
# Serving: a suspension follows the person into his new team's games


def test_a_suspension_carried_across_a_trade_is_served_in_the_new_teams_games():
    # 3 games from G1: G2 with A, then C's G3 and G5 (G4 is A's: no longer his)
    a = run([{"incidents": [match("M")]}, {}, {"home": "C"}, {}, {"home": "C"}, {"home": "C"}])
    s = serving(a, "M")
    assert (s["team"], s["served_in"], s["eligible_from"], s["status"]) == ("A", ["G2", "G3", "G5"], "G6", "complete")
    assert a["violations"] == []
    assert [x["team"] for x in a["suspensions"]] == ["A"]  # the team at the time of the offence


def test_a_move_after_the_suspension_is_served_changes_nothing():
    # near miss: served in full with A (G2, G3, G4) before the move on 2025-10-25
    moved_late = [{"team": "A", "to": "2025-10-24"}, {"team": "C", "from": "2025-10-25"}]
    games = [{"incidents": [match("M")]}, {}, {}, {}, {"home": "C"}]
    a = run(games, people=people(moved_late))
    s = serving(a, "M")
    assert (s["served_in"], s["eligible_from"], s["status"]) == (["G2", "G3", "G4"], "G5", "complete")
    # the same as a player of A who never moves
    plain = audit(season([{"incidents": [match("A1")]}, {}, {}, {}, {}])).to_dict()
    assert serving(plain, "A1")["served_in"] == ["G2", "G3", "G4"]


def test_a_suspension_earned_after_the_trade_is_served_with_the_new_team():
    a = run([{}, {}, {"home": "C", "incidents": [match("M")]}, {}, {"home": "C"}, {"home": "C"}, {"home": "C"}])
    s = serving(a, "M", "G3")
    assert (s["team"], s["served_in"], s["eligible_from"]) == ("C", ["G5", "G6", "G7"], None)
    assert [x["team"] for x in a["suspensions"]] == ["C"]


def test_dressing_for_the_new_team_while_still_suspended_is_ineligible_use_by_the_new_team():
    games = [
        {"incidents": [match("M")]},
        {},
        {"home": "C"},
        {},
        {"home": "C", "dressed": {"C": ["M", "C1", "CC"]}},
        {"home": "C"},
    ]
    done = audit(traded(games))
    # a mover's schedule is grounded step by step too: nothing left to the solver
    assert done.result.stats["atoms"] == done.result.stats["rules"]
    a = done.to_dict()
    assert kinds(a) == [("ineligible-suspended", "G5", "C", "M")]
    assert [(f["game"], f["team"]) for f in a["forfeits"]] == [("G5", "C")]
    assert [(x["person"], x["team"], x["game"]) for x in a["audit_suspensions"]] == [("CC", "C", "G5")]
    # G5 is not served: the third game is G6
    assert serving(a, "M")["served_in"] == ["G2", "G3", "G6"]


def test_dressing_for_the_old_team_after_the_move_is_not_rostered_properly():
    a = run([{}, {}, {"home": "C"}, {"dressed": {"A": ["M", "A2", "CA"]}}])
    assert kinds(a) == [("ineligible-not-rostered", "G4", "A", "M")]
    assert "rostered with C" in a["violations"][0]["message"]


def test_dressing_for_the_old_team_before_the_move_is_no_violation():
    # near miss: G2 is still A's
    a = run([{}, {"dressed": {"A": ["M", "A2", "CA"]}}, {"home": "C", "dressed": {"C": ["M", "CC"]}}])
    assert a["violations"] == []


# ---------------------------------------------------------------------------
# The season file: people[].teams


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as err:
        from_data(data)
    return [(p.where, p.message) for p in err.value.problems]


def test_memberships_are_checked_each_at_its_place_all_at_once():
    bad = [
        {"id": "M1", "name": "x", "role": "player", "teams": [{"team": "Z"}]},
        {"id": "M2", "name": "x", "role": "player", "teams": [{"team": "A", "from": "2025-11-01", "to": "2025-10-01"}]},
        {
            "id": "M3",
            "name": "x",
            "role": "player",
            "teams": [{"team": "A", "to": "2025-10-20"}, {"team": "B", "from": "2025-10-20"}],
        },
        {"id": "M4", "name": "x", "role": "player", "teams": [{"team": "A", "from": "2025-13-01"}]},
        {"id": "M5", "name": "x", "team": "B", "role": "player", "teams": [{"team": "A"}, {"team": "C"}]},
        {"id": "M6", "name": "x", "role": "player", "teams": []},
    ]
    data = season([{}], people=bad, teams=C_TEAM)
    found = problems(data)
    n = 46  # the base season's people come first
    assert found == [
        (f"people[{n}].teams[0].team", "unknown team 'Z'"),
        (f"people[{n + 1}].teams[0].from", "from 2025-11-01 is after to 2025-10-01"),
        (
            f"people[{n + 2}].teams[1]",
            f"overlaps people[{n + 2}].teams[0] ('A' to 2025-10-20): a person belongs to one team on a date",
        ),
        (f"people[{n + 3}].teams[0].from", "not a date: '2025-13-01'"),
        (
            f"people[{n + 4}].teams[1]",
            f"overlaps people[{n + 4}].teams[0] ('A'): a person belongs to one team on a date",
        ),
        (f"people[{n + 5}].teams", "expected a non-empty list of {team, from, to}, got a list"),
    ]


def test_a_line_on_a_game_of_neither_team_of_the_date_is_an_error_naming_both():
    # M belongs to C on G4's date (10-22); G4 is A v B
    data = traded([{}, {}, {"home": "C"}, {"incidents": [match("M")]}])
    assert problems(data) == [
        (
            "games[3].incidents[0].person",
            "'M' plays for 'C' on 2025-10-22 (teams: 'A' to 2025-10-10, 'C' from 2025-10-11), "
            "on neither team of the game (A v B)",
        )
    ]


def test_a_line_between_two_memberships_is_an_error():
    gap = [{"team": "A", "to": "2025-10-05"}, {"team": "C", "from": "2025-10-20"}]
    data = traded([{}, {"incidents": [match("M")]}], people=people(gap))
    ((where, message),) = problems(data)
    assert where == "games[1].incidents[0].person"
    assert message.startswith("'M' belongs to no team on 2025-10-08 (teams: 'A' to 2025-10-05, 'C' from 2025-10-20)")


def test_one_membership_without_dates_is_the_plain_team():
    data = season(
        [{"incidents": [match("M")]}, {}], people=[{"id": "M", "name": "M", "role": "player", "teams": [{"team": "A"}]}]
    )
    s = from_data(data)
    assert (s.people["M"].team, s.people["M"].teams) == ("A", ())


def test_the_team_field_is_the_latest_membership_where_not_given():
    s = from_data(traded([{}]))
    assert s.people["M"].team == "C"
    assert [m.team for m in s.people["M"].teams] == ["A", "C"]


def test_only_a_mover_adds_facts():
    plain, moved = Facts(), Facts()
    season_facts(from_data(season([{}])), plain, dates=False)
    season_facts(from_data(traded([{}])), moved, dates=False)
    assert "member" not in plain.terms and "gameday" not in plain.terms
    assert len(moved.terms["member"]) == 2 and "gameday" in moved.terms  # the dates a mover's team is read on


def test_the_command_line_exits_2_on_an_overlap(tmp_path):
    import json

    data = traded([{}])
    data["people"][-3]["teams"] = [{"team": "A"}, {"team": "C", "from": "2025-10-11"}]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["suspensions", str(path)])
    assert result.exit_code == 2
    assert "people[46].teams[1]" in result.output


def test_the_result_names_the_team_of_the_offence():
    r = hockeyrules.evaluate(traded([{"incidents": [match("M")]}, {}, {"home": "C", "incidents": [match("M")]}]))
    assert [(s.game, s.team) for s in r.suspensions] == [("G1", "A"), ("G3", "C")]


# ---------------------------------------------------------------------------
# A folder of CSV files: people.csv rows with team_from/team_to, moves.csv


def _folder(tmp_path, games):
    from hockeyrules.read.csv.exporter import write_folder

    path = tmp_path / "folder"
    write_folder(from_data(traded(games)), path)
    return path


def _without_mover_rows(path):
    """people.csv as a registry of one team a person (M's rows gone but the latest, no dates)."""
    lines = (path / "people.csv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")[:-2]
    kept = [",".join(x.split(",")[: len(header)]) for x in lines[1:] if not x.startswith("M,Mover,A,")]
    (path / "people.csv").write_text("\r\n".join([",".join(header)] + kept) + "\r\n", encoding="utf-8")


GAMES = [{"incidents": [match("M")]}, {}, {"home": "C", "incidents": [match("M")]}, {"home": "C"}]


def test_people_csv_rows_with_team_from_and_team_to_are_the_persons_teams(tmp_path):
    from hockeyrules.read.csv.reader import load_folder

    path = _folder(tmp_path, GAMES)
    assert "M,Mover,A,player,,,,2025-10-10\nM,Mover,C,player,,,2025-10-11," in (path / "people.csv").read_text()
    season = load_folder(path)
    assert [(m.team, m.start, m.end) for m in season.people["M"].teams] == [
        ("A", None, "2025-10-10"),
        ("C", "2025-10-11", None),
    ]
    r = hockeyrules.evaluate(season)
    assert [(s.game, s.team) for s in r.suspensions] == [("G1", "A"), ("G3", "C")]


def test_a_second_membership_row_that_names_another_role_is_an_error(tmp_path):
    from hockeyrules.read.csv.reader import load_folder

    path = _folder(tmp_path, GAMES)
    text = (path / "people.csv").read_text().replace("M,Mover,C,player,", "M,Mover,C,head_coach,")
    (path / "people.csv").write_text(text)
    with pytest.raises(InputError) as err:
        load_folder(path)
    assert [(p.where, p.line) for p in err.value.problems] == [("people.csv", 49)]
    assert "'head_coach' differs from 'player' on line 48" in err.value.problems[0].message


def test_moves_csv_gives_the_teams_from_the_date_of_each_move(tmp_path):
    from hockeyrules.read.csv.reader import load_folder

    path = _folder(tmp_path, GAMES)
    _without_mover_rows(path)
    text = (path / "people.csv").read_text().replace("M,Mover,C,player", "M,Mover,A,player")
    (path / "people.csv").write_text(text)
    (path / "moves.csv").write_text("person,team,from\r\nM,C,2025-10-11\r\n")
    season = load_folder(path)
    assert [(m.team, m.start, m.end) for m in season.people["M"].teams] == [
        ("A", None, "2025-10-10"),
        ("C", "2025-10-11", None),
    ]
    assert [(s.game, s.team) for s in hockeyrules.evaluate(season).suspensions] == [("G1", "A"), ("G3", "C")]


def test_a_line_whose_team_is_not_the_persons_of_the_date_is_an_error_at_its_row(tmp_path):
    from hockeyrules.read.csv.reader import load_folder

    path = _folder(tmp_path, GAMES)
    _without_mover_rows(path)  # people.csv: M on C all season; his line in G1 is for A
    text = (path / "incidents.csv").read_text().replace("G1,1,M,,", "G1,1,M,A,")
    (path / "incidents.csv").write_text(text)
    with pytest.raises(InputError) as err:
        load_folder(path)
    messages = [p.message for p in err.value.problems]
    assert any("'M' plays for 'C' (people.csv), not 'A'" in m for m in messages), messages


def test_from_incidents_takes_each_lines_team_on_its_date_with_one_warning(tmp_path):
    from hockeyrules.read.csv.reader import load_folder

    path = _folder(tmp_path, GAMES)
    _without_mover_rows(path)
    text = (path / "incidents.csv").read_text().replace("G1,1,M,,", "G1,1,M,A,").replace("G3,1,M,,", "G3,1,M,C,")
    (path / "incidents.csv").write_text(text)
    mapping = tmp_path / "mapping.yaml"
    mapping.write_text("membership: from_incidents\n")
    season = load_folder(path, str(mapping))
    # the move is taken on the date of his first line for C
    assert [(m.team, m.start, m.end) for m in season.people["M"].teams] == [
        ("A", None, "2025-10-14"),
        ("C", "2025-10-15", None),
    ]
    assert [w.message for w in season.warnings if w.message.startswith("membership")] == [
        "membership: from_incidents: the team of 1 person taken from their lines, game by game "
        "(people.csv gives another team, or none): Mover"
    ]
    assert [(s.game, s.team) for s in hockeyrules.evaluate(season).suspensions] == [("G1", "A"), ("G3", "C")]


def test_the_facts_of_a_mover_solved_by_hand_give_the_answer_of_suspensions():
    from test_facts_program import by_hand

    from hockeyrules.engine.program import program_text, read_table
    from hockeyrules.engine.result import read_model
    from hockeyrules.model.policy import Policy

    season = from_data(traded([{"incidents": [match("M")]}, {}, {"home": "C", "incidents": [match("M")]}]))
    program = program_text(season, Policy())
    assert "member(" in program and "gameday(" in program
    answer = read_model(season, Policy(), by_hand(program), read_table(program)).to_dict()
    assert answer == hockeyrules.evaluate(season).to_dict()


@pytest.mark.slow
def test_a_season_read_part_by_part_or_solved_in_parts_gives_the_same_answer_with_a_mover(tmp_path, monkeypatch):
    """A mover joins his teams' parts (engine/parts.py): a streamed file, and a season cut
    into leagues, give the answer of one solve."""
    import json

    from hockeyrules.engine.parts import parts
    from hockeyrules.engine.settings import SETTINGS

    # two leagues that never meet, A v B and C v D; M moves from B to C
    more = [{"id": "C", "name": "Charlie"}, {"id": "D", "name": "Delta"}]
    people = [
        {
            "id": "M",
            "name": "Mover",
            "role": "player",
            "teams": [{"team": "B", "to": "2025-10-10"}, {"team": "C", "from": "2025-10-11"}],
        },
        {"id": "CC", "name": "Coach C", "team": "C", "role": "head_coach"},
    ]
    games = [{"incidents": [match("M")]}, {}, {"home": "C", "away": "D"}, {"home": "C", "away": "D"}]
    data = season(games, people=people, teams=more)
    whole = hockeyrules.evaluate(from_data(data)).to_dict()
    assert parts(from_data(data)) == [["A", "B", "C", "D"]]
    with monkeypatch.context() as m:  # split as finely as it goes: the mover keeps it one part
        m.setattr(SETTINGS, "parallel_lines", 0)
        m.setattr(SETTINGS, "chunk_lines", 1)
        m.setattr(SETTINGS, "workers", 1)
        in_parts = hockeyrules.evaluate(from_data(data))
    assert in_parts.to_dict()["suspensions"] == whole["suspensions"]
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data))
    monkeypatch.setattr(SETTINGS, "stream_bytes", 1)
    assert hockeyrules.evaluate(str(path)).to_dict()["suspensions"] == whole["suspensions"]


def test_a_dressed_row_without_a_team_is_the_persons_team_of_the_date(tmp_path):
    from hockeyrules.read.csv.reader import load_folder

    path = _folder(tmp_path, GAMES)
    (path / "dressed.csv").write_text("game,person\r\nG1,M\r\nG3,M\r\n")
    season = load_folder(path)
    assert [(g.id, g.dressed) for g in season.games if g.dressed] == [("G1", {"A": ("M",)}), ("G3", {"C": ("M",)})]


def _texts(node) -> list[str]:
    return [node.text] + [t for c in node.children for t in _texts(c)]


def test_an_explanation_names_the_team_a_mover_belonged_to_on_the_games_date():
    # M's line in G1 (with Alpha, before the move) and in G3 (with Charlie, after it)
    games = [{"incidents": [match("M")]}, {}, {"home": "C", "incidents": [match("M")]}, {}, {"home": "C"}]
    _, trees, _ = explain_all(traded(games))
    before = [t for t in _texts(trees[("M", "G1")]) if "G1 " in t and "line 1:" in t]
    after = [t for t in _texts(trees[("M", "G3")]) if "G3 " in t and "line 1:" in t]
    assert before and all("Mover (M, player, Alpha)" in t for t in before), before
    assert after and all("Mover (M, player, Charlie)" in t for t in after), after


def test_status_lists_a_mover_with_the_team_whose_games_he_sits_out():
    # suspended 3 games in G1 with A; traded to C on 2025-10-11; as of 2025-10-12 he has served
    # G2 (A's) and sits out C's next games: C's status lists him, A's does not
    games = [{"incidents": [match("M")]}, {}, {"home": "C", "scheduled": True}, {"home": "C", "scheduled": True}]
    s = traded(games)
    c = office_status(s, as_of="2025-10-12", team="C")
    assert [(t["team"], [p["person"] for p in t["persons"]]) for t in c["teams"]] == [("C", ["M"])]
    assert office_status(s, as_of="2025-10-12", team="A")["teams"] == []
    # near miss: as of a date before the move he is listed with A
    a = office_status(s, as_of="2025-10-09", team="A")
    assert [(t["team"], [p["person"] for p in t["persons"]]) for t in a["teams"]] == [("A", ["M"])]


def test_a_notice_is_addressed_to_the_team_the_person_belongs_to_on_the_date_of_issue():
    games = [{"incidents": [match("M")]}, {}, {"home": "C", "scheduled": True}, {"home": "C", "scheduled": True}]
    s = traded(games)
    after = office_notices(s, person="M", date="2025-10-12")
    assert [(n["team"], n["team_name"]) for n in after] == [("C", "Charlie")]
    assert "Coach C" in [o["name"] for o in after[0]["officials"]]
    # near miss: issued before the move, it goes to his team then
    before = office_notices(s, person="M", date="2025-10-02")
    assert [(n["team"], n["team_name"]) for n in before] == [("A", "Alpha")]
