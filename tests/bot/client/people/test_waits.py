"""Whom a game waits on, as `/me games` and the reminders read it: a crew
player whose units are done is done, an undo makes them owe again, and a seat handed on
by a moderator hands its place in the phase on too."""

from __future__ import annotations

from tests.bot.client.people.people_helpers import rows
from tests.bot.helpers import make_world, seat_and_start


def waiting(world) -> set[int]:
    found = rows(
        world, "SELECT user_id FROM waits WHERE game_id = ? AND done_at IS NULL", world.table().id
    )
    return {user for (user,) in found}


async def test_a_crew_player_done_is_done_and_an_undo_makes_them_owe_again(simcord_env):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    first, second = world.crew
    assert waiting(world) == {first.id, second.id}
    units = world.table().open_units(first.id)
    for unit in units:
        await first.slash(world.channel, "game do", command=f"end {unit}")
    assert waiting(world) == {second.id} == set(world.table().waiting_users())
    shown = await first.slash(world.channel, "me games")
    assert "waits on the crew" in shown.response.content
    undone = await first.slash(world.channel, "game undo")  # no die rolled: undoable
    assert undone.response.content.startswith("Undone: `end ")
    assert waiting(world) == {first.id, second.id}


async def test_a_seat_handed_on_by_a_moderator_hands_on_its_wait(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    newcomer = world.guild.add_member(simcord_env.create_user("new-alien"))
    await world.mod.slash(world.channel, "mod replace", player=world.alien, by=newcomer)
    assert waiting(world) == {newcomer.id}
    shown = await newcomer.user.slash("me games")
    assert "waits on **you**" in shown.response.content
    sides = rows(world, "SELECT user_id, side, came, went FROM seatings ORDER BY id")
    assert (world.alien.id, "alien", "joined", "replaced") in sides
    assert (newcomer.id, "alien", "mod", None) in sides
