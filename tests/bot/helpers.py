"""A table of people on the in-memory Discord, and a crew that plays to win quickly."""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from typing import Any

import discord

from bot.client.app import QuicksilverBot
from bot.desk.service import Table
from bot.present import texts
from engine import commands as c
from engine.board.geometry import grid_range
from engine.board.grid import Grid
from engine.game import Game
from engine.legal import legal_commands
from engine.state import Phase, Side
from engine.views import view

SEED = 54  # the greedy crew below kills the Larva on turn 2
# How long simcord waits for the bot to settle after each action: a hang detector, not a
# speed test (simcord measures it in wall-clock time, 5 s by default), so generous
# enough that a loaded machine never trips it. Below asyncpg's idle-connection timer
# (its pool closes a connection unused for 300 s): simcord counts a timer due before its
# limit as work in flight, and would wait for that one on the PostgreSQL store.
SETTLE_SECONDS = 240.0


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alien: Any
    crew: list[Any]
    spectator: Any
    stranger: Any
    mod: Any

    @property
    def bot(self) -> QuicksilverBot:
        bot: QuicksilverBot = self.env.bot
        return bot

    def table(self) -> Table:
        table = self.bot.desk.table_in(self.channel.id)
        assert table is not None
        return table

    def owner_of(self, unit: str) -> Any:
        table = self.table()
        for actor in self.crew:
            if unit in table.units_of(actor.id):
                return actor
        raise AssertionError(f"nobody commands {unit}")

    def messages(self, channel: Any = None) -> list[discord.Message]:
        return list((channel or self.channel).history())

    def texts(self, channel: Any = None) -> list[str]:
        return [m.content for m in self.messages(channel)]

    def dm_texts(self, actor: Any) -> list[str]:
        return [m.content for m in actor.user.dm_channel.history()]


def make_world(env: Any, name: str = "quicksilver", crew: int = 2, guild: Any = None) -> World:
    guild = guild or env.create_guild()
    channel = guild.create_text_channel(name)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    people = [
        guild.add_member(env.create_user(f"{name}-{who}"))
        for who in ["alien", *(f"crew{i}" for i in range(crew)), "watcher", "stranger"]
    ]
    mod = guild.add_member(env.create_user(f"{name}-mod"), roles=[mods])
    return World(env, guild, channel, people[0], people[1 : 1 + crew], people[-2], people[-1], mod)


def fix_seed(world: World, seed: int) -> None:
    """The next games' secret seed is ``seed`` (a live game's seed is drawn by the desk,
    never chosen by a player)."""
    world.bot.desk.seeds = lambda: seed


async def create(world: World, actor: Any, seed: int) -> Any:
    """``actor`` opens a lobby with ``/game create``; its secret seed is ``seed``."""
    fix_seed(world, seed)
    return await actor.slash(world.channel, "game create")


async def seat_and_start(
    world: World, seed: int = SEED, quick: bool = True, seeded: bool = False
) -> None:
    """Lobby through set-up: create, join, start, and quick set-up for both sides
    (``seeded``: a moderator creates it with a chosen seed, as only a moderator may)."""
    if seeded:
        result = await world.mod.slash(world.channel, "game create", seed=seed)
    else:
        result = await create(world, world.crew[0], seed)
    assert result.response is not None and "Alien" in result.response.content
    await world.alien.slash(world.channel, "game join", seat="alien")
    for actor in world.crew:
        await actor.slash(world.channel, "game join", seat="crew")
    await world.spectator.slash(world.channel, "game join", seat="spectator")
    await (world.mod if seeded else world.crew[0]).slash(world.channel, "game start")
    if quick:
        await world.crew[0].slash(world.channel, "game setup")
        await world.alien.user.slash("game setup")


async def roll_back(world: World, turn: int, phase: str) -> Any:
    """A moderator's ``/mod rollback``, confirmed after its warning: the confirmation's
    result (its answer says what was done)."""
    asked = await world.mod.slash(world.channel, "mod rollback", turn=turn, phase=phase)
    assert asked.response is not None, asked
    if asked.response.content.startswith("⚠️ This game"):  # refused: nothing to confirm
        return asked
    return await world.mod.click(asked.response, label="Yes, roll back")


STARTED: list[QuicksilverBot] = []  # bots restarted in this test; conftest closes them


async def restart(env: Any, database: Any, **options: Any) -> QuicksilverBot:
    """A new bot process on the same store and the same Discord (which keeps its synced
    commands); the old one is closed, as a stopped process's connections are."""
    return await restart_as(env, QuicksilverBot(database, background=False, **options))


async def restart_as(env: Any, new: QuicksilverBot) -> QuicksilverBot:
    """:func:`restart` with a bot the test has made itself."""
    old: QuicksilverBot = env.bot
    STARTED.append(new)
    await env.restart_bot(new)
    await old.close()
    return new


def stored_commands(world: World) -> list[tuple[str, str, int | None]]:
    """(side, command, user id) of every stored command of the channel's game, read
    straight from the database (the bot keeps only the current phase in memory)."""
    table = world.table()
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return list(
            db.execute(
                "SELECT side, command, user_id FROM commands WHERE game_id = ? ORDER BY seq",
                (table.id,),
            )
        )


def mirror(world: World) -> Game:
    """The same game, replayed from the bot's stored log: the test's own referee copy."""
    lines = [(Side(side), c.parse(command)) for side, command, _ in stored_commands(world)]
    return Game.replay(world.table().row.seed, lines)


def greedy_crew(game: Game) -> c.Command:
    """Attack the alien when possible, else close in on it, else stop."""
    v = view(game.state, "crew", game.ship, game.content)
    alien = next((a for a in v.aliens if a.grid), None)
    for line in v.crew:
        if line.done or line.fate != "aboard" or line.condition == "deceased" or not line.grid:
            continue
        legal = legal_commands(game.state, Side.CREW, game.ship, game.content, unit=line.id)
        attacks = [x for x in legal if isinstance(x, c.Attack)]
        if attacks:
            return max(attacks, key=lambda a: a.boost)
        if alien is not None:
            target = Grid.parse(alien.grid)
            best, distance = None, grid_range(Grid.parse(line.grid), target) or 99
            for move in (x for x in legal if isinstance(x, c.Move)):
                d = grid_range(move.route[-1], target)
                if d is not None and d < distance:
                    best, distance = move, d
            if best is not None:
                return best
        return c.EndUnit(line.id)
    return c.EndPhase()


def phase_of(world: World) -> Phase:
    game = world.table().game
    assert game is not None
    return game.state.phase


def any_move(game: Game) -> c.Move:
    """A legal crew move (no die, nothing revealed: undoable)."""
    for command in legal_commands(game.state, Side.CREW, game.ship, game.content):
        if isinstance(command, c.Move):
            return command
    raise AssertionError("no crew move is legal")


async def public_log(world: World) -> str:
    """The game's public log as `/game log` shows it to an English reader."""
    items = await world.bot.desk.public_log(world.table())
    return "\n".join(line for item in items for line in texts.log_item_lines(item))
