"""Buttons that survive restarts: persistent items routed by custom_id.

Every custom_id reads ``qs:<action>:<game>:<stamp>[:<arg>]``. The stamp is what the
button was made for (the phase "3c", "lobby"); a press after the
game moved on gets a polite refusal. One :class:`GameButton` dynamic item, registered in
``setup_hook``, answers every such button on any message, old or new, with the handler the
bot holds for its action (:data:`bot.client.buttons.BUTTONS`). The views of this module
are every view made of game buttons: the lobby's, the phase card's, a command's answer,
a confirmation, a deck close-up's.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.client import access, answers, failures
from bot.client.host import Inter, bot_of
from bot.desk.computer_seat import seat_level
from bot.desk.service import Refusal, Table
from bot.language import N_
from bot.present.locale import _
from engine.board.grid import deck_label
from engine.players.levels import LEVELS
from engine.state import Side

DAMAGED = N_(
    "This button is damaged or was not made by me, so nothing was done. "
    "Use the buttons on the newest message, or `/game status`."
)
TEMPLATE = r"qs:(?P<action>[a-z-]+):(?P<game>[0-9]+):(?P<stamp>[a-z0-9]*)(?::(?P<arg>[a-z0-9-]*))?"


def custom_id(action: str, game_id: int, stamp: str = "", arg: str = "") -> str:
    text = f"qs:{action}:{game_id}:{stamp}"
    return f"{text}:{arg}" if arg else text


class GameButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE
):
    table: Table  # the game pressed for, once reached

    def __init__(
        self,
        action: str,
        game_id: int,
        stamp: str = "",
        arg: str = "",
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                emoji=emoji,
                custom_id=custom_id(action, game_id, stamp, arg),
            )
        )
        self.action, self.game_id, self.stamp, self.arg = action, game_id, stamp, arg

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        return cls(match["action"], int(match["game"]), match["stamp"], match["arg"] or "")

    async def reached(self, interaction: Inter) -> None:
        """Refuse what is damaged, acknowledge at once, then find the game, if the press
        may reach it (:func:`bot.client.access.table_by_id`)."""
        if self.action not in bot_of(interaction).buttons:
            raise Refusal(DAMAGED)
        await answers.defer(interaction)
        self.table = await access.table_by_id(interaction, self.game_id)

    async def act(self, interaction: Inter) -> None:
        handler = bot_of(interaction).buttons[self.action]
        await handler(interaction, self.table, self.stamp, self.arg)


def _view(*buttons: GameButton) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return view


# The lobby's phase deadlines, in hours, offered to moderators by tap (0: none); any
# other length is `/game deadline hours:N`.
LOBBY_DEADLINES = (0, 24, 48, 72)


def lobby_view(table: Table) -> discord.ui.View:
    """Every lobby choice by tap (README, "The lobby"): the seats and Start; the side
    the game plays and, once it plays one, how well; the phase deadline (moderators)."""
    g = table.id
    view = _view(
        GameButton(
            "join",
            g,
            "lobby",
            "alien",
            label="Join alien",
            emoji="👾",
            style=discord.ButtonStyle.danger,
        ),
        GameButton(
            "join",
            g,
            "lobby",
            "crew",
            label="Join crew",
            emoji="🧑‍🚀",
            style=discord.ButtonStyle.primary,
        ),
        GameButton("join", g, "lobby", "spectator", label="Watch", emoji="👀"),
        GameButton("leave", g, "lobby", label="Leave"),
        GameButton("start", g, "lobby", label="Start", style=discord.ButtonStyle.success),
    )
    for row, buttons in enumerate((_computer_buttons(table), _deadline_buttons(table)), 1):
        for button in buttons:
            button.row = row
            view.add_item(button)
    return view


def _computer_buttons(table: Table) -> list[GameButton]:
    """Give a side to the game; once it holds one, its level (the one it plays at
    marked) and a button taking the seat back."""
    g, side = table.id, table.computer
    if side is None:
        return [
            GameButton("computer", g, "lobby", s.value, label=f"Game plays {s.value}", emoji="🤖")
            for s in (Side.ALIEN, Side.CREW)
        ]
    now = seat_level(table.row.computer)
    levels = [
        GameButton(
            "computer",
            g,
            "lobby",
            f"{side.value}-{level}",
            label=f"{side.value.capitalize()}: {level}" if level == now else level,
            emoji="🤖" if level == now else None,
            style=discord.ButtonStyle.success if level == now else discord.ButtonStyle.secondary,
        )
        for level in LEVELS
    ]
    return [*levels, GameButton("computer", g, "lobby", "none", label="People play both")]


def _deadline_buttons(table: Table) -> list[GameButton]:
    """The phase deadline (moderators), the one set marked."""
    now = table.row.deadline_hours
    return [
        GameButton(
            "deadline",
            table.id,
            "lobby",
            str(hours),
            label=f"{hours} h a phase" if hours else "No deadline",
            emoji="⏱️" if hours == now else None,
            style=discord.ButtonStyle.success if hours == now else discord.ButtonStyle.secondary,
        )
        for hours in LOBBY_DEADLINES
    ]


def play_button(table: Table) -> GameButton:
    """Opens the presser's turn panel (bot.client.panels)."""
    return GameButton(
        "play", table.id, label=_("Play"), emoji="🎛️", style=discord.ButtonStyle.success
    )


