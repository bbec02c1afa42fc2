"""Signed, expiring links: each names one game, one person and the view they open.

A token is ``<body>.<mac>``: the body, ``game.user.viewer.expires`` in base64url, and
the first 16 bytes of its HMAC-SHA256 under the deployment's secret. Nothing in it is
secret (a game's number, a person's Discord id, a side they sit at), but nobody can
make one: a bad, expired or altered token reads as nothing at all, and the server
answers it exactly as it answers a game that does not exist. A link stops opening
anything once its person no longer holds that seat (a substitution, ``/mod replace``,
``/me forget``): the reader checks the seat at every request (:mod:`bot.web.reader`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from enum import StrEnum

LINK_SECONDS = 7 * 24 * 3600  # a link opens for a week; the bot hands out fresh ones
_MAC_BYTES = 16
_BODY = re.compile(r"^(\d{1,19})\.(\d{1,20})\.([a-z]+)\.(\d{1,12})$")


class Opens(StrEnum):
    """What a link opens: a side's view of a game, the public one, or a person's games."""

    CREW = "crew"
    ALIEN = "alien"
    SPECTATOR = "spectator"
    PERSON = "person"


@dataclass(frozen=True, slots=True)
class Link:
    game_id: int  # 0 for a person's page
    user_id: int  # whose link (0: a public link anyone may be given)
    opens: Opens
    expires: int  # Unix seconds


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: bytes, body: bytes) -> bytes:
    return hmac.new(secret, body, hashlib.sha256).digest()[:_MAC_BYTES]


def sign(secret: bytes, link: Link) -> str:
    """The token for ``link``, to put in a URL path."""
    body = f"{link.game_id}.{link.user_id}.{link.opens.value}.{link.expires}".encode("ascii")
    return f"{_b64(body)}.{_b64(_mac(secret, body))}"


def read(secret: bytes, token: str, now: float) -> Link | None:
    """The link ``token`` names, or None: malformed, altered, signed with another
    secret, or expired all read the same."""
    head, dot, tail = token.partition(".")
    if not dot or len(token) > 200:
        return None
    try:
        body, mac = _unb64(head), _unb64(tail)
    except (ValueError, TypeError):
        return None
    if not hmac.compare_digest(mac, _mac(secret, body)):
        return None
    found = _BODY.match(body.decode("ascii", "replace"))
    if found is None or found.group(3) not in Opens.__members__.values():
        return None
    link = Link(
        int(found.group(1)), int(found.group(2)), Opens(found.group(3)), int(found.group(4))
    )
    return link if now < link.expires else None


def fresh(game_id: int, user_id: int, opens: Opens, now: float) -> Link:
    """A link made now, opening for :data:`LINK_SECONDS`."""
    return Link(game_id, user_id, opens, int(now) + LINK_SECONDS)
