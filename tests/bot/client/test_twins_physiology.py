"""Twins through the bot for the physiology variant (docs/rules-decisions.md, "Variants:
physiology"): the face-down damage cards are nobody's, the card the crew studied is the
crew's. Two imports of one position that differ only in cards a side cannot see must
give that side and a spectator the same bytes: the alien and a spectator while the crew
studies a card (P.4), the crew and a spectator while the cards lie face down (P.1). A
view that shows every viewer the cards is caught (:mod:`tests.bot.twins`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import views
from engine.views import Viewer
from tests.bot.twins import Wiretap, difference, receipts, twin

POSITION = """scenario
seed 1
variants physiology
rng 1
turn 5 crew
crew mehta 1-J9 role='Science Officer' skill=Science carries=scikit1
cadaver hyun 1-J9
alien alien1 Hunter 2-B5 abilities=Clever
{cards}
end
"""
# The crew studies Fire: the alien may not tell which card it saw, nor any face-down one.
STUDY_TWINS = {
    "resistant": "physiology fire=Resistant melee=Immune ballistic=Vulnerable",
    "immune": "physiology fire=Immune melee=Sensitivity ballistic=Mutagenic",
}
READS = ("game status", "game map", "game hand", "game log")


async def _study(tmp_path: Path, tap: Wiretap, name: str, cards: str) -> list[str]:
    """One twin: the crew studies the Fire card; the alien and a spectator read
    everything before and after; what they received, in order."""
    async with twin(tmp_path, name, 1) as (env, world):
        script = POSITION.format(cards=cards).encode()
        imported = await world.mod.slash(world.channel, "mod import", file=("p.qs", script))
        assert "Imported game" in imported.response.content, imported.response.content
        await world.alien.slash(world.channel, "game join", seat="alien")
        await world.crew[0].slash(world.channel, "game join", seat="crew")
        await world.spectator.slash(world.channel, "game join", seat="spectator")
        await world.crew[0].slash(world.channel, "game start")
        watchers = (world.alien, world.spectator)
        for command in READS[:3]:
            for person in watchers:
                await person.slash(world.channel, command)
        done = await world.crew[0].slash(
            world.channel, "game do", command="autopsy mehta hyun study fire"
        )
        assert "Your study shows the Fire card" in done.response.content, done.response.content
        for command in READS:
            for person in watchers:
                await person.slash(world.channel, command)
        return receipts(env, tap.of(env), [p.id for p in watchers], world.channel.id)


async def test_p4_the_alien_reads_only_which_card_the_crew_studied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    first = await _study(tmp_path, tap, "resistant", STUDY_TWINS["resistant"])
    second = await _study(tmp_path, tap, "immune", STUDY_TWINS["immune"])
    assert any("The crew studied the Fire card" in line for line in first)
    assert any("Fire: studied by the crew" in line for line in first)
    assert difference(first, second) == ""


async def test_p1_the_crew_reads_the_same_whatever_lies_face_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The crew and a spectator read the status, map and hand; the four cards differ."""
    tap = Wiretap()
    tap.install(monkeypatch)
    seen = []
    for name, cards in STUDY_TWINS.items():
        async with twin(tmp_path, f"down-{name}", 1) as (env, world):
            script = POSITION.format(cards=cards).encode()
            imported = await world.mod.slash(world.channel, "mod import", file=("p.qs", script))
            assert "Imported game" in imported.response.content, imported.response.content
            await world.alien.slash(world.channel, "game join", seat="alien")
            await world.crew[0].slash(world.channel, "game join", seat="crew")
            await world.spectator.slash(world.channel, "game join", seat="spectator")
            await world.crew[0].slash(world.channel, "game start")
            watchers = (world.crew[0], world.spectator)
            for command in READS:
                for person in watchers:
                    await person.slash(world.channel, command)
            seen.append(receipts(env, tap.of(env), [p.id for p in watchers], world.channel.id))
    assert any("Fire: face down" in line for line in seen[0])
    assert difference(seen[0], seen[1]) == ""


async def test_p4_the_physiology_twins_catch_a_planted_leak_of_the_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same twins with a leak planted: a view that shows every viewer the cards as
    the referee sees them. The alien's receipts must differ."""
    real = views._physiology
    monkeypatch.setattr(views, "_physiology", lambda state, _viewer: real(state, Viewer.REFEREE))
    tap = Wiretap()
    tap.install(monkeypatch)
    first = await _study(tmp_path, tap, "resistant", STUDY_TWINS["resistant"])
    second = await _study(tmp_path, tap, "immune", STUDY_TWINS["immune"])
    assert "Resistant" in difference(first, second)
