"""The raids variant by taps (README, "Variants"; docs/rules-decisions.md, "Variants:
raids"): each side's panel offers its own standing orders in either side's phase,
``order bunker on|off`` (R.3(d)) as a button and ``order raid-damage`` (R.5) as a select
of its damage order; the alien's panel offers D.5's ``order energy on|off`` as a button
too. A press in the other side's phase puts nothing in the channel, and neither side's
panel offers the other's orders."""

from __future__ import annotations

from typing import Any

from bot.present import rules
from engine.state import RaidsState
from engine.variants import load_variants
from tests.bot.helpers import World, make_world
from tests.bot.panel_driver import Tapper, button_labelled, open_panel, select_named

POSITION = b"""scenario
seed 1
variants raids
turn 3 alien
alien-side abilities=Clever,Agile revealed=Agile
crew okeke 2-G1 role=Captain skill=Tactical
alien alien1 Hunter 1-H6 piperun
raids repulse=12
end
"""
BUNKER_ON, BUNKER_OFF = "Bunker: pay to hold a raid", "Bunker: never pay"
ENERGY_ON, ENERGY_OFF = "Energy: shrug off a 7", "Energy: keep the stores"
DAMAGE = "Opari damage first…"


async def _imported(world: World, crews_turn: bool = True) -> None:
    """The position, in the alien's phase of turn 3; the alien then passes unless not
    ``crews_turn``."""
    imported = await world.mod.slash(world.channel, "mod import", file=("r.qs", POSITION))
    assert "Imported game" in imported.response.content, imported.response.content
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    if crews_turn:
        await world.alien.user.slash("game do", command="pass")


def _table(world: World) -> RaidsState:
    game = world.table().game
    assert game is not None and game.state.raids is not None
    return game.state.raids


def _energy(world: World) -> bool:
    game = world.table().game
    assert game is not None
    return game.state.standing.spend_energy_on_seven


async def _press(tapper: Tapper, panel: Any, label: str) -> Any:
    button = button_labelled(panel, label)
    assert button is not None, f"no {label!r} button: {panel.content}"
    return (await tapper.click(panel, custom_id=button["custom_id"])).response


async def _pick(tapper: Tapper, panel: Any, label: str) -> Any:
    """One tap on the damage order's select: the option labelled ``label``."""
    menu = select_named(panel, DAMAGE)
    assert menu is not None, panel.content
    value = next(o["value"] for o in menu["options"] if o["label"] == label)
    return (await tapper.select(panel, value, menu["custom_id"])).response


def _channel(world: World) -> list[tuple[Any, ...]]:
    return [(m.id, m.content, m.edited_at) for m in world.messages()]


async def test_r3_r5_the_crews_panel_offers_its_bunker_and_damage_orders_by_taps(simcord_env):
    world = make_world(simcord_env, crew=1)
    await _imported(world)
    crew = Tapper(world.crew[0])
    panel = await open_panel(crew, world.messages())
    assert "your crew panel" in panel.content
    assert button_labelled(panel, BUNKER_OFF) is None  # off at first: the press turns it on
    assert button_labelled(panel, "Energy") is None  # the alien's order (D.5), never the crew's
    panel = await _press(crew, panel, BUNKER_ON)
    assert _table(world).crew_bunker is True
    panel = await _press(crew, panel, BUNKER_OFF)
    assert _table(world).crew_bunker is False
    menu = select_named(panel, DAMAGE)
    assert menu is not None and len(menu["options"]) <= 25
    labels = [o["label"] for o in menu["options"]]
    assert "Lab first" in labels and "Clever first" not in labels  # rooms, not abilities
    panel = await _pick(crew, panel, "Lab first")
    assert _table(world).crew_damage == ["Lab"]
    panel = await _pick(crew, panel, "The default order")
    assert _table(world).crew_damage == []
    assert "your crew panel" in panel.content


