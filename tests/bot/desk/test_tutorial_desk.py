"""A tutorial at the desk: stored like any game but marked, held to its
lesson, and out of the way of a learner's real games."""

from __future__ import annotations

import pytest

from bot.desk.service import Refusal, Seat
from bot.desk.tutorial import NotThisStep
from bot.present.notes import note_lines, refusal_text
from engine.state import Side
from tests.bot.stored_games import ALIEN, CREW, fresh_desk


async def test_a_tutorial_is_marked_held_to_its_lesson_and_gives_way_to_real_games(tmp_path):
    store, desk = await fresh_desk(tmp_path / "t.sqlite3")
    tutorial, outcome, closed = await desk.open_tutorial(50, 1, "lesson", CREW, Side.CREW)
    assert closed == [] and outcome.new_phase
    assert "Step 1 of 7 · Moving (C.4)" in "\n".join(note_lines(outcome.public))
    assert (tutorial.row.kind, tutorial.row.seeded, tutorial.status) == (
        "tutorial:crew",
        1,
        "playing",
    )
    assert set(tutorial.players[CREW].units) == {
        "hyun",
        "okeke",
        "tanaka",
        "mehta",
        "nguyen",
        "whitehorse",
        "mensah",
        "rahimi",
    }
    with pytest.raises(Refusal) as refused:
        await desk.play(tutorial, CREW, "move hyun 2-L5")
    assert isinstance(refused.value, NotThisStep) and tutorial.length == 0
    assert "Not now" in (refusal_text(refused.value) or "")
    await desk.play(tutorial, CREW, "move hyun 2-K6")
    assert tutorial.length == 1

    real = await desk.create(60, 1, "real", ALIEN, seed=3)
    await desk.join(real, CREW, Seat.CREW)
    await desk.join(real, ALIEN, Seat.ALIEN)
    await desk.start(real, ALIEN, False)
    assert desk.pick_game(CREW, None, None) is real  # a DM command means the real game
    assert desk.pick_game(CREW, None, tutorial.id) is tutorial  # unless it names the lesson

    again, _, closed = await desk.open_tutorial(51, 1, "lesson", CREW, Side.ALIEN)
    assert closed == [tutorial] and tutorial.status == "aborted"
    assert desk.table_in(50) is None and desk.table_in(51) is again
    await store.close()
