"""Ratings in the store, on both backends: migration 8, the facts a rating
is built from, the conditional writes that keep several writers in order, and the
rebuild that equals the ratings taken game by game as the games ended."""

from __future__ import annotations

import asyncio
import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from bot.desk import ratings
from bot.store import Store, open_store
from bot.store import people as pp
from bot.store import ratings as rs
from bot.store.schema import migrations
from tests.bot.rated_games import BANDS, Games, Played


def test_both_backends_number_the_ratings_migration_alike():
    for backend in ("sqlite", "postgres"):
        sql = dict(migrations(backend))[8]
        for table in ("rating_games", "ratings", "rating_changes"):
            assert table in sql


async def test_the_facts_of_finished_games_come_in_the_order_they_ended(store_target):
    store = await open_store(store_target)
    games = Games(store)
    late = await games.finish(Played([10, 11], [20], "draw", ended_at=50.0, rolled_back=True))
    early = await games.finish(
        Played([12], [21], "decisive-alien", ended_at=40.0, left=[(13, "crew", "sub")])
    )
    facts = await rs.finished_games(store, pending=True)
    assert [f.game_id for f in facts] == [early, late]
    first, second = facts
    assert first.seatings == ((12, "crew", None), (21, "alien", None), (13, "crew", "sub"))
    assert (first.band, first.rolled_back, second.rolled_back) == ("decisive-alien", False, True)
    assert await rs.game_facts(store, late) == second
    await store.close()


async def test_a_writer_overtaken_by_another_writes_nothing(store_target):
    """The conditional writes: a batch planned after seq 0 is refused whole once another
    writer has taken a game; planned after the newest seq, it is written."""
    store = await open_store(store_target)
    games = Games(store)
    one = await games.finish(Played([10], [20], "marginal-human"))
    two = await games.finish(Played([11], [20], "marginal-alien"))
    facts = await rs.finished_games(store, pending=True)
    first = ratings.take({}, facts[:1], 1)
    second_planned_early = ratings.take({}, facts[1:], 1)
    await store.commit(first.statements(after=0))
    await store.commit(second_planned_early.statements(after=0))  # overtaken: nothing
    assert [g.game_id for g in await rs.taken_games(store)] == [one]
    assert {c.game_id for c in await rs.changes_of(store)} == {one}
    assert (await rs.ratings_of(store, [20]))[(20, "alien")].games == 1
    known = await rs.ratings_of(store, [11, 20])
    await store.commit(ratings.take(known, facts[1:], 2).statements(after=1))
    assert [g.game_id for g in await rs.taken_games(store)] == [one, two]
    assert (await rs.ratings_of(store, [20]))[(20, "alien")].games == 2
    await store.close()


async def test_each_game_kept_out_counts_in_no_rating_as_its_maker_stores_it(store_target):
    """F.1 results of games between the same two people: a tutorial and an import
    (seeded, with their kind, as bot.desk.tutorial and bot.desk.imports store them), a
    moderator's seeded game, a rolled-back game, a game with a computer seat and one
    played with a variant (its design's 0.6) are taken and kept out, each for its
    reason; only the ordinary game is rated."""
    store = await open_store(store_target)
    games = Games(store)
    kept_out = {
        "tutorial": Played([10], [20], "decisive-human", seeded=True, kind="tutorial:crew"),
        "imported": Played([10], [20], "decisive-human", seeded=True, kind="imported"),
        "seeded": Played([10], [20], "decisive-human", seeded=True),
        "rolled-back": Played([10], [20], "decisive-human", rolled_back=True),
        "computer": Played([10], [20], "decisive-human", computer="alien:hard"),
        "variants": Played([10], [20], "decisive-human", opening="variants noise"),
    }
    ids = {reason: await games.finish(played) for reason, played in kept_out.items()}
    ordinary = await games.finish(Played([10], [20], "decisive-human"))
    await ratings.catch_up(store)
    taken = {g.game_id: (g.counted, g.reason) for g in await rs.taken_games(store)}
    assert taken == {**{ids[r]: (False, r) for r in kept_out}, ordinary: (True, "")}
    mine = await rs.ratings_of(store, [10, 20])
    assert mine[(10, "crew")].games == mine[(20, "alien")].games == 1
    assert {c.game_id for c in await rs.changes_of(store)} == {ordinary}
    await store.close()


