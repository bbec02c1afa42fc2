"""A tutorial in Discord: its private thread, its last word and the button that
opens a real lobby. The lesson itself is the desk's (:mod:`bot.desk.tutorial`).

``/game tutorial`` (:mod:`bot.client.commands.tutorial`) opens a private thread in the
channel it is used in, with only the learner and the bot, and plays the lesson there:
the crew's panel opens in the thread, the alien's in DMs as in a real game. When the
lesson's game ends, the thread gets "you are ready" and an **Open a lobby** button, which
opens a real lobby (with its welcome) in the channel the thread belongs to.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.client import access, answers, courier, failures, ui
from bot.client.host import Bot, Inter, LobbyPost, bot_of
from bot.desk.service import Refusal, Table
from bot.desk.tutorial import lesson_of
from bot.language import N_
from bot.present import lessons, texts, welcome
from bot.present.locale import _, speaking

TEMPLATE = r"qt:lobby:(?P<channel>[0-9]+)"


class LobbyButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE
):
    """Opens a real lobby in channel ``channel`` (the tutorial thread's parent)."""

    def __init__(self, channel_id: int, label: str = "Open a lobby") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎲",
                style=discord.ButtonStyle.success,
                custom_id=f"qt:lobby:{channel_id}",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        return cls(int(match["channel"]))

    async def reached(self, interaction: Inter) -> None:
        """Only from the tutorial's thread (whose parent the button names) or that
        channel itself: a forged id cannot open a lobby in another server's channel."""
        access.require_guild(interaction)
        parent = getattr(interaction.channel, "parent_id", None)
        if self.channel_id not in (interaction.channel_id, parent):
            raise Refusal(access.ELSEWHERE)

    async def act(self, interaction: Inter) -> None:
        await open_lobby(interaction, self.channel_id)


async def open_lobby(interaction: Inter, channel_id: int) -> None:
    """A real lobby in ``channel_id``, as ``/game create`` there would open it."""
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    channel = await courier.channel_of(bot, channel_id)
    if channel is None:
        raise Refusal(N_("That channel is gone: use `/game create` where you want to play."))
    name = getattr(channel, "name", "") or str(channel_id)
    table = await bot.desk.create(channel_id, interaction.guild_id, name, interaction.user.id, None)
    pace = await welcome.pace_line(bot.desk.store, interaction.guild_id)
    head = welcome.welcome_lines(pace)
    lines = [*head, texts.lobby_text(table)]
    message = await courier.post(bot, channel_id, lines, view=ui.lobby_view(table))
    if message is not None:  # the lobby's one message, edited as seats are taken
        bot.lobby_posts[table.id] = LobbyPost.of(message, head)
    with speaking(answers.language(interaction)):  # the lobby is everyone's; this, theirs
        done = _("Your lobby is open in <#{channel}>: take a seat there.")
    await answers.reply(interaction, [done.format(channel=channel_id)])


async def post_ready(bot: Bot, table: Table) -> None:
    """The lesson's last word in its thread, with the button to a real lobby (in the
    learner's language: delivered under their :func:`bot.client.answers.voice`)."""
    lesson = lesson_of(table)
    thread = await courier.channel_of(bot, table.channel_id)
    if lesson is None or thread is None:
        return
    parent = getattr(thread, "parent_id", None)
    view = discord.ui.View(timeout=None)
    if parent is not None:
        view.add_item(LobbyButton(parent, _("Open a lobby")))
    await courier.post(bot, table.channel_id, [lessons.ready(lesson)], view=view)
