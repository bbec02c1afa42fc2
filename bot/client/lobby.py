"""The lobby: open one, take or leave a seat, give a side to the game, start.

Each handler acknowledges first (:mod:`bot.client.answers`), acts at the desk under the
channel's lock, answers the person, and shows the change in the lobby's one message,
edited in place (:func:`show`; README, "The lobby"): a lobby posts nothing else.
"""

from __future__ import annotations

import discord

from bot.client import access, answers, courier, finding, flow, ui
from bot.client.host import Bot, Inter, LobbyPost, bot_of
from bot.desk import incidents
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.service import Refusal, Seat, Table
from bot.language import N_
from bot.present import people, texts, welcome
from bot.present.locale import _
from engine.state import Side
from engine.variants import VariantError, choose


async def create(
    interaction: Inter,
    seed: int | None,
    hints: bool = True,
    variants: str = "",
    min_reliability: int = 0,
) -> None:
    """A lobby with a secret seed; a moderator may choose one (a reproducible game,
    announced to everyone as predictable and kept out of any records). ``variants``: the
    optional variants as typed, each one checked playable (README, "Variants")."""
    access.require_guild(interaction)
    chosen = chosen_variants(variants)
    if seed is not None and not await access.is_mod(interaction):
        raise Refusal(
            N_(
                "Only moderators can choose a seed: a chosen seed gives every hidden marker and "
                "die away. Leave it out and the game's seed is secret."
            )
        )
    bot = bot_of(interaction)
    current = bot.desk.table_in(interaction.channel_id or 0)  # in memory: answered privately
    if current is not None and current.status in ("lobby", "playing"):
        raise Refusal(
            N_(
                "This channel already has a game ({status}). A moderator can "
                "`/mod abort` or `/mod reset` it."
            ),
            status=current.status,
        )
    await answers.defer(interaction, ephemeral=False)
    channel = interaction.channel
    name = getattr(channel, "name", "") or str(interaction.channel_id)
    table = await bot.desk.create(
        interaction.channel_id or 0,
        interaction.guild_id,
        name,
        interaction.user.id,
        seed,
        hints,
        chosen,
        min_reliability,
    )
    pace = await welcome.pace_line(bot.desk.store, interaction.guild_id)
    head = welcome.welcome_lines(pace)
    text = texts.lobby_text(table)
    message = await answers.reply(
        interaction, [*head, text], ephemeral=False, view=ui.lobby_view(table)
    )
    if message is not None:
        bot.lobby_posts[table.id] = LobbyPost.of(message, head)
    if not table.row.seeded:  # a moderator's practice game is not news
        try:  # the lobby stands whatever befalls its news
            await finding.tell_seat_alerts(bot, table)
        except Exception as err:
            incidents.record(err, f"telling people of lobby {table.id}")


def chosen_variants(typed: str) -> frozenset[str]:
    """The variants typed in ``/game create variants:``, or a refusal naming the playable."""
    try:
        return choose(typed)
    except VariantError as err:
        playable = ", ".join(err.legal) or "none yet"
        raise Refusal(f"{err.message}. Variants you can choose: {playable}.") from None


async def show(bot: Bot, table: Table, interaction: Inter | None = None) -> None:
    """Bring the lobby's one message up to date: its seats, and its buttons while the
    lobby is open (taken away once the game starts). Edited only when its words change,
    one edit at a time, so changes that came meanwhile share the next edit. A lobby
    this process did not open (a restart) is the message pressed, when a lobby button
    was; failing that, or when the message is gone, an open lobby is posted afresh (a
    started game's is left as it is: its first post follows)."""
    post = bot.lobby_posts.get(table.id) or _pressed(bot, table, interaction)
    if post is None:
        await _post_afresh(bot, table, [])
        return
    async with post.lock:
        text = _lobby_words(post.head, table)
        if text == post.shown:
            return
        view = ui.lobby_view(table) if table.status == "lobby" else None
        edited = await courier.edit(bot, post.channel_id, post.message_id, text, view=view)
        if edited == "gone":
            await _post_afresh(bot, table, post.head)
        elif edited == "edited":
            post.shown = text
    if table.status != "lobby":
        bot.lobby_posts.pop(table.id, None)


def _lobby_words(head: list[str], table: Table) -> str:
    """The lobby message's words: the seats, under the welcome while they fit in one
    message (else the welcome's first message stays as it was)."""
    return texts.chunks([*head, texts.lobby_text(table)])[-1]