def play_view(table: Table) -> discord.ui.View:
    return _view(play_button(table))


def map_view(table: Table) -> discord.ui.View:
    """Under each public map: Play, your own map, your hand, the status; quick setup in
    set-up (Play opens it too)."""
    g = table.id
    buttons = [
        play_button(table),
        GameButton("map", g, label=_("My map"), emoji="🗺️"),
        GameButton("hand", g, label=_("My hand"), emoji="🃏"),
        GameButton("status", g, label=_("Status"), emoji="⏳"),
    ]
    stamp = table.stamp()
    if stamp == "setup":
        buttons.insert(
            1,
            GameButton(
                "quick",
                g,
                stamp,
                label=_("Quick setup (my side)"),
                style=discord.ButtonStyle.primary,
            ),
        )
    elif stamp.endswith("c"):
        buttons.insert(
            1,
            GameButton(
                "pass", g, stamp, label=_("End my units"), style=discord.ButtonStyle.primary
            ),
        )
    view = _view(*buttons)
    second = deck_buttons(table)  # a second row: one deck up close, for phones
    second.append(GameButton("log", g, label=_("Full log"), emoji="📜"))  # every line
    for index, button in enumerate(second):
        button.row = 1 + index // 5  # Discord: five buttons a row
        view.add_item(button)
    return view


def action_view(
    table: Table, undo_stamp: int | None, unit: str | None, show_pass: bool
) -> discord.ui.View:
    """After a command: undo it, end the unit, end the phase."""
    g = table.id
    stamp = table.stamp()
    buttons = []
    if undo_stamp is not None:
        undo = GameButton("undo", g, stamp, str(undo_stamp), label=_("Undo"), emoji="↩️")
        buttons.append(undo)
    if unit and stamp not in ("setup", "over"):
        end = _("End {unit}").format(unit=unit)
        buttons.append(GameButton("endunit", g, stamp, unit, label=end))
    if show_pass and stamp not in ("setup", "over"):
        buttons.append(
            GameButton("pass", g, stamp, label=_("End phase"), style=discord.ButtonStyle.danger)
        )
    return _view(*buttons)


def confirm_view(
    action: str, table: Table, stamp: str, arg: str = "", label: str = "Confirm"
) -> discord.ui.View:
    return _view(
        GameButton(action, table.id, stamp, arg, label=label, style=discord.ButtonStyle.danger)
    )


def deck_buttons(table: Table) -> list[GameButton]:
    """*Close-up*, then one "Deck 01" button per deck, top deck first (phones: one deck
    up close, :mod:`bot.client.deck_maps`)."""
    if table.game is None:
        return []
    decks = sorted(table.game.ship.decks, reverse=True)
    return [
        GameButton("focus", table.id, "", "", label=_("Close-up"), emoji="🔎"),
        *(GameButton("deck", table.id, "", str(n), label=deck_label(n), emoji="🔍") for n in decks),
    ]


def deck_view(table: Table) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in deck_buttons(table):
        view.add_item(button)
    return view
