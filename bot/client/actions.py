"""What the bot does for an interaction: shared by slash commands and buttons.

Every handler acknowledges within Discord's 3 seconds: it defers before anything that
may touch the store (loading a game, reading the moderator role), wait for the channel's
lock, or draw a map; only checks made in memory may answer first. It then runs the desk
under the channel's lock, answers the person, and posts what the outcome lets others
know. A refusal is answered by :func:`guard`; anything else by :mod:`bot.client.failures`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.client import delivery, failures, ui
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.outcome import Outcome
from bot.desk.service import Refusal, Seat, Table
from bot.present import texts, welcome
from bot.present.events import reply_lines
from bot.present.locale import N_, _, language_of, speaking
from bot.store import GameRow
from engine.commands import EndPhase, QuickSetup
from engine.state import Phase, Side
from engine.views import Viewer

if TYPE_CHECKING:
    from bot.client.app import QuicksilverBot

log = logging.getLogger("quicksilver.bot")

Inter = discord.Interaction[discord.Client]


def bot_of(interaction: Inter) -> QuicksilverBot:
    return cast("QuicksilverBot", interaction.client)


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
) -> None:
    """Answer the person: the first response, or follow-ups once deferred."""
    parts = texts.chunks(lines) or ["Done."]
    for index, part in enumerate(parts):
        kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": delivery.NO_PINGS}
        if index == len(parts) - 1:
            if view is not None and view.children:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
        if not interaction.response.is_done():
            await interaction.response.send_message(part, **kwargs)
            bot_of(interaction).stopwatch.ack(interaction)
        else:
            await interaction.followup.send(part, **kwargs)


def in_dm(interaction: Inter) -> bool:
    return interaction.guild is None


ELSEWHERE = N_(
    "That game cannot be reached from here: it has ended, it is another channel's, or, "
    "in DMs, it is one you have no part in. Use the game's own channel."
)


async def table_for(interaction: Inter, game_id: int | None = None) -> Table:
    """The game the interaction means, loaded (a cold game loads in milliseconds): the
    channel's own, or in DMs the one named (if the person may reach it: see
    :func:`may_reach`) or the person's only game."""
    desk = bot_of(interaction).desk
    if not in_dm(interaction):
        return await desk.loaded(desk.require_table(interaction.channel_id or 0))
    await desk.adopt_games_of(interaction.user.id)
    if game_id is not None:
        table = await desk.find(game_id)
        if table is None or not await may_reach(interaction, table):
            raise Refusal(ELSEWHERE)
        return await desk.loaded(table)
    return await desk.loaded(desk.pick_game(interaction.user.id, None, None))


async def table_by_id(interaction: Inter, game_id: int) -> Table:
    """The game a button's custom id names, if the press may reach it (:func:`here`);
    one refusal whether the game does not exist, has ended or belongs elsewhere."""
    table = await bot_of(interaction).desk.find(game_id)
    if table is None:
        raise Refusal(ELSEWHERE)
    await here(interaction, table.row, table.players)
    return await bot_of(interaction).desk.loaded(table)


async def here(interaction: Inter, row: GameRow, players: Iterable[int]) -> None:
    """A button acts only on the game it was pressed for: the game of the channel it was
    pressed in or, in a DM, a game the presser may reach (:func:`may_reach`). Its custom
    id names the game, and a forged one could name any other. ``players``: who sits at
    it (a finished game's, read from the store)."""
    if in_dm(interaction):
        if await _reaches(interaction, row, players):
            return
    elif interaction.channel_id == row.channel_id:
        return
    raise Refusal(ELSEWHERE)


async def may_reach(interaction: Inter, table: Table) -> bool:
    """Who a game answers outside its channel (in DMs): its seated players (spectators
    included), its substitutes-in-waiting (someone who offered to take a seat and waits
    for approval) and its server's moderators. See the README, "Private games"."""
    return await _reaches(interaction, table.row, table.players)


async def _reaches(interaction: Inter, row: GameRow, players: Iterable[int]) -> bool:
    user = interaction.user.id
    if user in set(players):
        return True
    if await bot_of(interaction).desk.waiting_substitute(row.id, user):
        return True
    return await moderates(interaction, row.guild_id, row.channel_id)


