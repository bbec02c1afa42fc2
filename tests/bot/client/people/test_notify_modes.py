"""How each person is told: a channel ping, a DM, or nothing; only when the
game waits on them, or also when their side's phase starts; their own reminders."""

from __future__ import annotations

from bot.present.people import jump
from engine.state import Phase
from tests.bot.client.people.people_helpers import pinged
from tests.bot.helpers import make_world, phase_of, seat_and_start

HOUR = 3600


async def test_a_dm_a_channel_ping_or_nothing_each_as_the_person_chose(simcord_env, clock):
    world = make_world(simcord_env, crew=2)
    by_dm, silent = world.crew
    await by_dm.slash(world.channel, "me settings", notify="dm", reminders="2h")
    await silent.slash(world.channel, "me settings", notify="none")
    await seat_and_start(world)
    alien_ping = [m for m in world.messages() if "your move" in m.content][-1]
    assert pinged(world, alien_ping) == {world.alien.id}  # the default: a channel ping
    await world.alien.user.slash("alien pass")
    ping = [m for m in world.messages() if "your move" in m.content][-1]
    assert by_dm.mention in ping.content and silent.mention in ping.content
    assert pinged(world, ping) == set()
    dm = [t for t in world.dm_texts(by_dm) if "Crew phase**" in t and "your move" in t]
    assert len(dm) == 1 and jump(world.guild.id, world.channel.id) in dm[0]
    assert not any("your move" in t for t in world.dm_texts(silent))

    since = world.table().row.phase_since
    await world.bot.tick(clock.at(since + 2 * HOUR + 1))
    reminders = [t for t in world.dm_texts(by_dm) if "Reminder" in t]
    assert len(reminders) == 1 and "Turn 1 · Crew phase in game 1" in reminders[0]
    assert not any("Reminder" in t for t in world.texts() + world.dm_texts(silent))


async def test_also_when_my_sides_phase_starts_tells_a_crew_player_with_no_units_to_move(
    simcord_env,
):
    world = make_world(simcord_env, crew=2)
    idle, busy = world.crew
    await idle.slash(world.channel, "me settings", when="phase")
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    for unit in world.table().units_of(idle.id):
        await idle.slash(world.channel, "game assign", unit=unit, member=busy)  # handed on
    assert world.table().units_of(idle.id) == ()
    await busy.slash(world.channel, "game pass")
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW and world.table().waiting_users() == [busy.id]
    told = [m for m in world.messages() if "your side's phase begins" in m.content]
    assert len(told) == 1 and pinged(world, told[0]) == {idle.id}
    assert told[0].content == f"🔔 {idle.mention}: Turn 2 · Crew phase — your side's phase begins."

    await idle.slash(world.channel, "me settings", when="waiting")
    await busy.slash(world.channel, "game pass")
    await world.alien.user.slash("alien pass")
    assert len([t for t in world.texts() if "your side's phase begins" in t]) == 1
