"""The link that invites the bot to a server, with the permissions it needs (README,
"Running the Discord bot"): the bot logs it when it starts, made from its own
application id, so an operator never has to build it by hand."""

from __future__ import annotations

import discord

SCOPES = ("bot", "applications.commands")

# What the bot does in a server: see its channels, post there (text, pictures, the
# embeds of links), read back the lobby and map messages it edits, and for
# `/game tutorial` open a private thread and post in it.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    create_private_threads=True,
    send_messages_in_threads=True,
)


def invite_url(application_id: int) -> str:
    """The OAuth2 link that adds the application ``application_id`` to a server."""
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=SCOPES)
