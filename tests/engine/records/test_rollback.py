"""A moderator's rollback: what it cannot take back, and the dice re-keyed in the log.

Rolling back to a phase start replays the game to there, but what the dropped commands
showed stays known (C.3, C.7.2): the moderator is told before confirming. The dice are
re-keyed at every rollback by the referee's ``rekey`` command, which the log keeps, so a
replay, a snapshot's tail, a script and an export roll the same dice again, while the
phase played again rolls otherwise (README, "Secrets").
"""

from __future__ import annotations

import pytest

from engine.commands import REFEREE_VERBS, VERBS, Rekey, parse
from engine.dice import Rng
from engine.game import Game
from engine.records.rollback import shown_since
from engine.records.scenario import scenario_game
from engine.records.script import read_script
from engine.state import Phase, Side
from tests.games import quick_game

FOUND = """
scenario
seed 3
turn 2 crew
crew hyun 0-L5 role=Captain skill=Athlete
alien alien1 Larva 0-N5 piperun=0-N5
end
"""


def test_c72_the_rollback_warning_lists_the_tally_the_dice_and_the_secrets_read() -> None:
    game = scenario_game(FOUND)
    game.play("crew", "move hyun 0-M5 0-N5")  # walks into the hidden Larva (C.7.2)
    game.play("crew", "attack hyun alien1")
    shown = shown_since(game, 2, Phase.CREW)
    assert [e.kind for e in shown.public] == ["surfaced", "revealed-skill"]
    assert shown.rolls == 1
    assert shown.consulted[Side.CREW] == 1 and not shown.private


def test_nothing_shown_since_a_phase_start_of_plain_moves() -> None:
    game = quick_game(3)
    game.play("alien", "wait alien")
    assert not shown_since(game, 1, Phase.ALIEN)


def test_rekey_is_the_referees_a_log_line_players_are_never_offered() -> None:
    assert parse("rekey 12345") == Rekey(12345)
    assert Rekey(12345).notation() == "rekey 12345"
    assert "rekey" in REFEREE_VERBS and "rekey" not in VERBS


@pytest.mark.parametrize("text", ["rekey", "rekey -3", "rekey x", "rekey 1 2"])
def test_a_malformed_rekey_is_refused_like_any_bad_line(text: str) -> None:
    with pytest.raises(Exception, match="rekey KEY"):
        parse(text)


def test_c1_a_rollback_rekeys_the_dice_and_the_log_replays_exactly() -> None:
    """C.1: after the rekey the dice follow the new key; the game's script (a finished
    game's export is one) and a plain replay of its log roll the same dice again."""
    game = scenario_game(FOUND)
    game.play("crew", "move hyun 0-M5 0-N5")
    first = game.play("crew", "attack hyun alien1")
    game.rollback(2, Phase.CREW)
    game.play(Side.CREW, Rekey(987654321))
    assert game.state.rng == Rng(987654321)
    assert game.can_undo(Side.CREW) is not None  # nobody takes the referee's rekey back
    assert game.side_moves(Side.CREW) == 0  # and it is nobody's command
    game.play("crew", "move hyun 0-M5 0-N5")
    again = game.play("crew", "attack hyun alien1")
    assert [e for e in again if e.kind == "rolled"] != [e for e in first if e.kind == "rolled"]
    script = FOUND + "".join(f"{e.line()}\n" for e in game.log)
    assert "crew: rekey 987654321" in script
    assert read_script(script).game.state == game.state
    replayed = Game(game.seed, game.ship, game.content, game.start_state())
    for entry in game.log:
        replayed.play(entry.side, entry.command)
    assert replayed.state == game.state
