"""The "Open in browser" link buttons of the web companion (README, "The web
companion"): a person's own view of a game, and their page of games. Each link names
its person, so it goes only into answers only they see (ephemeral replies, DMs), never
into the channel; a spectator's link is the public view and names nobody."""

from __future__ import annotations

import discord

from bot.client.host import Bot
from bot.desk.service import Table
from bot.present.locale import _
from bot.web.links import Opens
from engine.views import Viewer

_OPENS = {Viewer.CREW: Opens.CREW, Viewer.ALIEN: Opens.ALIEN}


def game_button(
    bot: Bot, table: Table, viewer: Viewer, user_id: int
) -> discord.ui.Button[discord.ui.View] | None:
    """A link to ``viewer``'s view of ``table``'s game, or None without a companion."""
    if bot.web is None or table.game is None:
        return None
    opens = _OPENS.get(viewer, Opens.SPECTATOR)
    holder = user_id if opens is not Opens.SPECTATOR else 0
    url = bot.web.game_link(table.id, holder, opens, bot.desk.clock())
    return discord.ui.Button(
        label=_("Open in browser"), emoji="🌐", style=discord.ButtonStyle.link, url=url
    )


def person_button(bot: Bot, user_id: int) -> discord.ui.Button[discord.ui.View] | None:
    """A link to the person's page of their games, or None without a companion."""
    if bot.web is None:
        return None
    url = bot.web.person_link(user_id, bot.desk.clock())
    return discord.ui.Button(
        label=_("Your games in the browser"), emoji="🌐", style=discord.ButtonStyle.link, url=url
    )
