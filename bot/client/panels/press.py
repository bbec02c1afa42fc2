"""A turn panel in Discord: its components, the dynamic items that answer them after any
restart (registered in ``setup_hook``), and what a tap does: open the panel, play the
chosen command, redraw it in place.

A press is checked before anything changes: only the seat's own player may press
their panel, and a command is played only if it is still among the unit's legal
commands (the game may have moved on since the panel was drawn). A stale press
changes nothing: it says so and redraws a fresh panel in the same message.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.client import access, answers, browser, courier, deck_maps, failures, flow
from bot.client.host import Bot, Inter, bot_of
from bot.client.panels import ids, setup, suggestion
from bot.client.panels.build import Pages, Panel, build_panel, confirm_panel, hint_warning_panel
from bot.desk.ratings import may_be_rated
from bot.desk.service import Desk, Outcome, Refusal, Seat, Table
from bot.present import hints
from bot.present.locale import N_
from engine.commands import EndPhase, QuickSetup, parse
from engine.errors import GameError
from engine.game import Game
from engine.legal import is_legal
from engine.state import Phase, Side
from engine.views import Viewer

log = logging.getLogger("quicksilver.bot")

# Words marked here and said in the presser's language (answers.say).
STALE = N_("⌛ That choice is no longer open: the game has moved on. Here is a fresh panel.")
NOT_YOURS = N_("⚠️ This panel belongs to another player: press **Play** for your own.")
IN_DMS = N_("👾 Your panel is in your DMs: plot there.")
NO_DMS = N_("I cannot DM you, and the alien plots in secret.")
DAMAGED = N_(
    "⚠️ That control is damaged or was not made by me, so nothing was done. Here is a fresh panel."
)


STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _parse(match: re.Match[str]) -> ids.PanelId:
    return ids.PanelId(
        match["kind"], int(match["game"]), int(match["user"]), match["stamp"], match["arg"] or ""
    )


class PanelButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_TEMPLATE
):
    table: Table  # the game pressed for, once reached

    def __init__(self, pid: ids.PanelId, label: str = "", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or pid.kind, style=STYLES[style], custom_id=pid.text()
            )
        )
        self.pid = pid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PanelButton:
        return cls(_parse(match))

    async def reached(self, interaction: Inter) -> None:
        self.table = await reach(interaction, self.pid)

    async def act(self, interaction: Inter) -> None:
        await on_press(interaction, self.pid, self.table, "")


class PanelSelect(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE
):
    table: Table  # the game pressed for, once reached

    def __init__(
        self,
        pid: ids.PanelId,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        low: int = 1,
        high: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=pid.text(),
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="…")],
                min_values=low,
                max_values=high,
            )
        )
        self.pid = pid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PanelSelect:
        return cls(_parse(match))

    async def reached(self, interaction: Inter) -> None:
        self.table = await reach(interaction, self.pid)

    async def act(self, interaction: Inter) -> None:
        data: Any = interaction.data or {}
        values = self.item.values or data.get("values") or [""]
        await on_press(interaction, self.pid, self.table, " ".join(str(v) for v in values))


def to_view(
    panel: Panel, link: discord.ui.Button[discord.ui.View] | None = None
) -> discord.ui.View:
    """Selects first, one row each; buttons after, five to a row; ``link`` (Open in
    browser) last, where Discord's five rows leave it room."""
    view = discord.ui.View(timeout=None)
    row = 0
    for select in panel.selects:
        options = [
            discord.SelectOption(
                label=o.label[:100], value=o.command[:100], default=o.command == select.chosen
            )
            for o in select.options
        ]
        item = PanelSelect(select.pid, select.placeholder, options, select.low, select.high)
        item.row = row
        view.add_item(item)
        row += 1
    for index, button in enumerate(panel.buttons):
        item_b = PanelButton(button.pid, button.label, button.style)
        item_b.row = row + index // 5
        view.add_item(item_b)
    if link is not None:
        used = len(panel.buttons)
        at = row + used // 5  # the last row of buttons if it has room, else the next
        if at < 5:
            link.row = at
            view.add_item(link)
    return view


def _browser(bot: Bot, table: Table, user: int) -> discord.ui.Button[discord.ui.View] | None:
    """The panel's Open in browser link: its player's own side's view."""
    viewer = Viewer.ALIEN if table.seat_of(user) is Seat.ALIEN else Viewer.CREW
    return browser.game_button(bot, table, viewer, user)


