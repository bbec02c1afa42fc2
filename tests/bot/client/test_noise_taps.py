"""The noise variant by taps (README, "Variants"; docs/rules-decisions.md, "Variants:
noise"): chosen at ``/game create``, the alien's panel offers its standing order
``order ambush on|off`` in either side's phase and a creeping step among its commands,
and the crew's panel offers neither."""

from __future__ import annotations

from typing import Any

from tests.bot.helpers import World, make_world
from tests.bot.panel_driver import Tapper, button_labelled, open_panel, select_named

POSITION = b"""scenario
seed 1
variants noise
turn 3 alien
crew okeke 1-D6 role=Cook skill=Science
alien alien1 Hunter 1-H6 piperun
end
"""
STAY, ANSWER = "Ambush: stay hidden", "Ambush: answer calls"


async def _imported(world: World) -> None:
    imported = await world.mod.slash(world.channel, "mod import", file=("n.qs", POSITION))
    assert "Imported game" in imported.response.content, imported.response.content
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")


def _ambush(world: World) -> bool:
    game = world.table().game
    assert game is not None
    return game.state.standing.ambush


async def _press(tapper: Tapper, panel: Any, label: str) -> Any:
    button = button_labelled(panel, label)
    assert button is not None, f"no {label!r} button: {panel.content}"
    return (await tapper.click(panel, custom_id=button["custom_id"])).response


async def test_n3_n5_the_aliens_panel_offers_the_ambush_order_and_a_creep_by_taps(simcord_env):
    world = make_world(simcord_env, crew=1)
    await _imported(world)
    tapper = Tapper(world.alien.user)
    panel = await open_panel(tapper, list(world.alien.user.dm_channel.history()))
    assert "your alien panel" in panel.content
    assert button_labelled(panel, ANSWER) is None  # on by default: the press turns it off
    panel = await _press(tapper, panel, STAY)
    assert _ambush(world) is False
    panel = await _press(tapper, panel, ANSWER)
    assert _ambush(world) is True
    others = select_named(panel, "Do…")
    assert others is not None, panel.content
    creep = next(o for o in others["options"] if o["value"] == "move alien1 1-H7 creep")
    assert "creep" in creep["label"]
    panel = (await tapper.select(panel, creep["value"], others["custom_id"])).response
    game = world.table().game
    assert game is not None and str(game.state.alien("alien1").grid) == "1-H7"
    assert game.state.alien("alien1").actions == 4  # C.7.3, N.5: the door cost an action more


async def test_n3_the_ambush_order_is_a_tap_away_in_the_crews_phase_and_on_no_crew_panel(
    simcord_env,
):
    """0.4: the order is given in the other side's phase too (final once given then),
    and the channel the crew reads says nothing of it; the crew's panel never offers it."""
    world = make_world(simcord_env, crew=1)
    await _imported(world)
    await world.alien.user.slash("game do", command="pass")
    crew = Tapper(world.crew[0])
    panel = await open_panel(crew, world.messages())
    assert "your crew panel" in panel.content
    assert button_labelled(panel, "Ambush") is None
    alien = Tapper(world.alien.user)
    waiting = await open_panel(alien, list(world.alien.user.dm_channel.history()))
    assert "crew's turn" in waiting.content
    before = [(m.id, m.content, m.edited_at) for m in world.messages()]
    waiting = await _press(alien, waiting, STAY)
    assert [(m.id, m.content, m.edited_at) for m in world.messages()] == before
    assert _ambush(world) is False and button_labelled(waiting, ANSWER) is not None
