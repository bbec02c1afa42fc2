"""How the bot answers the person behind an interaction: acknowledged within Discord's
3 seconds (:func:`defer`), answered privately in their own language (:func:`reply`,
:func:`privately`), a refusal turned into a short private answer (:func:`guard`).

Every handler acknowledges before anything that may touch the store (loading a game,
reading the moderator role), wait for the channel's lock, or draw a map; only checks
made in memory may answer first. Anything other than a refusal is answered by
:mod:`bot.client.failures`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import discord

from bot.client import failures
from bot.client.host import Bot, Inter, bot_of
from bot.client.mentions import NO_PINGS
from bot.desk.outcome import Outcome
from bot.desk.service import Refusal, Table
from bot.present import texts
from bot.present.events import reply_lines
from bot.present.locale import _, language_of, speaking
from bot.present.notes import note_lines


@contextlib.asynccontextmanager
async def guard(interaction: Inter) -> AsyncIterator[None]:
    """Turn a refusal into a short private answer, in the person's own language where a
    catalogue words it (:func:`refused`); nothing changed."""
    try:
        yield
    except Refusal as refusal:
        await reply(interaction, [refused(interaction, refusal)])


def say(interaction: Inter, message: str) -> str:
    """``message`` (marked ``N_`` where it is written) in the person's own language."""
    with speaking(language(interaction)):
        return _(message)


def refused(interaction: Inter, refusal: Exception) -> str:
    """A refusal as its person reads it (:func:`bot.client.failures.refused`)."""
    return failures.refused(interaction, refusal)


async def defer(interaction: Inter, *, ephemeral: bool = True) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        bot_of(interaction).stopwatch.ack(interaction)


async def reply(
    interaction: Inter,
    lines: Sequence[str],
    *,
    ephemeral: bool = True,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> discord.Message | None:
    """Answer the person: the first response, or follow-ups once deferred. Returns the
    last follow-up (the one with ``view``), or None when the first response was it."""
    parts = texts.chunks(lines) or ["Done."]
    last: discord.Message | None = None
    for index, part in enumerate(parts):
        kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": NO_PINGS}
        if index == len(parts) - 1:
            if view is not None and view.children:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
        if not interaction.response.is_done():
            await interaction.response.send_message(part, **kwargs)
            bot_of(interaction).stopwatch.ack(interaction)
        else:
            last = await interaction.followup.send(part, wait=True, **kwargs)
    return last


def language(interaction: Inter) -> str:
    """The catalogue for the person's own Discord language (English without one)."""
    return language_of(interaction.locale.value)


async def for_person(bot: Bot, user_id: int) -> contextlib.AbstractContextManager[None]:
    """Around words for ``user_id`` alone that no press of theirs causes (a reminder, a
    seat offered, another's move): their ``/me settings`` language, else their last
    interaction's, else English (README, "Languages")."""
    return speaking(await bot.desk.language_of(user_id))


def privately(interaction: Inter) -> contextlib.AbstractContextManager[None]:
    """Around words only the person reads (an ephemeral answer, their own copy of a
    page): their own language. Never around a post to a channel."""
    return speaking(language(interaction))


def said(interaction: Inter, message: str, /, **fields: object) -> str:
    """A line only the person reads (an ephemeral reply) in their own language:
    ``message`` is marked for the catalogue (``N_``) where it is written, and ``fields``
    fill its places once it is translated."""
    with privately(interaction):
        text = _(message)
    return text.format(**fields) if fields else text


def voice(interaction: Inter, table: Table) -> contextlib.AbstractContextManager[None]:
    """Around what a press or command makes happen at ``table``: a tutorial's thread is
    the learner's alone, so everything said there (its posts, its buttons, the lesson)
    speaks the learner's language; every other game's channel stays English."""
    if table.row.tutorial:
        return speaking(language(interaction))
    return contextlib.nullcontext()


def acted(interaction: Inter, outcome: Outcome) -> None:
    """Stamp ``outcome`` with the interaction that caused it: for timings, and for the
    actor's own language in what it sends them alone (:func:`bot.client.flow.to_person`)."""
    outcome.interaction_id = interaction.id
    outcome.actor_language = language(interaction)


def reply_for(interaction: Inter, outcome: Outcome) -> list[str]:
    """What the person who acted reads of ``outcome``, in their own language."""
    with privately(interaction):
        return [*reply_lines(outcome.reply_events), *note_lines(outcome.reply)]