async def open_panel(interaction: Inter, table: Table) -> None:
    """The Play button: a crew player's panel only they see; the alien's in DMs."""
    user = interaction.user.id
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = await bot.desk.loaded(table)
    async with table.channel_lock:
        panel = build_panel(bot.desk, table, user, lang=answers.language(interaction))
    if table.seat_of(user) is Seat.ALIEN and not access.in_dm(interaction):
        view = to_view(panel, _browser(bot, table, user))
        if await courier.dm(bot, table, user, [panel.text()], view=view):
            await answers.reply(interaction, [answers.say(interaction, IN_DMS)])
        else:
            await answers.reply(interaction, [answers.say(interaction, NO_DMS)])
        return
    view = to_view(panel, _browser(bot, table, user))
    await interaction.followup.send(panel.text(), view=view, ephemeral=True)


async def reach(interaction: Inter, pid: ids.PanelId) -> Table:
    """Every panel component is checked first (:class:`bot.client.failures.Answered`):
    another player's panel, a game that never was, has ended or belongs elsewhere (one
    refusal for all three), each says so and changes nothing."""
    bot = bot_of(interaction)
    if interaction.user.id != pid.user:
        raise Refusal(NOT_YOURS)
    await interaction.response.defer()  # before the store is read: a slow one is fine
    bot.stopwatch.ack(interaction)
    table = await bot.desk.find(pid.game)
    if table is None:
        raise Refusal(access.ELSEWHERE)
    await access.here(interaction, table.row, table.players)
    return await bot.desk.loaded(table)  # an idle game was dropped from memory: reload it


async def on_press(interaction: Inter, pid: ids.PanelId, table: Table, value: str) -> None:
    """A panel component: act under the channel lock, redraw in place. A seat lost, a
    damaged id and a stale choice each say so, and change nothing."""
    if pid.kind == ids.LOOK:  # a picture for the presser; the panel stays as it is
        await deck_maps.show_focus(interaction, table, pid.arg)
        return
    with answers.voice(interaction, table):
        await _answer(interaction, table, pid, value)


async def _answer(interaction: Inter, table: Table, pid: ids.PanelId, value: str) -> None:
    async with table.channel_lock:
        try:
            panel, outcome = await _act(interaction, table, pid, value)
        except Refusal as refusal:  # the presser lost their seat since (replaced, removed)
            await interaction.followup.send(answers.refused(interaction, refusal), ephemeral=True)
            return
    link = _browser(bot_of(interaction), table, interaction.user.id)
    await interaction.edit_original_response(content=panel.text(), view=to_view(panel, link))
    if outcome is not None:
        async with table.channel_lock:
            await flow.deliver(bot_of(interaction), table, outcome)


async def _act(
    interaction: Inter, table: Table, pid: ids.PanelId, value: str
) -> tuple[Panel, Outcome | None]:
    """The panel to show after this press, and the outcome to deliver (if one was played)."""
    desk = bot_of(interaction).desk
    user = pid.user
    lang = answers.language(interaction)
    unit = pid.arg.partition(":")[0]

    def said(message: str) -> str:
        return answers.say(interaction, message)

    if not _well_formed(pid, value):
        return build_panel(desk, table, user, notice=[said(DAMAGED)], lang=lang), None
    stale = pid.stamp != table.stamp()
    if pid.kind == ids.FRESH:
        return build_panel(desk, table, user, unit or None, lang=lang), None
    if stale:
        return build_panel(desk, table, user, unit or None, notice=[said(STALE)], lang=lang), None
    if pid.kind == ids.UNIT:
        return build_panel(desk, table, user, value, lang=lang), None
    if pid.kind == ids.PICK and value.startswith(f"{ids.PAGE}:"):
        _, key, number = value.split(":")
        turned = Pages().turned(key, int(number))
        return build_panel(desk, table, user, unit, turned, lang=lang), None
    if pid.kind == ids.HINT and _warn_before_hint(table, user):
        return hint_warning_panel(table, user, unit, lang), None
    if pid.kind in (ids.HINT, ids.HINTOK):  # the advisor: words on the presser's own panel only
        decision = None
        try:
            decision = await desk.suggest(table, user)
            with answers.privately(interaction):
                found = hints.hint_lines(decision)
        except Refusal as refusal:
            found = [answers.refused(interaction, refusal)]
        panel = build_panel(desk, table, user, unit or None, notice=found, lang=lang)
        offer = decision.command if decision is not None else None
        return suggestion.offered(panel, table.id, user, pid.stamp, offer, lang), None
    if pid.kind == ids.PICK and setup.several(pid.arg) is not None:
        return await _several(interaction, table, pid, value)
    if pid.kind == ids.PASS:
        several = len(table.seated(Seat.CREW)) > 1 and table.side_of(user) is Side.CREW
        return confirm_panel(table, user, several, lang), None
    command = _command_of(pid, value)
    if command is None or not _still_offered(desk, table, user, pid, command):
        return build_panel(desk, table, user, unit or None, notice=[said(STALE)], lang=lang), None
    return await _played(interaction, table, pid, command)


