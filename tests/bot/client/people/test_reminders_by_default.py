"""A game never dies in silence (README, "Reminders and deadlines"): a new game reminds
whoever it waits on every 24 hours, three times a phase, each person their own way and
held through their quiet hours; the game's cadence and each person's own change it.

Time is the bot's clock (the ``clock`` fixture), ticked an hour at a time through a
week in which the alien never plays: no sleeping."""

from __future__ import annotations

from typing import Any

from bot.store.rows import REMIND_HOURS, REMIND_MAX
from engine.state import Phase
from tests.bot.client.people.people_helpers import pinged
from tests.bot.helpers import World, make_world, phase_of, seat_and_start

HOUR = 3600.0
WEEK_HOURS = 7 * 24


async def silent_week(world: World, clock: Any) -> list[tuple[float, str]]:
    """Tick the bot's clock each hour of the week after the alien phase began; every
    message that reached the alien meanwhile (a channel post pinging it, or a DM), with
    the hours since the phase began when it came."""
    since = world.table().row.phase_since
    channel_before = {m.id for m in world.messages()}
    dms_before = len(world.dm_texts(world.alien))
    reached: list[tuple[float, str]] = []
    for hour in range(1, WEEK_HOURS + 1):
        await world.bot.tick(clock.at(since + hour * HOUR))
        for message in world.messages():
            if message.id not in channel_before:
                channel_before.add(message.id)
                if world.alien.id in pinged(world, message):
                    reached.append((hour, message.content))
        dms = world.dm_texts(world.alien)
        reached += [(hour, text) for text in dms[dms_before:]]
        dms_before = len(dms)
    await world.bot.desk.loaded(world.table())  # an idle game leaves memory meanwhile
    assert phase_of(world) is Phase.ALIEN  # the alien never played
    return reached


async def test_a_game_whose_alien_never_plays_reminds_it_daily_three_times(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    assert (world.table().row.remind_hours, world.table().row.remind_max) == (24.0, 3)
    reached = await silent_week(world, clock)
    assert [hour for hour, _ in reached] == [24, 48, 72]
    assert all(text.startswith("⏳ Reminder — ") and "waits on you" in text for _, text in reached)
    print(
        f"\nsilent week, default settings: {len(reached)} pings to the alien at hours "
        f"{[hour for hour, _ in reached]} (cadence {REMIND_HOURS:g} h, {REMIND_MAX} a phase)"
    )


async def test_the_welcome_says_how_to_set_deadlines_and_reminders(simcord_env):
    world = make_world(simcord_env, crew=1)
    created = await world.crew[0].slash(world.channel, "game create")
    text = created.response.content
    assert "`/game deadline hours:24`" in text and "every 24 h, 3 times a phase" in text
    assert "`/game reminders`" in text and "`/me settings`" in text


async def test_the_games_cadence_changes_the_reminders_of_a_silent_week(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.crew[0].slash(world.channel, "game reminders", hours=12.0, count=5)
    assert [hour for hour, _ in await silent_week(world, clock)] == [12, 24, 36, 48, 60]


async def test_a_game_with_reminders_off_stays_quiet(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.mod.slash(world.channel, "game reminders", hours=0.0)
    assert await silent_week(world, clock) == []


async def test_a_persons_own_cadence_or_off_beats_the_games(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await world.alien.slash(world.channel, "me settings", reminders="6h")
    await seat_and_start(world)
    assert [hour for hour, _ in await silent_week(world, clock)] == [6, 12, 18]
    other = make_world(simcord_env, "second", crew=1)
    await other.alien.slash(other.channel, "me settings", reminders="off")
    await seat_and_start(other)
    assert await silent_week(other, clock) == []


async def test_a_reminder_due_in_quiet_hours_comes_when_they_end(simcord_env, clock):
    """The phase begins at noon UTC (the clock's start), inside quiet hours of
    08:00-15:00: its ping comes at 15:00, and so does each reminder, due at noon."""
    world = make_world(simcord_env, crew=1)
    await world.alien.slash(world.channel, "me settings", timezone="UTC", quiet="08:00-15:00")
    await seat_and_start(world)
    reached = await silent_week(world, clock)
    assert [hour for hour, _ in reached] == [3, 27, 51, 75]
    assert reached[0][1].startswith("🔔 Your move")
    assert all(text.startswith("⏳ Reminder") for _, text in reached[1:])
    assert all("held through your quiet hours" in text for _, text in reached)
