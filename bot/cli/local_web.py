"""The web companion beside a terminal game (``quicksilver play --web``): the page of the
side at the keyboard, served on localhost from its own thread and event loop while the
terminal reads its input, from the same SQLite store, read-only."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Mapping
from pathlib import Path

from aiohttp import web

from bot.store import Store, open_store
from bot.web.links import Opens
from bot.web.reader import Reader
from bot.web.server import start_web
from bot.web.settings import DEFAULT_PORT, MIN_SECRET, WebSettings
from engine.board.floorplan import default_ship
from engine.content import load_content

READY_SECONDS = 60.0  # a hang detector only


def local_settings(env: Mapping[str, str]) -> WebSettings:
    """The environment's web settings, else localhost on the default port with a secret
    drawn now (a terminal game's links need not outlive it)."""
    found = WebSettings.from_env(env)
    if found is not None:
        return found
    key = secrets.token_bytes(MIN_SECRET)
    return WebSettings(f"http://localhost:{DEFAULT_PORT}", "127.0.0.1", DEFAULT_PORT, key, True)


class LocalWeb:
    """The companion on a thread of its own, until :meth:`close`."""

    def __init__(self, path: Path, settings: WebSettings) -> None:
        self.settings = settings
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._store: Store | None = None
        self._runner: web.AppRunner | None = None
        try:
            self._call(self._start(path))
        except BaseException:
            self.close()
            raise

    def _call(self, work: object) -> None:
        assert asyncio.iscoroutine(work)
        asyncio.run_coroutine_threadsafe(work, self._loop).result(READY_SECONDS)

    async def _start(self, path: Path) -> None:
        self._store = await open_store(path)
        reader = Reader(self._store, default_ship(), load_content())
        self._runner = await start_web(self.settings, reader)

    async def _stop(self) -> None:
        try:
            if self._runner is not None:
                await self._runner.cleanup()
        finally:
            if self._store is not None:
                await self._store.close()

    def link(self, game_id: int, side: str) -> str:
        """The page of the side at the keyboard (the public view when both share it)."""
        opens = Opens(side) if side in ("crew", "alien") else Opens.SPECTATOR
        return self.settings.game_link(game_id, 0, opens, time.time())

    def close(self) -> None:
        if self._loop.is_running():
            self._call(self._stop())
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(READY_SECONDS)
        self._loop.close()