async def moderates(interaction: Inter, guild_id: int | None, channel_id: int) -> bool:
    """Whether the person is a moderator of the server ``guild_id`` (Manage Channels in
    the game's channel, or the server's moderator role), wherever they are now."""
    bot = bot_of(interaction)
    guild = bot.get_guild(guild_id) if guild_id else None
    if guild is None:
        return False
    member = guild.get_member(interaction.user.id)
    if member is None:
        try:
            member = await guild.fetch_member(interaction.user.id)
        except discord.HTTPException:  # not a member of that server
            return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is not None:
        perms = channel.permissions_for(member)
        if perms.manage_channels or perms.administrator:
            return True
    role_id = await bot.desk.store.mod_role(guild.id)
    return role_id is not None and any(r.id == role_id for r in member.roles)


async def is_mod(interaction: Inter) -> bool:
    """Manage Channels in this channel, or the server's configured moderator role."""
    if interaction.guild is None:
        return False
    perms = interaction.permissions
    if perms.manage_channels or perms.administrator:
        return True
    role_id = await bot_of(interaction).desk.store.mod_role(interaction.guild.id)
    user = interaction.user
    return (
        role_id is not None
        and isinstance(user, discord.Member)
        and any(r.id == role_id for r in user.roles)
    )


async def require_mod(interaction: Inter) -> None:
    if not await is_mod(interaction):
        raise Refusal(
            "Only moderators (Manage Channels, or the server's moderator role) can do that."
        )


def require_guild(interaction: Inter) -> None:
    if in_dm(interaction):
        raise Refusal("Use this in the game's channel, not in DMs.")


# --- lobby -------------------------------------------------------------------------
async def create(interaction: Inter, seed: int | None, hints: bool = True) -> None:
    """A lobby with a secret seed; a moderator may choose one (a reproducible game,
    announced to everyone as predictable and kept out of any records)."""
    require_guild(interaction)
    if seed is not None and not await is_mod(interaction):
        raise Refusal(
            "Only moderators can choose a seed: a chosen seed gives every hidden marker and "
            "die away. Leave it out and the game's seed is secret."
        )
    bot = bot_of(interaction)
    current = bot.desk.table_in(interaction.channel_id or 0)  # in memory: answered privately
    if current is not None and current.status in ("lobby", "playing"):
        raise Refusal(
            f"This channel already has a game ({current.status}). "
            "A moderator can `/mod abort` or `/mod reset` it."
        )
    await defer(interaction, ephemeral=False)
    channel = interaction.channel
    name = getattr(channel, "name", "") or str(interaction.channel_id)
    table = await bot.desk.create(
        interaction.channel_id or 0,
        interaction.guild_id,
        name,
        interaction.user.id,
        seed,
        hints,
    )
    pace = await welcome.pace_line(bot.desk.store, interaction.guild_id)
    lines = [*welcome.welcome_lines(pace), texts.lobby_text(table)]
    await reply(interaction, lines, ephemeral=False, view=ui.lobby_view(table))


async def join(interaction: Inter, seat: Seat, table: Table | None = None) -> None:
    require_guild(interaction)
    await defer(interaction)
    bot = bot_of(interaction)
    table = table or await table_for(interaction)
    async with table.channel_lock:
        await bot.desk.join(table, interaction.user.id, seat)
        with privately(interaction):  # the reply and the DM: theirs alone
            lines = [
                _("You sit as **{seat}** in game {game}.").format(seat=seat.value, game=table.id)
            ]
            greeting = [
                _("Your secret notes for game {game} in #{channel} will arrive here.").format(
                    game=table.id, channel=table.row.channel_name
                )
            ]
            sent, help_ = (
                _("I sent you a DM: your secret notes will arrive there."),
                _(texts.DM_HELP),
            )
        if seat is not Seat.SPECTATOR:
            dm_sent = await delivery.dm(bot, table, interaction.user.id, greeting)
            lines.append(sent if dm_sent else help_)
        await reply(interaction, lines)
        await delivery.post(
            bot,
            table.channel_id,
            [f"{interaction.user.mention} joins as {texts.SEAT_WORDS[seat.value]}."],
        )


