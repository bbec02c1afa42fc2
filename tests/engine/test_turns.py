"""Turns, phases and actions (C, C.2)."""

from __future__ import annotations

import pytest

from engine.errors import NotYourTurn, RuleError
from engine.state import Condition, Fate, Phase
from tests.games import staged

CREW = {"hyun": "1-B5", "ortiz": "1-H5", "okeke": "0-F5"}


def test_c2_each_human_earns_four_actions() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    ortiz = game.state.human("ortiz")
    ortiz.role, ortiz.skill_marker = "Cook", "Powerful"
    game.play("alien", "pass")
    assert game.state.human("ortiz").actions == 4


def test_c2_the_alien_earns_six_actions() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    assert game.state.alien("alien1").actions == 6


def test_d5_an_injured_human_earns_two_fewer_actions() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    hyun = game.state.human("hyun")
    hyun.condition, hyun.role, hyun.skill_marker = Condition.INJURED, "Captain", "Powerful"
    game.play("alien", "pass")
    assert game.state.human("hyun").actions == 2


def test_g3_an_athlete_earns_one_more_action() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    hyun = game.state.human("hyun")
    hyun.role, hyun.skill_marker = "Captain", "Athlete"
    game.play("alien", "pass")
    assert game.state.human("hyun").actions == 5


def test_c_alien_phase_then_crew_phase_then_the_next_turn() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    turn = game.state.turn
    game.play("alien", "pass")
    assert (game.state.phase, game.state.turn) == (Phase.CREW, turn)
    game.play("crew", "pass")
    assert (game.state.phase, game.state.turn) == (Phase.ALIEN, turn + 1)


def test_c_a_side_cannot_act_in_the_other_sides_phase() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    with pytest.raises(NotYourTurn, match="alien phase"):
        game.play("crew", "move hyun 1-C5")
    with pytest.raises(NotYourTurn, match="not one of your units"):
        game.play("alien", "move hyun 1-C5")


def test_c2_leaving_a_unit_finishes_it_for_the_phase() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.CREW)
    game.play("crew", "move hyun 1-C5")
    game.play("crew", "move ortiz 1-I5")
    assert "hyun" in game.state.done_units
    assert game.state.human("hyun").actions == 0
    with pytest.raises(RuleError, match="once a player leaves a unit, it is done"):
        game.play("crew", "move hyun 1-D5")


def test_c2_a_player_may_leave_actions_unspent() -> None:
    game = staged(crew=CREW, alien="2-H8", phase=Phase.CREW)
    game.play("crew", "move hyun 1-C5")
    game.play("crew", "end hyun")
    assert game.state.human("hyun").actions == 0
    assert game.state.phase is Phase.CREW


def test_c2_the_phase_ends_when_every_unit_is_done() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="2-H8", phase=Phase.CREW)
    for human in game.state.live_humans():
        if human.id != "hyun":
            game.state.done_units.add(human.id)
    game.play("crew", "end hyun")
    assert game.state.phase is Phase.ALIEN


def test_c_the_game_ends_when_every_survivor_has_left_in_life_pods() -> None:
    """Gap 7: section C's "escaped the ship in life pods" ends the game too."""
    game = staged(crew=CREW, alien="2-H8", phase=Phase.ALIEN)
    for human in game.state.live_humans():
        human.fate = Fate.ESCAPED
    game.play("alien", "wait alien")
    assert game.state.phase is Phase.OVER
    assert game.state.result == "no living human is left aboard"
