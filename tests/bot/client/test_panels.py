"""Playing by taps: turn panels for both sides on the in-memory Discord."""

from __future__ import annotations

import pytest
from simcord.backend.errors import SetupError

from engine.state import Phase
from tests.bot import helpers
from tests.bot.helpers import make_world, phase_of, seat_and_start, stored_commands
from tests.bot.panel_driver import (
    Tapper,
    alien_phase,
    buttons,
    last_with_button,
    open_panel,
    play_crew_panel,
    select_named,
    selects,
)


async def test_a_full_alien_phase_through_the_panel_in_dms(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    tapper = Tapper(world.alien.user)
    dms = list(world.alien.user.dm_channel.history())
    panel = await open_panel(tapper, dms)
    assert "your alien panel" in panel.content and "Acting: **the Larva**" in panel.content
    assert ", 1 energy store" in panel.content  # C.10.1: the acting unit's own (B.1.3)
    hand = "\n".join(m.content for m in dms)
    assert "👾 **Your alien**" in hand and "6 actions · 1 energy store" in hand
    panel = await alien_phase(tapper, panel)
    assert phase_of(world) is Phase.CREW
    assert "crew's turn" in panel.content
    assert tapper.taps <= 8
    moves = [command for _, command, _ in stored_commands(world) if command.startswith("move")]
    assert len(moves) == 5
    # The panel lived in the DMs: nothing of the alien's route reached the channel.
    public = "\n".join(world.texts())
    assert all(move.split()[-1] not in public for move in tapper.log)


async def test_a_full_crew_phase_through_panels_by_two_players(simcord_env):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    for actor in world.crew:
        tapper = Tapper(actor)
        panel = await open_panel(tapper, world.messages())
        assert panel.ephemeral and "your crew panel" in panel.content
        units = select_named(panel, "Unit")
        mine = set(world.table().units_of(actor.id))
        if units is not None:  # only the presser's own units are offered
            assert {o["value"] for o in units["options"]} <= mine
        start = len(stored_commands(world))
        await play_crew_panel(tapper, panel)
        played = [command.split()[0] for _, command, _ in stored_commands(world)[start:]]
        assert "move" in played and "end" in played, played
    assert phase_of(world) is Phase.ALIEN
    assert world.table().game.state.turn == 2
    # A calmer channel: the new map carries a digest of about ten lines, not a copy.
    maps = [m for m in world.messages() if m.attachments and m.content.startswith("🗺️ **Turn")]
    assert len(maps[-1].content.splitlines()) <= 10


async def test_a_stale_press_changes_nothing_and_offers_a_fresh_panel(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    await player.slash(world.channel, "game pass")  # the phase moves on by typing
    assert phase_of(world) is Phase.ALIEN
    length = len(stored_commands(world))
    moves = select_named(panel, "Go to")
    pressed = await player.select(
        panel, [moves["options"][0]["value"]], custom_id=moves["custom_id"]
    )
    assert "moved on" in pressed.response.content
    assert "alien's turn" in pressed.response.content  # the fresh panel, in place
    assert len(stored_commands(world)) == length


async def test_a_panel_keeps_working_after_a_restart(simcord_env, db_path):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    await helpers.restart(simcord_env, db_path)
    length = len(stored_commands(world))
    moves = select_named(panel, "Go to")
    value = moves["options"][0]["value"]
    pressed = await player.select(panel, [value], custom_id=moves["custom_id"])
    assert "moved on" not in pressed.response.content
    assert stored_commands(world)[-1][1] == value
    assert len(stored_commands(world)) == length + 1


async def test_only_players_open_a_panel_and_a_panel_is_its_players_alone(simcord_env):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    ping = last_with_button(world.messages(), "Play")
    watcher = await world.spectator.click(ping, label="Play")
    assert "Only the game's players" in watcher.response.content
    stranger = await world.stranger.click(ping, label="Play")
    assert "Only the game's players" in stranger.response.content
    first, second = world.crew
    panel = await open_panel(Tapper(first), world.messages())
    ids = [c["custom_id"] for c in [*buttons(panel), *selects(panel)]]
    assert ids and all(f":{first.id}:" in i for i in ids)  # stamped with its player
    with pytest.raises(SetupError):  # ephemeral: the other crew player cannot even see it
        await second.click(panel, label="Refresh")
    theirs = set(world.table().units_of(second.id))
    offered = [o["value"] for s in selects(panel) for o in s["options"]]
    assert not any(word in theirs for value in offered for word in value.split())
    # The alien's Play in the channel sends the panel to its DMs, never to the channel.
    alien = await world.alien.click(ping, label="Play")
    assert "DMs" in alien.response.content


async def test_end_phase_on_a_panel_asks_first(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    asked = await player.click(panel, label="End phase")
    assert "End your side's whole phase?" in asked.response.content
    assert phase_of(world) is Phase.CREW
    done = await player.click(asked.response, label="Yes, end it")
    assert phase_of(world) is Phase.ALIEN
    assert "alien's turn" in done.response.content


async def test_my_map_offers_any_single_deck_up_close(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    player = world.crew[0]
    board = last_with_button(world.messages(), "My map")
    mine = await player.click(board, label="My map")
    assert mine.response.attachments[0].filename == "map.png"
    assert mine.response.content.count(f"game {world.table().id}") == 1  # said once
    close = await player.click(mine.response, label="Deck 01")
    assert close.response.attachments[0].filename == "deck1.png"
    assert "Deck 01" in close.response.content and close.response.ephemeral
