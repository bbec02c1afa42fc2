"""Undo is a function of what the undoing side knows (C.3, C.7.3; README, "Secrets").

How many commands the other side played, and when, is that side's secret: a pipe-runner
declares "Move" whether it moved one grid, two, or waited (C.7.3), so its command count
must not reach the crew. Undo therefore looks only at the undoing side's own commands of
the phase: it passes over the other side's commands given since (they are played again,
unchanged), a command given in the other side's phase is final, and every refusal says
the same whatever the other side did.
"""

from __future__ import annotations

import pytest

from engine.board.grid import Grid
from engine.errors import RuleError
from engine.game import Game
from engine.state import Phase, Side
from tests.games import quick_game

DRIVE = "drive 1-F6"


def _hidden(seed: int = 3) -> Game:
    game = quick_game(seed)
    game.play("alien", "piperun alien")
    return game


def test_c73_the_crews_undo_says_the_same_however_the_alien_split_its_moves() -> None:
    """Twins: the alien waits twice in one twin and once in the other (two "Move"s
    against one, the same count of declarations as one two-grid move and two steps
    would make). The crew's drive order, given in the alien's phase, is final in both,
    and the crew's undo says so in the same words before and after the alien plays on."""
    answers = []
    for waits in (1, 2):
        game = _hidden()
        game.play("crew", DRIVE)
        said = [game.can_undo(Side.CREW)]
        for _ in range(waits):
            game.play("alien", "wait alien")
            said.append(game.can_undo(Side.CREW))
        answers.append(said[0])
        assert set(said) == {said[0]}
        assert game.side_moves(Side.CREW) == 1
    assert answers[0] == answers[1]
    assert answers[0] is not None and "given during the alien's phase" in str(answers[0])


def test_c3_a_side_that_played_nothing_hears_the_same_whatever_the_other_side_did() -> None:
    game = _hidden()
    quiet = game.can_undo(Side.CREW)
    game.play("alien", "wait alien")
    assert str(game.can_undo(Side.CREW)) == str(quiet) == "your side has played nothing this phase"


def test_g25_the_aliens_undo_passes_over_the_crews_standing_order() -> None:
    """G.2.5: the crew's drive order, given while the alien plays, stays when the alien
    takes back its own last command, and the crew is told nothing new."""
    game = _hidden()
    before = game.state.clone()
    game.play("alien", "wait alien")
    game.play("crew", DRIVE)
    game.undo("alien")
    assert game.state.drive_to == Grid.parse("1-F6")
    assert game.state.alien("alien1") == before.alien("alien1")
    assert [(e.side, e.command.verb) for e in game.log[-2:]] == [
        (Side.ALIEN, "piperun"),
        (Side.CREW, "drive"),
    ]
    again = Game.replay(game.seed, [(e.side, e.command) for e in game.log])
    assert again.state == game.state  # the log as it now stands is the game


def test_d5_the_crews_undo_passes_over_the_aliens_standing_order() -> None:
    """D.5: the alien's energy order, given in the crew's phase, stays when the crew
    takes back a move, and the crew's undo was not blocked by it."""
    game = quick_game(3)
    game.play("alien", "pass")
    assert game.state.phase is Phase.CREW
    human = next(h for h in game.state.live_humans() if h.grid is not None and h.actions)
    before = game.state.clone()
    game.play("crew", f"end {human.id}")
    game.play("alien", "order energy off")
    assert game.can_undo(Side.CREW) is None
    game.undo("crew")
    assert game.state.standing.spend_energy_on_seven is False
    assert game.state.humans[human.id] == before.humans[human.id]
    assert human.id not in game.state.done_units


def test_b1_set_up_choices_are_taken_back_over_the_other_sides() -> None:
    """B.1.2, B.1.3: the two sides choose at once in set-up; the crew takes back its
    injured over the alien's ability chosen meanwhile."""
    game = Game.new(5)
    dead = ["hyun", "okeke", "lindqvist", "haddad"]
    game.play("crew", "dead " + " ".join(dead))
    game.play("crew", "injured mehta nguyen")
    game.play("alien", "ability Clever")
    game.undo("crew")
    assert game.state.humans["mehta"].grid is None
    assert [e.command.verb for e in game.log] == ["dead", "ability"]
    with pytest.raises(RuleError, match="a die was rolled"):
        game.undo("crew")  # the dead's roles were drawn at random (B.1.2)
