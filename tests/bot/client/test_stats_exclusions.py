"""A game the ratings keep out, played through the bot to its end (issue 25,
docs/rules-decisions.md "Ratings"): a moderator's seeded game is stored as finished and
counted in nobody's rating, and ``/stats`` says why. (A rolled-back game:
tests/bot/client/test_stats.py; every reason as the game's maker stores it:
tests/bot/store/test_ratings_store.py.)"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

from engine.state import Phase
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import World, make_world, phase_of, seat_and_start


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
