"""Absences: `/me away` with the computer playing the absent player's units at
normal level (only theirs, when they share the crew), `/me back` mid-phase, deadlines
moved by the time away (capped by the game), and bad input refused."""

from __future__ import annotations

from engine.board.ship import TAG_WORKSHOP, Feature
from engine.commands import parse
from engine.setup import waiting_on
from engine.state import Phase, Side
from tests.bot.client.people.people_helpers import rows
from tests.bot.helpers import make_world, phase_of, seat_and_start, stored_commands


def unit_of(command: str) -> str | None:
    unit = getattr(parse(command), "unit", None)
    return unit if isinstance(unit, str) else None


async def test_the_computer_plays_for_an_away_alien_until_it_comes_back(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    alien, crew = world.alien, world.crew[0]
    played = len(stored_commands(world))
    result = await alien.user.slash("me away", until="3d", meanwhile="computer", note="a trip")
    assert result.response.ephemeral
    assert "the computer plays your units at normal level" in result.response.content
    told = [t for t in world.texts() if "is away until" in t]
    assert told and "the computer plays their units" in told[-1] and "a trip" not in told[-1]
    assert phase_of(world) is Phase.CREW  # it played the alien phase at once
    by_computer = stored_commands(world)[played:]
    assert by_computer and all(user is None for _, _, user in by_computer)
    assert all(side == "alien" for side, _, _ in by_computer)
    assert any(t.startswith("*Game 1:*") for t in world.dm_texts(alien))  # it hears its side

    await crew.slash(world.channel, "game pass")
    assert phase_of(world) is Phase.CREW  # the next alien phase too, by the computer
    assert world.table().game.state.turn == 2

    back = await alien.user.slash("me back")  # mid-phase: the crew's phase goes on
    assert back.response.content.startswith("👋 Welcome back.")
    assert any("is back" in t for t in world.texts())
    await crew.slash(world.channel, "game pass")
    assert phase_of(world) is Phase.ALIEN and world.table().waiting_users() == [alien.id]
    marks = rows(world, "SELECT mark FROM phase_marks WHERE user_id = ? ORDER BY at", alien.id)
    # the phases the computer played are marked as its, not the player's (the ratings
    # rate a person for the phases they played: README, "Ratings and deadlines")
    assert [m for (m,) in marks].count("stand_in") == 2
    assert "away" not in [m for (m,) in marks]


async def test_back_in_the_middle_of_its_own_phase_the_rest_is_the_players(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    alien, crew = world.alien, world.crew[0]
    await alien.user.slash("alien pass")
    await alien.user.slash("me away", until="12h", meanwhile="computer")
    desk = world.bot.desk
    await desk.play(world.table(), crew.id, "pass")  # the desk alone: nobody delivers yet
    assert phase_of(world) is Phase.ALIEN
    assert await desk.stand_in_move(world.table()) is not None  # one move for the away alien
    assert stored_commands(world)[-1][2] is None
    await alien.user.slash("me back")
    assert await desk.stand_in_move(world.table()) is None  # the computer stops
    assert world.table().waiting_users() == [alien.id] and phase_of(world) is Phase.ALIEN
    await alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    assert stored_commands(world)[-1][2] == alien.id


async def test_a_stand_in_plays_only_the_away_crew_players_units(simcord_env):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    away, present = world.crew
    theirs = set(world.table().units_of(away.id))
    played = len(stored_commands(world))
    await away.slash(world.channel, "me away", until="2d", meanwhile="computer")
    by_computer = stored_commands(world)[played:]
    assert by_computer and all(user is None for _, _, user in by_computer)
    assert {unit_of(command) for _, command, _ in by_computer} <= theirs
    assert phase_of(world) is Phase.CREW
    assert world.table().waiting_users() == [present.id]
    assert world.table().open_units(away.id) == []
    await present.slash(world.channel, "game pass")
    assert phase_of(world) is Phase.ALIEN


async def test_a_deadline_waiting_on_an_away_player_moves_by_the_time_away_capped(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.mod.slash(world.channel, "game deadline", hours=24.0, away_cap=12.0)
    await world.alien.user.slash("me away", until="2d", note="exams", public=True)
    assert any("“exams”" in t for t in world.texts())  # the note, since they said so
    deadline = world.table().row.deadline_at
    await world.bot.tick(clock.at(deadline + 1))
    assert phase_of(world) is Phase.ALIEN
    assert world.table().row.deadline_at == deadline + 12 * 3600  # 24 h away, capped at 12
    assert any(f"<@{world.alien.id}> is away: the phase deadline moves" in t for t in world.texts())
    await world.bot.tick(clock.at(deadline + 12 * 3600 + 1))
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.CREW
    marks = rows(world, "SELECT mark FROM phase_marks WHERE user_id = ?", world.alien.id)
    assert ("away",) in marks and ("missed",) not in marks


async def test_bad_absences_are_refused_and_change_nothing(simcord_env):
    world = make_world(simcord_env, crew=1)
    alien = world.alien
    for until, why in (
        ("2020-01-01", "already past"),
        ("365d", "more than 30 days"),
        ("next week", "not a date I can read"),
    ):
        result = await alien.user.slash("me away", until=until)
        assert why in result.response.content and result.response.ephemeral
    assert (await world.bot.desk.my_settings(alien.id)).away_until is None
    assert not any("is away" in t for t in world.texts())
    back = await alien.user.slash("me back")
    assert "You are not away" in back.response.content


async def test_an_away_player_may_let_the_expert_play_for_them(simcord_env, monkeypatch):
    """`meanwhile: the computer plays my units (expert level)`. The whole alien
    phase is played within the one interaction, so here the expert weighs no alternatives
    (its search is tested in tests/engine/players/test_players_expert.py)."""
    from bot.desk import computer_seat, stand_in
    from engine.players.expert import ExpertAlien, SearchParams

    monkeypatch.setattr(computer_seat, "EXPERT", SearchParams(candidates=1))
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    alien = world.alien
    played = len(stored_commands(world))
    result = await alien.user.slash("me away", until="3d", meanwhile="expert")
    assert "the computer plays your units at expert level" in result.response.content
    assert phase_of(world) is Phase.CREW  # it played the alien phase at once
    by_computer = stored_commands(world)[played:]
    assert by_computer and all(user is None for _, _, user in by_computer)
    memory = stand_in._MEMORIES[(world.table().id, Side.ALIEN, "expert")]
    assert isinstance(memory.player, ExpertAlien)


async def test_an_away_crew_at_expert_gets_the_experts_planned_set_up(simcord_env):
    """B.1.2: a crew whose every player is away with the computer at `expert`
    gets the expert's set-up (an Engineer on the ToolKit's locker), not `quick`, stored
    as the computer's."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world, quick=False)
    played = len(stored_commands(world))
    await world.crew[0].user.slash("me away", until="3d", meanwhile="expert")
    by_computer = stored_commands(world)[played:]
    assert by_computer and all(side == "crew" and user is None for side, _, user in by_computer)
    kinds = [type(parse(command)).__name__ for _, command, _ in by_computer]
    assert kinds.count("AssignRole") == 8 and kinds.count("PlaceHuman") == 6
    game = world.table().game
    assert game is not None and Side.CREW not in waiting_on(game.state)
    workshop = game.ship.region_tagged(TAG_WORKSHOP).grids
    locker = next(g for g in game.ship.grids_with(Feature.LOCKER) if g in workshop)
    keeper = next(h for h in game.state.humans.values() if h.grid == locker)
    assert "Engineer" in (game.content.role(keeper.role or "").skill.value, keeper.skill_marker)
