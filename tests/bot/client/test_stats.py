"""/stats through the in-memory Discord: ratings that follow real games as
they end (a rolled-back game kept out), private answers about a person, a server's
leaderboard turned page by page in each presser's own copy, and the game's balance in
a server and everywhere."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from typing import Any

from bot.cli.main import main
from bot.desk import ratings
from bot.desk.ratings import fresh, rate
from bot.present.stats import shown_rating
from bot.store.ratings import RatingRow
from engine.state import Phase
from tests.bot.client.test_button_ownership import forge
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import World, make_world, phase_of, roll_back, seat_and_start
from tests.bot.rated_games import Games, Played


def said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def _rows(world: World, sql: str, *params: object) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return list(db.execute(sql, params))


def _buttons(message: Any) -> dict[str, tuple[str, bool]]:
    """A message's buttons by emoji or label: (custom id, disabled)."""
    found = {}
    for row in message.components:
        for button in row.get("components", [row]):
            name = button.get("emoji", {}).get("name") or button.get("label")
            found[name] = (button["custom_id"], button.get("disabled", False))
    return found


async def _press(who: Any, message: Any, name: str) -> Any:
    custom_id, disabled = _buttons(message)[name]
    assert not disabled, f"{name} is disabled"
    result = await who.click(message, custom_id=custom_id)
    assert result.acknowledged and result.response is not None
    return result.response


async def test_ratings_follow_each_finished_game_and_a_rolled_back_one_is_kept_out(simcord_env):
    world = make_world(simcord_env, crew=1)
    crew, alien = world.crew[0], world.alien
    await seat_and_start(world)
    await play_to_the_end(world)
    (band,) = _rows(world, "SELECT band FROM game_results")[0]
    # Rated as the game ended, before anyone asked: openskill's one-to-one game.
    (new_crew,), (new_alien,) = rate([fresh(crew.id, "crew")], [fresh(alien.id, "alien")], band)
    shown_crew = shown_rating(RatingRow(crew.id, "crew", *new_crew))
    shown_alien = shown_rating(RatingRow(alien.id, "alien", *new_alien))

    # A second game, rolled back by a moderator in its first turn, then played out.
    await seat_and_start(world)
    await alien.user.slash("alien pass")
    await roll_back(world, 1, "alien")
    await play_to_the_end(world)
    assert phase_of(world) is Phase.OVER
    assert len(_rows(world, "SELECT game_id FROM game_results")) == 2

    mine = await crew.slash(world.channel, "stats me")
    assert mine.response is not None and mine.response.ephemeral
    text = said(mine)
    assert len(text) < 2000
    assert f"Crew: **{shown_crew}** — 1 rated game" in text
    assert "Alien: no rated game yet" in text
    assert "Other games not rated: 1 rolled back" in text
    theirs = said(await alien.user.slash("stats me"))  # in DMs: no server's board
    assert f"Alien: **{shown_alien}** — 1 rated game" in theirs
    assert "server's board" not in theirs

    looked_up = await world.stranger.slash(world.channel, "stats user", member=crew.user)
    assert looked_up.response is not None and looked_up.response.ephemeral
    assert f"Ratings of {crew.mention}" in said(looked_up)
    assert f"**{shown_crew}**" in said(looked_up)

    shared = await crew.slash(world.channel, "stats me", public=True)
    assert shared.response is not None and not shared.response.ephemeral

    # The operator's rebuild from the stored games gives the same ratings.
    before = _rows(world, "SELECT * FROM ratings ORDER BY user_id, side")
    rebuild = ["stats", "rebuild", "--db", str(world.bot.database)]
    assert await asyncio.to_thread(main, rebuild) == 0
    assert _rows(world, "SELECT * FROM ratings ORDER BY user_id, side") == before


async def _many_rated(world: World, people: int) -> None:
    """``people`` crew players with three rated crew games each in the world's server."""
    store = world.bot.desk.store
    games = Games(store)
    bands = ("decisive-human", "marginal-alien", "draw", "marginal-human")
    for round_ in range(3):
        for p in range(people):
            band = bands[(p * 7 + round_) % len(bands)]
            await games.finish(Played([1000 + p], [2000 + p % 4], band, guild=world.guild.id))
    await ratings.catch_up(store)


