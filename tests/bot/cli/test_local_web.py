"""``quicksilver play --web``: the side at the keyboard sees its own view in a browser
while the terminal game runs, read from the same store as the game is played."""

from __future__ import annotations

import io
import os
import socket
import threading
import urllib.request
from pathlib import Path

from bot.cli.local_table import play_local
from bot.web.settings import WebSettings

WAIT = 120.0  # a hang detector only


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Out(io.StringIO):
    """The terminal's output, with an event set once the page's address is told."""

    def __init__(self) -> None:
        super().__init__()
        self.told = threading.Event()

    def write(self, text: str) -> int:
        if "in a browser:" in text:
            self.told.set()
        return super().write(text)


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=WAIT) as response:
        return str(response.read().decode())


def test_the_terminal_players_page_follows_their_game(tmp_path: Path) -> None:
    port = _free_port()
    web = WebSettings(f"http://127.0.0.1:{port}", "127.0.0.1", port, b"k" * 32)
    read_end, write_end = os.pipe()
    typed = os.fdopen(write_end, "w")
    out = _Out()
    codes: list[int] = []

    def game() -> None:
        with os.fdopen(read_end) as inp:
            codes.append(
                play_local(
                    "crew",
                    5,
                    inp=inp,
                    out=out,
                    db=tmp_path / "l.db",
                    png=tmp_path / "m.png",
                    player_seed=7,
                    web=web,
                )
            )

    runner = threading.Thread(target=game)
    runner.start()
    try:
        assert out.told.wait(WAIT)
        url = out.getvalue().split("in a browser: ")[1].split()[0]
        page = _fetch(url)
        assert "You see the crew's view" in page and "Set-up" in page
    finally:
        typed.close()  # the end of input ends the game, and its page with it
        runner.join(WAIT)
    assert codes and not runner.is_alive()
    try:
        _fetch(url)
    except OSError:
        pass
    else:
        raise AssertionError("the page outlived its game")
