"""``quicksilver web``: the companion served alone, by its own process, from the store
the bot wrote, with the bot's secret."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from bot.web.links import Opens, fresh, sign
from tests.bot.stored_games import fresh_desk
from tests.web.stored import CREW, SECRET, play, started, twin_moves

READY_SECONDS = 120  # a hang detector only


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUICKSILVER_WEB")}
    return {**env, **extra}


async def _get(url: str) -> tuple[int, str]:
    loop = asyncio.get_running_loop()
    until = loop.time() + READY_SECONDS
    async with aiohttp.ClientSession() as session:
        while True:
            try:
                async with session.get(url) as response:
                    return response.status, await response.text()
            except aiohttp.ClientConnectionError:
                if loop.time() > until:
                    raise
                await asyncio.sleep(0.2)  # the server is still starting: ask again


async def test_the_web_command_serves_the_bots_links_from_the_store(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store, desk = await fresh_desk(path)
    try:
        table = await started(desk)
        await play(desk, table, twin_moves("east"))
    finally:
        await store.close()
    port = _free_port()
    env = _env(
        QUICKSILVER_WEB_URL="http://localhost:1",
        QUICKSILVER_WEB_SECRET=SECRET.decode(),
        QUICKSILVER_WEB_PORT=str(port),
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "bot.cli.main", "web", "--db", str(path)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        token = sign(SECRET, fresh(table.id, CREW, Opens.CREW, time.time()))
        status, page = await _get(f"http://127.0.0.1:{port}/g/{token}")
        assert status == 200 and "You see the crew's view" in page
    finally:
        server.terminate()
        server.wait(timeout=READY_SECONDS)


def test_the_web_command_alone_refuses_to_start_without_the_bots_secret(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli.main", "web", "--db", str(tmp_path / "x.db")],
        env=_env(QUICKSILVER_WEB_URL="https://qs.example.org"),
        capture_output=True,
        text=True,
        timeout=READY_SECONDS,
    )
    assert done.returncode == 2
    assert "QUICKSILVER_WEB_SECRET" in done.stderr
