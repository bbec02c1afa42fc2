"""Nobody is left on "…is thinking": every failure of an interaction gets an answer.

Every button and menu of ours is a dynamic item built on :class:`Answered`, the one
wrapper they all go through: it checks the press may reach what its custom id names
(each family's :meth:`Answered.reached`: the game's channel, or a DM of someone who may
reach the game), answers a refusal privately, and gives anything unexpected to
:func:`answer` (discord.py only logs what a dynamic item raises). Slash commands answer
their refusals where they happen (:func:`bot.client.answers.guard`), and anything else
reaches :func:`answer` from the command tree's ``on_error`` hook
(:class:`bot.client.app.Tree`). The person gets a short private answer with a reference;
the operator log gets the traceback under the same reference, scrubbed of anything a
game could have put in it (:mod:`bot.desk.incidents`).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.desk import incidents
from bot.desk.tables import Refusal
from bot.present.locale import _, language_of, speaking
from bot.present.notes import refusal_text
from bot.store.failures import StoreFailed, watch_writes, written

log = logging.getLogger("quicksilver.bot")

Inter = discord.Interaction[discord.Client]

UNEXPECTED = "Something went wrong on our side; nothing was changed. Reference: {reference}"
AFTER_SAVING = (
    "Something went wrong on our side after your command was saved: it stands, but not "
    "everyone may have been told. `/game status` shows where the game is. "
    "Reference: {reference}"
)
NOT_TAKEN = (
    "⚠️ Your command was not taken: the bot's store could not be reached just now, so "
    "nothing changed. Please try again in a little while. Reference: {reference}"
)
UNREADABLE = "⚠️ I could not read one of the options: pick its value from the list and try again."
UNKNOWN = "⚠️ I do not know that command: Discord may still be showing an old list of them."


async def answer(interaction: Inter, error: BaseException) -> str:
    """Tell the person privately, log the scrubbed traceback; the reference both carry.
    A store that could not be read or written (a full disk, a lost database) is told as
    a command not taken, when nothing was written before it."""
    reference = incidents.record(error, f"answering {what(interaction)}")
    if written():
        text = AFTER_SAVING
    elif isinstance(error, StoreFailed):
        text = NOT_TAKEN
    else:
        text = UNEXPECTED
    await tell(interaction, text.format(reference=reference))
    return reference


async def on_tree_error(interaction: Inter, error: app_commands.AppCommandError) -> None:
    """The command tree's hook: an option Discord sent that does not read, a command it
    still shows that we no longer have, a refusal a command did not answer itself, or an
    unexpected failure inside a command."""
    if isinstance(error, app_commands.TransformerError):
        await tell(interaction, UNREADABLE)
    elif isinstance(error, app_commands.CommandNotFound):
        await tell(interaction, UNKNOWN)
    else:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(original, Refusal):
            await tell(interaction, refused(interaction, original))
        else:
            await answer(interaction, original)


def refused(interaction: Inter, refusal: Exception) -> str:
    """A refusal as its person reads it: a tutorial's is worded for them, one the code
    marks (``N_``) is translated; the rest (those naming units, grids, lists) stay English."""
    with speaking(language_of(interaction.locale.value)):
        text = refusal_text(refusal) or _(str(refusal))
    return text if text.startswith(("⚠️", "⌛")) else f"⚠️ {text}"


class Answered:
    """The one wrapper of every button and menu of ours (mixed into each dynamic item):
    the press is timed, checked (:meth:`reached`), acted on (:meth:`act`) and always
    answered: a refusal privately, anything else by :func:`answer` with its reference."""

    async def callback(self, interaction: Inter) -> None:
        stopwatch = getattr(interaction.client, "stopwatch", None)
        if stopwatch is not None:
            stopwatch.arrive(interaction)
        watch_writes()
        try:
            await self.reached(interaction)
            await self.act(interaction)
        except Refusal as refusal:
            await tell(interaction, refused(interaction, refusal))
        except Exception as error:
            await answer(interaction, error)

    async def reached(self, interaction: Inter) -> None:
        """Refuse (a :class:`~bot.desk.tables.Refusal`) a press from where what the
        custom id names may not be reached: another channel, another server, a DM of
        someone with no part in the game. Acknowledge (defer) before reading the store.
        Every family says its own; there is no default."""
        raise NotImplementedError(f"{type(self).__name__} does not say where it may be pressed")

    async def act(self, interaction: Inter) -> None:
        """What the press does, once :meth:`reached` let it through."""
        raise NotImplementedError


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
    quiet = discord.AllowedMentions.none()  # a refusal may name someone: never a ping
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=quiet)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)
    except discord.HTTPException:  # an expired token, Discord down: the log has it
        log.warning("could not answer an interaction (%s)", what(interaction))
