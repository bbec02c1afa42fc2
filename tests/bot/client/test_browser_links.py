"""The web companion's "Open in browser" buttons, through the bot on simcord: a private
answer carries a link that opens the asker's own view, and nothing else does."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.web.reader import Reader
from bot.web.server import make_app
from bot.web.settings import WebSettings
from tests.bot.helpers import make_world, restart, seat_and_start
from tests.bot.panel_driver import buttons, open_panel

SECRET = b"s" * 32
EPHEMERAL = 64


def _settings() -> WebSettings:
    return WebSettings("https://qs.example.org", "127.0.0.1", 0, SECRET)


def _link(message: Any) -> str:
    found = [b["url"] for b in buttons(message) if b.get("url", "").startswith("https://qs.")]
    assert len(found) == 1, buttons(message)
    return str(found[0]).removeprefix("https://qs.example.org")


async def _opened(bot: Any, path: str) -> tuple[int, str]:
    reader = Reader(bot.desk.store, bot.desk.ship, bot.desk.content)
    async with TestClient(TestServer(make_app(reader, SECRET, clock=bot.desk.clock))) as client:
        response = await client.get(path)
        return response.status, await response.text()


async def test_each_persons_map_answer_links_to_their_own_view_privately(
    simcord_env: Any, db_path: Path
) -> None:
    bot = await restart(simcord_env, db_path, web=_settings())
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew_answer = (await world.crew[0].slash(world.channel, "game map")).response
    alien_answer = (await world.alien.user.slash("game map")).response
    watcher_answer = (await world.spectator.slash(world.channel, "game map")).response
    assert crew_answer.flags.value & EPHEMERAL
    crew = await _opened(bot, _link(crew_answer))
    alien = await _opened(bot, _link(alien_answer))
    public = await _opened(bot, _link(watcher_answer))
    assert crew[0] == alien[0] == public[0] == 200
    assert "You see the crew's view" in crew[1]
    assert "You see the alien's view" in alien[1]
    assert "You see the public view" in public[1]
    for message in world.messages():  # nothing in the channel carries a link
        assert not [b for b in buttons(message) if b.get("url", "").startswith("https://qs.")]


async def test_me_games_links_to_the_persons_page_of_games(simcord_env: Any, db_path: Path) -> None:
    bot = await restart(simcord_env, db_path, web=_settings())
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    answer = (await world.crew[0].slash(world.channel, "me games")).response
    status, page = await _opened(bot, _link(answer))
    assert status == 200
    assert f"Game {world.table().id}" in page
    game_link = re.findall(r'href="(/g/[^"]+)"', page)[0]
    status, game = await _opened(bot, game_link)
    assert status == 200 and "You see the crew's view" in game


async def test_without_a_public_address_no_answer_has_a_browser_button(simcord_env: Any) -> None:
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    answer = (await world.crew[0].slash(world.channel, "game map")).response
    assert not [b for b in buttons(answer) if b.get("style") == 5]


async def test_the_turn_panel_links_to_its_players_own_view_and_keeps_it_in_place(
    simcord_env: Any, db_path: Path
) -> None:
    bot = await restart(simcord_env, db_path, web=_settings())
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("game do", command="pass")  # the crew's phase begins
    panel = await open_panel(world.crew[0], world.messages())
    assert panel.flags.value & EPHEMERAL
    status, page = await _opened(bot, _link(panel))
    assert status == 200 and "You see the crew's view" in page
    rows = [r if isinstance(r, dict) else r.to_dict() for r in panel.components]
    assert len(rows) <= 5
    end = next(b for b in buttons(panel) if str(b.get("label", "")).startswith("End "))
    pressed = await world.crew[0].click(panel, custom_id=end["custom_id"])
    assert pressed.response is not None
    assert _link(pressed.response) == _link(panel)  # redrawn in place, the link kept
