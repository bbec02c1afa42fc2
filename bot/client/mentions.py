"""Who a message may ping: nobody, unless it names whom."""

from __future__ import annotations

import discord

NO_PINGS = discord.AllowedMentions.none()


def users(user_ids: list[int]) -> discord.AllowedMentions:
    """Only these people are pinged."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])


def role(role_id: int) -> discord.AllowedMentions:
    """Only this role is pinged (the server's moderators)."""
    return discord.AllowedMentions(roles=[discord.Object(role_id)], users=False)
