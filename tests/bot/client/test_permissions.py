"""Who may do what, beyond the generated matrix (``test_permission_matrix.py``): each
side's command group acts for that side only, who may hand a crew member on, and the
moderator role a server sets."""

from __future__ import annotations

from tests.bot.helpers import make_world, seat_and_start

REFUSED = "⚠️"


def _said(result) -> str:
    return "\n".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )


async def test_alien_orders_are_refused_in_the_channel_and_crew_orders_from_the_alien(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    before = world.table().length
    in_channel = await world.alien.slash(world.channel, "alien pass")
    assert "DM" in in_channel.response.content
    crew_order = await world.alien.slash(world.channel, "crew pass")
    assert REFUSED in crew_order.response.content
    spectator = await world.spectator.slash(world.channel, "crew pass")
    assert "spectator" in spectator.response.content
    stranger = await world.stranger.user.slash("alien pass")
    assert REFUSED in stranger.response.content
    assert world.table().length == before


async def test_moderator_role_configured_per_server(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    refs = world.guild.create_role("Referees")
    referee = world.guild.add_member(simcord_env.create_user("ref"), roles=[refs])
    denied = await referee.slash(world.channel, "game deadline", hours=2.0)
    assert REFUSED in denied.response.content
    await world.mod.slash(world.channel, "mod role", role=refs)
    allowed = await referee.slash(world.channel, "game deadline", hours=2.0)
    assert REFUSED not in allowed.response.content
    assert any("Moderator" in t and "deadline" in t for t in world.texts())


async def test_a_side_group_acts_for_its_side_only(simcord_env):
    """Once, a crew player's `/alien pass` in a DM ended their own crew members."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    before = world.table().length
    crew_alien = _said(await world.crew[0].user.slash("alien pass"))
    assert crew_alien.startswith(REFUSED) and "`/alien` gives the alien's orders" in crew_alien
    assert "/crew" in crew_alien
    alien_crew = _said(await world.alien.slash(world.channel, "crew pass"))
    assert alien_crew.startswith(REFUSED) and "`/crew` gives the crew's orders" in alien_crew
    assert world.table().length == before
    assert REFUSED not in _said(await world.crew[0].slash(world.channel, "game do", command="pass"))


async def test_who_may_hand_a_crew_member_on(simcord_env):
    """The holder hands it on, a moderator hands any, nobody else; each is announced."""
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    first, second = world.crew
    table = world.table()
    mine, theirs = table.units_of(first.id)[0], table.units_of(second.id)[0]
    taken = _said(await first.slash(world.channel, "game assign", unit=theirs, member=first))
    assert taken.startswith(REFUSED) and "only they or a moderator" in taken
    assert theirs in table.units_of(second.id) and theirs not in table.units_of(first.id)
    watcher = _said(
        await world.spectator.slash(world.channel, "game assign", unit=mine, member=second)
    )
    assert watcher.startswith(REFUSED)
    given = _said(await first.slash(world.channel, "game assign", unit=mine, member=second))
    assert REFUSED not in given and mine in table.units_of(second.id)
    assert f"{first.mention} hands {mine} to {second.mention}." in world.texts()
    back = _said(await world.mod.slash(world.channel, "game assign", unit=mine, member=first))
    assert REFUSED not in back and mine in table.units_of(first.id)
    assert any(
        t.startswith(f"🛠️ Moderator {world.mod.mention} hands {mine} to {first.mention}")
        and f"(from {second.mention})" in t
        for t in world.texts()
    )
