"""A short game from the lobby to its end, across the channel and the alien's DMs."""

from __future__ import annotations

from engine.state import Phase
from tests.bot.helpers import (
    SEED,
    any_move,
    greedy_crew,
    make_world,
    mirror,
    phase_of,
    seat_and_start,
)


async def play_to_the_end(world) -> None:
    for _ in range(200):
        phase = phase_of(world)
        if phase is Phase.OVER:
            return
        if phase is Phase.ALIEN:
            result = await world.alien.user.slash("alien pass")
        else:
            command = greedy_crew(mirror(world))
            unit = getattr(command, "unit", None)
            actor = world.owner_of(unit) if unit else world.crew[0]
            result = await actor.slash(world.channel, "game do", command=command.notation())
        assert result.acknowledged
        assert "⚠️" not in (result.response.content if result.response else ""), result.response
    raise AssertionError("the game did not end")


async def test_a_short_game_from_lobby_to_reveal(simcord_env):
    world = make_world(simcord_env)
    await seat_and_start(world)
    assert phase_of(world) is Phase.ALIEN
    # Crew hands went out by DM with face-down roles and skills.
    for actor in world.crew:
        hand = "\n".join(world.dm_texts(actor))
        assert "(yours)" in hand and "role " in hand and "skills " in hand
    await play_to_the_end(world)
    texts = world.texts()
    assert any(t.startswith("🏁") for t in texts), texts[-5:]
    final = next(m for m in reversed(world.messages()) if m.attachments)
    assert final.attachments[0].filename == "reveal.png"
    assert any("The reveal" in t for t in texts)
    assert any(f"Dice seed: {SEED} " in t for t in texts)  # secret until now
    assert any("Score (F.1)" in t for t in texts)
    # Every phase got a new map message (never edits): one per phase begun.
    maps = [m for m in world.messages() if m.attachments and m.attachments[0].filename == "map.png"]
    assert len(maps) >= 3
    assert world.table().status == "over"


async def test_each_phase_pings_only_who_it_waits_for(simcord_env):
    world = make_world(simcord_env)
    await seat_and_start(world)
    ping = [t for t in world.texts() if "your move" in t][-1]
    assert world.alien.mention in ping
    assert all(a.mention not in ping for a in world.crew)
    await world.alien.user.slash("alien pass")
    ping = [t for t in world.texts() if "your move" in t][-1]
    assert "Crew phase" in ping and world.alien.mention not in ping
    assert all(a.mention in ping for a in world.crew)


async def test_with_two_crew_players_the_phase_ends_when_both_are_done(simcord_env):
    world = make_world(simcord_env)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    first, second = world.crew
    await first.slash(world.channel, "game pass")
    assert phase_of(world) is Phase.CREW
    ping = [t for t in world.texts() if "your move" in t][-1]
    assert second.mention in ping
    status = await first.slash(world.channel, "game status")
    assert (
        second.mention in status.response.content and first.mention not in status.response.content
    )
    await second.slash(world.channel, "crew pass")
    assert phase_of(world) is Phase.ALIEN


async def test_undo_own_command_and_buttons(simcord_env):
    world = make_world(simcord_env)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    game = mirror(world)
    move = any_move(game)
    owner = world.owner_of(move.unit)
    result = await owner.slash(world.channel, "game do", command=move.notation())
    before = world.table().length
    other = next(a for a in world.crew if a is not owner)
    refused = await other.slash(world.channel, "game undo")
    assert "not yours" in refused.response.content
    undone = await owner.click(result.response, label="Undo")
    assert "Undone" in undone.response.content
    assert world.table().length == before - 1
    again = await owner.click(result.response, label="Undo")
    assert "moved on" in again.response.content
