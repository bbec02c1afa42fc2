"""The advisor: the Suggest button on a player's panel, and hints:off."""

from __future__ import annotations

import discord

from engine import commands as c
from engine.legal import is_legal
from engine.state import Side
from tests.bot.helpers import create, make_world, seat_and_start, stored_commands
from tests.bot.panel_driver import Tapper, ask_advice, button_labelled, open_panel


async def test_suggest_shows_the_experts_choice_and_why_and_marks_the_game(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    suggest = button_labelled(panel, "Suggest")
    assert suggest is not None
    length = len(stored_commands(world))
    answered = await ask_advice(player, panel)
    text = answered.response.content
    assert "💡 Suggestion: `" in text, text
    suggested = text.split("💡 Suggestion: `")[1].split("`")[0]
    legal = {c.notation() for c in world.bot.desk.legal_for(world.table(), player.id)}
    assert suggested in legal  # one of the presser's own legal commands
    why = text.split("`\n")[1].splitlines()[0]
    assert why.endswith(".") and len(why) > 20  # one sentence of why
    assert len(stored_commands(world)) == length  # a hint plays nothing
    assert world.table().row.hints_used  # … but the game's record says one was asked
    status = await player.slash(world.channel, "game status")
    assert "Your side asked for hints" in status.response.content
    # the alien's status does not say when, or whether, the crew asked (only at the end)
    theirs = await world.alien.slash(world.channel, "game status")
    assert "hints" not in theirs.response.content.lower()


async def test_a_game_created_with_hints_off_has_no_suggest_button(simcord_env):
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 1
    created = await world.crew[0].slash(world.channel, "game create", hints="off")
    assert "Hints are switched off" in created.response.content
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    await world.alien.user.slash("alien pass")
    panel = await open_panel(Tapper(world.crew[0]), world.messages())
    assert button_labelled(panel, "Suggest") is None
    assert not world.table().row.hints_used


async def test_a_game_keeps_its_hints_unless_its_creator_switches_them_off(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 1)
    assert not world.table().row.hints_off


async def test_suggest_in_set_up_gives_the_experts_set_up_choice_and_why(simcord_env):
    """B.1.2: in set-up the panel offers Suggest beside Quick setup; the advice is the
    expert's own choice for the step, one of the step's legal choices, with its reason."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world, quick=False)
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    assert button_labelled(panel, "Quick setup") is not None
    suggest = button_labelled(panel, "Suggest")
    assert suggest is not None
    length = len(stored_commands(world))
    answered = await ask_advice(player, panel)
    text = answered.response.content
    suggested = c.parse(text.split("💡 Suggestion: `")[1].split("`")[0])
    assert isinstance(suggested, c.ChooseDead)
    game = world.table().game
    assert game is not None and is_legal(game.state, Side.CREW, suggested, game.ship, game.content)
    assert "Until roles are given the humans differ only in name" in text
    assert len(stored_commands(world)) == length  # a hint plays nothing


async def _suggested(world, player):
    """Suggest pressed on ``player``'s panel in the crew's phase: the panel it leaves
    (with Play this) and the suggested command's notation."""
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    panel = await open_panel(Tapper(player), world.messages())
    suggest = button_labelled(panel, "Suggest")
    assert suggest is not None
    answered = await ask_advice(player, panel)
    text = answered.response.content
    return answered.response, text.split("💡 Suggestion: `")[1].split("`")[0]


def _said(result) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


async def test_play_this_plays_exactly_the_suggested_command(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    player = world.crew[0]
    panel, suggested = await _suggested(world, player)
    play = button_labelled(panel, "▶️ Play this")
    assert play is not None, "every suggestion has its Play this button"
    length = len(stored_commands(world))
    await player.click(panel, custom_id=play["custom_id"])
    stored = stored_commands(world)
    assert len(stored) == length + 1
    assert stored[-1] == ("crew", suggested, player.id)


async def test_play_this_on_a_stale_suggestion_says_so_and_plays_nothing(simcord_env):
    """A stale button says so (the phase moved on since the suggestion)."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    player = world.crew[0]
    panel, _ = await _suggested(world, player)
    play = button_labelled(panel, "▶️ Play this")
    assert play is not None
    await player.slash(world.channel, "game pass")
    length = len(stored_commands(world))
    late = await player.click(panel, custom_id=play["custom_id"])
    assert "no longer open" in _said(late)
    assert len(stored_commands(world)) == length


async def test_play_this_pressed_by_another_person_is_refused(simcord_env):
    """Nobody acts for a seat that isn't theirs: another crew player, or a stranger."""
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    player = world.crew[0]
    panel, _ = await _suggested(world, player)
    play = button_labelled(panel, "▶️ Play this")
    assert play is not None
    length = len(stored_commands(world))
    view = discord.ui.View(timeout=None)  # the panel is ephemeral: a leaked copy of it
    view.add_item(discord.ui.Button(label="Play this", custom_id=play["custom_id"]))
    copy = await world.bot.get_channel(world.channel.id).send("a copy", view=view)
    for other in (world.crew[1], world.stranger):
        refused = await other.click(copy, custom_id=play["custom_id"])
        assert "belongs to another player" in _said(refused)
    assert len(stored_commands(world)) == length


async def test_play_this_in_set_up_plays_the_suggested_set_up_step(simcord_env):
    """B.1.2: the set-up step the advisor plans one choice at a time is played by a tap."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world, quick=False)
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    suggest = button_labelled(panel, "Suggest")
    assert suggest is not None
    answered = await ask_advice(player, panel)
    suggested = answered.response.content.split("💡 Suggestion: `")[1].split("`")[0]
    play = button_labelled(answered.response, "▶️ Play this")
    assert play is not None
    await player.click(answered.response, custom_id=play["custom_id"])
    assert stored_commands(world)[-1] == ("crew", suggested, player.id)


async def test_a_sides_first_suggest_in_a_rated_game_warns_and_marks_only_that_side(simcord_env):
    """README, "Ratings and deadlines": the warning comes before the first Suggest of a
    side, nothing is marked until it is confirmed, and only the side that asked is marked."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    suggest = button_labelled(panel, "Suggest")
    assert suggest is not None
    warned = await player.click(panel, custom_id=suggest["custom_id"])
    assert "A Suggest leaves your side unrated" in warned.response.content
    assert "💡" not in warned.response.content
    assert warned.response.flags.ephemeral
    assert not world.table().row.hints_used  # a warning marks nothing
    anyway = button_labelled(warned.response, "Suggest anyway")
    assert anyway is not None
    answered = await player.click(warned.response, custom_id=anyway["custom_id"])
    assert "💡 Suggestion: `" in answered.response.content
    assert world.table().row.hints_sides == "crew"
    again = await player.click(answered.response, custom_id=suggest["custom_id"])
    assert "💡 Suggestion: `" in again.response.content  # warned once a side


async def test_suggest_in_a_game_that_cannot_be_rated_does_not_warn(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    world.table().row = world.table().row.with_(seeded=True)  # a moderator's seed: unrated
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    suggest = button_labelled(panel, "Suggest")
    assert suggest is not None
    answered = await player.click(panel, custom_id=suggest["custom_id"])
    assert "💡 Suggestion: `" in answered.response.content
