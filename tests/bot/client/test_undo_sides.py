"""Undo through the bot looks only at the undoing side's own commands (C.3, C.7.3).

A side's Undo button carries the phase and how many commands that side played in it,
never the game's length; it takes back the side's last command over the other side's
commands given since (stored again as they were played), and a command given during the
other side's phase is final (README, "Secrets").
"""

from __future__ import annotations

from engine.state import Phase
from tests.bot.helpers import any_move, make_world, mirror, seat_and_start, stored_commands
from tests.bot.panel_driver import button_labelled


async def test_d5_the_crews_undo_passes_over_the_aliens_energy_order(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")  # the Larva stays in the open
    assert world.table().phase() is Phase.CREW
    move = any_move(mirror(world))
    played = await world.crew[0].slash(world.channel, "game do", command=move.notation())
    undo = button_labelled(played.response, "Undo")
    assert undo is not None
    assert undo["custom_id"].endswith(":1c:1")  # the phase, and the crew's first command
    ordered = await world.alien.user.slash("alien order", spend="off")
    assert not ordered.response.content.startswith("⚠️"), ordered.response.content
    undone = await world.crew[0].click(played.response, custom_id=undo["custom_id"])
    assert undone.response.content == f"Undone: `{move.notation()}`."
    stored = stored_commands(world)
    assert stored[-1][:2] == ("alien", "order energy off")
    assert all(command != move.notation() for _, command, _ in stored)
    assert mirror(world).state == world.table().game.state  # the store is the game
    assert world.table().game.state.standing.spend_energy_on_seven is False


async def test_c73_the_crews_order_in_the_aliens_phase_is_final(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    given = await world.crew[0].slash(world.channel, "crew drive", grid="1-F6")
    assert not given.response.content.startswith("⚠️"), given.response.content
    assert button_labelled(given.response, "Undo") is None
    said = []
    for _ in range(2):  # the same answer before and after the alien plays on
        refused = await world.crew[0].slash(world.channel, "game undo")
        said.append(refused.response.content)
        await world.alien.user.slash("game do", command="wait alien1")
    assert (
        said[0]
        == said[1]
        == (
            "⚠️ Cannot undo: `drive` was given during the alien's phase: an order given then "
            "is final."
        )
    )
