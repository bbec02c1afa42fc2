"""Moving units through the rules engine (C.4, C.6): costs, walls, doors, decks."""

from __future__ import annotations

import pytest

from engine.board.grid import Grid
from engine.board.ship import DoorState
from engine.errors import RuleError
from engine.state import Phase
from tests.games import staged

G = Grid.parse


def test_c41_moving_spends_one_action_per_open_grid() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="2-H8", phase=Phase.CREW)
    start = game.state.human("hyun").actions
    game.play("crew", "move hyun 1-E5")
    assert game.state.human("hyun").grid == G("1-E5")
    assert game.state.human("hyun").actions == start - 3


def test_c41_a_human_pays_two_to_enter_an_obstructed_grid() -> None:
    game = staged(crew={"hyun": "1-B3"}, alien="2-H8", phase=Phase.CREW)
    start = game.state.human("hyun").actions
    game.play("crew", "move hyun 1-A3")  # a Galley counter
    assert game.state.human("hyun").actions == start - 2


def test_c41_an_alien_pays_one_for_an_obstructed_grid() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-B3", phase=Phase.ALIEN)
    game.play("alien", "move alien 1-A3")
    assert game.state.alien("alien1").actions == 5


def test_c41_a_move_beyond_the_actions_left_is_refused_and_changes_nothing() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="2-H8", phase=Phase.CREW)
    game.state.human("hyun").actions = 1
    before = game.state.clone()
    with pytest.raises(RuleError, match=r"Hyun has 1 action left; moving to 1-E5 costs 3"):
        game.play("crew", "move hyun 1-E5")
    assert game.state == before


def test_c41_refusals_suggest_what_is_legal() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="2-H8", phase=Phase.CREW)
    game.state.human("hyun").actions = 1
    with pytest.raises(RuleError) as caught:
        game.play("crew", "move hyun 1-E5")
    assert any(hint.startswith("move hyun") for hint in caught.value.legal)
    assert "end hyun" in caught.value.legal


def test_c42_a_unit_walks_round_walls_through_doors() -> None:
    game = staged(crew={"hyun": "0-G2"}, alien="2-H8", phase=Phase.CREW)
    game.state.human("hyun").actions = 4
    game.play("crew", "move hyun 0-H5")  # Workshop -> corridor, via the door at 0-H4/0-H5
    assert game.state.human("hyun").grid == G("0-H5")
    assert game.state.human("hyun").actions == 0


def test_c43_a_closed_door_blocks_the_way() -> None:
    game = staged(crew={"hyun": "0-M3"}, alien="2-H8", phase=Phase.CREW)
    store_door = game.ship.door_between(G("0-M4"), G("0-M5"))
    assert store_door is not None
    game.state.doors[store_door.id] = DoorState.CLOSED
    with pytest.raises(RuleError, match="walls or closed doors"):
        game.play("crew", "move hyun 0-M6")


def test_c45_a_lift_moves_one_deck_for_one_action() -> None:
    game = staged(crew={"hyun": "1-Q5"}, alien="2-H8", phase=Phase.CREW)
    game.play("crew", "lift hyun up")
    assert game.state.human("hyun").grid == G("2-Q5")
    assert game.state.human("hyun").actions == 3


def test_c46_a_human_climbs_a_hatch_for_four_and_drops_for_two() -> None:
    game = staged(crew={"hyun": "0-D8", "ortiz": "1-D8"}, alien="2-H8", phase=Phase.CREW)
    game.play("crew", "hatch hyun")
    assert game.state.human("hyun").grid == G("1-D8")
    assert game.state.human("hyun").actions == 0
    game.play("crew", "hatch ortiz")
    assert game.state.human("ortiz").grid == G("0-D8")
    assert game.state.human("ortiz").actions == 2


def test_c46_an_alien_uses_a_hatch_for_one_either_way() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="0-D8", phase=Phase.ALIEN)
    game.play("alien", "hatch alien")
    game.play("alien", "hatch alien")
    assert game.state.alien("alien1").grid == G("0-D8")
    assert game.state.alien("alien1").actions == 4


def test_c6_no_more_than_four_humans_in_a_grid() -> None:
    crew = {"hyun": "1-F5", "ortiz": "1-F5", "okeke": "1-F5", "lindqvist": "1-F5"}
    crew["haddad"] = "1-F6"
    game = staged(crew=crew, alien="2-H8", phase=Phase.CREW)
    with pytest.raises(RuleError, match="already holds 4 humans"):
        game.play("crew", "move haddad 1-F5")


def test_c6_any_number_of_aliens_share_a_grid_with_humans() -> None:
    game = staged(crew={"hyun": "1-F5"}, alien="1-G5", phase=Phase.ALIEN)
    game.play("alien", "move alien 1-F5")
    assert game.state.alien("alien1").grid == G("1-F5")