async def computer(
    interaction: Inter, side: Side | None, table: Table | None = None, level: str = DEFAULT_LEVEL
) -> None:
    """Give a side to the game (or take it back, ``None``), in the lobby, at ``level``."""
    require_guild(interaction)
    await defer(interaction)
    bot = bot_of(interaction)
    table = table or await table_for(interaction)
    mod = await is_mod(interaction)
    async with table.channel_lock:
        before = await bot.desk.give_to_computer(table, interaction.user.id, side, mod, level)
        who = interaction.user.mention
        if side is not None:
            await reply(interaction, [f"The game now plays the **{side.value}** ({level})."])
            text = f"🤖 {who} gives the {texts.SEAT_WORDS[side.value]} seat to the game ({level})."
        else:
            assert before is not None
            await reply(interaction, [f"The {before.value} seat is open again."])
            text = f"{who} takes the {texts.SEAT_WORDS[before.value]} seat back from the game."
        await delivery.post(bot, table.channel_id, [text])


async def leave(interaction: Inter) -> None:
    require_guild(interaction)
    await defer(interaction)
    bot = bot_of(interaction)
    table = await table_for(interaction)
    async with table.channel_lock:
        seat = await bot.desk.leave(table, interaction.user.id)
        await reply(interaction, [f"You left your {seat} seat."])
        await delivery.post(
            bot, table.channel_id, [f"{interaction.user.mention} leaves the {seat} seat."]
        )


async def start(interaction: Inter, table: Table | None = None) -> None:
    require_guild(interaction)
    await defer(interaction)
    bot = bot_of(interaction)
    table = table or await table_for(interaction)
    mod = await is_mod(interaction)
    async with table.channel_lock:
        outcome = await bot.desk.start(table, interaction.user.id, mod)
        acted(interaction, outcome)
        await reply(interaction, ["The game is on: set-up begins."])
        await delivery.deliver(bot, table, outcome)
        alien = table.alien_player()
        if alien is not None:
            with delivery.to_person(outcome, alien.user_id):
                welcome_dm = [
                    _("👾 Game {game} in #{channel}: you are the alien.").format(
                        game=table.id, channel=table.row.channel_name
                    ),
                    _(
                        "Set-up: `/alien ability`, `/alien larva`, "
                        "or `/alien quick` for both at random."
                    ),
                    _("Standing order for an exact 7 (D.5): `/alien order on|off`."),
                ]
            await delivery.dm(bot, table, alien.user_id, welcome_dm)


# --- playing -------------------------------------------------------------------------
def language(interaction: Inter) -> str:
    """The catalogue for the person's own Discord language (English without one)."""
    return language_of(interaction.locale.value)


def privately(interaction: Inter) -> contextlib.AbstractContextManager[None]:
    """Around words only the person reads (an ephemeral answer, their own copy of a
    page): their own language. Never around a post to a channel."""
    return speaking(language(interaction))


def voice(interaction: Inter, table: Table) -> contextlib.AbstractContextManager[None]:
    """Around what a press or command makes happen at ``table``: a tutorial's thread is
    the learner's alone, so everything said there (its posts, its buttons, the lesson)
    speaks the learner's language; every other game's channel stays English."""
    if table.row.tutorial:
        return speaking(language(interaction))
    return contextlib.nullcontext()


def acted(interaction: Inter, outcome: Outcome) -> None:
    """Stamp ``outcome`` with the interaction that caused it: for timings, and for the
    actor's own language in what it sends them alone (bot.client.delivery.to_person)."""
    outcome.interaction_id = interaction.id
    outcome.actor_language = language(interaction)


def reply_for(interaction: Inter, outcome: Outcome) -> list[str]:
    """What the person who acted reads of ``outcome``, in their own language."""
    return reply_lines(outcome.reply, outcome.reply_events, language(interaction))


async def play(
    interaction: Inter,
    text: str,
    game_id: int | None = None,
    table: Table | None = None,
    as_side: Side | None = None,
) -> None:
    """Play ``text`` for the person; ``as_side``: it came through that side's command
    group (``/crew``, ``/alien``), which acts for that side only."""
    await defer(interaction)
    table = table or await table_for(interaction, game_id)
    with voice(interaction, table):
        await _play(interaction, text, table, as_side)


