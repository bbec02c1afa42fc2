"""Twins through the bot for the noise variant (docs/rules-decisions.md, "Variants:
noise"): an encounter's call that nothing answers reads the same, byte for byte, to the
crew and a spectator whether the hidden Hunter was out of reach or, in reach, under the
alien's standing order ``order ambush off``. Each twin is a moderator's import of the
same position but the alien's secrets (:mod:`tests.bot.twins`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.present import texts
from engine import views
from engine.views import Viewer
from tests.bot.twins import Wiretap, difference, receipts, twin

POSITION = """scenario
seed 1
variants noise
rng 19
turn 3 crew
crew okeke 1-D5 role=Cook skill=Science actions=1
{alien}
noise markers=1-D4/1-D5 bag=3
end
"""
TWINS = {
    "far": "alien alien1 Hunter 1-J9 piperun",
    "unwilling": "alien alien1 Hunter 1-F6 piperun\nalien-side order-ambush=off",
}


async def test_n3_nothing_answers_alike_out_of_reach_or_unwilling_through_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    seen = {}
    for name, alien in TWINS.items():
        async with twin(tmp_path, name, 1) as (env, world):
            script = POSITION.format(alien=alien).encode()
            imported = await world.mod.slash(world.channel, "mod import", file=("n.qs", script))
            assert "Imported game" in imported.response.content, imported.response.content
            await world.alien.slash(world.channel, "game join", seat="alien")
            await world.crew[0].slash(world.channel, "game join", seat="crew")
            await world.spectator.slash(world.channel, "game join", seat="spectator")
            await world.crew[0].slash(world.channel, "game start")
            crew = world.crew[0]
            moved = await crew.slash(world.channel, "game do", command="move okeke 1-D4")
            assert "Nothing answers the noise Okeke made" in moved.response.content
            for command in ("game status", "game log", "game undo", "game map"):
                await crew.slash(world.channel, command)
                await world.spectator.slash(world.channel, command)
            state = world.table().game.state  # type: ignore[union-attr]
            watchers = (crew.id, world.spectator.id)
            secrets = (state.alien("alien1").grid, state.standing.ambush)
            seen[name] = (receipts(env, tap.of(env), watchers, world.channel.id), secrets)
    (far, far_secrets), (unwilling, unwilling_secrets) = seen["far"], seen["unwilling"]
    assert far_secrets != unwilling_secrets  # the twins' secrets do differ …
    assert any("Nothing answers" in line for line in far)
    assert difference(far, unwilling) == ""  # … and nothing the crew receives shows it


HEARING = """scenario
seed 1
variants noise
rng 19
turn 3 alien
crew okeke 0-E3 role=Cook skill=Science
{alien}
end
"""
# The alien's secrets differ (where it is, the doors it crossed noisily this phase, its
# ambush order); what the crew will hear as the phase ends is the same: the Lab door (the
# Galley's, heard in the second twin, already has its marker).
HEARD_TWINS = {
    "near": "alien alien1 Hunter 1-H7 piperun\nnoise markers=1-D4/1-D5 bag=3,Blank heard=1-H6/1-H7",
    "far": "alien alien1 Hunter 1-J9 piperun\nalien-side order-ambush=off\n"
    "noise markers=1-D4/1-D5 bag=3,Blank heard=1-H6/1-H7,1-D4/1-D5",
}


async def _hearing(tmp_path: Path, tap: Wiretap, name: str, alien: str) -> list[str]:
    """One twin: the crew and a spectator read the status, map and log during the alien
    phase and after it ends; what they received, in order."""
    async with twin(tmp_path, name, 1) as (env, world):
        script = HEARING.format(alien=alien).encode()
        imported = await world.mod.slash(world.channel, "mod import", file=("h.qs", script))
        assert "Imported game" in imported.response.content, imported.response.content
        await world.alien.slash(world.channel, "game join", seat="alien")
        await world.crew[0].slash(world.channel, "game join", seat="crew")
        await world.spectator.slash(world.channel, "game join", seat="spectator")
        await world.crew[0].slash(world.channel, "game start")
        crew = world.crew[0]
        for command in ("game status", "game map", "game hand"):
            await crew.slash(world.channel, command)
            await world.spectator.slash(world.channel, command)
        passed = await world.alien.user.slash("game do", command="pass")
        assert "1-H6/1-H7" in passed.response.content, passed.response.content
        for command in ("game status", "game log", "game map"):
            await crew.slash(world.channel, command)
            await world.spectator.slash(world.channel, command)
        return receipts(env, tap.of(env), (crew.id, world.spectator.id), world.channel.id)


async def test_n6_the_crew_reads_the_same_whatever_the_alien_crossed_or_ordered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N.3, N.6: the doors heard before the phase ends and the ambush order are the
    alien's; the markers, the bag and the doors heard at the end are everyone's."""
    tap = Wiretap()
    tap.install(monkeypatch)
    near = await _hearing(tmp_path, tap, "near", HEARD_TWINS["near"])
    far = await _hearing(tmp_path, tap, "far", HEARD_TWINS["far"])
    assert any("Noise markers: 1-D4/1-D5" in line for line in near)
    assert any("1-H6/1-H7" in line for line in near)  # heard as the phase ended
    assert difference(near, far) == ""


async def test_n6_the_noise_twins_catch_a_planted_leak_of_the_aliens_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same twins with a leak planted: a view that hands every viewer the alien's
    noise table, and a status panel that prints it. Their receipts must differ."""
    real_noise, real_lines = views._noise, texts.noise_lines
    monkeypatch.setattr(views, "_noise", lambda state, _viewer: real_noise(state, Viewer.ALIEN))
    monkeypatch.setattr(texts, "noise_lines", lambda v: real_lines(v) + texts.alien_noise_lines(v))
    tap = Wiretap()
    tap.install(monkeypatch)
    near = await _hearing(tmp_path, tap, "near", HEARD_TWINS["near"])
    far = await _hearing(tmp_path, tap, "far", HEARD_TWINS["far"])
    assert "Ambush order" in difference(near, far)
