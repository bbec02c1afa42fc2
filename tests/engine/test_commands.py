"""The command language: typed values that round-trip through text, and parse errors
that say what was wrong and what the verb expects."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.commands import COMMAND_TYPES, VERBS, parse
from engine.errors import ParseError
from engine.legal import candidates
from engine.rules import HANDLERS
from engine.state import Side
from tests.games import quick_game, staged


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_proposed_command_round_trips_through_its_notation(seed: int) -> None:
    game = staged(seed % 40, crew={"hyun": "0-H5", "ortiz": "0-H5"}, alien="0-H6")
    for side in (Side.ALIEN, Side.CREW):
        for command in candidates(game.state, side, game.ship, game.content):
            assert parse(command.notation()) == command
    setup = quick_game(seed % 40)
    for command in candidates(setup.state, Side.CREW, setup.ship, setup.content):
        assert parse(command.notation()) == command


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("mvoe hyun 1-F6", "unknown command 'mvoe'"),
        ("move hyun", "'move' takes: move UNIT GRID"),
        ("move hyun Z99", "'Z99' is not a grid: write deck-column-row, for example 1-F6"),
        ("search hyun 0", "search range must be 1 or more actions"),
        ("attack hyun alien1 +x", "'+x' is not a number of actions"),
        ("lift hyun sideways", "a lift goes up or down"),
        ("give hyun gear1 ortiz", "'give' takes: give UNIT ITEM"),
        ("order energy maybe", "order energy|ambush|bunker on|off"),
        ("", "empty command"),
    ],
)
def test_parse_errors_say_what_was_wrong_and_what_is_expected(text: str, says: str) -> None:
    with pytest.raises(ParseError, match=None) as caught:
        parse(text)
    assert says in caught.value.describe()


def test_an_unknown_verb_lists_every_verb() -> None:
    with pytest.raises(ParseError) as caught:
        parse("teleport hyun")
    assert set(caught.value.legal) == set(VERBS)


def test_every_command_of_the_language_has_a_rule() -> None:
    assert [cls.verb for cls in COMMAND_TYPES if cls not in HANDLERS] == []
