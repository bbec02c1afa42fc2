"""Open-seat calls in the channel: the call with *Take this seat*, the claim
with *Approve* / *Refuse*, and the substitute's briefing. The desk decides
(:mod:`bot.desk.subs`); the buttons carry the call's id, so they work after a restart,
and a press on a call that moved on is told so.

Custom ids read ``qsc:<action>:<call id>``.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.client import access, answers, courier, failures, mentions, pictures
from bot.client.host import Bot, Inter, bot_of
from bot.desk.service import Refusal
from bot.desk.subs import Substitution
from bot.language import N_
from bot.present import people as words
from bot.present import texts
from bot.present.events import heard_lines
from bot.present.locale import _
from bot.store.people import SeatCall
from engine.events import Event
from engine.views import Viewer

TEMPLATE = r"qsc:(?P<action>take|ok|no|drop|brief):(?P<call>[0-9]+)"


class SeatCallButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE
):
    def __init__(
        self,
        action: str,
        call_id: int,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, emoji=emoji, custom_id=f"qsc:{action}:{call_id}"
            )
        )
        self.action, self.call_id = action, call_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SeatCallButton:
        return cls(match["action"], int(match["call"]))

    async def reached(self, interaction: Inter) -> None:
        await reach(interaction, self.call_id)

    async def act(self, interaction: Inter) -> None:
        await on_press(interaction, self.action, self.call_id)


def _view(*buttons: SeatCallButton) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return view


def call_view(call: SeatCall) -> discord.ui.View:
    return _view(
        SeatCallButton(
            "take", call.id, label="Take this seat", emoji="🪑", style=discord.ButtonStyle.success
        ),
        SeatCallButton("drop", call.id, label="Withdraw"),
    )


def claim_view(call: SeatCall) -> discord.ui.View:
    return _view(
        SeatCallButton("ok", call.id, label="Approve", style=discord.ButtonStyle.success),
        SeatCallButton("no", call.id, label="Refuse", style=discord.ButtonStyle.danger),
    )


def brief_view(call: SeatCall) -> discord.ui.View:
    return _view(SeatCallButton("brief", call.id, label="Send my briefing", emoji="📜"))


async def post_call(bot: Bot, call: SeatCall) -> None:
    """Post an open call once (whichever of the clock and a command comes first)."""
    if not await bot.desk.claim_call_post(call.id):
        return
    message = await courier.post(
        bot, _channel(bot, call), [words.call_text(call)], view=call_view(call)
    )
    if message is not None:
        await bot.desk.set_call_message(call.id, message.id)


async def announce_withdrawn(bot: Bot, call: SeatCall) -> None:
    await courier.post(
        bot, _channel(bot, call), [f"🪑 The call for <@{call.user_id}>'s seat is withdrawn."]
    )


def _channel(bot: Bot, call: SeatCall) -> int:
    table = bot.desk.tables.get(call.game_id)
    return table.channel_id if table is not None else 0


async def ask(interaction: Inter, member: discord.User | discord.Member | None) -> None:
    """``/game sub [player]``: offer your own seat (a moderator: anyone's)."""
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = await access.table_for(interaction)
    user = member.id if member is not None else interaction.user.id
    mod = await access.is_mod(interaction) if user != interaction.user.id else False
    call = await bot.desk.ask_sub(table, user, interaction.user.id, mod)
    await answers.reply(
        interaction,
        [answers.said(interaction, N_("Your seat is offered: the call is in the channel."))],
    )
    await post_call(bot, call)


async def reach(interaction: Inter, call_id: int) -> None:
    """A call's buttons work where its game does: in its channel (where the call is
    posted), or in the DMs of someone who may reach the game; one refusal whether the
    call never was, belongs to the past or to another channel's game."""
    await answers.defer(interaction)
    try:
        table, _ = await bot_of(interaction).desk.call_table(call_id)
    except Refusal:
        raise Refusal(access.ELSEWHERE) from None
    await access.here(interaction, table.row, table.players)


async def on_press(interaction: Inter, action: str, call_id: int) -> None:
    bot = bot_of(interaction)
    user = interaction.user.id
    mod = await access.is_mod(interaction)
    if action == "take":
        table, call = await bot.desk.claim_seat(call_id, user)
        await answers.reply(
            interaction,
            [answers.said(interaction, N_("You offered to take the seat; the players decide."))],
        )
        approvers = [
            u for u, p in table.players.items() if p.seat == call.side and u != call.user_id
        ]
        await courier.post(
            bot,
            table.channel_id,
            [words.claim_text(call, approvers)],
            mentions=mentions.users(approvers),
            view=claim_view(call),
        )
    elif action == "ok":
        sub = await bot.desk.approve_sub(call_id, user, mod)
        await answers.reply(interaction, [answers.said(interaction, N_("Approved."))])
        async with sub.table.channel_lock:
            await courier.post(bot, sub.table.channel_id, [words.filled_text(sub.call, user)])
            await brief(bot, sub)
    elif action == "no":
        table, call = await bot.desk.refuse_sub(call_id, user, mod)
        await answers.reply(
            interaction,
            [answers.said(interaction, N_("The offer is turned down; the seat is open again."))],
        )
        await courier.post(
            bot,
            table.channel_id,
            [f"🙅 The offer is turned down. {words.call_text(call)}"],
            view=call_view(call),
        )
    elif action == "drop":
        table, call = await bot.desk.withdraw_call(call_id, user, mod)
        await answers.reply(interaction, [answers.said(interaction, N_("The call is withdrawn."))])
        await announce_withdrawn(bot, call)
    elif action == "brief":
        await _brief_here(interaction, call_id)


async def brief(bot: Bot, sub: Substitution) -> None:
    """The newcomer's private briefing by DM: their seat, their hand and private map, and
    every private line their side has heard. Closed DMs: a button in the channel that
    answers only them."""
    table, user = sub.table, sub.newcomer
    side = table.side_of(user)
    assert side is not None
    with await answers.for_person(bot, user):  # their language (README, "Languages")
        head = [
            _("🪑 You now hold the {seat} seat of game {game} in #{channel}.").format(
                seat=_(words.SIDE[side.value]), game=table.id, channel=table.row.channel_name
            )
        ]
        hand = texts.hand_text(table, user)
        caption = _("🗺️ Your side's map:")
    if not await courier.dm(bot, table, user, [*head, *hand]):
        await courier.post(
            bot,
            table.channel_id,
            [f"<@{user}>: I cannot DM you your side's briefing. {texts.DM_HELP}"],
            mentions=mentions.users([user]),
            view=brief_view(sub.call),
        )
        return
    viewer = Viewer.ALIEN if side.value == "alien" else Viewer.CREW
    await courier.dm(bot, table, user, [caption], file=await pictures.map_file(table, viewer))
    told = await bot.desk.briefing(table, user)
    with await answers.for_person(bot, user):
        heard = _heard(told, side.value)
        lines = words.briefing_text(table.id, table.row.channel_name, side.value, heard)
    await courier.dm(bot, table, user, lines)


def _heard(told: list[tuple[list[Event], str]], side: str) -> list[str]:
    """Every private line ``side`` was told, in order, worded in the language spoken."""
    return [line for events, actor in told for line in heard_lines(events, side, actor)]


async def _brief_here(interaction: Inter, call_id: int) -> None:
    """The briefing as a private answer, for a seated player whose DMs are closed."""
    bot = bot_of(interaction)
    table, _ = await bot.desk.call_table(call_id)
    table = await bot.desk.loaded(table)
    told = await bot.desk.briefing(table, interaction.user.id)  # refused without a seat
    side = table.side_of(interaction.user.id)
    assert side is not None
    with answers.privately(interaction):  # an answer only they read: their language
        lines = [
            *texts.hand_text(table, interaction.user.id),
            *words.briefing_text(
                table.id, table.row.channel_name, side.value, _heard(told, side.value)
            ),
        ]
    await answers.reply(interaction, lines)