async def _state(store: Store) -> tuple[object, ...]:
    """The ratings as they stand, seqs left out (a rebuild numbers on from the last)."""
    taken = [(g.game_id, g.counted, g.reason, g.crew) for g in await rs.taken_games(store)]
    changes = [
        (c.game_id, c.user_id, c.side, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after)
        for c in await rs.changes_of(store)
    ]
    return taken, await rs.all_ratings(store), changes


def _random_games(rng: random.Random, count: int) -> list[Played]:
    people = list(range(10, 18))
    found = []
    for _ in range(count):
        crew = rng.sample(people, rng.randint(1, 3))
        alien = [rng.choice([p for p in people if p not in crew])]
        kind = rng.random()
        found.append(
            Played(
                crew,
                alien,
                rng.choice(BANDS),
                guild=rng.choice((1, 2)),
                seeded=kind < 0.05,
                computer="alien:hard" if 0.05 <= kind < 0.1 else "",
                rolled_back=0.1 <= kind < 0.15,
            )
        )
    return found


async def test_a_rebuild_equals_the_ratings_taken_as_each_game_ended(store_target):
    store = await open_store(store_target)
    games = Games(store)
    for played in _random_games(random.Random(25), 30):
        await games.finish(played)
        report = await ratings.catch_up(store)
        assert report.taken == 1 and report.rebuilt is None
    as_they_ended = await _state(store)
    taken, rows, _ = as_they_ended
    assert len(taken) == 30 and any(not counted for _, counted, _, _ in taken) and rows
    report = await ratings.rebuild(store)
    assert report.taken == 30 and report.rebuilt == "asked for"
    assert await _state(store) == as_they_ended
    await store.close()


async def test_ratings_no_longer_supported_by_the_games_are_rebuilt(store_target):
    """A game deleted since it was rated (a moderator's reset), a result undone or
    ended again, a game that would no longer count, a game that ended before the last
    one rated, a change of the rules: the next catch-up rebuilds, and the result is
    what the games now support."""
    store = await open_store(store_target)
    games = Games(store)
    first = await games.finish(Played([10], [20], "decisive-human"))
    second = await games.finish(Played([11], [20], "decisive-human"))
    await ratings.catch_up(store)

    await store.commit([("DELETE FROM games WHERE id = ?", (second,))])
    report = await ratings.catch_up(store)
    assert report.rebuilt == "a game taken before is gone, or its result"
    assert (await rs.ratings_of(store, [20]))[(20, "alien")].games == 1

    third = await games.finish(Played([11], [20], "decisive-alien"))
    await ratings.catch_up(store)
    await store.commit([pp.drop_result(third)])  # its result undone
    report = await ratings.catch_up(store)
    assert report.rebuilt == "a game taken before is gone, or its result"
    assert (await rs.ratings_of(store, [11])) == {}
    await store.commit([pp.put_result(third, games.clock + 5, 6, 9, "draw", "draw")])
    assert (await ratings.catch_up(store)).rebuilt is None  # it ended again: taken anew
    assert (await rs.ratings_of(store, [11]))[(11, "crew")].drawn == 1
    await store.commit([pp.put_result(third, games.clock + 9, 6, 9, "marginal-alien", "alien")])
    report = await ratings.catch_up(store)
    assert report.rebuilt == "a game's result changed since it was taken"
    assert (await rs.ratings_of(store, [11]))[(11, "crew")].lost == 1

    await store.commit([("UPDATE games SET seeded = 1 WHERE id = ?", (first,))])
    report = await ratings.catch_up(store)
    assert report.rebuilt == "a game rated before would no longer count"
    assert [(g.counted, g.reason) for g in await rs.taken_games(store)] == [
        (False, "seeded"),
        (True, ""),
    ]

    await games.finish(Played([12], [21], "draw", ended_at=10.0))
    report = await ratings.catch_up(store)
    assert report.rebuilt == "a game ended before the last one rated"

    await store.commit([("UPDATE rating_games SET rules = 'old'", ())])
    assert (await ratings.catch_up(store)).rebuilt == "the rating rules changed"
    assert (await ratings.catch_up(store)).taken == 0  # up to date now
    await store.close()


