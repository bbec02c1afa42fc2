"""Grace and pause: a passed deadline first grants each late player a grace
(announced, counted, pinged), then the phase ends as before; a moderator's pause
freezes every clock (deadline, reminders, the computer) until resume."""

from __future__ import annotations

from engine.state import Phase
from tests.bot.client.people.people_helpers import pinged, rows
from tests.bot.helpers import make_world, phase_of, seat_and_start, stored_commands

HOUR = 3600


async def test_grace_is_announced_and_counted_then_the_phase_ends(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    alien = world.alien
    await world.mod.slash(world.channel, "game deadline", hours=12.0, grace=6.0, graces=1)
    assert any("grace 6 h, 1 per player" in t for t in world.texts())
    deadline = world.table().row.deadline_at
    await world.bot.tick(clock.at(deadline + 1))
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.ALIEN
    assert world.table().row.deadline_at == deadline + 6 * HOUR
    said = [t for t in world.texts() if t.startswith("⏳ Grace for")]
    assert said == [
        f"⏳ Grace for {alien.mention} (grace 1 of 1): the phase deadline moves to "
        f"<t:{int(deadline + 6 * HOUR)}:f> (<t:{int(deadline + 6 * HOUR)}:R>)."
    ]
    ping = [m for m in world.messages() if m.content.startswith("⏳ Grace —")]
    assert len(ping) == 1 and alien.id in pinged(world, ping[0])

    await world.bot.tick(clock.at(deadline + 6 * HOUR + 1))
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
    assert any("deadline has passed" in t for t in world.texts())
    assert stored_commands(world)[-1][2] is None
    assert rows(world, "SELECT mark, graces FROM phase_marks WHERE user_id = ?", alien.id) == [
        ("on_time", 0),  # set-up
        ("missed", 1),
    ]
    record = await alien.user.slash("me record")
    assert "1 missed" in record.response.content and "graces used 1" in record.response.content

    next_deadline = world.table().row.deadline_at
    await world.bot.tick(clock.at(next_deadline + 1))  # no grace left for the crew? it has one
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
    assert f"⏳ Grace for {world.crew[0].mention} (grace 1 of 1)" in world.texts()[-2]


async def test_pause_freezes_every_clock_and_resume_starts_them_again(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    alien = world.alien
    start = clock.now
    await world.mod.slash(world.channel, "game deadline", hours=12.0)
    await world.crew[0].slash(world.channel, "game reminders", hours=2.0)
    clock.at(start + 1 * HOUR)
    paused = await world.mod.slash(world.channel, "mod pause")
    assert paused.response.ephemeral
    assert any("paused the game" in t for t in world.texts())
    again = await world.mod.slash(world.channel, "mod pause")
    assert "already paused" in again.response.content

    refused = await alien.user.slash("alien pass")
    assert "paused" in refused.response.content and phase_of(world) is Phase.ALIEN
    for hours in (5, 20, 29):
        await world.bot.tick(clock.at(start + hours * HOUR))
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.ALIEN
    assert not any(t.startswith("⏳ Reminder") for t in world.texts())
    shown = await alien.user.slash("me games")
    assert "⏸️ paused by a moderator" in shown.response.content

    clock.at(start + 30 * HOUR)
    await world.mod.slash(world.channel, "mod resume")
    assert world.table().row.deadline_at == start + 30 * HOUR + 11 * HOUR  # 11 h were left
    assert any("resumed the game" in t for t in world.texts())
    assert "your move" in world.texts()[-1]
    await world.bot.tick(clock.at(start + 31 * HOUR + 1))  # 2 h after the phase began, moved on
    assert [t for t in world.texts() if t.startswith("⏳ Reminder")] != []
    await world.bot.tick(clock.at(start + 41 * HOUR - 60))
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.ALIEN
    await world.bot.tick(clock.at(start + 41 * HOUR + 1))
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
    not_paused = await world.mod.slash(world.channel, "mod resume")
    assert "not paused" in not_paused.response.content
    assert rows(world, "SELECT action FROM mod_actions ORDER BY id")[-2:] == [
        ("pause",),
        ("resume",),
    ]
