"""``/me forget`` (README, "Ratings and deadlines"): a warning with a confirm button, and
the button that forgets. The button names the person it was made out to; anyone else's
press is refused with the answer a button naming nobody gets, and nothing changes."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.client import answers, failures
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal

TEMPLATE = r"qf:forget:(?P<user>[0-9]+)"
NOT_YOURS = "⚠️ This button is not yours: `/me forget` makes your own."
WARNING = [
    "🗑️ **Forget me?** Your settings, absences and notes are deleted, and every record of "
    "your games (seats, marks, ratings, the public log) names an anonymous player instead "
    "of you. The games stay whole and replayable. This cannot be undone.",
    "To stay off the leaderboards only, `/me settings stats:hidden` is enough.",
]


class ForgetButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE
):
    """Yes, forget me: only for the person it was made out to."""

    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Yes, forget me",
                style=discord.ButtonStyle.danger,
                custom_id=f"qf:forget:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ForgetButton:
        return cls(int(match["user"]))

    async def reached(self, interaction: Inter) -> None:
        """Only the person named may press it (wherever the message is)."""
        if interaction.user.id != self.user_id:
            raise Refusal(NOT_YOURS)
        await answers.defer(interaction)

    async def act(self, interaction: Inter) -> None:
        await bot_of(interaction).desk.forget(self.user_id)
        await answers.reply(
            interaction,
            [
                "Done: I have forgotten you. Your games' records name an anonymous player; "
                "a new `/me settings` starts afresh."
            ],
        )


async def ask(interaction: Inter) -> None:
    await answers.defer(interaction)
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(interaction.user.id))
    await answers.reply(interaction, WARNING, view=view)
