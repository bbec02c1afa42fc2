"""Turning outcomes into Discord messages: channel posts, DMs, maps and pings."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.client.pacing import Pacer
from bot.desk.service import Outcome, Refusal, Seat, Table
from bot.desk.tables import damaged_text
from bot.present import texts
from bot.present.locale import _, speaking
from engine.events import Event
from engine.views import Viewer
from render.board import render_png
from render.card import phase_card_png

if TYPE_CHECKING:
    from bot.client.app import QuicksilverBot

log = logging.getLogger("quicksilver.bot")

NO_PINGS = discord.AllowedMentions.none()


async def map_file(
    table: Table, viewer: Viewer, name: str = "map.png", lines: Sequence[str] = ()
) -> discord.File:
    """The floorplan as ``viewer`` may see it, drawn off the event loop, with alt text
    from ``lines`` (the post it goes with)."""
    assert table.game is not None
    view = table.view_for(viewer)
    png = await asyncio.to_thread(render_png, view.board, table.game.ship)
    alt = texts.map_alt(view, viewer.value, lines)
    return discord.File(io.BytesIO(png), filename=name, description=alt)


async def phase_card_file(
    table: Table, events: Sequence[Event], lines: Sequence[str] = ()
) -> discord.File:
    """The picture posted when a phase ends (render.card): where its public ``events``
    happened, up close, and the ship small, drawn off the event loop from the
    spectator's view (whoever looks at the channel), with alt text from ``lines``."""
    assert table.game is not None
    view = table.view_for(Viewer.SPECTATOR)
    png = await asyncio.to_thread(phase_card_png, view.board, table.game.ship, events)
    alt = texts.map_alt(view, Viewer.SPECTATOR.value, lines)
    return discord.File(io.BytesIO(png), filename="map.png", description=alt)


async def channel_of(bot: QuicksilverBot, channel_id: int) -> discord.abc.Messageable | None:
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %d is gone", channel_id)
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def post(
    bot: QuicksilverBot,
    channel_id: int,
    lines: list[str],
    *,
    mentions: discord.AllowedMentions = NO_PINGS,
    view: discord.ui.View | None = None,
) -> discord.Message | None:
    """Post ``lines`` to the channel; ``view`` goes under the last message."""
    channel = await channel_of(bot, channel_id)
    if channel is None or not lines:
        return None
    last = None
    parts = texts.chunks(lines)
    for index, chunk in enumerate(parts):
        if view is not None and index == len(parts) - 1:
            last = await channel.send(chunk, allowed_mentions=mentions, view=view)
        else:
            last = await channel.send(chunk, allowed_mentions=mentions)
    return last


async def tell_damage(bot: QuicksilverBot, table: Table) -> None:
    """A game whose stored record no longer replays: the channel and its moderators
    (the server's moderator role, when one is set) hear what happened and what to do."""
    assert table.damaged_at is not None
    text = f"⚠️ {damaged_text(table.id, table.damaged_in)}"
    role = await bot.desk.store.mod_role(table.row.guild_id) if table.row.guild_id else None
    if role is None:
        await post(bot, table.channel_id, [f"{text} (for the moderators of this channel)"])
        return
    mentions = discord.AllowedMentions(roles=[discord.Object(role)], users=False)
    await post(bot, table.channel_id, [f"<@&{role}> {text}"], mentions=mentions)


