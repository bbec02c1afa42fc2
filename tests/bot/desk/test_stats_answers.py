"""What /stats answers, from the store, on both backends: a person's place on
their server's board, their games against the computer kept apart by level, the other
games kept out by reason, and the board's pages."""

from __future__ import annotations

from bot.desk import ratings
from bot.desk import stats as desk_stats
from bot.present import stats as words
from bot.store import open_store
from tests.bot.rated_games import Games, Played

ME = 10


async def test_a_profile_places_the_person_and_keeps_computer_games_apart(store_target):
    store = await open_store(store_target)
    games = Games(store)
    for band in ("decisive-human", "marginal-human", "draw"):
        await games.finish(Played([ME], [20], band))  # three crew wins or draws: listed
    for band in ("marginal-alien", "decisive-alien", "decisive-alien"):
        await games.finish(Played([11], [21], band))  # a weaker crew player, also listed
    await games.finish(Played([ME], [21], "decisive-alien", guild=2))  # another server
    await games.finish(Played([ME], [], "marginal-human", computer="alien:hard"))
    await games.finish(Played([ME], [], "decisive-alien", computer="alien:hard"))
    await games.finish(Played([], [ME], "draw", computer="crew:easy"))
    await games.finish(Played([ME], [20], "draw", seeded=True))
    await games.finish(Played([ME], [20], "draw", rolled_back=True))
    await games.finish(Played([ME], [20], "draw", kind="tutorial:crew"))
    await ratings.catch_up(store)

    found = await desk_stats.profile(store, ME, 1)
    crew, alien = found.sides
    assert crew.rating is not None and crew.rating.games == 4
    assert (crew.rating.won, crew.rating.drawn, crew.rating.lost) == (2, 1, 1)
    assert (crew.place, crew.listed) == (1, 2)
    assert crew.last_step is not None and crew.last_step < 0  # lost the last one
    assert alien.rating is None
    assert {k: (t.crew, t.draw, t.alien) for k, t in found.vs_computer.items()} == {
        ("crew", "alien", "hard"): (1, 0, 1),
        ("alien", "crew", "easy"): (0, 1, 0),
    }
    assert dict(found.kept_out) == {"seeded": 1, "rolled-back": 1, "tutorial": 1}
    text = "\n".join(words.profile_text(found, "<@10>", True))
    assert "#1 of 2 on this server's board" in text
    assert "crew v hard alien: won 1, drawn 0, lost 1" in text
    assert "alien v easy crew: won 0, drawn 1, lost 0" in text
    assert "Other games not rated: 1 rolled back, 1 seeded, 1 tutorial" in text
    elsewhere = await desk_stats.profile(store, ME, 2)
    assert (elsewhere.sides[0].place, elsewhere.sides[0].listed) == (1, 1)  # 4 games, 1 there
    await store.close()


async def test_a_board_page_out_of_range_shows_the_last_page(store_target):
    store = await open_store(store_target)
    games = Games(store)
    for p in range(12):
        for band in ("draw", "marginal-human", "marginal-alien"):
            await games.finish(Played([100 + p], [200], band))
    await ratings.catch_up(store)
    board = await desk_stats.board(store, 1, "crew", 3, 9)
    assert (board.page, board.pages, board.total, board.first_place) == (1, 2, 12, 11)
    assert len(board.rows) == 2
    alien = await desk_stats.board(store, 1, "alien", 3, 0)
    assert [r.user_id for r in alien.rows] == [200] and alien.rows[0].games == 36
    await store.close()
