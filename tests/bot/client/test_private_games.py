"""Private games stay private (README, "Private games"): outside its channel, in
a DM with the bot, a game answers only its seated players, its substitutes-in-waiting
and its server's moderators; everyone else gets the one refusal a game that does not
exist gets, whatever they name."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.bot.helpers import make_world, seat_and_start

ELSEWHERE = "⚠️ That game cannot be reached from here"
READS = ("game status", "game log", "game map")


def _said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


async def _ask(user: Any, command: str, game: int) -> str:
    return _said(await user.slash(command, game=str(game)))


@pytest.mark.parametrize("command", READS)
async def test_strangers_with_a_real_game_id_get_the_answer_a_missing_game_gets(
    simcord_env, command
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    game = world.table().id
    rivals = make_world(simcord_env, "rivals", crew=1, guild=world.guild)
    await seat_and_start(rivals)  # a player of another game of the same server
    other = simcord_env.create_guild()
    outsider = other.add_member(simcord_env.create_user("outsider"))
    loner = simcord_env.create_user("loner")  # no server in common
    for user in (world.stranger.user, rivals.crew[0].user, outsider.user, loner):
        said = await _ask(user, command, game)
        assert said.startswith(ELSEWHERE), (user, said)
        assert world.crew[0].mention not in said and "Turn" not in said
        assert said == await _ask(user, command, 987_654)  # as if it did not exist


async def test_players_substitutes_in_waiting_and_moderators_may_read_a_game_from_dms(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    game = world.table().id
    for user in (world.crew[0].user, world.alien.user, world.spectator.user, world.mod.user):
        assert not (await _ask(user, "game status", game)).startswith(ELSEWHERE), user
    newcomer = world.stranger
    assert (await _ask(newcomer.user, "game status", game)).startswith(ELSEWHERE)
    await world.crew[0].slash(world.channel, "game sub")
    call = next(m for m in reversed(world.messages()) if m.content.startswith("🪑"))
    await newcomer.click(call, label="Take this seat")  # waits for the players' approval
    said = await _ask(newcomer.user, "game status", game)
    assert not said.startswith(ELSEWHERE) and "Turn 1" in said


async def test_the_moderator_role_reaches_a_game_from_dms_and_another_servers_mod_does_not(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    game = world.table().id
    referees = world.guild.create_role("Referees")
    await world.mod.slash(world.channel, "mod role", role=referees)
    referee = world.guild.add_member(simcord_env.create_user("referee"), roles=[referees])
    assert not (await _ask(referee.user, "game log", game)).startswith(ELSEWHERE)
    other = simcord_env.create_guild()
    boss = other.create_role("Boss", permissions=discord.Permissions.all())
    theirs = other.add_member(simcord_env.create_user("their-mod"), roles=[boss])
    assert (await _ask(theirs.user, "game log", game)).startswith(ELSEWHERE)
