"""The bot as the client's modules see it: the interaction type every handler takes,
and the running bot behind an interaction."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:
    from bot.client.app import QuicksilverBot

Inter = discord.Interaction[discord.Client]


def bot_of(interaction: Inter) -> QuicksilverBot:
    return cast("QuicksilverBot", interaction.client)
