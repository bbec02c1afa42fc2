"""The web companion's settings, from the environment (README, "The web companion").

- ``QUICKSILVER_WEB_URL``: the public base address people's browsers reach, e.g.
  ``https://qs.example.org`` (behind a proxy) or ``http://localhost:8040``; unset, there
  is no web companion and no "Open in browser" button.
- ``QUICKSILVER_WEB_PORT`` (default 8040) and ``QUICKSILVER_WEB_HOST`` (default
  127.0.0.1: put a proxy in front, or set 0.0.0.0): where the server listens.
- ``QUICKSILVER_WEB_SECRET``: the key links are signed with, at least 32 characters,
  the same for every process that makes or reads links. Unset, the bot draws one at
  start (its links stop opening when it restarts); ``quicksilver web`` alone needs it.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from bot.web.links import Opens, fresh, sign

DEFAULT_PORT = 8040
MIN_SECRET = 32


class WebSettingsError(ValueError):
    """The environment's web settings cannot be used; the message says how to fix them."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    public_url: str  # no trailing slash
    host: str
    port: int
    secret: bytes
    secret_drawn: bool = False  # no QUICKSILVER_WEB_SECRET: drawn at start

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, *, need_secret: bool = False
    ) -> WebSettings | None:
        """The settings, or None when ``QUICKSILVER_WEB_URL`` is unset."""
        env = os.environ if env is None else env
        url = env.get("QUICKSILVER_WEB_URL", "").strip().rstrip("/")
        if not url:
            return None
        if not url.startswith(("http://", "https://")) or " " in url:
            raise WebSettingsError(
                f"QUICKSILVER_WEB_URL={url!r} is not a web address: give the public base "
                "address browsers reach, such as https://qs.example.org"
            )
        port_text = env.get("QUICKSILVER_WEB_PORT", str(DEFAULT_PORT)).strip()
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise WebSettingsError(f"QUICKSILVER_WEB_PORT={port_text!r} is not a port (1-65535)")
        host = env.get("QUICKSILVER_WEB_HOST", "127.0.0.1").strip() or "127.0.0.1"
        secret = env.get("QUICKSILVER_WEB_SECRET", "").strip()
        if secret and len(secret) < MIN_SECRET:
            raise WebSettingsError(
                f"QUICKSILVER_WEB_SECRET is {len(secret)} characters: links need at least "
                f"{MIN_SECRET} (python3 -c 'import secrets; print(secrets.token_urlsafe(32))')"
            )
        if not secret and need_secret:
            raise WebSettingsError(
                "QUICKSILVER_WEB_SECRET is not set: a web server of its own must read the "
                "links the bot signs, so both need the same secret"
            )
        drawn = not secret
        key = secret.encode() if secret else secrets.token_bytes(MIN_SECRET)
        return cls(url, host, int(port_text), key, drawn)

    def game_link(self, game_id: int, user_id: int, opens: Opens, now: float) -> str:
        """The address of one person's view of one game, opening for a week."""
        return f"{self.public_url}/g/{sign(self.secret, fresh(game_id, user_id, opens, now))}"

    def person_link(self, user_id: int, now: float) -> str:
        """The address of one person's page of their games."""
        return f"{self.public_url}/p/{sign(self.secret, fresh(0, user_id, Opens.PERSON, now))}"
