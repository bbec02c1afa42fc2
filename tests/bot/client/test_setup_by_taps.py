"""From an empty channel to turn 1 by taps alone (README, "Set-up by taps"): a lobby
opened with ``/game create`` and nothing typed after it; seats, the game's side, its
level and a moderator's deadline from the lobby message's buttons; every set-up choice
of both sides (B.1.2, B.1.3) from the set-up panel's menus."""

from __future__ import annotations

from typing import Any

import discord

from engine.state import Phase
from tests.bot.helpers import World, create, make_world, phase_of, stored_commands
from tests.bot.panel_driver import Tapper, open_panel, selects, set_up_by_taps


def lobby_message(world: World) -> discord.Message:
    """The lobby: the channel's one message everyone sees before the game starts."""
    [message] = [m for m in world.messages() if not (m.flags and m.flags.ephemeral)]
    return message


def labels(message: discord.Message) -> list[str]:
    return [
        child.label or ""
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button)
    ]


async def tap(actor: Any, world: World, label: str) -> None:
    """``actor`` taps the lobby message's button labelled ``label``."""
    result = await actor.click(lobby_message(world), label=label)
    assert result.acknowledged


async def test_b1_a_game_goes_from_an_empty_channel_to_turn_1_by_taps_alone(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)  # a slash command without an option
    await tap(world.alien, world, "Join alien")
    await tap(world.crew[0], world, "Join crew")
    await tap(world.crew[0], world, "Start")
    assert phase_of(world) is Phase.SETUP
    crew = Tapper(world.crew[0])
    panel = await open_panel(crew, world.messages())
    assert "Who died on the planet? Choose 4" in selects(panel)[0]["placeholder"]
    assert selects(panel)[0]["min_values"] == selects(panel)[0]["max_values"] == 4  # B.1.2
    await set_up_by_taps(crew, panel)
    alien = Tapper(world.alien)
    await open_panel(alien, world.messages())  # the alien's panel goes to its DMs
    alien.actor = world.alien.user  # who presses there
    panel = list(world.alien.user.dm_channel.history())[-1]
    assert "first ability" in selects(panel)[0]["placeholder"]  # B.1.3
    await set_up_by_taps(alien, panel)
    game = world.table().game
    assert game is not None and game.state.phase is not Phase.SETUP and game.state.turn == 1
    verbs = [command.split()[0] for _, command, _ in stored_commands(world)]
    assert "quick" not in verbs
    assert sorted(set(verbs)) == sorted(
        {"dead", "injured", "role", "place", "supplies", "ability", "larva"}
    )
    assert verbs.count("role") == 8 and verbs.count("place") == 6  # one survivor a tap


async def test_the_crates_are_chosen_over_several_menus_and_the_grids_so_far_are_kept(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    await tap(world.alien, world, "Join alien")
    await tap(world.crew[0], world, "Join crew")
    await tap(world.crew[0], world, "Start")
    crew = Tapper(world.crew[0])
    panel = await open_panel(crew, world.messages())
    for _ in range(1 + 1 + 8 + 6):  # the dead, the injured, the roles, the places
        menu = selects(panel)[0]
        values = [o["value"] for o in menu["options"]][: menu["max_values"]]
        panel = (await crew.select(panel, values, menu["custom_id"])).response
    hold = selects(panel)[0]
    assert hold["placeholder"].startswith("Crates in the Cargo Hold: 6 more")
    two = [o["value"] for o in hold["options"]][:2]
    panel = (await crew.select(panel, two, hold["custom_id"])).response
    assert f"Crates so far: {two[0]}, {two[1]}." in panel.content
    assert selects(panel)[0]["placeholder"].startswith("Crates in the Cargo Hold: 4 more")
    offered = {o["value"] for s in selects(panel) for o in s["options"]}
    assert not offered & set(two)  # a grid holds one crate (B.1.2)
    assert phase_of(world) is Phase.SETUP and "supplies" not in str(stored_commands(world))


async def test_the_lobby_sets_the_games_side_its_level_and_the_deadline_by_taps(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    await tap(world.crew[0], world, "Game plays alien")
    assert world.table().row.computer == "alien:normal"
    assert "Alien: normal" in labels(lobby_message(world))
    await tap(world.crew[0], world, "hard")
    assert world.table().row.computer == "alien:hard"
    assert "Alien: hard" in labels(lobby_message(world))
    await tap(world.alien, world, "expert")  # not the creator: refused, nothing changes
    assert world.table().row.computer == "alien:hard"
    await tap(world.crew[0], world, "People play both")
    assert world.table().computer is None
    assert "Game plays crew" in labels(lobby_message(world))
    await tap(world.crew[0], world, "24 h a phase")  # a moderator's choice: refused
    assert world.table().row.deadline_hours == 0
    await tap(world.mod, world, "48 h a phase")
    assert world.table().row.deadline_hours == 48
    await tap(world.alien, world, "Join alien")
    await tap(world.alien, world, "Leave")
    assert world.alien.id not in world.table().players
