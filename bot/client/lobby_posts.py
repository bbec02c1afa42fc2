"""Where each open lobby's one message is and what it last showed: the lobby is a single
message edited in place (README, "The lobby"), so the bot remembers it per game.

An edit is made only when the words change, one at a time per lobby (``lock``): changes
that arrive while an edit is under way are shown together by the next one, so a crowd
joining at once costs few edits (Discord limits them per channel).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import discord


@dataclass
class LobbyPost:
    """One lobby's message: where it is, the lines above the seats (the welcome), and the
    text it shows now."""

    channel_id: int
    message_id: int
    head: list[str]
    shown: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def of(cls, message: discord.Message, head: list[str]) -> LobbyPost:
        """The lobby just posted as ``message``, ``head`` above its seats."""
        return cls(message.channel.id, message.id, head, message.content)
