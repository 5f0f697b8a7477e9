"""The built-in rulebooks' data: hockeyrules/engine/rulebooks/*.yaml as Python, so that a
command reads its rulebook without loading YAML. Written from the YAML by
`python -m hockeyrules.engine.rulebookfile`; tests/test_rulebooks.py keeps the two equal."""

DATA = {
    "hockey-canada": {
        "base": ["hockey-canada"],
        "bylaws": [],
        "format": "hockeyrules/rulebook@1",
        "name": "Hockey Canada minimums",
    },
    "hockey-canada+hockey-manitoba": {
        "base": ["hockey-canada", "hockey-manitoba"],
        "bylaws": [],
        "format": "hockeyrules/rulebook@1",
        "name": "Hockey Canada and Hockey Manitoba",
    },
    "mu18aaa": {
        "audit": {
            "double_headers": "no_affiliate_replacements",
            "ineligible_use": {"coach": "indefinite", "fine": 200, "forfeit": True},
            "match_roster_spot": {"games": 3, "roster_limit": 20},
            "max_affiliate_games": 10,
        },
        "base": ["hockey-canada", "hockey-manitoba"],
        "bylaws": [
            {
                "games": 1,
                "id": "league:10.02",
                "kind": "line",
                "late": 2,
                "restates": True,
                "text": "Should a player incur a major penalty and game misconduct for any offence, "
                "at any time in the game, the player will be suspended for one game. Should "
                "this occur in the last 10 minutes or overtime, then the player would incur "
                "a second game suspension",
                "when": {"in_game": True, "penalties": ["major", "game_misconduct"]},
            },
            {
                "after": 100,
                "every": 25,
                "games": 1,
                "id": "league:10.04",
                "kind": "penalty_minutes",
                "text": "Any player who accumulates in excess of 100 minutes in penalties shall "
                "incur an automatic suspension ... (101 minutes) = 1 game ... Each "
                "additional 25 minutes over 100 minutes (126, 151, etc) = 1 game "
                "suspension.",
            },
            {
                "counts": {"penalties": ["misconduct", "game_misconduct", "match", "gross_misconduct"]},
                "id": "league:10.05",
                "in_addition": True,
                "kind": "ladder",
                "rungs": {
                    4: {"games": 1, "text": "On 4th Misc. a player shall receive a one (1) game suspension"},
                    5: {"games": 1, "text": "On 5th Misc. a player shall receive a one (1) game suspension"},
                    6: {"games": 2, "text": "On 6th Misc. a player shall receive a two (2) game suspension"},
                    7: {
                        "games": {"indefinite": True, "minimum": 3},
                        "text": "On 7th Misc. a player shall be suspended indefinitely until "
                        "his case is revised, but will be suspended for no less than "
                        "three (3) games.",
                    },
                },
                "text": "Players incurring multiple misconducts (including misconducts, game "
                "misconducts, match penalties, and gross misconducts)",
            },
            {
                "counts": {"infractions": ["fighting", "secondary_fight"]},
                "id": "league:10.06",
                "kind": "ladder",
                "restates": True,
                "rungs": {
                    1: {"games": 1, "text": "1 game for first offence"},
                    2: {"games": 2, "text": "2 games for second offence"},
                    3: {"games": 3, "text": "3 games for third offence"},
                    4: {
                        "games": "indefinite",
                        "text": "Players receiving a fourth fighting penalty will be suspended indefinitely",
                    },
                },
                "text": "Fighting Suspensions",
            },
            {
                "games": 1,
                "id": "league:10.06B",
                "kind": "stoppage",
                "text": "Multiple Fights in Same Stoppage of Play ... Automatic one game suspension "
                "for all involved (this is in addition to any other suspensions)",
            },
        ],
        "format": "hockeyrules/rulebook@1",
        "name": "Manitoba U18 AAA Hockey League",
    },
}