async def test_the_leaderboard_pages_in_each_pressers_own_copy(simcord_env):
    world = make_world(simcord_env, crew=1)
    await _many_rated(world, 25)
    result = await world.stranger.slash(world.channel, "stats server")
    board = result.response
    assert board is not None and not board.ephemeral
    assert "Crew leaderboard" in board.content and "(page 1 of 3, 25 listed)" in board.content
    assert len(board.content) < 2000
    assert _buttons(board)["◀"][1] and not _buttons(board)["▶"][1]
    shown = [
        float(line.split("**")[1].rstrip("?"))
        for line in board.content.splitlines()
        if ". <@" in line
    ]
    assert len(shown) == 10 and shown == sorted(shown, reverse=True)

    copy = await _press(world.spectator, board, "▶")
    assert copy.ephemeral and "(page 2 of 3" in copy.content
    assert "\n11. <@" in copy.content
    turned = await _press(world.spectator, copy, "▶")
    assert turned.id == copy.id and "(page 3 of 3" in turned.content
    assert "\n21. <@" in turned.content and _buttons(turned)["▶"][1]
    back = await _press(world.spectator, turned, "◀")
    assert "(page 2 of 3" in back.content
    other = await _press(world.spectator, back, "Alien board")
    assert "Alien leaderboard" in other.content and "(page 1 of 1, 4 listed)" in other.content
    # The channel's message stayed on page 1 for everyone.
    public = next(m for m in world.messages() if m.id == board.id)
    assert "(page 1 of 3" in public.content

    few = await world.stranger.slash(world.channel, "stats server", min_games=4)
    assert "Nobody yet" in few.response.content


async def test_a_leaderboard_button_of_another_server_is_refused(simcord_env):
    world = make_world(simcord_env, crew=1)
    elsewhere = make_world(simcord_env, "elsewhere", crew=1)
    await _many_rated(elsewhere, 3)
    board = (await world.stranger.slash(world.channel, "stats server")).response
    forged = await forge(world.stranger, board, f"qst:{elsewhere.guild.id}:crew:1:0:next")
    assert "belongs to another server" in forged.response.content
    assert "<@" not in forged.response.content


async def test_stats_server_in_dms_is_refused_kindly(simcord_env):
    world = make_world(simcord_env, crew=1)
    result = await world.stranger.user.slash("stats server")
    assert "⚠️ A leaderboard belongs to a server" in said(result)


async def test_the_balance_counts_the_servers_games_and_everyones_by_level_and_crew(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    store = world.bot.desk.store
    games = Games(store)
    here, there = world.guild.id, world.guild.id + 1
    for played in (
        Played([1, 2], [3], "decisive-human", guild=here),
        Played([1], [3], "marginal-alien", guild=here),
        Played([2], [4], "draw", guild=here),
        Played([5], [6], "decisive-alien", guild=there),
        Played([1], [9], "marginal-human", guild=here, computer="alien:hard"),
        Played([7], [9], "decisive-alien", guild=there, computer="alien:hard"),
        Played([], [3], "decisive-human", guild=here, computer="crew:easy"),
        Played([1], [3], "decisive-human", guild=here, seeded=True),  # kept out
    ):
        await games.finish(played)
    await ratings.catch_up(store)

    result = await world.stranger.slash(world.channel, "stats balance")
    assert result.response is not None and not result.response.ephemeral
    text = said(result)
    assert len(text) < 2000
    server, everywhere = text.split("**Everywhere**")
    assert "**This server** (5 finished games)" in server
    assert "People v people: 3 games — crew 33% · draw 33% · alien 33%" in server
    assert "(decisive: crew 1, alien 0)" in server
    assert "Computer alien (hard): 1 game — crew 100%" in server
    assert "Computer crew (easy): 1 game — crew 100%" in server
    assert "1 crew player (people v people): 2 games — crew 0% · draw 50% · alien 50%" in server
    assert "2 crew players (people v people): 1 game — crew 100%" in server
    assert everywhere.startswith(" (7 finished games)")
    assert "People v people: 4 games — crew 25% · draw 25% · alien 50%" in everywhere
    assert "Computer alien (hard): 2 games — crew 50% · draw 0% · alien 50%" in everywhere
    assert server.index("People v people") < server.index("Computer alien")

    in_dm = said(await world.stranger.user.slash("stats balance"))
    assert "This server" not in in_dm and "**Everywhere** (7 finished games)" in in_dm
