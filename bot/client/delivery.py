"""Turning outcomes into Discord messages: channel posts, DMs, maps and pings."""

from __future__ import annotations

import contextlib
import logging
import time
from typing import TYPE_CHECKING

from bot.client import courier, mentions, pictures
from bot.client.mentions import NO_PINGS
from bot.client.pacing import Pacer
from bot.desk.service import Outcome, Refusal, Seat, Table
from bot.desk.tables import damaged_text
from bot.present import texts
from bot.present.locale import _, speaking
from engine.views import Viewer

if TYPE_CHECKING:
    from bot.client.app import QuicksilverBot

log = logging.getLogger("quicksilver.bot")


async def tell_damage(bot: QuicksilverBot, table: Table) -> None:
    """A game whose stored record no longer replays: the channel and its moderators
    (the server's moderator role, when one is set) hear what happened and what to do."""
    assert table.damaged_at is not None
    text = f"⚠️ {damaged_text(table.id, table.damaged_in)}"
    role = await bot.desk.store.mod_role(table.row.guild_id) if table.row.guild_id else None
    if role is None:
        await courier.post(bot, table.channel_id, [f"{text} (for the moderators of this channel)"])
        return
    await courier.post(bot, table.channel_id, [f"<@&{role}> {text}"], mentions=mentions.role(role))


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
        await courier.post(bot, table.channel_id, outcome.public)
    alien = table.alien_player()
    # Never the actor's own (the alien's private events of its own command are its reply):
    # no interaction of theirs to take a language from, so English (README, Languages).
    if outcome.alien_private and alien and outcome.actor != alien.user_id:
        await courier.dm(bot, table, alien.user_id, [f"*Game {table.id}:*", *outcome.alien_private])
    if outcome.crew_private:
        for player in table.seated(Seat.CREW):
            if player.user_id != outcome.actor:
                await courier.dm(
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
            await courier.dm(bot, table, player.user_id, hand)
    if outcome.game_over:
        await post_result(bot, table)
        if table.row.tutorial:  # the lesson is over: "you are ready" (issue 25)
            from bot.client.tutorial import post_ready

            await post_ready(bot, table)


async def post_phase(bot: QuicksilverBot, table: Table, outcome: Outcome) -> None:
    """A new phase card with a summary (never an edit), the alien's map, and the pings;
    the whole ship is a tap away (*My map* and the deck buttons under the card)."""
    from bot.client import ui

    channel = await courier.channel_of(bot, table.channel_id)
    if channel is None or table.game is None:
        return
    started = time.perf_counter()
    summary = texts.summary_text(table, outcome.phase_events, outcome.summary)
    for chunk in summary[:-1]:
        await channel.send(chunk, allowed_mentions=NO_PINGS)
    message = await channel.send(
        summary[-1],
        file=await pictures.phase_card_file(table, outcome.phase_events, summary),
        view=ui.map_view(table),
        allowed_mentions=NO_PINGS,
    )
    await bot.desk.record_map(table, message.id)
    bot.stopwatch.image(outcome.interaction_id, time.perf_counter() - started)
    alien = table.alien_player()
    if alien is not None and table.status == "playing":
        with to_person(outcome, alien.user_id):
            caption = _("🗺️ Your private map — game {game} in #{channel}").format(
                game=table.id, channel=table.row.channel_name
            )
        await courier.dm(
            bot, table, alien.user_id, [caption], file=await pictures.map_file(table, Viewer.ALIEN)
        )
    if table.status == "playing":
        await ping(bot, table)


async def ping(bot: QuicksilverBot, table: Table) -> None:
    """Tell the people the game waits for, each their own way (bot.client.notify)."""
    from bot.client import notify

    await notify.phase_start(bot, table)


async def post_result(bot: QuicksilverBot, table: Table) -> None:
    channel = await courier.channel_of(bot, table.channel_id)
    if channel is None:
        return
    lines = texts.result_text(table)
    for chunk in lines[:-1]:
        await channel.send(chunk, allowed_mentions=NO_PINGS)
    from bot.client import replay

    files = [await pictures.map_file(table, Viewer.REFEREE, "reveal.png")]
    animation = await replay.animation_file(bot, table.id)
    await channel.send(
        lines[-1], files=[*files, *([animation] if animation else [])], allowed_mentions=NO_PINGS
    )
    await replay.post_replay(bot, table.channel_id, table.id)
