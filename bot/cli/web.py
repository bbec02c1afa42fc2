"""``quicksilver web``: the web companion alone, against the bot's store (SQLite or
PostgreSQL), for a deployment that serves it apart from the bot's shards, or several
copies behind a proxy. It reads the store and never writes to it; the links it opens
are the bot's, so it needs the bot's ``QUICKSILVER_WEB_SECRET``."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Mapping

from bot.store import open_store
from bot.store.failures import StoreRefused
from bot.web.reader import Reader
from bot.web.server import start_web
from bot.web.settings import WebSettings, WebSettingsError
from engine.board.floorplan import default_ship
from engine.content import load_content

log = logging.getLogger(__name__)


def settings_for(env: Mapping[str, str], host: str | None, port: int | None) -> WebSettings:
    """The environment's settings, ``--host`` and ``--port`` over them; a clear
    :class:`WebSettingsError` where they cannot serve alone."""
    settings = WebSettings.from_env(env, need_secret=True)
    if settings is None:
        raise WebSettingsError(
            "QUICKSILVER_WEB_URL is not set: give the public base address the bot's links "
            "use, such as https://qs.example.org (README, 'The web companion')"
        )
    return WebSettings(
        settings.public_url,
        host or settings.host,
        port or settings.port,
        settings.secret,
    )


async def _serve(target: str, settings: WebSettings) -> None:
    store = await open_store(target)
    try:
        runner = await start_web(settings, Reader(store, default_ship(), load_content()))
        try:
            await asyncio.Event().wait()  # until interrupted
        finally:
            await runner.cleanup()
    finally:
        await store.close()


def run_web(target: str, env: Mapping[str, str], host: str | None, port: int | None) -> int:
    """Serve until interrupted; the exit code."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        settings = settings_for(env, host, port)
    except WebSettingsError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        asyncio.run(_serve(target, settings))
    except StoreRefused as refused:
        print(f"error: the store cannot be opened: {refused}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0
