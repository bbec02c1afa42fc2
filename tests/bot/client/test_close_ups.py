"""Close-ups on the in-memory Discord: under every map and in the turn panel,
the presser's own view at twice the map's scale, only to them, with alt text."""

from __future__ import annotations

import io

from PIL import Image

from render import style
from render.zoom import FOCUS_COLUMNS, PITCH
from tests.bot.helpers import make_world, seat_and_start
from tests.bot.panel_driver import Tapper, button_labelled, buttons, last_with_button, open_panel


async def _picture(attachment) -> Image.Image:  # type: ignore[no-untyped-def]
    return Image.open(io.BytesIO(await attachment.read()))


async def test_close_up_under_the_map_is_the_pressers_unit_zoomed_with_alt_text(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    player = world.crew[0]
    board = last_with_button(world.messages(), "Close-up")
    pressed = await player.click(board, label="Close-up")
    answer = pressed.response
    assert answer.ephemeral and "your view (crew)" in answer.content
    table = world.table()
    crew = table.view_for("crew")
    mine = [line for line in crew.crew if line.id in table.units_of(player.id) and line.grid]
    (file,) = answer.attachments
    assert file.filename == f"closeup-{mine[0].grid}.png"
    assert f"{mine[0].name}" in file.description and "crew view" in file.description
    picture = await _picture(file)
    assert picture.width >= FOCUS_COLUMNS * PITCH == FOCUS_COLUMNS * 2 * style.CELL
    assert [b["label"] for b in buttons(answer)][:2] == ["Close-up", "Deck 02"]
    deck = await player.click(answer, label="Deck 01")
    (whole,) = deck.response.attachments
    assert whole.filename == "deck1.png" and whole.description
    wide = await _picture(whole)
    assert wide.width >= table.game.ship.decks[1].width * PITCH  # a real zoom: 2x the map


async def test_the_panel_offers_a_close_up_of_the_unit_it_shows(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    panel = await open_panel(Tapper(player), world.messages())
    acting = panel.content.split("Acting: **")[1].split("**")[0]
    look = button_labelled(panel, "Close-up")
    assert look is not None
    pressed = await player.click(panel, custom_id=look["custom_id"])
    (file,) = (
        pressed.followups[-1].attachments if pressed.followups else pressed.response.attachments
    )
    assert file.filename.startswith("closeup-") and acting in file.description
    assert pressed.followups[-1].ephemeral if pressed.followups else pressed.response.ephemeral


async def test_the_aliens_close_up_stays_in_its_dms_and_shows_it_hidden(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    tapper = Tapper(world.alien.user)
    panel = await open_panel(tapper, list(world.alien.user.dm_channel.history()))
    run = button_labelled(panel, "Pipe-run")
    assert run is not None
    panel = (await tapper.click(panel, custom_id=run["custom_id"])).response
    look = button_labelled(panel, "Close-up")
    assert look is not None
    before = len(world.messages())
    pressed = await world.alien.user.click(panel, custom_id=look["custom_id"])
    answer = pressed.followups[-1] if pressed.followups else pressed.response
    (file,) = answer.attachments
    assert "pipe-running" in file.description  # its own secret position, to itself
    assert len(world.messages()) == before  # nothing reached the channel
