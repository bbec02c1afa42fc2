"""What each button of ours does (``qs:<action>:<game>:<stamp>[:<arg>]``, see
:mod:`bot.client.ui`), one small handler an action.

A press is answered whatever it carries: a custom id is data from the outside, so an
argument a button of ours never carries (a forged or damaged id) is refused like a
stale press, and nothing changes. :data:`BUTTONS` lists every action: the permission
matrix (``tests/bot/client/test_permission_matrix.py``) is generated from it.
"""

from __future__ import annotations

import re

from bot.client import (
    access,
    answers,
    deck_maps,
    endings,
    lobby,
    moderation,
    playing,
    reading,
    ui,
)
from bot.client.host import ButtonHandler, Inter
from bot.client.panels import press
from bot.client.ui import DAMAGED
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.service import Refusal, Seat, Table
from bot.language import N_
from engine.players.levels import LEVELS
from engine.state import Phase, Side

STALE = N_(
    "This button is from an earlier moment: the game has moved on since, so nothing was "
    "done. Use the newest message, or `/game status`."
)

LOG_LINES = 40  # the Full log button's newest lines (``/game log count`` for more)


def _fresh(table: Table, stamp: str) -> None:
    if stamp != table.stamp():
        raise Refusal(STALE)


def _one_of(arg: str, allowed: tuple[str, ...]) -> str:
    if arg not in allowed:
        raise Refusal(DAMAGED)
    return arg


def _in_lobby(table: Table) -> None:
    if table.status != "lobby":
        raise Refusal(N_("That lobby is closed: the game has started."))


async def _computer(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """``alien`` or ``crew`` (at the default level), ``alien-hard`` (a level too), or
    ``none`` (the seat back to people)."""
    side_word, _dash, level = arg.partition("-")
    _one_of(side_word, (*(s.value for s in Side), "none"))
    if level:
        _one_of(level, LEVELS)
    _in_lobby(table)
    side = None if side_word == "none" else Side(side_word)
    await lobby.computer(interaction, side, table, level or DEFAULT_LEVEL)


async def _join(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    seat = Seat(_one_of(arg, tuple(s.value for s in Seat)))
    if seat is not Seat.SPECTATOR:
        _in_lobby(table)
    await lobby.join(interaction, seat, table)


async def _leave(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    _in_lobby(table)
    await lobby.leave(interaction, table)


async def _deadline(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """A moderator's phase deadline, from the lobby's buttons."""
    hours = int(_one_of(arg, tuple(str(h) for h in ui.LOBBY_DEADLINES)))
    _in_lobby(table)
    await lobby.deadline(interaction, table, hours)


async def _start(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    _fresh(table, stamp)
    await lobby.start(interaction, table)


async def _quick(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    _fresh(table, stamp)
    await playing.quick_setup(interaction, table=table)


async def _pass(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """End phase: asks first."""
    _fresh(table, stamp)
    side = table.side_of(interaction.user.id)
    if side is None:
        raise Refusal(N_("Only players of this game can end a phase."))
    if side not in table.acting_sides():
        raise Refusal(N_("It is not your side's phase: there is nothing of yours to end."))
    several = len(table.seated(Seat.CREW)) > 1 and side is Side.CREW
    what = "all your crew members for this phase" if several else "your side's whole phase"
    await answers.reply(
        interaction,
        [f"End {what}? Units not yet done stop (C.2)."],
        view=ui.confirm_view("passok", table, stamp, label="Yes, end it"),
    )


async def _pass_confirmed(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    _fresh(table, stamp)
    await playing.end_phase(interaction, table=table)


async def _end_unit(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    _fresh(table, stamp)
    if not re.fullmatch(r"[a-z][a-z0-9]*", arg):
        raise Refusal(DAMAGED)
    await playing.play(interaction, f"end {arg}", table=table)


async def _undo(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """The stamp is the phase; the argument, how many commands the presser's side had
    played in it (never the game's length: README, "Secrets")."""
    if re.fullmatch(r"n[0-9]{1,9}", stamp):  # stamped with the game's length, as before
        raise Refusal(STALE)
    if not re.fullmatch(r"[0-9]{1,9}", arg):
        raise Refusal(DAMAGED)
    _fresh(table, stamp)
    await playing.undo(interaction, stamp=int(arg), table=table)


async def _play(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    await press.open_panel(interaction, table)


async def _deck(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    await deck_maps.show_deck(interaction, table, arg)


async def _focus(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    await deck_maps.show_focus(interaction, table, arg)


async def _log(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """The game's public log, every line, only to the presser (the channel has the
    phase digests)."""
    await reading.show_log(interaction, LOG_LINES, table.id)


async def _map(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    await reading.show_map(interaction, table=table)


async def _hand(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    await reading.show_hand(interaction, table=table)


async def _status(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    await reading.show_status(interaction, table=table)


async def _reset(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """The confirmation of ``/mod reset``: any moderator may confirm it."""
    await access.require_mod(interaction)
    await moderation.reset(interaction, table)


async def _rollback(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """The confirmation of ``/mod rollback`` (``arg``: turn and phase, "3-crew"): any
    moderator may confirm it, while the game stands where the warning was made."""
    await access.require_mod(interaction)
    target = re.fullmatch(r"([0-9]{1,5})-(alien|crew)", arg)
    if target is None:
        raise Refusal(DAMAGED)
    _fresh(table, stamp)
    await moderation.rollback(interaction, table, int(target[1]), Phase(target[2]))


async def _resign(interaction: Inter, table: Table, stamp: str, arg: str) -> None:
    """The confirmation of ``/game resign`` (``arg``: the side asked for): only for the
    presser's own side, while the game stands where the question was asked."""
    side = Side(_one_of(arg, tuple(s.value for s in Side)))
    _fresh(table, stamp)
    if table.side_of(interaction.user.id) is not side:
        raise Refusal(N_("Only a player of that side can resign for it."))
    await endings.resign(interaction, table)


BUTTONS: dict[str, ButtonHandler] = {
    "computer": _computer,
    "join": _join,
    "leave": _leave,
    "deadline": _deadline,
    "start": _start,
    "quick": _quick,
    "pass": _pass,
    "passok": _pass_confirmed,
    "endunit": _end_unit,
    "undo": _undo,
    "play": _play,
    "deck": _deck,
    "focus": _focus,
    "map": _map,
    "log": _log,
    "hand": _hand,
    "status": _status,
    "reset": _reset,
    "rollback": _rollback,
    "resign": _resign,
}
