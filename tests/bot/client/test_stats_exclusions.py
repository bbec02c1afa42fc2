"""A game the ratings keep out, played through the bot to its end
(docs/rules-decisions.md "Ratings"): a moderator's seeded game is stored as finished and
counted in nobody's rating, and ``/stats`` says why; an imported game and a tutorial,
each finished through the bot, count in no rating and on no leaderboard, where a game
between people does. (A rolled-back game:
tests/bot/client/test_stats.py; every reason as the game's maker stores it:
tests/bot/store/test_ratings_store.py.)"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

import pytest

from engine.state import Phase
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.client.test_tutorial import Newcomer
from tests.bot.helpers import SEED, World, make_world, phase_of, seat_and_start


def _rows(world: World, sql: str) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return list(db.execute(sql))


async def test_a_moderators_seeded_game_finishes_but_counts_in_no_rating(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world, seeded=True)
    await play_to_the_end(world)
    assert phase_of(world) is Phase.OVER

    assert len(_rows(world, "SELECT game_id FROM game_results")) == 1  # it finished
    assert _rows(world, "SELECT counted, reason FROM rating_games") == [(0, "seeded")]
    assert _rows(world, "SELECT * FROM ratings") == []
    assert _rows(world, "SELECT * FROM rating_changes") == []

    mine = (await world.crew[0].slash(world.channel, "stats me")).response
    assert mine is not None
    assert "Crew: no rated game yet" in mine.content
    assert "Other games not rated: 1 seeded" in mine.content
    balance = (await world.stranger.slash(world.channel, "stats balance")).response
    assert balance is not None and "**This server** (0 finished games)" in balance.content


# --- an import and a tutorial, each played to its end, beside a game between people -----
async def _people(world: World) -> None:
    """A game between people, from the lobby to its end: it counts (the control)."""
    await seat_and_start(world)
    await play_to_the_end(world)


async def _imported(world: World) -> None:
    """``/mod import`` of an unfinished script; the players take its seats and finish it."""
    script = f"seed {SEED}\ncrew: quick\nalien: quick\n"  # the greedy crew wins on turn 2
    done = await world.mod.slash(world.channel, "mod import", file=("game.qs", script.encode()))
    assert done.response is not None and "Imported game 1" in done.response.content
    lobby = next(m for m in reversed(world.messages()) if "continues it where" in m.content)
    await world.alien.click(lobby, label="Join alien")
    await world.crew[0].click(lobby, label="Join crew")
    await world.crew[0].slash(world.channel, "game start")
    await play_to_the_end(world)


async def _tutorial(world: World) -> None:
    """The crew's tutorial, pressed through to "you are ready"."""
    started = await world.crew[0].slash(world.channel, "game tutorial", side="crew")
    assert started.response is not None and "Your tutorial is ready" in started.response.content
    await Newcomer(world, world.crew[0], "crew").play_lesson()


@pytest.mark.parametrize(
    ("play", "counted", "reason"),
    [(_people, 1, ""), (_imported, 0, "imported"), (_tutorial, 0, "tutorial")],
    ids=["people", "imported", "tutorial"],
)
async def test_an_imported_game_and_a_tutorial_finish_but_count_in_no_rating_nor_board(
    simcord_env, play, counted, reason
):
    world = make_world(simcord_env, crew=1)
    await play(world)
    assert [status for (status,) in _rows(world, "SELECT status FROM games")] == ["over"]
    assert len(_rows(world, "SELECT game_id FROM game_results")) == 1  # it finished
    assert _rows(world, "SELECT counted, reason FROM rating_games") == [(counted, reason)]
    rated = {user for (user,) in _rows(world, "SELECT user_id FROM ratings")}
    assert rated == ({world.crew[0].id, world.alien.id} if counted else set())

    board = await world.stranger.slash(world.channel, "stats server", min_games=1)
    assert board.response is not None
    listed = world.crew[0].mention in board.response.content
    assert listed is bool(counted)
    assert ("Nobody yet" in board.response.content) is not bool(counted)
    mine = (await world.crew[0].slash(world.channel, "stats me")).response
    assert mine is not None
    assert ("Crew: no rated game yet" in mine.content) is not bool(counted)
    if reason == "imported":  # a tutorial seats nobody, so it is not listed there at all
        assert "Other games not rated: 1 imported" in mine.content
