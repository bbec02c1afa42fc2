"""Stored games for the loading tests: real games played through the desk by random
players, and the ground truth to compare them with (a full replay of the stored log)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.desk.service import Desk, Seat
from bot.store import Store, open_store
from engine.commands import parse
from engine.dice import Rng
from engine.game import Game
from engine.random_player import choose
from engine.setup import waiting_on
from engine.state import Phase, Side

ALIEN, CREW = 20, 10


async def play_games(desk: Desk, games: int, commands: int, *, first_channel: int = 1) -> None:
    """``games`` games, each ``commands`` random commands past its lobby."""
    for channel in range(first_channel, first_channel + games):
        table = await desk.create(channel, 1, f"c{channel}", CREW, seed=channel * 7)
        await desk.join(table, ALIEN, Seat.ALIEN)
        await desk.join(table, CREW, Seat.CREW)
        await desk.start(table, CREW, False)
        player = Rng(channel)
        for _ in range(commands):
            game = table.game
            assert game is not None
            if game.state.phase is Phase.OVER:
                break
            side = (
                waiting_on(game.state)[0]
                if game.state.phase is Phase.SETUP
                else Side.ALIEN
                if game.state.phase is Phase.ALIEN
                else Side.CREW
            )
            command = choose(game.state, side, game.ship, game.content, player, patient=True)
            assert command is not None
            user = ALIEN if side is Side.ALIEN else CREW
            await desk.play(table, user, command, in_dm=True)


def replayed(path: Path, game_id: int) -> Game:
    """The ground truth: the game replayed from its seed and every stored command."""
    with sqlite3.connect(path) as db:
        (seed,) = db.execute("SELECT seed FROM games WHERE id = ?", (game_id,)).fetchone()
        rows = db.execute(
            "SELECT side, command FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    return Game.replay(seed, [(Side(side), parse(command)) for side, command in rows])


async def fresh_desk(path: Path) -> tuple[Store, Desk]:
    store = await open_store(path)
    desk = Desk(store)
    await desk.load()
    return store, desk