async def test_two_processes_finishing_games_at_once_lose_no_rating(pg_url):
    """Two stores on one PostgreSQL database each catch up after their own game ended,
    at the same moment, both games sharing the alien player: both games are rated, each
    once, and the ratings equal a rebuild's."""
    one, two = await open_store(pg_url), await open_store(pg_url)
    games = Games(one)
    await games.finish(Played([10], [20], "marginal-human"))
    await games.finish(Played([11], [20], "decisive-alien"))
    for _ in range(3):
        await games.finish(Played([12, 13], [20], "draw"))
        await asyncio.gather(ratings.catch_up(one), ratings.catch_up(two))
    state = await _state(one)
    assert len(state[0]) == 5 and (await rs.ratings_of(one, [20]))[(20, "alien")].games == 5
    await ratings.rebuild(two)
    assert await _state(one) == state
    await one.close()
    await two.close()


async def test_catching_up_with_no_finished_game_takes_nothing(store_target):
    store = await open_store(store_target)
    report = await ratings.catch_up(store)
    assert (report.taken, report.rated, report.rebuilt) == (0, 0, None)
    assert (await ratings.rebuild(store)).taken == 0
    await store.close()


PEOPLE = range(10, 16)


@st_.composite
def game_sequences(draw: st_.DrawFn) -> list[tuple[Played, bool]]:
    """Random finished games, each with whether the ratings catch up right after it
    (else several wait for the next catch-up); some end out of order."""
    found = []
    for _ in range(draw(st_.integers(1, 10))):
        crew = draw(st_.lists(st_.sampled_from(PEOPLE), min_size=1, max_size=3, unique=True))
        alien = draw(st_.sampled_from([p for p in PEOPLE if p not in crew]))
        flag = draw(st_.sampled_from(["", "", "", "seeded", "computer", "rollback", "left"]))
        played = Played(
            crew,
            [alien],
            draw(st_.sampled_from(BANDS)),
            ended_at=draw(st_.one_of(st_.none(), st_.floats(0.0, 2000.0))),
            seeded=flag == "seeded",
            computer="crew:easy" if flag == "computer" else "",
            rolled_back=flag == "rollback",
            left=[(crew[0] + 100, "crew", "left")] if flag == "left" else (),
        )
        found.append((played, draw(st_.booleans())))
    return found


@settings(max_examples=25, deadline=None)
@given(game_sequences())
def test_any_sequence_of_results_rebuilds_to_the_ratings_taken_along_the_way(
    tmp_path_factory, games
):
    """Hypothesis: whatever games end, in whatever order, caught up after each or in
    batches, a rebuild from the stored games leaves exactly the same ratings."""
    path = tmp_path_factory.mktemp("ratings") / "store.sqlite3"

    async def run() -> tuple[object, object]:
        store = await open_store(path)
        writer = Games(store)
        for played, catch_up in games:
            await writer.finish(played)
            if catch_up:
                await ratings.catch_up(store)
        await ratings.catch_up(store)
        along = await _state(store)
        await ratings.rebuild(store)
        rebuilt = await _state(store)
        await store.close()
        return along, rebuilt

    along, rebuilt = asyncio.run(run())
    assert along == rebuilt
