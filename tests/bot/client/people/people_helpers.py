"""Two servers and a person in both (the people tests')."""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

from tests.bot.helpers import World, make_world


def two_servers(env: Any) -> tuple[World, World]:
    """Server A's game and server B's game; A's alien player is also B's crew player."""
    a = make_world(env, "ship-a", crew=1)
    b = make_world(env, "ship-b", crew=1)
    b.crew[0] = b.guild.add_member(a.alien.user)
    return a, b


def rows(world: World, sql: str, *params: object) -> list[tuple[Any, ...]]:
    """Rows straight from the bot's database."""
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return list(db.execute(sql, params))


def pinged(world: World, message: Any) -> set[int]:
    """Whom a message notifies (its allowed mentions), not merely names: as the
    in-memory Discord records it."""
    stored = world.env.backend.get_message(message.channel.id, message.id)
    return set(stored.ping_user_ids)