async def _play(interaction: Inter, text: str, table: Table, as_side: Side | None) -> None:
    bot = bot_of(interaction)
    async with table.channel_lock:
        outcome = await bot.desk.play(
            table, interaction.user.id, text, in_dm=in_dm(interaction), as_side=as_side
        )
        acted(interaction, outcome)
        side = table.side_of(interaction.user.id)
        can_undo = table.game is not None and side is not None and table.game.can_undo(side) is None
        view = ui.action_view(
            table,
            outcome.undo_stamp if can_undo else None,
            outcome.unit if table.status == "playing" else None,
            show_pass=table.status == "playing" and side in table.acting_sides(),
        )
        await reply(interaction, reply_for(interaction, outcome), view=view)
        await delivery.deliver(bot, table, outcome)


async def undo(
    interaction: Inter,
    game_id: int | None = None,
    *,
    stamp: int | None = None,
    table: Table | None = None,
) -> None:
    await defer(interaction)
    bot = bot_of(interaction)
    table = table or await table_for(interaction, game_id)
    async with table.channel_lock:
        outcome = await bot.desk.undo(table, interaction.user.id, stamp)
        await reply(interaction, outcome.reply)
        await delivery.deliver(bot, table, outcome)


async def quick_setup(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await defer(interaction)
    table = table or await table_for(interaction, game_id)
    if table.game is None or table.game.state.phase is not Phase.SETUP:
        raise Refusal("Set-up is over.")
    await play(interaction, QuickSetup().notation(), table=table)


async def end_phase(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await play(interaction, EndPhase().notation(), game_id, table=table)


# --- reading -------------------------------------------------------------------------
def viewer_of(table: Table, user_id: int) -> Viewer:
    seat = table.seat_of(user_id)
    return (
        {Seat.ALIEN: Viewer.ALIEN, Seat.CREW: Viewer.CREW}.get(seat, Viewer.SPECTATOR)
        if seat
        else Viewer.SPECTATOR
    )


async def show_map(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await defer(interaction)
    table = table or await table_for(interaction, game_id)
    if table.game is None:
        raise Refusal("The game has not started: there is no map yet.")
    viewer = viewer_of(table, interaction.user.id)
    if viewer is Viewer.ALIEN and not in_dm(interaction):
        viewer = Viewer.ALIEN  # ephemeral: only the alien sees this answer
    file = await delivery.map_file(table, viewer)
    with privately(interaction):
        title = texts.phase_title(table.view_for(viewer))
        caption = _("🗺️ Your view ({viewer}) — game {game}, {title}; one deck up close:").format(
            viewer=viewer.value, game=table.id, title=title
        )
    from bot.client.deck_maps import deck_view

    await reply(interaction, [caption], file=file, view=deck_view(table))


async def show_hand(
    interaction: Inter,
    game_id: int | None = None,
    *,
    resend: bool = False,
    table: Table | None = None,
) -> None:
    await defer(interaction)
    table = table or await table_for(interaction, game_id)
    bot = bot_of(interaction)
    with privately(interaction):  # the DM too answers this person's own command
        lines = texts.hand_text(table, interaction.user.id)
        sent, help_ = _("Sent to your DMs."), _(texts.DM_HELP)
    if not resend:
        await reply(interaction, lines)
        return
    if table.seat_of(interaction.user.id) in (Seat.ALIEN, Seat.CREW) and await delivery.dm(
        bot, table, interaction.user.id, lines
    ):
        await reply(interaction, [sent])
    else:
        await reply(interaction, [help_, *lines])


async def show_status(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await defer(interaction)
    table = table or await table_for(interaction, game_id)
    with privately(interaction):
        status = texts.status_text(table)
    await reply(interaction, [status])


async def show_log(interaction: Inter, count: int, game_id: int | None = None) -> None:
    await defer(interaction)
    table = await table_for(interaction, game_id)
    shown = await bot_of(interaction).desk.public_log(table, max(1, min(count, 100)))
    with privately(interaction):  # the heading; the stored lines are the channel's English
        lines = texts.log_text(table, shown)
    await reply(interaction, lines)
