"""The tutorials' lessons in data/: each step teaches one rule with its section,
is judged on the typed command, and a dry run on load plays the lesson to the game's end;
a broken lesson is refused naming its step."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.commands import parse
from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.help.lessons import lesson_file, load_lesson, matches
from engine.state import Phase


def _play_through(side: str):
    lesson = load_lesson(side)
    game = lesson.opening()
    for index, step in enumerate(lesson.steps):
        assert lesson.step_at(game.length) == index
        game.play(side, step.played())
        for move in step.then:
            game.play(lesson.other, move)
    assert lesson.step_at(game.length) is None
    return lesson, game


def test_the_crew_lesson_teaches_moving_searching_attacking_doors_and_the_air_lock():
    lesson, game = _play_through("crew")
    assert [s.section for s in lesson.steps] == [
        "C.4",
        "C.8",
        "D",
        "C.4.3",
        "C.2",
        "E.2.5",
        "E.2.5",
    ]
    assert game.state.phase is Phase.OVER and game.state.aliens["alien1"].dead
    assert game.state.result == "no living alien is left aboard"


def test_the_alien_lesson_teaches_pipe_running_declarations_foraging_and_mutating():
    lesson, game = _play_through("alien")
    assert [s.section for s in lesson.steps] == ["C.7", "C.7.3", "C.10.1", "C.10"]
    assert game.state.phase is Phase.OVER
    assert game.state.aliens["alien1"].stage == "Hunter"  # the mutation took
    assert game.state.result == "no living human is left aboard"


def test_a_lesson_is_the_same_every_time():
    assert _play_through("crew")[1].state == _play_through("crew")[1].state


@pytest.mark.parametrize(
    ("pattern", "notation", "expected"),
    [
        ("move hyun 2-K6", "move hyun 2-K6", True),
        ("move hyun 2-K6", "move hyun 2-K5", False),
        ("search hyun *", "search hyun 3", True),
        ("open okeke inner|2-F4/2-F5", "open okeke 2-F4/2-F5", True),
        ("open okeke inner|2-F4/2-F5", "open okeke outer", False),
        ("pass", "end hyun", False),
        ("attack hyun alien1", "attack hyun alien1 +1", False),
    ],
)
def test_a_step_is_judged_on_the_commands_words(pattern, notation, expected):
    assert matches(pattern, parse(notation).notation()) is expected


def _broken(tmp_path: Path, side: str, change) -> Path:
    shutil.copy(DEFAULT_DATA_DIR / "rulebook.toml", tmp_path)
    text = (DEFAULT_DATA_DIR / lesson_file(side)).read_text()
    (tmp_path / lesson_file(side)).write_text(change(text))
    return tmp_path


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda t: t.replace('section = "C.8"', 'section = "C.99"'), "step 2: no section C.99"),
        (
            lambda t: t.replace('command = "search hyun 2"', 'command = "search hyun *"'),
            "step 2: a pattern with * needs an example",
        ),
        (
            lambda t: t.replace('command = "move hyun 2-K6"', 'command = "move hyun 2-X12"'),
            "step 1 (Moving): 'move hyun 2-X12': ",
        ),
        (
            lambda t: t.replace('"move alien1 2-F4"', '"move alien1 0-A1"'),
            "step 5 (Ending the phase), then 'move alien1 0-A1': ",
        ),
        (lambda t: t.replace('then = ["move alien1 2-F4", "pass"]', "then = []"), "not the crew's"),
        (lambda t: t.replace('"move alien1 2-F4", ', ""), "must end with the last step"),
        (lambda t: t[: t.index('[[step]]\nsection = "E.2.5"\ntitle = "Blowing')], "must end"),
        (lambda t: t.replace('side = "crew"', 'side = "alien"'), "for the alien, not the crew"),
        (lambda t: t.replace("Let Hyun spend two", "x" * 700), "step.1.text"),
        (lambda t: t.replace("turn 2 crew", "turn 2 crew\ncrew nobody 1-A1"), "scenario: line"),
    ],
)
def test_a_broken_lesson_is_refused_naming_the_step(tmp_path, change, problem):
    data = _broken(tmp_path, "crew", change)
    with pytest.raises(ContentError) as raised:
        load_lesson("crew", data)
    assert problem in str(raised.value), str(raised.value)


def test_there_is_no_lesson_for_spectators():
    with pytest.raises(ContentError) as raised:
        load_lesson("spectator")
    assert "no tutorial for 'spectator'" in str(raised.value)
