"""Twins through the bot for the reactions variant (docs/rules-decisions.md, "Variants:
reactions"): after a Flee! (W.3.9) the Hunter is an ordinary pipe-runner, and the crew and
a spectator read the same bytes (status, map, log, hand) whichever grid its secret route
ended on. A leak planted in the maps (the route drawn for every viewer) is caught. Each
twin is a moderator's import of the same position but the alien's secrets
(:mod:`tests.bot.twins`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import views
from engine.views import Viewer
from tests.bot.twins import Wiretap, difference, receipts, twin

# The Hunter fled from 1-F6, six steps declared "Move" (W.3.9): where it went is its own.
POSITION = """scenario
seed 1
variants reactions
rng 19
turn 3 crew
crew hyun 1-F6 role=Captain skill=Tactical
crew ortiz 1-F7 role=Pilot
alien alien1 Hunter injured piperun={route}
declarations Move Move Move
reactions deck=rage,fear discard=flee active=flee alien=alien1
end
"""
TWINS = {
    "west": "1-F6,1-E6,1-D6,1-C6",
    "east": "1-F6,1-G6,1-H6,1-H7",
}


async def _after_flee(tmp_path: Path, tap: Wiretap, name: str, route: str) -> list[str]:
    async with twin(tmp_path, name, 1) as (env, world):
        script = POSITION.format(route=route).encode()
        imported = await world.mod.slash(world.channel, "mod import", file=("f.qs", script))
        assert "Imported game" in imported.response.content, imported.response.content
        await world.alien.slash(world.channel, "game join", seat="alien")
        await world.crew[0].slash(world.channel, "game join", seat="crew")
        await world.spectator.slash(world.channel, "game join", seat="spectator")
        await world.crew[0].slash(world.channel, "game start")
        crew = world.crew[0]
        for command in ("game status", "game map", "game log", "game hand"):
            await crew.slash(world.channel, command)
            await world.spectator.slash(world.channel, command)
        return receipts(env, tap.of(env), (crew.id, world.spectator.id), world.channel.id)


async def test_w3_9_after_a_flee_the_crew_reads_the_same_wherever_it_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    west = await _after_flee(tmp_path, tap, "west", TWINS["west"])
    east = await _after_flee(tmp_path, tap, "east", TWINS["east"])
    assert any("Reaction: Flee!" in line for line in west)
    assert difference(west, east) == ""


async def test_w3_9_the_flee_twins_catch_a_planted_leak_of_the_route(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planted leak: every viewer's map draws the alien's secret route (the Flee!'s,
    the alien's alone). The crew's receipts must differ."""
    real_path = views._path
    monkeypatch.setattr(views, "_path", lambda state, _viewer: real_path(state, Viewer.ALIEN))
    tap = Wiretap()
    tap.install(monkeypatch)
    west = await _after_flee(tmp_path, tap, "west", TWINS["west"])
    east = await _after_flee(tmp_path, tap, "east", TWINS["east"])
    assert "map.png" in difference(west, east)
