"""How the game flows on after an outcome, written once for every way a command arrives
(a slash command, a button, a panel, the clock, the computer): tell the channel and the
DMs what the outcome lets each know, post the new phase's card and map, ping whom the game
waits on, and let the computer play while the game waits on it (the game's own seat, or
a stand-in for an away player), each of its moves told like a person's.

Call with the channel's lock held. Sending is the courier's (:mod:`bot.client.courier`);
what each person may read is the desk's and the present layer's.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.client import answers, courier, mentions, notify, pictures, replay, tutorial, ui
from bot.client.host import Bot
from bot.client.mentions import NO_PINGS
from bot.client.pacing import Pacer
from bot.desk.service import Outcome, Refusal, Seat, Table
from bot.present import texts
from bot.present.events import heard_events, reveal_lines
from bot.present.locale import _, speaking
from bot.present.notes import note_lines
from engine.events import Event
from engine.views import Viewer

log = logging.getLogger("quicksilver.bot")

MOVES_MAX = 2000  # a safety stop for one run of the computer's moves


async def deliver(bot: Bot, table: Table, outcome: Outcome, *, first: bool = False) -> None:
    """Tell everyone what ``outcome`` lets them know, then let the game play its side if
    it waits on it (or the computer stands in for an away player). ``first``: the
    game's start, whose notes, card and ping are one post (:func:`post_phase`)."""
    await tell(bot, table, outcome, first=first)
    await play_turns(bot, table)


async def tell(bot: Bot, table: Table, outcome: Outcome, *, first: bool = False) -> None:
    """What ``outcome`` lets each know: the desk's public notes, the private lines of
    each side (never to the actor, whose reply they are), a new phase's card, the hands
    when set-up ends, the result when the game is over."""
    first = first and outcome.new_phase and table.game is not None
    if outcome.public and not first:  # the desk's notes (a take-back), not commands
        await courier.post(bot, table.channel_id, note_lines(outcome.public))
    alien = table.alien_player()
    # Never the actor's own (the alien's private events of its own command are its reply),
    # each in its recipient's language (README, "Languages").
    alien_heard = _heard(outcome, "alien")
    if alien_heard and alien and outcome.actor != alien.user_id:
        with await to_person(bot, outcome, alien.user_id):
            lines = [_("*Game {game}:*").format(game=table.id), *reveal_lines(alien_heard)]
        await courier.dm(bot, table, alien.user_id, lines)
    crew_heard = _heard(outcome, "crew")
    if crew_heard:
        for player in table.seated(Seat.CREW):
            if player.user_id != outcome.actor:
                with await to_person(bot, outcome, player.user_id):
                    head = _("*Game {game}, crew only:*").format(game=table.id)
                    lines = [head, *reveal_lines(crew_heard)]
                await courier.dm(bot, table, player.user_id, lines)
    if outcome.new_phase and table.game is not None:
        await post_phase(bot, table, outcome, first=first)
    if outcome.send_hands:
        for player in [*table.seated(Seat.CREW), *table.seated(Seat.ALIEN)]:
            with await to_person(bot, outcome, player.user_id):
                hand = texts.hand_text(table, player.user_id)
            await courier.dm(bot, table, player.user_id, hand)
    if outcome.game_over:
        await post_result(bot, table)
        if table.row.tutorial:  # the lesson is over: "you are ready"
            await tutorial.post_ready(bot, table)


async def to_person(
    bot: Bot, outcome: Outcome, user_id: int
) -> contextlib.AbstractContextManager[None]:
    """Around words for ``user_id`` alone (a DM) that ``outcome`` causes: the actor's own
    language when they are the actor (they pressed: Discord told us theirs); anyone
    else's as the desk knows it (README, "Languages")."""
    if user_id == outcome.actor:
        return speaking(outcome.actor_language)
    return await answers.for_person(bot, user_id)


def _heard(outcome: Outcome, side: str) -> list[Event]:
    """What ``side`` hears by DM of ``outcome``, in order, a line's worth each."""
    return [e for said, actor in outcome.heard for e in heard_events(said, side, actor)]


