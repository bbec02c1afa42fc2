"""What the client's modules need of the running bot (:class:`Bot`), and the interaction
type every handler takes.

Only the composition root, :mod:`bot.client.app`, knows the bot's class; every other
module asks for a :class:`Bot`: the desk, the stopwatch, what each game button does, and
the few lookups of Discord's client it uses. So the client's modules import nothing above
them to name the bot, and a button (low, in every view) reaches its handler (high) through
the bot rather than by importing it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, cast

import discord

from bot.desk.service import Desk, Table
from bot.web.settings import WebSettings

Inter = discord.Interaction[discord.Client]
Channel = discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel
# What a game button's press does, given the game it reached, its stamp and argument.
ButtonHandler = Callable[[Inter, Table, str, str], Awaitable[None]]


# Each open lobby is one message edited in place (README, "The lobby"): an edit only
# when its words change, one at a time per lobby (``lock``), so changes that arrive
# during an edit go out together in the next one (Discord limits edits per channel).
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


class Timings(Protocol):
    """The stopwatch: when an interaction was acknowledged, and when its map was posted."""

    def ack(self, interaction: Inter, /) -> None: ...

    def image(self, interaction_id: int | None, draw_seconds: float, /) -> None: ...


class Bot(Protocol):
    """The running bot, as the client's modules use it."""

    @property
    def desk(self) -> Desk: ...

    @property
    def stopwatch(self) -> Timings: ...

    @property
    def buttons(self) -> Mapping[str, ButtonHandler]:
        """What each game button's action does (:data:`bot.client.buttons.BUTTONS`)."""

    @property
    def web(self) -> WebSettings | None:
        """The web companion's settings, for "Open in browser" links (None: no companion)."""

    @property
    def lobby_posts(self) -> dict[int, LobbyPost]:
        """Each open lobby's one message, by game (:class:`LobbyPost`)."""

    def get_channel(self, id: int, /) -> Channel | None: ...

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

    async def fetch_channel(self, channel_id: int, /) -> Channel: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


def bot_of(interaction: Inter) -> Bot:
    """The bot an interaction arrived at (discord.py types it as a plain client)."""
    return cast(Bot, interaction.client)
