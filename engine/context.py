"""What a rule handler works with: the state, the ship, the content, the events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Modifier, Roll, roll
from engine.events import Audience, Event
from engine.state import GameState, Side


@dataclass
class Ctx:
    state: GameState
    ship: Ship
    content: Content
    events: list[Event] = field(default_factory=list)
    # Judging an order before the unit it replaces is finished (C.2, C.8): see
    # ``engine.rules.apply``. The replaced unit's leftover search is then not run.
    defer_finish: bool = False

    def say(
        self,
        kind: str,
        text: str,
        *,
        grid: Grid | None = None,
        unit: str | None = None,
        roll: Roll | None = None,
    ) -> None:
        """Tell everyone."""
        self.events.append(Event(kind, text, Audience.PUBLIC, roll, grid, unit))

    def tell(
        self,
        audience: Audience,
        kind: str,
        text: str,
        *,
        grid: Grid | None = None,
        unit: str | None = None,
        roll: Roll | None = None,
    ) -> None:
        """Tell one side only (or the referee: nobody until the reveal)."""
        self.events.append(Event(kind, text, audience, roll, grid, unit))

    def roll(
        self,
        what: str,
        modifiers: Sequence[Modifier],
        *,
        unit: str | None = None,
        audience: Audience = Audience.PUBLIC,
    ) -> Roll:
        """Roll the die for an effort and announce it with every modifier (C.1)."""
        result = roll(self.state.rng, modifiers)
        self.events.append(
            Event("rolled", f"{what}: {result.describe()}", audience, result, None, unit)
        )
        return result

    def name(self, unit_id: str) -> str:
        """How a unit is called in messages: "Hyun", "the Larva"."""
        if self.state.is_human(unit_id):
            return self.state.human(unit_id).name
        alien = self.state.alien(unit_id)
        suffix = "" if unit_id == "alien1" else f" ({unit_id})"
        return f"the {alien.stage}{suffix}"

    def Name(self, unit_id: str) -> str:
        """``name`` at the start of a sentence: "The Larva"."""
        text = self.name(unit_id)
        return text[:1].upper() + text[1:]


# A rule: checks everything, then changes ``ctx.state`` and records events.
Handler = Callable[[Ctx, Side, Any], None]
