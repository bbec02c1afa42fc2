"""The replay of a finished game in Discord (everyone steps their own copy, nothing
before the end, buttons alive after a restart) and /rules, in the channel and in DMs."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.desk import replay_log
from engine.records.replay import replay_phases
from tests.bot import helpers
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import World, make_world, mirror, seat_and_start


def _buttons(message: Any) -> dict[str, Any]:
    """A message's buttons by their emoji (⏮ ◀ ▶ ⏭), from a channel message or a reply."""
    found: dict[str, Any] = {}
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for button in children:
            if isinstance(button, dict):
                found[button["emoji"]["name"]] = (
                    button["custom_id"],
                    button.get("disabled", False),
                )
            else:
                found[str(button.emoji)] = (button.custom_id, button.disabled)
    return found


async def _press(world: World, who: Any, message: Any, emoji: str) -> Any:
    custom_id, disabled = _buttons(message)[emoji]
    assert not disabled, f"{emoji} is disabled"
    result = await who.click(message, custom_id=custom_id)
    assert result.acknowledged and result.response is not None
    return result.response


def _cover(world: World) -> Any:
    return next(m for m in reversed(world.messages()) if m.content.startswith("🎞️"))


async def _finished(simcord_env: Any) -> World:
    world = make_world(simcord_env)
    await seat_and_start(world)
    await play_to_the_end(world)
    return world


async def test_replay_steps_forward_and_back_through_every_phase(simcord_env):
    world = await _finished(simcord_env)
    phases = len(replay_phases(mirror(world)))
    final = next(m for m in reversed(world.messages()) if m.attachments)
    assert [a.filename for a in final.attachments] == ["reveal.png", f"game-{world.table().id}.gif"]
    with Image.open(io.BytesIO(await final.attachments[1].read())) as gif:
        assert gif.n_frames == phases  # one frame per phase
    cover = _cover(world)
    assert f"{phases} phases" in cover.content
    copy = await _press(world, world.spectator, cover, "▶")
    assert copy.ephemeral and f"1/{phases}: Set-up" in copy.content
    assert "Under the nexus markers: " in copy.content and "Life Support" in copy.content
    assert [a.filename for a in copy.attachments] == ["replay.png"]
    seen = [copy.content.splitlines()[0]]
    while not _buttons(copy)["▶"][1]:
        copy = await _press(world, world.spectator, copy, "▶")
        seen.append(copy.content.splitlines()[0])
        assert len(copy.content) <= 2000 and copy.attachments[0].filename == "replay.png"
    assert [f"{n}/{phases}" in line for n, line in enumerate(seen, 1)] == [True] * phases
    assert "🏁" in copy.content  # the last phase ends the game
    while not _buttons(copy)["◀"][1]:
        copy = await _press(world, world.spectator, copy, "◀")
    assert f"1/{phases}: Set-up" in copy.content
    last = await _press(world, world.spectator, copy, "⏭")
    assert f"{phases}/{phases}" in last.content
    # Another person's stepping is their own: a new copy of their own, from phase 1.
    theirs = await _press(world, world.crew[0], cover, "▶")
    assert theirs.id != copy.id and f"1/{phases}" in theirs.content


async def test_no_replay_and_no_route_before_the_end(simcord_env):
    world = make_world(simcord_env)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    refused = await world.crew[0].slash(world.channel, "game replay")
    assert "not over" in refused.response.content
    assert not any(m.content.startswith("🎞️") for m in world.messages())
    await play_to_the_end(world)
    posted = await world.spectator.slash(world.channel, "game replay")
    assert "posted below" in posted.response.content and posted.response.ephemeral
    cover = _cover(world)
    assert cover.attachments[0].filename.endswith(".gif")
    steps = replay_phases(mirror(world))
    assert steps[-1].view.board.path  # the route is drawn once the game is over


async def test_replay_buttons_work_after_a_restart(simcord_env, db_path):
    world = await _finished(simcord_env)
    cover = _cover(world)
    copy = await _press(world, world.spectator, cover, "▶")
    await helpers.restart(simcord_env, db_path)
    replay_log.forget()  # a new process remembers nothing: the replay comes from the store
    stepped = await _press(world, world.spectator, copy, "▶")
    assert "2/" in stepped.content.splitlines()[0]
    fresh = await _press(world, world.stranger, cover, "⏭")
    assert "🏁" in fresh.content


async def test_rules_venom_and_c72_answer_privately_in_the_channel_and_in_dms(simcord_env):
    world = make_world(simcord_env)
    venom = await world.stranger.slash(world.channel, "rules", topic="venom")
    assert venom.response.ephemeral
    assert "Venom" in venom.response.content and "unconscious" in venom.response.content
    assert "Our decision" in venom.response.content
    section = await world.stranger.user.slash("rules", topic="C.7.2")  # in a DM
    assert "C.7.2 Ending A Pipe-Run" in section.response.content
    unknown = await world.stranger.slash(world.channel, "rules", topic="warp drive")
    assert "no rules topic" in unknown.response.content


async def test_rules_autocomplete_lists_sections_commands_abilities_skills_gear_and_stages(
    simcord_env,
):
    world = make_world(simcord_env)
    for typed, expected in [
        ("ven", "Venom (alien ability)"),
        ("C.7", "C.7.2 Ending A Pipe-Run"),
        ("tact", "Tactical (skill)"),
        ("flame", "Flame Caster (improvised device)"),
        ("royal", "Royal (alien life stage)"),
        ("feint", "feint — Faking a lift or hatch ride (hidden alien)"),
        ("what does the scanner do", "Scanner (improvised device)"),
    ]:
        choices = await world.stranger.autocomplete(world.channel, "rules", "topic", typed)
        assert expected in [c["name"] for c in choices], (typed, choices)
        assert len(choices) <= 25
    first = await world.stranger.autocomplete(world.channel, "rules", "topic", "how do I attack")
    assert first[0]["value"] == "attack"
    assert first[0]["name"] == "attack — Attacking: ferocity against resilience"