async def test_r3_r5_d5_the_aliens_orders_are_taps_in_the_crews_phase_and_the_channel_hears_nothing(
    simcord_env,
):
    """0.4: the alien gives its orders in the crew's phase too; the channel the crew
    reads says nothing of them."""
    world = make_world(simcord_env, crew=1)
    await _imported(world)
    alien = Tapper(world.alien.user)
    panel = await open_panel(alien, list(world.alien.user.dm_channel.history()))
    assert "crew's turn" in panel.content
    before = _channel(world)
    assert button_labelled(panel, ENERGY_ON) is None  # on by default (D.5)
    panel = await _press(alien, panel, ENERGY_OFF)
    assert _energy(world) is False
    panel = await _press(alien, panel, ENERGY_ON)
    assert _energy(world) is True
    panel = await _press(alien, panel, BUNKER_ON)
    assert _table(world).alien_bunker is True
    panel = await _pick(alien, panel, "Clever first")
    assert _table(world).alien_damage == ["Clever"]
    assert _channel(world) == before
    assert "crew's turn" in panel.content


async def test_r3_the_crews_bunker_is_a_tap_away_in_the_aliens_phase_and_the_channel_hears_nothing(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    await _imported(world, crews_turn=False)
    crew = Tapper(world.crew[0])
    panel = await open_panel(crew, world.messages())
    assert "alien's turn" in panel.content
    before = _channel(world)
    panel = await _press(crew, panel, BUNKER_ON)
    panel = await _pick(crew, panel, "Galley first")
    assert (_table(world).crew_bunker, _table(world).crew_damage) == (True, ["Galley"])
    assert _channel(world) == before
    assert button_labelled(panel, "Energy") is None
    alien = Tapper(world.alien.user)
    own = await open_panel(alien, list(world.alien.user.dm_channel.history()))
    assert "your alien panel" in own.content
    assert button_labelled(own, ENERGY_OFF) is not None and button_labelled(own, BUNKER_ON)


async def test_rules_raids_ends_with_its_short_lesson_in_one_message_in_either_language(
    simcord_env,
):
    """``/rules raids`` teaches the variant by taps and by typing: the panel's buttons and
    menu as labelled, each answer one Discord message (2,000 characters)."""
    world = make_world(simcord_env, crew=1)
    lesson = load_variants().variants["raids"].lesson
    assert len(lesson) >= 3
    answer = await world.stranger.slash(world.channel, "rules", topic="raids")
    english = answer.response.content
    assert answer.followups == [] and len(english) <= 2000
    assert "**A short lesson**" in english and all(step in english for step in lesson)
    assert f"**{BUNKER_ON}**" in english and f"**{DAMAGE}**" in english
    assert "`order bunker on`" in english and "`contribute okeke`" in english
    topic = rules.find("raids", "fr")
    assert topic is not None
    french = "\n".join(rules.answer(topic, "fr"))
    assert len(french) <= 2000 and "**Une courte leçon**" in french
    assert (
        "**Bunker : payer pour tenir un raid**" in french and "**Dégâts opari d'abord…**" in french
    )


CROWDED = b"""scenario
seed 1
variants raids
turn 3 crew
crew okeke 2-G1 role=Captain skill=Tactical
crew ortiz 2-H1 role=Pilot skill=Medical
crew hyun 1-D6 role=Cook skill=Athlete
alien alien1 Hunter 1-D6
end
"""


async def test_r5_a_crowded_crew_panel_keeps_five_rows_and_offers_the_damage_order_in_do(
    simcord_env,
):
    """Discord's five rows: on a panel already full (the unit, moves, attacks, Do… and a
    row of controls) the damage orders, then the order buttons, join **Do…**."""
    world = make_world(simcord_env, crew=1)
    imported = await world.mod.slash(world.channel, "mod import", file=("c.qs", CROWDED))
    assert "Imported game" in imported.response.content, imported.response.content
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    crew = Tapper(world.crew[0])
    panel = await open_panel(crew, world.messages())
    assert len(panel.components) <= 5
    assert select_named(panel, "Attack") is not None and select_named(panel, DAMAGE) is None
    others = select_named(panel, "Do…")
    assert others is not None
    lab = next(o for o in others["options"] if o["label"] == "Lab first")
    panel = (await crew.select(panel, lab["value"], others["custom_id"])).response
    assert _table(world).crew_damage == ["Lab"] and len(panel.components) <= 5
    others = select_named(panel, "Do…")
    assert others is not None
    bunker = next(o for o in others["options"] if o["label"] == BUNKER_ON)
    panel = (await crew.select(panel, bunker["value"], others["custom_id"])).response
    assert _table(world).crew_bunker is True
