"""Standing orders through the slash commands: the crew's Ultrasonics drive (G.2.5) and
the alien's exact-7 energy order (D.5), set by each side for the phases it does not play."""

from __future__ import annotations

from engine.board.grid import Grid
from tests.bot.helpers import make_world, seat_and_start


async def test_g25_the_crew_sets_its_drive_order_in_the_alien_phase(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    result = await world.crew[0].slash(world.channel, "crew drive", grid="2-E3")
    assert not result.response.content.startswith("⚠️"), result.response.content
    assert world.table().game.state.drive_to == Grid.parse("2-E3")
    await world.crew[0].slash(world.channel, "crew drive")
    assert world.table().game.state.drive_to is None


async def test_d5_the_alien_sets_its_energy_order_in_a_dm(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien order", spend="off")
    assert world.table().game.state.standing.spend_energy_on_seven is False