async def _played(
    interaction: Inter, table: Table, pid: ids.PanelId, command: str
) -> tuple[Panel, Outcome | None]:
    """Play ``command`` (or undo): the panel after it, with the answer or the refusal."""
    desk, user, lang = bot_of(interaction).desk, pid.user, answers.language(interaction)
    unit = pid.arg.partition(":")[0] if pid.kind != ids.PICK or pid.arg[:1] != "+" else ""
    try:
        if pid.kind == ids.UNDO:
            outcome = await desk.undo(table, user, int(pid.arg))
        else:
            outcome = await desk.play(table, user, command, in_dm=access.in_dm(interaction))
    except Refusal as refusal:
        notice = [answers.refused(interaction, refusal)]
        return build_panel(desk, table, user, unit or None, notice=notice, lang=lang), None
    answers.acted(interaction, outcome)
    shown = outcome.unit or unit or None
    notice = answers.reply_for(interaction, outcome)
    return build_panel(desk, table, user, shown, notice=notice, lang=lang), outcome


async def _several(
    interaction: Inter, table: Table, pid: ids.PanelId, value: str
) -> tuple[Panel, Outcome | None]:
    """A set-up menu naming several at once (the dead, the injured, the crates): played
    once every name is there, else the panel again with the names so far."""
    desk, user, lang = bot_of(interaction).desk, pid.user, answers.language(interaction)
    side = table.side_of(user)
    before = setup.several(pid.arg) or []
    command, chosen = (
        setup.several_command(table, side, before, value.split()) if side else (None, [])
    )
    if command is None:
        return build_panel(desk, table, user, lang=lang, chosen=tuple(chosen)), None
    return await _played(interaction, table, pid, command)


def _warn_before_hint(table: Table, user: int) -> bool:
    """A side's first Suggest in a game that may be rated asks first: it leaves the
    side unrated (bot.desk.ratings)."""
    side = table.side_of(user)
    asked = table.row.hints_sides.split(",")
    return side is not None and side.value not in asked and may_be_rated(table.row)


def _well_formed(pid: ids.PanelId, value: str) -> bool:
    """Whether the id (and a select's value) could have been made by a panel of ours."""
    if pid.kind == ids.UNDO:
        return re.fullmatch(r"[0-9]{1,9}", pid.arg) is not None
    if pid.kind == ids.PICK and value.startswith(f"{ids.PAGE}:"):
        return re.fullmatch(rf"{ids.PAGE}:[mao]:[0-9]{{1,4}}", value) is not None
    return len(pid.arg) <= 100 and len(value) <= 100


def _command_of(pid: ids.PanelId, value: str) -> str | None:
    if pid.kind in (ids.DO, ids.PLAY):
        return pid.arg
    if pid.kind == ids.PICK:
        return value or None
    if pid.kind == ids.PASSOK:
        return EndPhase().notation()
    if pid.kind == ids.QUICK:
        return QuickSetup().notation()
    if pid.kind == ids.UNDO:
        return "undo"
    return None


def _still_offered(desk: Desk, table: Table, user: int, pid: ids.PanelId, command: str) -> bool:
    """One source of legality: the command must be among the unit's legal ones now."""
    if pid.kind in (ids.PASSOK, ids.QUICK):
        return True
    if pid.kind == ids.UNDO:
        side = table.side_of(user)
        return (
            table.game is not None
            and side is not None
            and (str(table.game.side_moves(side)) == pid.arg)
        )
    words = command.split()
    unit = words[1] if len(words) > 1 and words[1] in table.units_of(user) else None
    if pid.kind == ids.PLAY:
        return _suggestion_open(desk, table, user, command)
    game, side = table.game, table.side_of(user)
    if game is not None and side is not None and game.state.phase is Phase.SETUP:
        return _legal_now(game, side, command)  # set-up steps have no unit to list them
    return any(x.notation() == command for x in desk.legal_for(table, user, unit))


def _suggestion_open(desk: Desk, table: Table, user: int, command: str) -> bool:
    """Play this: the advisor picks among all its side's commands, boosted ones (``+1``)
    and set-up steps one by one too (``engine.players.base.legal_for``), which the
    panel's lists leave out; so the unit must be the presser's with a legal command now,
    and the command pass the engine's own check (:func:`engine.legal.is_legal`)."""
    game, side = table.game, table.side_of(user)
    if game is None or side is None:
        return False
    words = command.split()
    unit = words[1] if len(words) > 1 else ""
    if game.state.phase is not Phase.SETUP and not desk.legal_for(table, user, unit):
        return False
    return _legal_now(game, side, command)


def _legal_now(game: Game, side: Side, command: str) -> bool:
    """The engine's own check of one command for ``side``."""
    try:
        return is_legal(game.state, side, parse(command), game.ship, game.content)
    except GameError:
        return False
