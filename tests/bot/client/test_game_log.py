"""`/game log` is the game's replay as everyone may read it (README, "Secrets"), worded
for its reader: the crew's take-backs are in it, and the alien's commands only once
their phase has ended (C.7.3)."""

from __future__ import annotations

from bot.present import texts
from bot.store import Takeback
from tests.bot.helpers import any_move, make_world, mirror, seat_and_start


def _said(result) -> str:
    return "\n".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )


async def _log(player, world) -> str:
    return _said(await player.slash(world.channel, "game log", count=50))


async def test_c73_the_aliens_commands_reach_the_log_when_its_phase_ends(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    during = await _log(world.crew[0], world)
    assert "pipe" not in during.lower()  # the phase under way is the alien's own
    await world.alien.user.slash("alien pass")
    after = await _log(world.crew[0], world)
    assert "pipe" in after.lower() and after.count("\n") > during.count("\n")


async def test_c3_a_crew_take_back_is_in_the_log_and_its_command_is_not(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    move = any_move(mirror(world))
    await player.slash(world.channel, "game do", command=move.notation())
    moved = await _log(player, world)
    await player.slash(world.channel, "game undo")
    undone = await _log(player, world)
    assert f"<@{player.id}> takes back `move`." in undone
    assert moved.count(" moves ") == undone.count(" moves ") + 1


async def test_the_log_is_worded_in_its_readers_language(simcord_env, french):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    move = any_move(mirror(world))
    await player.slash(world.channel, "game do", command=move.notation())
    await player.slash(world.channel, "game undo")
    await player.slash(world.channel, "game do", command=move.notation())
    english = await _log(player, world)
    french.add(player.id)
    in_french = await _log(player, world)
    assert " moves " in english and "takes back" in english
    assert " se déplace " in in_french and "reprend `move`" in in_french
    assert " moves " not in in_french and "takes back" not in in_french


def test_a_forgotten_persons_take_back_names_them_by_their_anonymous_number():
    """`/me forget` puts -n in place of their id: the log says `anonymous #n`."""
    assert texts.log_item_lines(Takeback(3, -2, "move")) == ["anonymous #2 takes back `move`."]
    assert texts.log_item_lines(Takeback(3, 42, "move")) == ["<@42> takes back `move`."]
