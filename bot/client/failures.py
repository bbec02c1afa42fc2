"""Nobody is left on "…is thinking": every failure of an interaction gets an answer.

Refusals are answered where they happen (:func:`bot.client.actions.guard`). Anything
else reaches :func:`answer`: from the command tree's ``on_error`` hook
(:class:`bot.client.app.Tree`), and from every dynamic item's callback through
:func:`answered` (discord.py only logs what a dynamic item raises, and our buttons and
menus are all dynamic items). The person gets a short private answer with a reference;
the operator log gets the traceback under the same reference, scrubbed of anything a
game could have put in it (:mod:`bot.desk.incidents`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from bot.desk import incidents
from bot.store.base import watch_writes, written

log = logging.getLogger("quicksilver.bot")

Inter = discord.Interaction[discord.Client]

UNEXPECTED = "Something went wrong on our side; nothing was changed. Reference: {reference}"
AFTER_SAVING = (
    "Something went wrong on our side after your command was saved: it stands, but not "
    "everyone may have been told. `/game status` shows where the game is. "
    "Reference: {reference}"
)
UNREADABLE = "⚠️ I could not read one of the options: pick its value from the list and try again."
UNKNOWN = "⚠️ I do not know that command: Discord may still be showing an old list of them."


async def answer(interaction: Inter, error: BaseException) -> str:
    """Tell the person privately, log the scrubbed traceback; the reference both carry."""
    reference = incidents.record(error, f"answering {what(interaction)}")
    wrote = written()
    await tell(interaction, (AFTER_SAVING if wrote else UNEXPECTED).format(reference=reference))
    return reference


async def on_tree_error(interaction: Inter, error: app_commands.AppCommandError) -> None:
    """The command tree's hook: an option Discord sent that does not read, a command it
    still shows that we no longer have, or an unexpected failure inside a command."""
    if isinstance(error, app_commands.TransformerError):
        await tell(interaction, UNREADABLE)
    elif isinstance(error, app_commands.CommandNotFound):
        await tell(interaction, UNKNOWN)
    else:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer(interaction, original)


async def answered(interaction: Inter, work: Awaitable[None]) -> None:
    """Run a dynamic item's ``work``; whatever it raises gets :func:`answer`."""
    watch_writes()
    try:
        await work
    except Exception as error:
        await answer(interaction, error)


def what(interaction: Inter) -> str:
    """The interaction in words that carry no game text: a command's name, or the kind
    of button or menu (its custom id's first two fields, never its argument)."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    return f"the component {':'.join(custom_id.split(':')[:2]) or '?'}"


async def tell(interaction: Inter, text: str) -> None:
    """A short private answer, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:  # an expired token, Discord down: the log has it
        log.warning("could not answer an interaction (%s)", what(interaction))