async def post_phase(bot: Bot, table: Table, outcome: Outcome, *, first: bool = False) -> None:
    """A new phase card with a summary (never an edit), the alien's map, and the pings;
    the whole ship is a tap away (*My map* and the deck buttons under the card).

    ``first`` (the game's start): the desk's notes (the game begins) and the channel's
    ping head the card, one post, so a game reaches turn 1 in three channel posts
    (README, "The lobby")."""
    channel = await courier.channel_of(bot, table.channel_id)
    if channel is None or table.game is None:
        return
    started = time.perf_counter()
    summary = texts.summary_text(table, outcome.phase_events, note_lines(outcome.summary))
    card = await pictures.phase_card_file(table, outcome.phase_events, summary)
    plan = None
    parts, pings = summary, NO_PINGS
    if first:
        lead = note_lines(outcome.public)
        if table.status == "playing":
            plan = await bot.desk.plan_phase_pings(table, bot.desk.clock())
            if table.waiting_users():
                lead.append(texts.ping_text(table))
                pings = mentions.users(plan.by("channel"))
        parts = texts.chunks([*lead, *summary])
    await courier.send(channel, parts, mentions=pings, view=ui.map_view(table), files=[card])
    bot.stopwatch.image(outcome.interaction_id, time.perf_counter() - started)
    alien = table.alien_player()
    if alien is not None and table.status == "playing":
        with await to_person(bot, outcome, alien.user_id):
            caption = _("🗺️ Your private map — game {game} in #{channel}").format(
                game=table.id, channel=table.row.channel_name
            )
        alien_map = await pictures.map_file(table, Viewer.ALIEN)
        await courier.dm(bot, table, alien.user_id, [caption], file=alien_map)
    if plan is not None:
        await notify.phase_privately(bot, table, plan)
    elif table.status == "playing":
        await notify.phase_start(bot, table)


async def post_result(bot: Bot, table: Table) -> None:
    """The end in the channel: result, score and reveal, the referee's map and the whole
    game as an animation, then the replay's buttons."""
    channel = await courier.channel_of(bot, table.channel_id)
    if channel is None:
        return
    lines = texts.result_text(table)
    files = [await pictures.map_file(table, Viewer.REFEREE, "reveal.png")]
    animation = await replay.animation_file(bot, table.id)
    await courier.send(channel, lines, files=[*files, *([animation] if animation else [])])
    await replay.post_replay(bot, table.channel_id, table.id)


# --- the computer at work ---------------------------------------------------------------
async def play_turns(bot: Bot, table: Table) -> None:
    """While the game waits on the game's own seat or on a stand-in for an away player
    (:mod:`bot.desk.stand_in`), let them play, at the pace of their public lines
    (:mod:`bot.client.pacing`)."""
    pacer = Pacer()
    while await play_computer(bot, table, pacer) + await _play_stand_ins(bot, table, pacer):
        pass


async def play_computer(bot: Bot, table: Table, pacer: Pacer) -> int:
    """The game's own seat, while the game waits on it. Each move goes through the desk
    like a person's command (one transaction, the same events); its private events
    reach nobody, since nobody sits in that seat. Returns how many moves were played."""

    async def due(table: Table) -> bool:
        return table.computer_to_move()

    moves = _Moves("the game-played side", due, bot.desk.computer_move)
    return await _play(bot, table, pacer, moves)


async def _play_stand_ins(bot: Bot, table: Table, pacer: Pacer) -> int:
    moves = _Moves("a stand-in", bot.desk.stand_in_due, bot.desk.stand_in_move)
    return await _play(bot, table, pacer, moves)


@dataclass(frozen=True)
class _Moves:
    """Who plays (for the log), whether a move of theirs is due, and their next move."""

    who: str
    due: Callable[[Table], Awaitable[bool]]
    move: Callable[[Table], Awaitable[Outcome | None]]


async def _play(bot: Bot, table: Table, pacer: Pacer, moves: _Moves) -> int:
    """Play ``moves`` one at a time while they are due: each waits as its public lines
    say (:mod:`bot.client.pacing`), then is told like a person's."""
    played = 0
    while played < MOVES_MAX and await moves.due(table):
        try:
            outcome = await moves.move(table)
        except Refusal:  # pragma: no cover - the game's players pick legal commands
            log.error("game %d: %s was refused a command", table.id, moves.who)
            break
        if outcome is None:
            break
        played += 1
        await pacer.said_lines(outcome.said)
        await tell(bot, table, outcome)
    if played >= MOVES_MAX:  # pragma: no cover - the game's players always end their phase
        log.error("game %d: %s did not finish its phase", table.id, moves.who)
    return played
