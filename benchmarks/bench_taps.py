"""Taps to play: a crew unit's ordinary turn and an alien phase, driven
through the turn panels on the in-memory Discord (simcord), counting every interaction.

    .venv/bin/python benchmarks/bench_taps.py

Targets: ``crew unit turn: N taps`` at most 3 (Play, a destination, End: the unit's
leftover actions search, C.8); ``alien phase: N taps`` at most 8 (Play, Pipe-run,
five moves, End). No typing: every command comes from a panel.

``channel messages per turn: N`` (at most 4: a phase post and a ping a
phase) plays a whole turn with two crew players and eight humans (the alien moves five
times; every crew member moves and searches) and counts what the game's channel got.

``channel posts from lobby to turn 1: N`` (at most 3) counts what the channel
got from ``/game create`` (two crew players and a spectator join, start, quick set-up of
both sides) up to turn 1's map, that map included: the lobby (one message, edited), the
set-up post with its ping, turn 1's map. Turn 1's ping belongs to the turn.

``taps from empty channel to turn 1: N`` counts every interaction of a game
set up by taps alone: ``/game create`` (no option), Join alien, Join crew, Start, then
each side's Play and one menu a set-up step (the crew's dead, injured, eight roles, six
starting rooms and the crates; the alien's ability and Larva), every choice made, none
typed. Beside it, the same with each side's Quick setup instead (random choices).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.app import QuicksilverBot
from engine import commands as c
from engine.legal import legal_commands
from engine.state import Phase, Side
from tests.bot import helpers
from tests.bot.helpers import World, make_world, mirror, phase_of, seat_and_start, stored_commands
from tests.bot.panel_driver import (
    Tapper,
    alien_phase,
    last_with_button,
    open_panel,
    play_unit,
    set_up_by_taps,
)

CREW_TARGET = 3
ALIEN_TARGET = 8
CHANNEL_TARGET = 4
LOBBY_TARGET = 3
TURN_1 = "🗺️ **Turn 1 ·"


def public(world: World) -> list[str]:
    """The channel's messages everyone sees, oldest first."""
    return [m.content for m in world.messages() if not (m.flags and m.flags.ephemeral)]


def to_turn_1(world: World) -> list[str]:
    """The channel's posts from the lobby up to turn 1's map, that map included."""
    seen = public(world)
    return seen[: next(i for i, text in enumerate(seen) if text.startswith(TURN_1)) + 1]


async def one_turn(world: World) -> list[str]:
    """Turn 1 played through the bot; the channel's new messages (not the ephemeral
    answers only their players see)."""
    before = {m.id for m in world.messages()}
    for _ in range(5):
        game = mirror(world)
        moves = legal_commands(game.state, Side.ALIEN, game.ship, game.content)
        move = next((x for x in moves if isinstance(x, c.Move)), None)
        if move is None:
            break
        await world.alien.user.slash("game do", command=move.notation())
    await world.alien.user.slash("alien pass")
    for player in world.crew:
        for unit in world.table().units_of(player.id):
            for kind in (c.Move, c.Search):
                game = mirror(world)
                found = legal_commands(game.state, Side.CREW, game.ship, game.content, unit=unit)
                command = next((x for x in found if isinstance(x, kind)), None)
                if command is not None:
                    await player.slash(world.channel, "game do", command=command.notation())
        await player.slash(world.channel, "game pass")
    assert phase_of(world) is Phase.ALIEN, "the turn did not end"
    return [
        m.content
        for m in world.messages()
        if m.id not in before and not (m.flags and m.flags.ephemeral)
    ]


async def by_taps(world: World, quick: bool) -> int:
    """A game from an empty channel to turn 1 by taps only; the taps it took."""
    lobby_taps = Tapper(world.crew[0])
    lobby_taps.taps += 1  # /game create, with no option
    await helpers.create(world, world.crew[0], helpers.SEED)
    for actor, label in ((world.alien, "Join alien"), (world.crew[0], "Join crew")):
        lobby_taps.actor = actor
        await lobby_taps.click(public_messages(world)[0], label=label)
    lobby_taps.actor = world.crew[0]
    await lobby_taps.click(public_messages(world)[0], label="Start")
    crew, alien = Tapper(world.crew[0]), Tapper(world.alien)
    if quick:
        for tapper in (crew, alien):
            await tapper.click(
                last_with_button(world.messages(), "Quick setup (my side)"),
                label="Quick setup (my side)",
            )
    else:
        await set_up_by_taps(crew, await open_panel(crew, world.messages()))
        await open_panel(alien, world.messages())  # the alien's panel goes to its DMs
        alien.actor = world.alien.user
        await set_up_by_taps(alien, list(world.alien.user.dm_channel.history())[-1])
    assert phase_of(world) is not Phase.SETUP, "set-up did not end"
    return lobby_taps.taps + crew.taps + alien.taps


def public_messages(world: World) -> list[Any]:
    return [m for m in world.messages() if not (m.flags and m.flags.ephemeral)]


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bot = QuicksilverBot(Path(tmp) / "taps.sqlite3", background=False)
        try:
            async with simcord.run(
                bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1
            ) as env:
                world = make_world(env, crew=1)
                await seat_and_start(world)
                alien = Tapper(world.alien.user)
                panel = await open_panel(alien, list(world.alien.user.dm_channel.history()))
                await alien_phase(alien, panel)
                assert phase_of(world) is Phase.CREW, "the alien phase did not end"
                crew = Tapper(world.crew[0])
                before = len(stored_commands(world))
                panel = await open_panel(crew, world.messages())
                await play_unit(crew, panel)
                played = stored_commands(world)[before:]
        finally:
            await bot.close()  # simcord detaches the bot without closing its store
        bot = QuicksilverBot(Path(tmp) / "turn.sqlite3", background=False)
        try:
            async with simcord.run(
                bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1
            ) as env:
                turn = make_world(env, crew=2)
                await seat_and_start(turn)
                lobby = to_turn_1(turn)
                posted = await one_turn(turn)
        finally:
            await bot.close()
        counts = []
        for quick_setup in (False, True):
            bot = QuicksilverBot(Path(tmp) / f"setup{quick_setup}.sqlite3", background=False)
            try:
                async with simcord.run(
                    bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1
                ) as env:
                    counts.append(await by_taps(make_world(env, crew=1), quick_setup))
            finally:
                await bot.close()
        chosen, quick = counts
    print(f"alien phase: {alien.taps} taps (target <= {ALIEN_TARGET}; {', '.join(alien.log)})")
    words = ", ".join(command for _, command, _ in played)
    print(f"crew unit turn: {crew.taps} taps (target <= {CREW_TARGET}; played: {words})")
    heads = "; ".join(text.splitlines()[0][:40] for text in posted)
    print(f"channel messages per turn: {len(posted)} (target <= {CHANNEL_TARGET}; {heads})")
    heads = "; ".join(text.splitlines()[0][:40] for text in lobby)
    print(f"channel posts from lobby to turn 1: {len(lobby)} (target <= {LOBBY_TARGET}; {heads})")
    print(
        f"taps from empty channel to turn 1: {chosen} choosing every set-up step by menus "
        f"(quick set-up instead: {quick}; nothing typed but /game create)"
    )


if __name__ == "__main__":
    asyncio.run(main())
