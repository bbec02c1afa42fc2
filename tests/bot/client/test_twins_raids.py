"""Twins through the bot for the raids variant (docs/rules-decisions.md, "Variants:
raids"): the alien's standing orders and the name of the face-down ability the Opari
damage are the alien's; a raid reads the same, byte for byte, to the crew and a
spectator whichever they are. Each twin is a moderator's import of the same position but
the alien's secrets (:mod:`tests.bot.twins`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import views
from engine.views import Viewer
from tests.bot.twins import Wiretap, difference, receipts, twin

POSITION = """scenario
seed 1
variants raids
turn 4 crew
crew okeke 1-D5 role=Cook skill=Science
alien alien1 Hunter 1-J9
{alien}
end
"""
# Both twins' Hunter fails its card (9 against Military 3) and loses a face-down ability:
# Clever by its order (bunker on, which cannot help), or Venom, the last gained, by default.
TWINS = {
    "ordered": "alien-side abilities=Agile,Clever revealed=Agile\n"
    "raids repulse=12 deck=9,1 alien-order=Clever alien-bunker",
    "default": "alien-side abilities=Agile,Venom revealed=Agile\nraids repulse=12 deck=9,1",
}


async def _raid(tmp_path: Path, tap: Wiretap, name: str) -> list[str]:
    """One twin: the crew ends its phase, the raid follows; the crew and a spectator read
    the status, hand, log and map. What they received, in order."""
    async with twin(tmp_path, name, 1) as (env, world):
        script = POSITION.format(alien=TWINS[name]).encode()
        imported = await world.mod.slash(world.channel, "mod import", file=("r.qs", script))
        assert "Imported game" in imported.response.content, imported.response.content
        await world.alien.slash(world.channel, "game join", seat="alien")
        await world.crew[0].slash(world.channel, "game join", seat="crew")
        await world.spectator.slash(world.channel, "game join", seat="spectator")
        await world.crew[0].slash(world.channel, "game start")
        crew = world.crew[0]
        passed = await crew.slash(world.channel, "game do", command="pass")
        assert "face-down ability" in passed.response.content, passed.response.content
        for command in ("game status", "game hand", "game log", "game map"):
            await crew.slash(world.channel, command)
            await world.spectator.slash(world.channel, command)
        return receipts(env, tap.of(env), (crew.id, world.spectator.id), world.channel.id)


async def test_r5_the_crew_reads_the_same_whatever_the_alien_ordered_or_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    ordered = await _raid(tmp_path, tap, "ordered")
    default = await _raid(tmp_path, tap, "default")
    assert any("Opari" in line for line in ordered)
    assert difference(ordered, default) == ""


async def test_r5_the_raids_twins_catch_a_planted_leak_of_the_damaged_ability(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same twins with a leak planted: a view that hands every viewer the alien's
    raid panel. Their receipts must differ."""
    real = views._raids
    monkeypatch.setattr(
        views,
        "_raids",
        lambda state, _viewer, ship, content: real(state, Viewer.ALIEN, ship, content),
    )
    tap = Wiretap()
    tap.install(monkeypatch)
    ordered = await _raid(tmp_path, tap, "ordered")
    default = await _raid(tmp_path, tap, "default")
    assert "Clever" in difference(ordered, default)
