"""``/mod rollback`` through the bot: a warning of what it cannot take back, a moderator's
confirmation, and the dice re-keyed from the desk's secure randomness (README, "Secrets").

A rollback replays the game to a phase start, but the players remember what the dropped
commands showed (C.3, C.7.2); and if the dice were rebuilt from the seed, every roll of
the phase would come out the same again. So the moderator reads the warning first, and
the log gets the referee's ``rekey`` at the phase start, which replay keeps.
"""

from __future__ import annotations

from engine.dice import Rng
from engine.state import Phase
from tests.bot.helpers import SEED, any_move, make_world, mirror, seat_and_start, stored_commands

CONFIRM = "Yes, roll back"


async def test_c72_a_rollback_warns_first_then_rekeys_the_dice_in_the_log(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)  # the desk's secure draws are SEED here (tests fix them)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    move = any_move(mirror(world))
    await world.crew[0].slash(world.channel, "game do", command=move.notation())
    stored = stored_commands(world)

    asked = await world.mod.slash(world.channel, "mod rollback", turn=1, phase="crew")
    warning = asked.response.content
    assert warning.startswith("⏪ Rolling back to the start of turn 1, crew phase cannot take")
    assert "1 crew command that told the crew something of the alien's secrets" in warning
    assert warning.endswith("Roll back anyway?")
    assert stored_commands(world) == stored  # asking changes nothing

    done = await world.mod.click(asked.response, label=CONFIRM)
    assert done.response.content == "Rolled back to turn 1, crew phase."
    after = stored_commands(world)
    assert after[-1] == ("crew", f"rekey {SEED}", None)  # the referee's, nobody's to undo
    assert after[:-1] == [row for row in stored if row[1] != move.notation()]
    table = world.table()
    assert table.phase() is Phase.CREW and table.game.state.rng == Rng(SEED)
    assert mirror(world).state == table.game.state  # the log replays to the very dice
    assert any("re-keyed from secure randomness" in t for t in world.texts())
    typed = await world.crew[0].slash(world.channel, "game do", command="rekey 1")
    assert typed.response.content.startswith("⚠️ Only the referee re-keys the dice")


async def test_a_rollback_confirmed_after_the_game_moved_on_is_stale(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    asked = await world.mod.slash(world.channel, "mod rollback", turn=1, phase="alien")
    await world.crew[0].slash(world.channel, "game do", command="pass")
    stored = stored_commands(world)
    late = await world.mod.click(asked.response, label=CONFIRM)
    assert "from an earlier moment" in late.response.content
    assert stored_commands(world) == stored


async def test_a_french_moderator_reads_the_warning_and_the_confirmation_in_french(
    simcord_env, french
):
    """The warning and its button are the moderator's alone: their language; the
    channel's announcement stays English."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    move = any_move(mirror(world))
    await world.crew[0].slash(world.channel, "game do", command=move.notation())
    french.add(world.mod.id)

    asked = await world.mod.slash(world.channel, "mod rollback", turn=1, phase="crew")
    warning = asked.response.content
    assert warning.startswith("⏪ Revenir au début du tour 1, phase de l'équipage")
    assert "1 commande de l'équipage qui lui a appris quelque chose" in warning
    assert warning.endswith("Revenir en arrière quand même ?")
    done = await world.mod.click(asked.response, label="Oui, revenir en arrière")
    assert done.response.content == "Partie ramenée au tour 1, phase de l'équipage."
    assert any("re-keyed from secure randomness" in t for t in world.texts())
