"""The English catalogue: turns, orders, the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name
from bot.present.locale import N_, _
from engine.events import (
    Ending,
    EnergyOrder,
    Event,
    GameOver,
    OrderLapsed,
    PhaseBegan,
    UnitDone,
)
from engine.state import Phase

# Why a game ended, as the engine's state says it too (its ``result``: texts' result line).
NO_HUMANS = N_("no living human is left aboard")
NO_ALIENS = N_("no living alien is left aboard")


def _phase_began(e: PhaseBegan) -> str:
    if e.phase is Phase.CREW:
        return _("Turn {turn}: the crew phase begins (C)").format(turn=e.turn)
    if e.phase is Phase.ALIEN:
        return _("Turn {turn}: the alien phase begins (C)").format(turn=e.turn)
    return _("Turn {turn}: the {phase} phase begins (C)").format(turn=e.turn, phase=e.phase.value)


def _unit_done(e: UnitDone) -> str:
    return _("{who} is done for this phase.").format(who=Name(e.who))


def ending_text(ending: Ending, system: str = "") -> str:
    """Why the game ended (C, F)."""
    return {
        Ending.SHIP_DESTROYED: _("the Quicksilver is destroyed ({system})").format(system=system),
        Ending.NO_HUMANS: _(NO_HUMANS),
        Ending.NO_ALIENS: _(NO_ALIENS),
        Ending.COLLAPSE: _("the Quicksilver breaks up"),
    }[ending]


def _game_over(e: GameOver) -> str:
    return _("The game is over: {why} (C, F)").format(why=ending_text(e.ending, e.system))


def _energy_order(e: EnergyOrder) -> str:
    if e.on:
        return _("Standing order: spend energy on an exact 7 is on")
    return _("Standing order: spend energy on an exact 7 is off")


def _order_lapsed(e: OrderLapsed) -> str:
    said = _("{who}'s order '{command}' lapses: {reason}")
    return said.format(who=Name(e.who), command=e.command, reason=e.reason)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    PhaseBegan: _phase_began,
    UnitDone: _unit_done,
    GameOver: _game_over,
    EnergyOrder: _energy_order,
    OrderLapsed: _order_lapsed,
}
