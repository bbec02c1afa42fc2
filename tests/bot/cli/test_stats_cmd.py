"""``quicksilver stats rebuild`` and the ratings through ``db copy``: the
operator rebuilds the ratings from the stored games; a copy leaves the derived tables
behind and rebuilds them on arrival, to the same ratings."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.cli.main import main
from bot.desk import ratings
from bot.store import open_store
from bot.store import ratings as rs
from tests.bot.rated_games import Games, Played


async def _finished(target: str) -> list[rs.RatingRow]:
    store = await open_store(target)
    games = Games(store)
    await games.finish(Played([10, 11], [20], "decisive-human"))
    await games.finish(Played([12], [20], "draw", seeded=True))
    await games.finish(Played([10], [21], "marginal-alien", computer="alien:easy", guild=2))
    await games.finish(Played([11], [21], "marginal-alien", rolled_back=True))
    await games.finish(Played([12], [21], "decisive-alien"))
    await ratings.catch_up(store)
    found = await rs.all_ratings(store)
    await store.close()
    return found


async def _ratings(target: str) -> list[rs.RatingRow]:
    store = await open_store(target)
    found = await rs.all_ratings(store)
    await store.close()
    return found


def test_stats_rebuild_recomputes_the_ratings_and_says_what_it_took(store_target, capsys):
    before = asyncio.run(_finished(store_target))
    assert main(["stats", "rebuild", "--db", store_target]) == 0
    out = capsys.readouterr().out
    assert "rebuilt the ratings from 5 finished games: 2 rated, 3 kept out" in out
    assert "(computer 1, rolled-back 1, seeded 1)" in out
    assert asyncio.run(_ratings(store_target)) == before


def test_stats_rebuild_of_an_unreachable_server_is_a_clear_error(capsys):
    url = "postgresql://nobody:secret@127.0.0.1:1/nothing"
    assert main(["stats", "rebuild", "--db", url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot rebuild the ratings of postgresql://nobody@127.0.0.1:1")
    assert "secret" not in err


def test_db_copy_rebuilds_the_ratings_on_arrival(tmp_path: Path, pg_url, capsys):
    original, back = tmp_path / "original.sqlite3", tmp_path / "back.sqlite3"
    rated = asyncio.run(_finished(str(original)))
    assert len(rated) == 5
    assert main(["db", "copy", str(original), pg_url]) == 0
    assert "rebuilt the ratings from 5 finished games: 2 rated" in capsys.readouterr().out
    assert asyncio.run(_ratings(pg_url)) == rated
    assert main(["db", "copy", pg_url, str(back)]) == 0
    assert asyncio.run(_ratings(str(back))) == rated
