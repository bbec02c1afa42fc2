"""No channel message, image caption, or log line gives a secret away."""

from __future__ import annotations

import logging

from engine.content_models import Ability
from engine.state import Phase
from engine.views import view
from tests.bot.helpers import (
    any_move,
    create,
    make_world,
    mirror,
    seat_and_start,
    stored_commands,
)
from tests.bot.panel_driver import button_labelled

CREW_SECRET_WORDS = ("held the role", "takes the role", "draws skill", "secret")


async def test_pipe_run_and_face_down_markers_stay_secret(simcord_env, caplog):
    caplog.set_level(logging.DEBUG, logger="quicksilver.bot")
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    start = len(world.messages())
    await world.alien.user.slash("alien piperun")
    secret_grids: set[str] = set()
    for _ in range(4):
        game = mirror(world)
        alien = view(game.state, "alien", game.ship, game.content).aliens[0]
        from engine import commands as c
        from engine.legal import legal_commands
        from engine.state import Side

        legal = legal_commands(game.state, Side.ALIEN, game.ship, game.content, unit="alien1")
        step = next((x for x in legal if isinstance(x, c.Move)), None)
        if step is None:
            break
        result = await world.alien.user.slash("alien move", grids=str(step.route[-1]))
        assert not result.response.content.startswith("⚠️"), result.response.content
        secret_grids.add(str(step.route[-1]))
        assert alien.hidden
    assert secret_grids
    if mirror(world).state.phase is Phase.ALIEN:  # its actions may all be spent already
        await world.alien.user.slash("alien pass")
    public_after = world.texts()[start:]
    # the channel hears the phase once, when it ends: its map, then the ping
    assert [t for t in public_after if not t.startswith("🗺️") and "your move" not in t] == []
    assert any("The alien, unseen:" in t and "Move" in t for t in public_after)  # C.7.3
    game = mirror(world)
    public_view = view(game.state, "spectator", game.ship, game.content)
    visible = {line.grid for line in public_view.crew}
    for text in public_after:
        for grid in secret_grids - visible:
            assert grid not in text, (grid, text)
    everything = "\n".join(world.texts())
    for word in CREW_SECRET_WORDS:
        assert word not in everything
    ability = view(game.state, "alien", game.ship, game.content).abilities[0]
    assert ability not in everything
    assert all(a.value not in everything for a in Ability if a.value == ability)
    spectator_dms = "\n".join(world.dm_texts(world.spectator))
    assert ability not in spectator_dms and secret_grids.isdisjoint(spectator_dms.split())
    for record in caplog.records:
        line = record.getMessage()
        assert ability not in line
        assert all(grid not in line for grid in secret_grids), line
        assert "move alien1" not in line


async def test_c72_game_undo_refuses_a_move_that_could_have_tallied(simcord_env):
    """A crew move that tallies nothing still says where the alien is not."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    move = any_move(mirror(world))
    before = world.table().length
    result = await world.crew[0].slash(world.channel, "game do", command=move.notation())
    assert world.table().length == before + 1
    assert not button_labelled(result.response, "Undo")  # no Undo offered …
    refused = await world.crew[0].slash(world.channel, "game undo")
    assert refused.response.content == (  # … and none taken, with the reason
        "⚠️ Cannot undo: your last command depended on where the hidden alien is, which "
        "your side cannot see: whatever it showed, even nothing, is information."
    )
    assert world.table().length == before + 1


async def test_the_computer_seats_error_log_names_the_rule_not_the_command(
    simcord_env, caplog, monkeypatch
):
    """A failing memory rebuild may quote a hidden alien command: the log keeps the rule."""
    from bot.desk import computer_seat
    from engine.errors import GameError

    def broken(*_args: object) -> object:
        raise GameError("cannot replay 'move alien1 0-T9' (hidden)", rule="C.7")

    monkeypatch.setenv("QUICKSILVER_AI_PACE", "0")
    monkeypatch.setattr(computer_seat, "remembered", broken)
    caplog.set_level(logging.DEBUG, logger="quicksilver.bot")
    caplog.set_level(logging.DEBUG, logger=computer_seat.log.name)
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 54)
    await world.crew[0].slash(world.channel, "game computer", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")  # the game's alien then moves
    lines = [r.getMessage() for r in caplog.records if "memory not rebuilt" in r.getMessage()]
    assert lines and all(line.endswith("(C.7)") for line in lines)
    assert not any("move alien1" in line or "0-T9" in line for line in lines)


async def test_a_moderator_cannot_roll_back_a_finished_game(simcord_env):
    from tests.bot.client.test_full_game import play_to_the_end

    world = make_world(simcord_env)
    await seat_and_start(world)
    await play_to_the_end(world)
    assert world.table().status == "over"
    stored = stored_commands(world)
    refused = await world.mod.slash(world.channel, "mod rollback", turn=1, phase="alien")
    assert refused.response.content.startswith("⚠️ This game is over and its final reveal")
    assert world.table().status == "over" and stored_commands(world) == stored
