"""Phase deadlines end the phase as if its remaining units had stopped; reminders stop."""

from __future__ import annotations

from bot.store.rows import REMIND_HOURS
from engine.state import Phase
from tests.bot.helpers import make_world, phase_of, roll_back, seat_and_start, stored_commands


async def test_deadline_passes_and_the_channel_is_told(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.mod.slash(world.channel, "game deadline", hours=12.0)
    deadline = world.table().row.deadline_at
    assert deadline is not None
    await world.bot.tick(deadline - 1)
    # Twelve idle hours on the clock: the game left memory; it comes back unchanged.
    assert not world.table().loaded
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.ALIEN
    await world.bot.tick(deadline + 1)
    await simcord_env.settle()
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
    assert any("deadline has passed" in t for t in world.texts())
    assert stored_commands(world)[-1][2] is None


async def test_reminders_every_n_hours_stop_after_a_few(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.crew[0].slash(world.channel, "game reminders", hours=2.0, count=2)
    since = world.table().row.phase_since
    for hours in (1, 3, 5, 7, 9):
        await world.bot.tick(since + hours * 3600)
    reminders = [t for t in world.texts() if t.startswith("⏳ Reminder")]
    assert len(reminders) == 2
    assert all(world.alien.mention in t and world.crew[0].mention not in t for t in reminders)


async def test_a_games_reminder_cadence_is_set_by_its_players_and_moderators_not_spectators(
    simcord_env,
):
    """Who may (README, "Running the Discord bot"): the cadence paces the players, whom a
    spectator does not speak for; a moderator may, and each player may (their own
    cadence is theirs, in /me settings)."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    said = await world.spectator.slash(world.channel, "game reminders", hours=1.0)
    assert "not its spectators" in said.response.content or any(
        "not its spectators" in f.content for f in said.followups
    )
    assert world.table().row.remind_hours == REMIND_HOURS  # the default stands
    for who, hours in ((world.alien, 6.0), (world.crew[0], 8.0), (world.mod, 12.0)):
        await who.slash(world.channel, "game reminders", hours=hours)
        assert world.table().row.remind_hours == hours


async def test_moderator_rollback_and_abort_are_announced(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    await roll_back(world, 1, "alien")
    assert phase_of(world) is Phase.ALIEN
    assert world.table().length == len(stored_commands(world))
    assert any("Moderator" in t and "rolled the game back" in t for t in world.texts())
    reset = await world.mod.slash(world.channel, "mod reset")
    confirm = await world.mod.click(reset.response, label="Yes, reset")
    assert "reset" in confirm.response.content
    assert world.bot.desk.table_in(world.channel.id) is None
    assert any("reset this channel's game" in t for t in world.texts())
