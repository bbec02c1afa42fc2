"""Being written (part 2)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.commands import Command
from engine.context import Handler
from engine.ship import Ship
from engine.state import GameState
from engine.turns import PhaseHook

HANDLERS: dict[type[Command], Handler] = {}
PHASE_HOOKS: list[PhaseHook] = []


def candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[Command]:
    """Plausible part-2 commands for one unit (cheap preconditions; apply decides)."""
    _ = (state, unit_id, ship, Any)
    yield from ()
