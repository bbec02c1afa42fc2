"""Twins through the bot for the noise variant (docs/rules-decisions.md, "Variants:
noise"): an encounter's call that nothing answers reads the same, byte for byte, to the
crew and a spectator whether the hidden Hunter was out of reach or, in reach, under the
alien's standing order ``order ambush off``. Each twin is a moderator's import of the
same position but the alien's secrets (:mod:`tests.bot.twins`)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
