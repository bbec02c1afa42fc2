"""Reading a script into a game without printing it (engine.records.script): what an
import and a lesson's check rely on."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.present.events import script_line
from engine.game import Game
from engine.records.scenario import opening_game, parse_scenario
from engine.records.script import ScriptError, read_script

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def test_a_seed_script_opens_at_set_up_and_plays_every_line_undo_included():
    read = read_script((SCRIPTS / "quick_piperun.qs").read_text())
    assert read.scenario == ""
    assert read.game.seed == 42
    moves = [e.command.notation() for e in read.game.log if e.command.verb == "move"]
    assert moves == ["move alien1 0-I11 0-I12"]  # the undone step is gone from the log
    again = Game.new(42)
    for entry in read.game.log:
        again.play(entry.side, entry.command)
    assert again.state == read.game.state


def test_a_scenario_script_keeps_its_opening_written_canonically():
    text = (
        "seed 9\nscenario\nturn 1 crew\ncrew hyun 1-F6 role=Captain\n"
        "alien alien1 Larva 0-J11\nend\n"
    )
    read = read_script(text + "crew: move hyun 1-G6\n")
    assert read.scenario.startswith("scenario\nseed 9\n") and read.scenario.endswith("end\n")
    assert parse_scenario(read.scenario) == read.game.start_state()
    game = opening_game(9, read.scenario)
    game.play("crew", "move hyun 1-G6")
    assert game.state == read.game.state


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("", "line 1: the script is empty"),
        ("crew: pass\n", "line 1: a script starts with 'seed N' or a scenario block"),
        ("seed 3\n\n# set-up\ncrew: move hyun 1-F6\n", "line 4: "),
        ("seed 3\ncrew: quick\nexpect: nothing like this\n", "line 3: expected 'nothing like"),
        ("seed 3\nundo crew\n", "line 2: cannot undo: your side has played nothing this phase"),
        ("seed 3\nhello\n", "line 2: expected 'crew: COMMAND'"),
    ],
)
def test_a_line_that_does_not_apply_stops_the_reading_with_its_number(text, wanted):
    with pytest.raises(ScriptError) as raised:
        read_script(text, say=script_line)  # expectations checked in the scripts' words
    assert str(raised.value).startswith(wanted)


def test_read_without_words_an_expectation_is_only_read():
    """The engine writes no sentences: without a presenter's words an
    ``expect`` line is taken as read, and the game is the same."""
    text = "seed 3\ncrew: quick\nexpect: nothing like this\n"
    assert read_script(text).game.state == read_script("seed 3\ncrew: quick\n").game.state


def test_a_bad_command_after_a_scenario_names_its_line_in_the_file():
    with pytest.raises(ScriptError) as raised:
        read_script((SCRIPTS / "bad_line.qs").read_text())
    assert str(raised.value).startswith("line 11: ")