async def dm(
    bot: QuicksilverBot,
    table: Table,
    user_id: int,
    lines: list[str],
    *,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> bool:
    """DM a player; remember when their DMs are closed. True if it arrived."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        parts = texts.chunks(lines) or ["​"]
        for chunk in parts[:-1]:
            await user.send(chunk, allowed_mentions=NO_PINGS)
        if file is not None and view is not None:
            await user.send(parts[-1], file=file, view=view, allowed_mentions=NO_PINGS)
        elif file is not None:
            await user.send(parts[-1], file=file, allowed_mentions=NO_PINGS)
        elif view is not None:
            await user.send(parts[-1], view=view, allowed_mentions=NO_PINGS)
        else:
            await user.send(parts[-1], allowed_mentions=NO_PINGS)
    except discord.Forbidden:
        await bot.desk.set_dm_ok(table, user_id, False)
        return False
    except discord.HTTPException as err:
        log.warning("DM to a player failed: %s", err.status)
        return False
    await bot.desk.set_dm_ok(table, user_id, True)
    return True


COMPUTER_MOVES_MAX = 2000  # a safety stop for one run of the game's moves


def to_person(outcome: Outcome, user_id: int) -> contextlib.AbstractContextManager[None]:
    """Around words for ``user_id`` alone (a DM) that ``outcome`` causes: the actor's own
    language when they are the actor (they pressed: Discord told us theirs); otherwise
    as spoken around (English, or a tutorial's learner's), since no stored preference
    says anyone else's."""
    if user_id == outcome.actor:
        return speaking(outcome.actor_language)
    return contextlib.nullcontext()


async def deliver(bot: QuicksilverBot, table: Table, outcome: Outcome) -> None:
    """Tell everyone what ``outcome`` lets them know, then let the game play its side if
    it waits on it (or the computer stands in for an away player); call with the
    channel lock held."""
    await _deliver(bot, table, outcome)
    from bot.client import stand_ins

    await stand_ins.play_all(bot, table)


async def play_computer(bot: QuicksilverBot, table: Table, pacer: Pacer) -> int:
    """While the game waits on the side it plays: play one move, wait as its public
    lines say (:mod:`bot.client.pacing`), post it.

    Each move goes through the desk like a person's command (one transaction, the same
    events); its private events reach nobody, since nobody sits in that seat. Call with
    the channel lock held. Returns how many moves were played.
    """
    played = 0
    while played < COMPUTER_MOVES_MAX and table.computer_to_move():
        try:
            outcome = await bot.desk.computer_move(table)
        except Refusal:  # pragma: no cover - the AIs pick legal commands
            log.error("game %d: the game-played side was refused a command", table.id)
            break
        if outcome is None:
            break
        played += 1
        await pacer.said_lines(outcome.said)
        await _deliver(bot, table, outcome)
    if played >= COMPUTER_MOVES_MAX:  # pragma: no cover - the AIs always end their phase
        log.error("game %d: the game-played side did not finish its phase", table.id)
    return played


async def _deliver(bot: QuicksilverBot, table: Table, outcome: Outcome) -> None:
    if outcome.public:  # the desk's own notes (a game begins, a take-back), not commands
        await post(bot, table.channel_id, outcome.public)
    alien = table.alien_player()
    # Never the actor's own (the alien's private events of its own command are its reply):
    # no interaction of theirs to take a language from, so English (README, Languages).
    if outcome.alien_private and alien and outcome.actor != alien.user_id:
        await dm(bot, table, alien.user_id, [f"*Game {table.id}:*", *outcome.alien_private])
    if outcome.crew_private:
        for player in table.seated(Seat.CREW):
            if player.user_id != outcome.actor:
                await dm(
                    bot,
                    table,
                    player.user_id,
                    [f"*Game {table.id}, crew only:*", *outcome.crew_private],
                )
    if outcome.new_phase and table.game is not None:
        await post_phase(bot, table, outcome)
    if outcome.send_hands:
        for player in [*table.seated(Seat.CREW), *table.seated(Seat.ALIEN)]:
            with to_person(outcome, player.user_id):
                hand = texts.hand_text(table, player.user_id)
            await dm(bot, table, player.user_id, hand)
    if outcome.game_over:
        await post_result(bot, table)
        if table.row.tutorial:  # the lesson is over: "you are ready" (issue 25)
            from bot.client.tutorial import post_ready

            await post_ready(bot, table)


async def post_phase(bot: QuicksilverBot, table: Table, outcome: Outcome) -> None:
    """A new phase card with a summary (never an edit), the alien's map, and the pings;
    the whole ship is a tap away (*My map* and the deck buttons under the card)."""
    from bot.client import ui

    channel = await channel_of(bot, table.channel_id)
    if channel is None or table.game is None:
        return
    started = time.perf_counter()
    summary = texts.summary_text(table, outcome.phase_events, outcome.summary)
    for chunk in summary[:-1]:
        await channel.send(chunk, allowed_mentions=NO_PINGS)
    await channel.send(
        summary[-1],
        file=await phase_card_file(table, outcome.phase_events, summary),
        view=ui.map_view(table),
        allowed_mentions=NO_PINGS,
    )
    bot.stopwatch.image(outcome.interaction_id, time.perf_counter() - started)
    alien = table.alien_player()
    if alien is not None and table.status == "playing":
        with to_person(outcome, alien.user_id):
            caption = _("🗺️ Your private map — game {game} in #{channel}").format(
                game=table.id, channel=table.row.channel_name
            )
        await dm(bot, table, alien.user_id, [caption], file=await map_file(table, Viewer.ALIEN))
    if table.status == "playing":
        await ping(bot, table)


async def ping(bot: QuicksilverBot, table: Table) -> None:
    """Tell the people the game waits for, each their own way (bot.client.notify)."""
    from bot.client import notify

    await notify.phase_start(bot, table)


async def post_result(bot: QuicksilverBot, table: Table) -> None:
    channel = await channel_of(bot, table.channel_id)
    if channel is None:
        return
    lines = texts.result_text(table)
    for chunk in lines[:-1]:
        await channel.send(chunk, allowed_mentions=NO_PINGS)
    from bot.client import replay

    files = [await map_file(table, Viewer.REFEREE, "reveal.png")]
    animation = await replay.animation_file(bot, table.id)
    await channel.send(
        lines[-1], files=[*files, *([animation] if animation else [])], allowed_mentions=NO_PINGS
    )
    await replay.post_replay(bot, table.channel_id, table.id)
