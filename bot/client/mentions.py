"""Who a message may ping: nobody, unless it names whom."""

from __future__ import annotations

import discord

NO_PINGS = discord.AllowedMentions.none()
