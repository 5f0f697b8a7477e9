"""The closed vocabulary of the season format (docs/season-format.md), kept in one place."""

from __future__ import annotations

# Infraction codes tied to a rule of the rulebook, with that rule's number.
RULED_INFRACTIONS: dict[str, str] = {
    "unsportsmanlike_conduct": "11.1",
    "abusive_behaviour": "11.2",
    "spitting": "11.3",
    "discrimination": "11.4",
    "physical_harassment_of_officials": "11.5",
    "attempt_to_injure": "7.1",
    "boarding": "7.2",
    "body_checking": "7.3",
    "charging": "7.4",
    "checking_from_behind": "7.5",
    "head_contact": "7.6",
    "kneeing": "7.8",
    "roughing": "7.9",
    "fighting": "7.10",
    "joining_fight": "7.10(e)",
    "secondary_fight": "7.10(e)",
    "instigator": "7.11(a)",
    "aggressor": "7.11(a)",
    "interference": "8.3",
    "interference_from_bench": "8.4",
    "goaltender_interference": "8.5",
    "clipping": "8.7",
    "slew_footing": "8.8",
    "butt_ending": "9.1",
    "cross_checking": "9.2",
    "slashing": "9.3",
    "spearing": "9.4",
    "first_off_bench": "10.4(e)",
    "left_bench": "10.4(e)",
    "returning_after_ejection": "10.4(f)",
    "throwing_object": "10.5",
    "refusing_to_start_play": "10.8",
    "misconduct": "4.7",
    "game_misconduct": "4.8",
    "gross_misconduct": "4.9",
}

# Ordinary infractions that carry no suspension of their own.
ORDINARY_INFRACTIONS: tuple[str, ...] = (
    "tripping",
    "hooking",
    "holding",
    "holding_the_stick",
    "high_sticking",
    "elbowing",
    "delay_of_game",
    "too_many_players",
    "embellishment",
    "body_contact",
    "illegal_equipment",
    "broken_stick",
    "closing_hand_on_puck",
    "goaltender_leaving_crease",
    "illegal_substitution",
)

INFRACTIONS: frozenset[str] = frozenset(RULED_INFRACTIONS) | frozenset(ORDINARY_INFRACTIONS)

PENALTIES: tuple[str, ...] = (
    "minor",
    "double_minor",
    "major",
    "misconduct",
    "game_misconduct",
    "gross_misconduct",
    "match",
    "game_ejection",
)

DEFAULT_PIM: dict[str, int] = {
    "minor": 2,
    "double_minor": 4,
    "major": 5,
    "misconduct": 10,
    "game_misconduct": 10,
    "gross_misconduct": 10,
    "match": 10,
    "game_ejection": 0,  # Hockey Canada's removal from the game: no minutes, not a misconduct
}

ROLES: tuple[str, ...] = ("player", "head_coach", "assistant_coach", "trainer", "manager")
GAME_KINDS: tuple[str, ...] = ("regular", "playoff", "exhibition")
CLOCKS: tuple[str, ...] = ("remaining", "elapsed")


def closest(word: str, known) -> list[str]:
    """The known words nearest to an unknown one, for error messages."""
    import difflib  # only when there is an error to word

    return difflib.get_close_matches(str(word), sorted(known), n=3, cutoff=0.5)
