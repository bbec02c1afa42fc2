"""The channel says what the alien declared, never how its commands were grouped (C.7.3).

C.7.3 makes a pipe-runner declare "Move" for a grid moved and for doing nothing, so the
crew cannot tell moving from waiting. If each command's public lines were a message of
their own, a two-grid move ("Alien: Move / Alien: Move" in one message) would differ
from two waits (two messages). So the alien's public lines are held back and told
together when its phase ends; its undo says nothing. Alien phases with the
same declarations give the crew and spectators byte-identical output, and the game's own
alien is told the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.state import Phase
from tests.bot.helpers import SEED, create, make_world, phase_of
from tests.bot.twins import Wiretap, difference, receipts, twin

LARVA = "0-P12"  # in the Loading Bay, nine grids and more from every human of SEED
WAYS = {
    "one two-grid move": ["move alien1 0-P10"],
    "two one-grid moves": ["move alien1 0-Q12", "move alien1 0-Q11"],
    "a move and a wait": ["move alien1 0-O12", "wait alien1"],
    "a move taken back": ["move alien1 0-O12", "undo", "move alien1 0-P10"],
}


async def _alien_phase(tmp_path: Path, tap: Wiretap, name: str, orders: list[str]) -> list[str]:
    async with twin(tmp_path, name, SEED) as (env, world):
        crew, alien = world.crew[0], world.alien
        await crew.slash(world.channel, "game create")
        await alien.slash(world.channel, "game join", seat="alien")
        await crew.slash(world.channel, "game join", seat="crew")
        await world.spectator.slash(world.channel, "game join", seat="spectator")
        await crew.slash(world.channel, "game start")
        await crew.slash(world.channel, "game setup")
        await alien.user.slash("alien ability", name="Clever")
        await alien.user.slash("alien larva", grid=LARVA)
        await alien.user.slash("alien piperun")
        for order in orders:
            if order == "undo":
                answer = await alien.user.slash("game undo")
            else:
                answer = await alien.user.slash("game do", command=order)
            assert "⚠️" not in answer.response.content, answer.response.content
        await alien.user.slash("alien pass")
        watchers = [crew.id, world.spectator.id]
        return receipts(env, tap.of(env), watchers, world.channel.id)


async def test_c73_the_channel_is_the_same_however_the_alien_grouped_its_declarations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    seen = {
        way: await _alien_phase(tmp_path, tap, f"w{i}", o)
        for i, (way, o) in enumerate(WAYS.items())
    }
    first = seen["one two-grid move"]
    assert any("The alien, unseen: 2 actions (Move ×2)" in line for line in first)  # once
    for way, receipt in seen.items():
        assert difference(first, receipt) == "", way


async def test_c73_the_games_own_alien_is_told_at_the_end_of_its_phase(
    simcord_env: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUICKSILVER_AI_PACE", "0")
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], SEED)
    await world.crew[0].slash(world.channel, "game computer", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    start = len(world.texts())
    await world.crew[0].slash(world.channel, "game setup")  # the game's alien phase follows
    assert phase_of(world) is Phase.CREW
    told = world.texts()[start:]
    posts = [t for t in told if t.startswith("🗺️ **")]
    # set-up's end (the alien phase's map) and the alien phase's end (the crew's): one
    # post each, then the ping for whom the game waits on; nothing per command
    assert [t.splitlines()[0] for t in posts] == [
        "🗺️ **Turn 1 · Alien phase**",
        "🗺️ **Turn 1 · Crew phase**",
    ]
    assert [t for t in told if t not in posts and "your move" not in t] == []
