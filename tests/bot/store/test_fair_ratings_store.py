"""The fair-play rating policy in the store, on both backends (README, "Ratings and
deadlines"): migration 13, the phase marks and the advisor's sides a rating reads, a
side left unrated told to its people, and a leaderboard ranked by the skill estimate."""

from __future__ import annotations

from bot.desk import ratings, stats
from bot.store import base as store_base
from bot.store import open_store
from bot.store import postgres as store_postgres
from bot.store import ratings as rs
from bot.store import sqlite as store_sqlite
from bot.store.schema import migrations
from tests.bot.rated_games import Games, Played

# A game as every version writes it (create_game writes the newest version's columns).
OLD_GAME = (
    "INSERT INTO games (id, channel_id, guild_id, channel_name, seed, created_by, created_at) "
    "VALUES (1, ?, ?, ?, ?, ?, ?)"
)


def test_both_backends_number_the_fair_play_migration_alike():
    for backend in ("sqlite", "postgres"):
        sql = dict(migrations(backend))[13]
        for column in ("hints_sides", "stood_in", "how", "conceded", "unrated", "game_claims"):
            assert column in sql


async def test_stand_in_phases_and_the_advisors_side_reach_the_ratings(store_target):
    store = await open_store(store_target)
    games = Games(store)
    marks = [(10, "crew", 0, "on_time"), (10, "crew", 4, "stand_in"), (20, "alien", 2, "on_time")]
    game = await games.finish(
        Played([10], [20], "decisive-alien", hints_sides="alien", marks=marks)
    )
    (facts,) = await rs.finished_games(store, pending=True)
    assert facts.hints_sides == ("alien",)
    assert facts.marks == (
        (10, "crew", 0, "on_time"),
        (20, "alien", 2, "on_time"),
        (10, "crew", 4, "stand_in"),
    )
    await ratings.catch_up(store)
    (taken,) = await rs.taken_games(store)
    assert (taken.game_id, taken.counted, taken.unrated) == (game, True, "alien:hints")
    moved = await rs.ratings_of(store, [10, 20])
    assert set(moved) == {(10, "crew")}  # the alien asked the advisor: not rated
    assert moved[(10, "crew")].mu == ratings.take({}, [facts], 1).ratings[(10, "crew")].mu
    assert await rs.kept_out_of(store, 20) == [("alien", "hints", "", "decisive-alien")]
    assert await rs.kept_out_of(store, 10) == []
    await store.close()


async def test_a_rebuild_equals_the_ratings_taken_as_games_ended(store_target):
    store = await open_store(store_target)
    games = Games(store)
    await games.finish(Played([10], [20], "marginal-human", left=[(11, "crew", "sub")]))
    await games.finish(Played([11], [20], "draw", hints_sides="crew"))
    await games.finish(Played([12], [21], "decisive-alien", marks=[(12, "crew", 0, "stand_in")]))
    await ratings.catch_up(store)
    taken = await rs.all_ratings(store)
    report = await ratings.rebuild(store)
    assert await rs.all_ratings(store) == taken
    assert report.rated == 3
    assert (await rs.ratings_of(store, [11]))[(11, "crew")].lost == 1  # left: resigned
    assert (12, "crew") not in await rs.ratings_of(store, [12])  # the computer played it all
    await store.close()


async def test_the_board_ranks_by_skill_never_by_game_count(store_target):
    """A newcomer with 2 wins of 3 is not placed under a veteran with 6 of 12 because
    the veteran played more (as mu - 3 sigma did)."""
    store = await open_store(store_target)
    games = Games(store)
    for n in range(12):  # the veteran: won half of 12, against a stream of aliens
        band = "marginal-human" if n % 2 else "marginal-alien"
        await games.finish(Played([1], [100 + n], band, guild=7))
    for n, band in enumerate(("marginal-human", "marginal-human", "marginal-alien")):
        await games.finish(Played([2], [200 + n], band, guild=7))
    await ratings.catch_up(store)
    board = await stats.board(store, 7, "crew", stats.MIN_GAMES, 0)
    veteran, newcomer = (
        (await rs.ratings_of(store, [1]))[(1, "crew")],
        (await rs.ratings_of(store, [2]))[(2, "crew")],
    )
    assert newcomer.mu > veteran.mu and newcomer.sigma > veteran.sigma
    assert [r.user_id for r in board.rows] == [2, 1]
    assert not ratings.settled(newcomer)
    assert await rs.place_on_board(store, 7, newcomer, stats.MIN_GAMES) == 1
    await store.close()


async def test_a_game_hinted_before_migration_13_counts_as_hinted_by_both_sides(
    store_target, monkeypatch
):
    """Before version 13 a Suggest did not say whose it was: both sides stay unrated."""
    real = store_base.migrations
    for module in (store_base, store_sqlite, store_postgres):
        monkeypatch.setattr(
            module, "migrations", lambda backend: [(n, q) for n, q in real(backend) if n <= 12]
        )
    old = await open_store(store_target)
    assert await old.schema_version() == 12
    await old.commit(
        [(OLD_GAME, (1, 7, "c1", 5, 1, 100.0)), ("UPDATE games SET hints_used = 1", ())]
    )
    await old.close()
    monkeypatch.undo()
    store = await open_store(store_target)
    assert await store.schema_version() >= 13
    game = await store.game(1)
    assert game is not None and game.hints_sides == "alien,crew"
    await store.close()
