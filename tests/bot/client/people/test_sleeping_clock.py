"""A clock that sleeps (README, "Ratings and deadlines"): a deadline never passes inside
the quiet hours of a player it waits on, it moves to when they wake (capped like an
absence), and a last call goes out before a deadline, before the quiet hours begin.

Time is the bot's clock (the ``clock`` fixture), ticked through the hours: no sleeping."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.desk.night import LAST_CALL_HOURS
from engine.state import Phase
from tests.bot.client.people.people_helpers import pinged, rows
from tests.bot.helpers import World, make_world, phase_of, seat_and_start

HOUR = 3600.0
TUESDAY = datetime(2026, 1, 6, tzinfo=UTC).timestamp()  # midnight after the clock's start


async def hours_of_pings(world: World, clock: Any, since: float, hours: int) -> list[str]:
    """Tick each quarter hour for ``hours``; the messages that pinged the alien, each as
    'HH:MM text' (UTC)."""
    seen = {m.id for m in world.messages()}
    reached = []
    for quarter in range(1, hours * 4 + 1):
        await world.bot.tick(clock.at(since + quarter * HOUR / 4))
        for message in world.messages():
            if message.id not in seen:
                seen.add(message.id)
                if world.alien.id in pinged(world, message):
                    at = datetime.fromtimestamp(clock.now, UTC).strftime("%H:%M")
                    reached.append(f"{at} {message.content}")
    return reached


async def night_game(simcord_env: Any, clock: Any, quiet: str, start: float, hours: float) -> World:
    """A game whose alien phase begins at ``start`` with a deadline ``hours`` later; the
    alien keeps ``quiet`` hours (UTC) and never plays."""
    world = make_world(simcord_env, crew=1)
    await world.alien.slash(world.channel, "me settings", timezone="UTC", quiet=quiet)
    clock.at(start)
    await seat_and_start(world)
    await world.mod.slash(world.channel, "game deadline", hours=hours)
    return world


async def test_the_issues_probe_a_deadline_due_at_seven_waits_for_the_end_of_quiet_hours(
    simcord_env, clock
):
    """The alien phase begins at 01:00, the alien is quiet 00:00-09:00, the deadline is
    6 h: it came due at 07:00 and was marked missed. Now it moves to 09:00 plus the last
    call's lead; the last call comes at 09:00 and the phase ends, missed, after it."""
    world = await night_game(simcord_env, clock, "00:00-09:00", TUESDAY + HOUR, 6.0)
    assert world.table().row.deadline_at == TUESDAY + 7 * HOUR
    reached = await hours_of_pings(world, clock, TUESDAY + HOUR, 8)  # to 09:00
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.ALIEN
    moved = TUESDAY + (9 + LAST_CALL_HOURS) * HOUR
    assert world.table().row.deadline_at == moved
    assert (
        "🌙 Quiet hours of a player this phase waits on: the phase deadline moves to "
        f"<t:{int(moved)}:f> (<t:{int(moved)}:R>)."
    ) in world.texts()
    assert [r[:5] for r in reached if "Last call" in r] == ["09:00"]
    assert not rows(world, "SELECT * FROM phase_marks WHERE mark = 'missed'")
    await hours_of_pings(world, clock, TUESDAY + 9 * HOUR, 3)
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
    [(mark, at)] = rows(
        world,
        "SELECT mark, at FROM phase_marks WHERE user_id = ? AND phase_seq > 0",
        world.alien.id,
    )
    assert mark == "missed" and at >= moved


async def test_a_last_call_goes_out_before_the_deadline_once(simcord_env, clock):
    world = await night_game(simcord_env, clock, "off", TUESDAY + 10 * HOUR, 6.0)
    reached = await hours_of_pings(world, clock, TUESDAY + 10 * HOUR, 7)
    calls = [r for r in reached if "Last call" in r]
    assert [c[:5] for c in calls] == [f"{16 - int(LAST_CALL_HOURS):02d}:00"]
    assert "the phase ends <t:" in calls[0] and world.alien.mention in calls[0]


async def test_a_last_call_due_in_quiet_hours_goes_out_before_they_begin(simcord_env, clock):
    """Quiet 22:00-07:00 and a deadline at 08:00: a last call two hours before (06:00)
    would be held to 07:00, so it goes out at 21:45, before the quiet hours."""
    world = await night_game(simcord_env, clock, "22:00-07:00", TUESDAY + 12 * HOUR, 20.0)
    reached = await hours_of_pings(world, clock, TUESDAY + 12 * HOUR, 21)
    assert [r[:5] for r in reached if "Last call" in r] == ["21:45"]
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW  # the deadline at 08:00 was not in quiet hours


async def test_the_move_for_quiet_hours_is_capped_like_an_absence(simcord_env, clock):
    world = await night_game(simcord_env, clock, "00:00-09:00", TUESDAY + HOUR, 6.0)
    await world.mod.slash(world.channel, "game deadline", hours=6.0, away_cap=1.0)
    await world.bot.tick(clock.at(TUESDAY + 7 * HOUR))
    await world.bot.desk.loaded(world.table())
    assert world.table().row.deadline_at == TUESDAY + 8 * HOUR  # one hour, not to 11:00
    await world.bot.tick(clock.at(TUESDAY + 8 * HOUR))  # the cap is spent: the phase ends
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
