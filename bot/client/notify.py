"""Telling people, each their own way: the pings of a new phase, a ping the clock found
due (a reminder, a ping held through quiet hours), and the moderators' alarm when a
game's record no longer replays. Who is told how is decided by the desk
(:mod:`bot.desk.outbox`); this module only words the pings and sends them.
"""

from __future__ import annotations

from bot.client import answers, courier, mentions, ui
from bot.client.host import Bot
from bot.desk import notices
from bot.desk.notices import Notice
from bot.desk.outbox import PhasePings
from bot.desk.tables import Table, damaged_text
from bot.present import people as words
from bot.present import texts
from bot.present.locale import _


async def phase_start(bot: Bot, table: Table) -> None:
    """The ping of a phase (or of a resumed game): one channel message naming whom the
    game waits on, with a Play button, pinging only those who chose the channel; a DM
    to those who chose DMs (and to the alien, who plots there); nothing to those who
    chose nothing or are away; a held row for those in their quiet hours. Teammates
    who asked to hear of their side's phase starts are told too."""
    plan = await bot.desk.plan_phase_pings(table, bot.desk.clock())
    if table.waiting_users():
        await courier.post(
            bot,
            table.channel_id,
            [texts.ping_text(table)],
            mentions=mentions.users(plan.by("channel")),
            view=ui.play_view(table),
        )
    await phase_privately(bot, table, plan)


async def phase_privately(bot: Bot, table: Table, plan: PhasePings) -> None:
    """A phase's pings outside the channel (:func:`phase_start`): DMs, and teammates
    who asked to hear of their side's phase."""
    alien = table.alien_player()
    for user in plan.turn:
        mine = alien is not None and user == alien.user_id
        if not mine and plan.turn[user] != notices.DM:
            continue
        with await answers.for_person(bot, user):  # no press of theirs: their language
            ping = texts.ping_text(table)
            if mine:
                text = ping + " " + _("Plot here, in this DM.")
            else:
                link = words.jump(table.row.guild_id, table.channel_id)
                text = f"🔔 {ping} ({_where(table)}: {link})"
            view = ui.play_view(table)
        await courier.dm(bot, table, user, [text], view=view)
    if plan.phase:
        await _side_phase(bot, table, plan.phase)


async def _side_phase(bot: Bot, table: Table, told: dict[int, str]) -> None:
    """Teammates the game does not wait on, who asked to hear when their side's phase
    starts: one channel message for those who chose the channel, a DM for the rest."""
    title = texts.phase_title(table.view_for("spectator"))
    in_channel = [u for u, how in told.items() if how == notices.CHANNEL]
    if in_channel:
        named = ", ".join(f"<@{u}>" for u in in_channel)
        await courier.post(
            bot,
            table.channel_id,
            [f"🔔 {named}: {title} — your side's phase begins."],
            mentions=mentions.users(in_channel),
        )
    for user in (u for u, how in told.items() if how == notices.DM):
        with await answers.for_person(bot, user):
            said = _("🔔 {title} — your side's phase begins ({where}).").format(
                title=texts.phase_title(table.view_for("spectator")), where=_where(table)
            )
        await courier.dm(bot, table, user, [said])


def _where(table: Table) -> str:
    return _("game {game} in #{channel}").format(game=table.id, channel=table.row.channel_name)


async def send(bot: Bot, notice: Notice) -> None:
    """A ping from the outbox: in the game's channel, or one DM for all its games."""
    first = notice.games[0]
    table = bot.desk.tables.get(first.game_id)
    view = ui.play_view(table) if table is not None and len(notice.games) == 1 else None
    if notice.how == notices.CHANNEL:
        lines = words.notice_text(notice)
        await courier.post(
            bot, first.channel_id, lines, mentions=mentions.users([notice.user_id]), view=view
        )
    elif table is not None:
        with await answers.for_person(bot, notice.user_id):
            lines = words.notice_text(notice)
            view = ui.play_view(table) if len(notice.games) == 1 else None
        await courier.dm(bot, table, notice.user_id, lines, view=view)


async def tell_damage(bot: Bot, table: Table) -> None:
    """A game whose stored record no longer replays: the channel and its moderators
    (the server's moderator role, when one is set) hear what happened and what to do."""
    assert table.damaged_at is not None
    text = f"⚠️ {damaged_text(table.id, table.damaged_in)}"
    role = await bot.desk.store.mod_role(table.row.guild_id) if table.row.guild_id else None
    if role is None:
        await courier.post(bot, table.channel_id, [f"{text} (for the moderators of this channel)"])
        return
    await courier.post(bot, table.channel_id, [f"<@&{role}> {text}"], mentions=mentions.role(role))