def _pressed(bot: Bot, table: Table, interaction: Inter | None) -> LobbyPost | None:
    """The lobby message a lobby button was pressed on, adopted (after a restart)."""
    message = interaction.message if interaction is not None else None
    if message is None or ui.custom_id("start", table.id, "lobby") not in _ids(message):
        return None
    seats = message.content.find(texts.LOBBY_HEADING)  # the welcome above them stays
    head = [message.content[:seats].rstrip("\n")] if seats > 0 else []
    post = LobbyPost(table.channel_id, message.id, head, message.content)
    bot.lobby_posts[table.id] = post
    return post


def _ids(message: discord.Message) -> set[str]:
    """The custom ids of a message's buttons."""
    return {
        child.custom_id
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button) and child.custom_id
    }


async def _post_afresh(bot: Bot, table: Table, head: list[str]) -> None:
    if table.status != "lobby":
        return
    text = _lobby_words(head, table)
    message = await courier.post(bot, table.channel_id, [text], view=ui.lobby_view(table))
    if message is not None:
        bot.lobby_posts[table.id] = LobbyPost.of(message, head)


async def join(interaction: Inter, seat: Seat, table: Table | None = None) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    async with table.channel_lock:
        await bot.desk.join(table, interaction.user.id, seat)
        with answers.privately(interaction):  # the reply and the DM: theirs alone
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
            dm_sent = await courier.dm(bot, table, interaction.user.id, greeting)
            lines.append(sent if dm_sent else help_)
        await answers.reply(interaction, lines)
        if table.status != "lobby":  # a game under way: its channel hears of it
            words = texts.SEAT_WORDS[seat.value]
            await courier.post(
                bot, table.channel_id, [f"{interaction.user.mention} joins as {words}."]
            )
    if table.status == "lobby":
        await show(bot, table, interaction)


async def computer(
    interaction: Inter, side: Side | None, table: Table | None = None, level: str = DEFAULT_LEVEL
) -> None:
    """Give a side to the game (or take it back, ``None``), in the lobby, at ``level``."""
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    mod = await access.is_mod(interaction)
    async with table.channel_lock:
        before = await bot.desk.give_to_computer(table, interaction.user.id, side, mod, level)
        if side is not None:
            await answers.reply(
                interaction, [f"The game now plays the **{side.value}** ({level})."]
            )
        else:
            assert before is not None
            await answers.reply(
                interaction,
                [
                    answers.said(
                        interaction, N_("The {seat} seat is open again."), seat=before.value
                    )
                ],
            )
    await show(bot, table, interaction)


async def deadline(interaction: Inter, table: Table, hours: int) -> None:
    """A moderator sets the phase deadline from the lobby (``/game deadline`` sets the
    rest of the game's terms)."""
    await answers.defer(interaction)
    await access.require_mod(interaction)
    bot = bot_of(interaction)
    async with table.channel_lock:
        row = await bot.desk.configure(table, deadline_hours=hours)
        await answers.reply(
            interaction,
            [answers.said(interaction, N_("Set: {terms}."), terms=people.terms_text(row))],
        )
    await show(bot, table, interaction)


async def leave(interaction: Inter, table: Table | None = None) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    async with table.channel_lock:
        seat = await bot.desk.leave(table, interaction.user.id)
        await answers.reply(
            interaction, [answers.said(interaction, N_("You left your {seat} seat."), seat=seat)]
        )
        if table.status != "lobby":  # a game under way: its channel hears of it
            who = interaction.user.mention
            await courier.post(bot, table.channel_id, [f"{who} leaves the {seat} seat."])
    if table.status == "lobby":
        await show(bot, table, interaction)


async def start(interaction: Inter, table: Table | None = None) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    mod = await access.is_mod(interaction)
    async with table.channel_lock:
        outcome = await bot.desk.start(table, interaction.user.id, mod)
        answers.acted(interaction, outcome)
        await answers.reply(
            interaction, [answers.said(interaction, N_("The game is on: set-up begins."))]
        )
        await show(bot, table, interaction)  # the seats as they stand, without buttons
        await flow.deliver(bot, table, outcome, first=True)
        alien = table.alien_player()
        if alien is not None:
            with await flow.to_person(bot, outcome, alien.user_id):
                welcome_dm = [
                    _("👾 Game {game} in #{channel}: you are the alien.").format(
                        game=table.id, channel=table.row.channel_name
                    ),
                    _(
                        "Set-up: press **Play** under the set-up post and choose from the "
                        "menus (or `/alien ability`, `/alien larva`, `/alien quick` for both "
                        "at random)."
                    ),
                    _("Standing order for an exact 7 (D.5): `/alien order on|off`."),
                ]
            await courier.dm(bot, table, alien.user_id, welcome_dm)
